import type { Metadata } from "next";
import { getDict } from "@/lib/i18n/server";
import { AccountShell } from "@/components/AccountShell";
import { ForgotForm } from "./Forms";
import { messages } from "./messages";

export const metadata: Metadata = { title: "¿Olvidó su contraseña?" };
export const dynamic = "force-dynamic";

export default async function ForgotPage() {
  const { t } = await getDict(messages);
  return (
    <AccountShell title={t("forgotTitle")}>
      <ForgotForm />
    </AccountShell>
  );
}
