import { getT } from "@/lib/i18n/server";
import { LocaleSwitch } from "@/components/LocaleSwitch";

/** The frame of the signed-out pages (sign-in, forgotten password): the name, the language switch, the card; `below` goes under the card. */
export async function AccountShell({ title, subtitle, below, children }: { title: string; subtitle?: string; below?: React.ReactNode; children: React.ReactNode }) {
  const { t } = await getT();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-between">
          <div>
            <p className="text-2xl font-bold text-brand-700">{t("app.name")}</p>
            <p className="text-sm text-slate-500">{t("app.tagline")}</p>
          </div>
          <LocaleSwitch />
        </div>
        <div className="card p-6 sm:p-8">
          <h1 className={subtitle ? "text-xl font-semibold" : "mb-4 text-xl font-semibold"}>{title}</h1>
          {subtitle && <p className="mb-6 text-sm text-slate-500">{subtitle}</p>}
          {children}
        </div>
        {below}
      </div>
    </main>
  );
}
