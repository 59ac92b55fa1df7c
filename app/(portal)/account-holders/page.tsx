import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { PageHeader, EmptyState } from "@/components/ui";
import { messages } from "../agencies/messages";
import { HolderForm } from "./HolderForm";

export const metadata: Metadata = { title: "Titulares de cuenta" };

export default async function AccountHoldersPage({ searchParams }: { searchParams: Promise<{ agency?: string }> }) {
  await requireUser(["operator"]);
  const { t } = await getDict(messages);
  const { prisma } = await getDatabase();
  const [holders, free] = await Promise.all([
    prisma.accountHolder.findMany({ orderBy: { createdAt: "desc" }, include: { agency: { select: { id: true, name: true } } } }),
    prisma.agency.findMany({ where: { accountHolder: null, isArchived: false }, orderBy: { name: "asc" }, select: { id: true, name: true } }),
  ]);
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
                <tr key={h.id} data-testid={`holder-${h.id}`}>
                  <td>
                    <div className="font-medium">
                      {h.firstName} {h.lastName}
                    </div>
                    <code className="text-xs text-slate-500">{h.id}</code>
                  </td>
                  <td>{h.agency.name}</td>
                  <td className="whitespace-nowrap">
                    {h.documentType} {h.documentNumber}
                    <div className="text-xs text-slate-500">{t(`holders.person.${h.personType}`)}</div>
                  </td>
                  <td>
                    {h.email}
                    <div className="text-xs text-slate-500">{h.phoneNumber}</div>
                  </td>
                  <td>
                    {h.city}, {h.country}
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
