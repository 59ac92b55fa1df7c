import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { messages } from "./messages";
import { AgenciesClient } from "./AgenciesClient";

export const metadata: Metadata = { title: "Agencias" };

export default async function AgenciesPage() {
  await requireUser(["operator"]);
  const { t } = await getDict(messages);
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("intro")} />
      <AgenciesClient />
    </div>
  );
}
