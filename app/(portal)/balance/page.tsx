import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { messages } from "../agencies/messages";
import { BalancePanel } from "../agencies/[id]/BalancePanel";

export const metadata: Metadata = { title: "Saldo precargado" };

/** The agency's own preloaded balance and its ledger (read-only; top-ups are the operator's). */
export default async function BalancePage() {
  const user = await requireUser(["agency"]);
  const { t } = await getDict(messages);
  return (
    <div className="max-w-3xl">
      <PageHeader title={t("detail.balance")} />
      {user.agency && <BalancePanel agencyId={user.agency.id} preloaded={user.agency.isPreloaded} canTopUp={false} />}
    </div>
  );
}
