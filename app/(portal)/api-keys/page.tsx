import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getT } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { KeyManager, type KeyOwner } from "./KeyManager";
import { agencyTypeLabel } from "@/lib/format";

export const metadata: Metadata = { title: "Claves API" };

export default async function ApiKeysPage() {
  await requireUser(["operator"]);
  const { t } = await getT();
  const { prisma } = await getDatabase();
  const [agencies, users] = await Promise.all([
    prisma.agency.findMany({ orderBy: { name: "asc" }, include: { apiKeys: { orderBy: { createdAt: "desc" } } } }),
    prisma.user.findMany({ where: { role: { in: ["operator", "hotel_admin"] } }, orderBy: { email: "asc" }, include: { apiKeys: { orderBy: { createdAt: "desc" } } } }),
  ]);
  const toKeys = (keys: (typeof agencies)[number]["apiKeys"]) =>
    keys.map((k) => ({
      id: k.id,
      prefix: k.prefix,
      label: k.label,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
    }));
  const owners: KeyOwner[] = [
    ...agencies.map((a) => ({ kind: "agency" as const, id: a.id, name: a.name, detail: `${agencyTypeLabel(a.agencyType)} · ${a.documentType} ${a.documentNumber}`, keys: toKeys(a.apiKeys) })),
    ...users.map((u) => ({ kind: "user" as const, id: u.id, name: u.name, detail: `${u.email} · ${t(`roles.${u.role}`)}`, keys: toKeys(u.apiKeys) })),
  ];
  return (
    <div>
      <PageHeader title={t("apiKeys.title")} subtitle={t("apiKeys.intro")} />
      <KeyManager owners={owners} />
    </div>
  );
}
