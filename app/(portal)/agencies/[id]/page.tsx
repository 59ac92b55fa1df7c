import type { Metadata } from "next";
import { notFound } from "next/navigation";
import Link from "next/link";
import { orNotFound, portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { getAgency } from "@/lib/agencies/service";
import { accountHolderOfAgency } from "@/lib/cards/account-holders";
import { listAgencyKeys } from "@/lib/auth/api-keys";
import { agencyTypeLabel } from "@/lib/format";
import { OwnerCard } from "../../api-keys/KeyManager";
import { keyRows } from "../../api-keys/key-rows";
import { messages } from "../messages";
import { AgencyDetailClient } from "./AgencyDetailClient";

export const metadata: Metadata = { title: "Agencia" };

export default async function AgencyPage({ params }: { params: Promise<{ id: string }> }) {
  const { database, principal } = await portalContext(["operator"]);
  const { id: raw } = await params;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) notFound();
  const { t } = await getDict(messages);
  const [agency, holder, keys] = await orNotFound(Promise.all([getAgency(database, principal, id), accountHolderOfAgency(database, principal, id), listAgencyKeys(database, id)]));
  return (
    <div>
      <Link href="/agencies" className="text-sm text-brand-700 hover:underline">
        {t("detail.back")}
      </Link>
      <PageHeader title={agency.name} subtitle={`${agency.document_type} ${agency.document_number} · #${agency.id}`} />
      <AgencyDetailClient initial={agency} holder={holder} />
      <section className="mt-6 space-y-2">
        <h2 className="text-lg font-semibold">{t("detail.apiKeys")}</h2>
        <p className="text-sm text-slate-500">{t("detail.apiKeysIntro")}</p>
        <OwnerCard owner={{ kind: "agency", id: agency.id, name: agency.name, detail: `${agencyTypeLabel(agency.agency_type)} · ${agency.document_type} ${agency.document_number}`, keys: keyRows(keys) }} />
      </section>
    </div>
  );
}
