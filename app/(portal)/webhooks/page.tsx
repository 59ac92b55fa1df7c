import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { presentSettings } from "@/lib/webhooks/service";
import { messages } from "./messages";
import { WebhooksManager } from "./WebhooksManager";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requireUser(["agency", "operator"]);
  const { t } = await getDict(messages);
  const { prisma } = await getDatabase();
  const agencyId = user.principal.role === "agency" ? user.principal.agencyId : null;
  const agency = agencyId !== null ? await prisma.agency.findUnique({ where: { id: agencyId } }) : null;
  const agencies = agencyId === null ? await prisma.agency.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }) : [];
  return (
    <div>
      <PageHeader
        title={t("title")}
        subtitle={agency ? t("intro") : t("operatorIntro")}
        actions={
          <Link href="/docs/webhooks" className="btn-secondary">
            {t("docs")}
          </Link>
        }
      />
      <WebhooksManager settings={agency ? presentSettings(agency) : null} agencies={agencies} />
    </div>
  );
}
