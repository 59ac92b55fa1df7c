import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { accountHolderOfAgency } from "@/lib/cards/account-holders";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { NoHolderGuide } from "@/components/NoHolderGuide";
import { messages } from "../cards/messages";
import { OrganizationsClient } from "./OrganizationsClient";

export const metadata: Metadata = { title: "Organizaciones" };

export default async function OrganizationsPage() {
  const { database, principal, user } = await portalContext(["agency"]);
  const { t } = await getDict(messages);
  const holder = user.agency ? await accountHolderOfAgency(database, principal, user.agency.id) : null;
  return (
    <div>
      <PageHeader title={t("orgs.title")} subtitle={t("orgs.intro")} />
      {holder ? <OrganizationsClient /> : <NoHolderGuide what="organizations" agencyName={user.agency?.name} />}
    </div>
  );
}
