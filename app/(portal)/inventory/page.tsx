import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { EmptyState, PageHeader } from "@/components/ui";
import { listHotels } from "@/lib/inventory/service";
import { bogotaDate } from "@/lib/time";
import { InventoryGrid } from "./InventoryGrid";
import { messages } from "./messages";

export const metadata: Metadata = { title: "Inventario" };

export default async function InventoryPage({ searchParams }: { searchParams: Promise<{ hotel?: string }> }) {
  const { database, principal, now } = await portalContext(["operator", "hotel_admin"]);
  const { t } = await getDict(messages);
  const hotels = await listHotels(database, principal);
  const wanted = Number((await searchParams).hotel);
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {hotels.length === 0 ? (
        <EmptyState title={t("noHotels")} />
      ) : (
        <InventoryGrid
          hotels={hotels.map((h) => ({ id: h.id, name: h.name, city: h.city }))}
          initialHotel={hotels.some((h) => h.id === wanted) ? wanted : hotels[0].id}
          today={bogotaDate(now)}
        />
      )}
    </div>
  );
}
