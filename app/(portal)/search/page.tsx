import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { listCities } from "@/lib/inventory/service";
import { bogotaDate, addDays } from "@/lib/time";
import { SearchClient } from "./SearchClient";
import { messages } from "./messages";

export const metadata: Metadata = { title: "Buscar hoteles" };

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { database, principal, now } = await portalContext(["agency", "operator"]);
  const { t } = await getDict(messages);
  const cities = await listCities(database);
  const today = bogotaDate(now);
  const params = await searchParams;
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <SearchClient
        cities={cities.map((c) => c.city)}
        today={today}
        defaultCheckin={addDays(today, 7)}
        params={params}
        agencyType={principal.role === "agency" ? (principal.agencyType ?? "retailer") : null}
      />
    </div>
  );
}
