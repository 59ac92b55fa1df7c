import type { Metadata } from "next";
import Link from "next/link";
import { orNotFound, portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { getVirtualCard } from "@/lib/cards/service";
import { listHotels } from "@/lib/inventory/service";
import { messages } from "../messages";
import { CardDetailClient } from "./CardDetailClient";

export const metadata: Metadata = { title: "Tarjeta virtual" };

export default async function CardPage({ params }: { params: Promise<{ id: string }> }) {
  const { database, principal } = await portalContext(["agency", "operator"]);
  const { id } = await params;
  const { t } = await getDict(messages);
  const card = await orNotFound(getVirtualCard(database, principal, id));
  // The hotels its controls may name: those the caller can pay (lib/inventory/service.ts listHotels).
  const hotels = (await listHotels(database, principal)).map((h) => ({ id: h.id, name: h.name, city: h.city }));
  return (
    <div>
      <Link href="/cards" className="text-sm text-brand-700 hover:underline">
        {t("detail.back")}
      </Link>
      <CardDetailClient initial={card} hotels={hotels} />
    </div>
  );
}
