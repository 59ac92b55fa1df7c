import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { NoHolderGuide } from "@/components/NoHolderGuide";
import { messages } from "../cards/messages";
import { OrganizationsClient } from "./OrganizationsClient";

export const metadata: Metadata = { title: "Organizaciones" };

export default async function OrganizationsPage() {
  const user = await requireUser(["agency"]);
  const { t } = await getDict(messages);
  const { prisma } = await getDatabase();
  const holder = user.agency ? await prisma.accountHolder.findUnique({ where: { agencyId: user.agency.id }, select: { id: true } }) : null;
  return (
    <div>
      <PageHeader title={t("orgs.title")} subtitle={t("orgs.intro")} />
      {holder ? <OrganizationsClient /> : <NoHolderGuide what="organizations" agencyName={user.agency?.name} />}
    </div>
  );
}
