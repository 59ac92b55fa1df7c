import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { PageHeader, EmptyState } from "@/components/ui";
import { backofficeMessages } from "@/lib/reports/messages";
import { TeamManager } from "./TeamManager";

export const metadata: Metadata = { title: "Equipo" };

/** An agency's team (issue 16 item 7): only its team admins manage it (docs/reports.md, "Equipos"). */
export default async function TeamPage() {
  const user = await requireUser(["agency"]);
  const { t } = await getDict(backofficeMessages);
  const me = await (await getDatabase()).prisma.user.findUnique({ where: { id: user.id }, select: { agencyAdmin: true } });
  return (
    <div data-testid="team-page">
      <PageHeader title={t("team.title")} subtitle={t("team.subtitle")} />
      {me?.agencyAdmin && user.agency ? <TeamManager agencyId={user.agency.id} meId={user.id} /> : <EmptyState title={t("team.forbidden")} />}
    </div>
  );
}
