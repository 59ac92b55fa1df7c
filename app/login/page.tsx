import Link from "next/link";
import { redirect } from "next/navigation";
import { getPortalUser } from "@/lib/portal/session";
import { getT } from "@/lib/i18n/server";
import { LoginForm } from "./LoginForm";
import { AccountShell } from "@/components/AccountShell";
import { sameOriginPath } from "@/lib/auth/callback-url";

export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  if (await getPortalUser()) redirect("/dashboard");
  const { t } = await getT();
  const { callbackUrl } = await searchParams;
  const demo = process.env.DEMO_LOGINS_HINT !== "off";
  return (
    <AccountShell
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      below={
        demo && (
          <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white/70 p-4 text-xs text-slate-600">
            <p className="mb-1 font-semibold">{t("login.demo")}</p>
            <ul className="space-y-0.5 font-mono">
              <li>operador@demo.co · demo1234</li>
              <li>agencia@demo.co · demo1234</li>
              <li>mayorista@demo.co · demo1234</li>
              <li>hotel@demo.co · demo1234</li>
            </ul>
          </div>
        )
      }
    >
      {/* Only a path of this site: `//evil.example` or `/\evil.example` would send the user elsewhere. */}
      <LoginForm callbackUrl={sameOriginPath(callbackUrl)} />
      <Link href="/cuenta/clave" className="mt-4 block text-center text-sm text-brand-700 underline">
        {t("login.forgot")}
      </Link>
    </AccountShell>
  );
}
