import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { listCities, listHotels } from "@/lib/inventory/service";
import { HotelsManager } from "./HotelsManager";
import { messages } from "./messages";

export const metadata: Metadata = { title: "Hoteles" };

export default async function HotelsPage() {
  // The operator manages every hotel; a hotel admin edits and retires the room types and rate plans of their own.
  const { database, principal } = await portalContext(["operator", "hotel_admin"]);
  const { t } = await getDict(messages);
  const [hotels, cities] = await Promise.all([listHotels(database, principal), listCities(database)]);
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <HotelsManager hotels={hotels} cities={cities.map((c) => c.city)} canCreate={principal.role === "operator"} />
    </div>
  );
}
