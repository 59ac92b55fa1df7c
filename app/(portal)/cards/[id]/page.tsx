import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { getVirtualCard } from "@/lib/cards/service";
import { HttpError } from "@/lib/http/errors";
import { messages } from "../messages";
import { CardDetailClient } from "./CardDetailClient";

export const metadata: Metadata = { title: "Tarjeta virtual" };

export default async function CardPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser(["agency", "operator"]);
  const { id } = await params;
  const { t } = await getDict(messages);
  const { prisma } = await getDatabase();
  const card = await getVirtualCard(prisma, user.principal, id).catch((e) => {
    if (e instanceof HttpError && e.status === 404) return null;
    throw e;
  });
  if (!card) notFound();
  const org = await prisma.organization.findUnique({ where: { id: card.organization_id }, select: { name: true } });
  return (
    <div>
      <Link href="/cards" className="text-sm text-brand-700 hover:underline">
        {t("detail.back")}
      </Link>
      <CardDetailClient initial={card} organizationName={org?.name ?? ""} />
    </div>
  );
}
