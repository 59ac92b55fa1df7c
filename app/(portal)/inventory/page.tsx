import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { EmptyState, PageHeader } from "@/components/ui";
import { listHotels } from "@/lib/inventory/service";
import { bogotaDate } from "@/lib/time";
import { InventoryGrid } from "./InventoryGrid";
import { messages } from "./messages";

export const metadata: Metadata = { title: "Inventario" };

export default async function InventoryPage({ searchParams }: { searchParams: Promise<{ hotel?: string }> }) {
  const user = await requireUser(["operator", "hotel_admin"]);
  const { t } = await getDict(messages);
  const { prisma } = await getDatabase();
  const hotels = await listHotels(prisma, user.principal);
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
          today={bogotaDate(new Date())}
        />
      )}
    </div>
  );
}
