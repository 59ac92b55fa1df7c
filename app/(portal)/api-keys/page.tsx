import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { getT } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { listKeyOwners } from "@/lib/auth/api-keys";
import { KeyManager, type KeyOwner } from "./KeyManager";
import { keyRows } from "./key-rows";
import { agencyTypeLabel } from "@/lib/format";

export const metadata: Metadata = { title: "Claves API" };

export default async function ApiKeysPage() {
  const { database } = await portalContext(["operator"]);
  const { t } = await getT();
  const { agencies, users } = await listKeyOwners(database);
  const owners: KeyOwner[] = [
    ...agencies.map((a) => ({ kind: "agency" as const, id: a.id, name: a.name, detail: `${agencyTypeLabel(a.agency_type)} · ${a.document_type} ${a.document_number}`, keys: keyRows(a.keys) })),
    ...users.map((u) => ({ kind: "user" as const, id: u.id, name: u.name, detail: `${u.email} · ${t(`roles.${u.role}`)}`, keys: keyRows(u.keys) })),
  ];
  return (
    <div>
      <PageHeader title={t("apiKeys.title")} subtitle={t("apiKeys.intro")} />
      <KeyManager owners={owners} />
    </div>
  );
}
