import type { Metadata } from "next";
import Link from "next/link";
import { portalContext } from "@/lib/portal/page";
import { agencyNames } from "@/lib/agencies/service";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { getSettings } from "@/lib/webhooks/service";
import { messages } from "./messages";
import { WebhooksManager } from "./WebhooksManager";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { database, principal } = await portalContext(["agency", "operator"]);
  const { t } = await getDict(messages);
  // An agency manages its own settings; the operator picks the agency.
  const settings = principal.role === "agency" ? await getSettings(database, principal) : null;
  const agencies = principal.role === "operator" ? await agencyNames(database) : [];
  return (
    <div>
      <PageHeader
        title={t("title")}
        subtitle={settings ? t("intro") : t("operatorIntro")}
        actions={
          <Link href="/docs/webhooks" className="btn-secondary">
            {t("docs")}
          </Link>
        }
      />
      <WebhooksManager settings={settings} agencies={agencies} />
    </div>
  );
}
