import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { listCities, listHotels } from "@/lib/inventory/service";
import { HotelsManager } from "./HotelsManager";
import { messages } from "./messages";

export const metadata: Metadata = { title: "Hoteles" };

export default async function HotelsPage() {
  // The operator manages every hotel; a hotel admin edits and retires the room types and rate plans of their own.
  const user = await requireUser(["operator", "hotel_admin"]);
  const { t } = await getDict(messages);
  const { prisma } = await getDatabase();
  const [hotels, cities] = await Promise.all([listHotels(prisma, user.principal), listCities(prisma)]);
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <HotelsManager hotels={hotels} cities={cities.map((c) => c.city)} canCreate={user.principal.role === "operator"} />
    </div>
  );
}
