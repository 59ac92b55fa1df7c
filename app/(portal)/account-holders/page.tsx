import { countryName2, documentTypeName } from "@/components/documents";
import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { agencyNames } from "@/lib/agencies/service";
import { listAccountHoldersWithAgency } from "@/lib/cards/account-holders";
import { getDict } from "@/lib/i18n/server";
import { formatPhone } from "@/lib/format";
import { PageHeader, EmptyState } from "@/components/ui";
import { messages } from "../agencies/messages";
import { HolderForm } from "./HolderForm";

export const metadata: Metadata = { title: "Titulares de cuenta" };

export default async function AccountHoldersPage({ searchParams }: { searchParams: Promise<{ agency?: string }> }) {
  const { database } = await portalContext(["operator"]);
  const { t } = await getDict(messages);
  const [holders, free] = await Promise.all([listAccountHoldersWithAgency(database), agencyNames(database, { withoutAccountHolder: true })]);
  const preselect = Number((await searchParams).agency) || undefined;
  return (
    <div className="space-y-6">
      <PageHeader title={t("holders.title")} subtitle={t("holders.intro")} />
      <HolderForm agencies={free} preselect={preselect} />
      {holders.length === 0 ? (
        <EmptyState title={t("holders.empty")} />
      ) : (
        <div className="card overflow-x-auto">
          <table className="table-basic">
            <thead>
              <tr>
                <th>{t("holders.col.name")}</th>
                <th>{t("holders.col.agency")}</th>
                <th>{t("holders.col.document")}</th>
                <th>{t("holders.col.contact")}</th>
                <th>{t("holders.col.country")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {holders.map((h) => (
                <tr key={h.account_holder_id} data-testid={`holder-${h.account_holder_id}`}>
                  <td>
                    <div className="font-medium">
                      {h.first_name} {h.last_name}
                    </div>
                  </td>
                  <td>{h.agency_name}</td>
                  <td className="whitespace-nowrap">
                    {documentTypeName(h.document_type)} {h.document_number}
                    <div className="text-xs text-slate-500">{t(`holders.person.${h.person_type}`)}</div>
                  </td>
                  <td>
                    {h.email}
                    <div className="whitespace-nowrap text-xs text-slate-600">{formatPhone(h.phone_number)}</div>
                  </td>
                  <td>
                    {h.city}, {countryName2(h.country)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
