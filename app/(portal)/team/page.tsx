import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { canManageTeam } from "@/lib/agencies/team";
import { getDict } from "@/lib/i18n/server";
import { PageHeader, EmptyState } from "@/components/ui";
import { backofficeMessages } from "@/lib/reports/messages";
import { TeamManager } from "./TeamManager";

export const metadata: Metadata = { title: "Equipo" };

/** An agency's team (issue 16 item 7): only its team admins manage it (docs/reports.md, "Equipos"). */
export default async function TeamPage() {
  const { database, principal, user } = await portalContext(["agency"]);
  const { t } = await getDict(backofficeMessages);
  const manages = user.agency ? await canManageTeam(database, principal, user.agency.id) : false;
  return (
    <div data-testid="team-page">
      <PageHeader title={t("team.title")} subtitle={t("team.subtitle")} />
      {manages && user.agency ? <TeamManager agencyId={user.agency.id} meId={user.id} /> : <EmptyState title={t("team.forbidden")} />}
    </div>
  );
}
