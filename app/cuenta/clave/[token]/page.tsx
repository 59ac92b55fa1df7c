import type { Metadata } from "next";
import Link from "next/link";
import { serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { checkUserToken } from "@/lib/accounts/user-tokens";
import { AccountShell } from "@/components/AccountShell";
import { SetPasswordForm } from "../Forms";
import { messages } from "../messages";

export const metadata: Metadata = { title: "Elegir contraseña", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function SetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { database, now } = await serviceContext();
  const { t } = await getDict(messages);
  const valid = await checkUserToken(database, token, now);
  if (!valid)
    return (
      <AccountShell title={t("inviteTitle")}>
        <p role="alert" className="mb-4 text-sm text-red-700">
          {t("refused")}
        </p>
        <Link href="/cuenta/clave" className="btn-secondary">
          {t("askNew")}
        </Link>
      </AccountShell>
    );
  return (
    <AccountShell title={valid.purpose === "invite" ? t("inviteTitle") : t("resetTitle")}>
      <p className="mb-4 text-sm text-slate-600">{t("hello", { name: valid.name, email: valid.email })}</p>
      <SetPasswordForm token={token} />
    </AccountShell>
  );
}
