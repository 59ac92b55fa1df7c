import type { Metadata } from "next";
import Link from "next/link";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { getPreferences } from "@/lib/mail/preferences";
import { PreferencesForm } from "./PreferencesForm";
import { messages } from "./messages";

export const metadata: Metadata = { title: "Preferencias de correo" };

export default async function EmailPreferencesPage() {
  const { database, principal } = await portalContext(["agency", "hotel_admin"]);
  const { t } = await getDict(messages);
  const prefs = await getPreferences(database, principal);
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} subtitle={prefs.owner === "agency" ? t("agencySubtitle", { address: prefs.address }) : t("userSubtitle", { address: prefs.address })} />
      <PreferencesForm initial={prefs} />
      {principal.role === "agency" && (
        <Link href="/emails" className="btn-secondary inline-flex">
          {t("back")}
        </Link>
      )}
    </div>
  );
}
