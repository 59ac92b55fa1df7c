import type { Metadata } from "next";
import { notFound } from "next/navigation";
import Link from "next/link";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { presentAgency } from "@/lib/agencies/service";
import { presentAccountHolder } from "@/lib/cards/account-holders";
import { OwnerCard } from "../../api-keys/KeyManager";
import { messages } from "../messages";
import { AgencyDetailClient } from "./AgencyDetailClient";

export const metadata: Metadata = { title: "Agencia" };

export default async function AgencyPage({ params }: { params: Promise<{ id: string }> }) {
  await requireUser(["operator"]);
  const { id: raw } = await params;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) notFound();
  const { t } = await getDict(messages);
  const { prisma } = await getDatabase();
  const agency = await prisma.agency.findUnique({ where: { id }, include: { apiKeys: { orderBy: { createdAt: "desc" } }, accountHolder: true } });
  if (!agency) notFound();
  const keys = agency.apiKeys.map((k) => ({
    id: k.id,
    prefix: k.prefix,
    label: k.label,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  }));
  return (
    <div>
      <Link href="/agencies" className="text-sm text-brand-700 hover:underline">
        {t("detail.back")}
      </Link>
      <PageHeader title={agency.name} subtitle={`${agency.documentType} ${agency.documentNumber} · #${agency.id}`} />
      <AgencyDetailClient initial={presentAgency(agency)} holder={agency.accountHolder ? presentAccountHolder(agency.accountHolder) : null} />
      <section className="mt-6 space-y-2">
        <h2 className="text-lg font-semibold">{t("detail.apiKeys")}</h2>
        <p className="text-sm text-slate-500">{t("detail.apiKeysIntro")}</p>
        <OwnerCard owner={{ kind: "agency", id: agency.id, name: agency.name, detail: `${agency.agencyType} · ${agency.documentType} ${agency.documentNumber}`, keys }} />
      </section>
    </div>
  );
}
