"use client";
import { useRouter } from "next/navigation";
import { useI18n } from "@/lib/i18n/client";
import { LOCALE_COOKIE } from "@/lib/i18n";

function writeLocaleCookie(l: "es" | "en") {
  document.cookie = `${LOCALE_COOKIE}=${l}; path=/; max-age=31536000; samesite=lax`;
}

export function LocaleSwitch({ className = "" }: { className?: string }) {
  const { locale, t } = useI18n();
  const router = useRouter();
  const set = (l: "es" | "en") => {
    writeLocaleCookie(l);
    router.refresh();
  };
  return (
    <div className={`inline-flex items-center gap-1 text-xs ${className}`} aria-label={t("common.language")} role="group">
      {(["es", "en"] as const).map((l) => (
        <button
          key={l}
          type="button"
          onClick={() => set(l)}
          aria-pressed={locale === l}
          className={`rounded px-2 py-1 font-semibold uppercase ${locale === l ? "bg-brand-600 text-white" : "text-slate-500 hover:bg-slate-100"}`}
        >
          {l}
        </button>
      ))}
    </div>
  );
}
