import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { listCities } from "@/lib/inventory/service";
import { bogotaDate, addDays } from "@/lib/time";
import { SearchClient } from "./SearchClient";
import { messages } from "./messages";

export const metadata: Metadata = { title: "Buscar hoteles" };

export default async function SearchPage() {
  const user = await requireUser(["agency", "operator"]);
  const { t } = await getDict(messages);
  const { prisma } = await getDatabase();
  const cities = await listCities(prisma);
  const today = bogotaDate(new Date());
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <SearchClient
        cities={cities.map((c) => c.city)}
        today={today}
        defaultCheckin={addDays(today, 7)}
        agencyType={user.principal.role === "agency" ? (user.principal.agencyType ?? "retailer") : null}
      />
    </div>
  );
}
