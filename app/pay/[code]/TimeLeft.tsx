"use client";
// How long the link still takes payments ("Quedan 3 h 12 min"), updated every 30 s.
import { useDict, useI18n } from "@/lib/i18n/client";
import { useNow } from "@/app/_client/use-now";
import { payMessages } from "@/lib/links/pay-messages";
import { formatDateTime } from "@/lib/format";

export function TimeLeft({ expiresAt }: { expiresAt: string }) {
  const t = useDict(payMessages);
  const { locale } = useI18n();
  const now = useNow(30_000);
  const ms = now === null ? null : new Date(expiresAt).getTime() - now;
  let text = t("expiresAt", { date: formatDateTime(expiresAt, locale) });
  if (ms !== null && ms > 0) {
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor((ms % 3_600_000) / 60_000);
    text = t("timeLeft", { time: h > 0 ? `${h} h ${m} min` : `${m} min` });
  }
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="time-left">
      {text}
    </p>
  );
}
