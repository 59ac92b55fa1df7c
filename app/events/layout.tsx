import Link from "next/link";
import { getT } from "@/lib/i18n/server";
import { LocaleSwitch } from "@/components/LocaleSwitch";
import { getDict } from "@/lib/i18n/server";
import { messages } from "./messages";

export default async function EventsLayout({ children }: { children: React.ReactNode }) {
  const { t } = await getT();
  const d = await getDict(messages);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <Link href="/events" className="text-lg font-bold text-brand-700">
            {t("app.name")} <span className="font-normal text-slate-500">· {d.t("title")}</span>
          </Link>
          <div className="flex items-center gap-3">
            <LocaleSwitch />
            <Link href="/login" className="text-sm text-slate-600 hover:underline">{d.t("portal")}</Link>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 sm:py-8">{children}</main>
    </div>
  );
}
