"use client";
// What the guest sees after paying: waiting for the answer in the Nequi app, the card pending at the gateway,
// approved (with the receipt) or declined (with "Intentar de nuevo", which gets the focus).
import { useDict } from "@/lib/i18n/client";
import { payMessages } from "@/lib/links/pay-messages";
import { formatPhone } from "@/lib/format";
import { TimeLeft } from "./TimeLeft";
import type { CardResult, NequiWait } from "./usePayLink";

export function NequiWaiting({ waiting, resultRef, amount, expiresAt }: { waiting: NequiWait; resultRef: React.Ref<HTMLDivElement>; amount: string; expiresAt: string }) {
  const t = useDict(payMessages);
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-fuchsia-200 bg-fuchsia-50 p-4 text-fuchsia-950 outline-none" ref={resultRef} tabIndex={-1} aria-busy="true" data-testid="nequi-waiting">
        <div className="flex items-center gap-3">
          <span className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-fuchsia-300 border-t-fuchsia-700" aria-hidden="true" />
          <p className="text-lg font-semibold">{t("nequi.waiting")}</p>
        </div>
        <p className="mt-2 text-sm">{t("nequi.waitingHint", { phone: formatPhone(waiting.phone), amount })}</p>
        <button type="button" className="btn-primary mt-4 w-full py-3 text-base" disabled data-testid="nequi-submit">
          {t("nequi.checking")}
        </button>
      </div>
      <TimeLeft expiresAt={expiresAt} />
      <p className="text-center text-xs text-slate-600">{t("nequi.secure")}</p>
    </div>
  );
}

export function PayOutcome({ result, onRetry, resultRef, retryRef, expiresAt }: { result: CardResult; onRetry: () => void; resultRef: React.Ref<HTMLDivElement>; retryRef: React.Ref<HTMLButtonElement>; expiresAt: string }) {
  const t = useDict(payMessages);
  if (result.status === "pending")
    return (
      <div className="space-y-4">
        <div className="rounded-lg bg-amber-50 p-4 text-amber-900 outline-none" ref={resultRef} tabIndex={-1} data-testid="pay-result">
          <p className="text-lg font-semibold">{t("cardPending")}</p>
          <p className="text-sm">{t("cardPendingHint")}</p>
        </div>
        <p className="text-center text-xs text-slate-600">{t("secureGeneric")}</p>
      </div>
    );
  // Followed to the agency's page.
  if (result.redirect_url) return <p className="text-sm text-slate-600">{t("redirecting")}</p>;
  const approved = result.status === "approved";
  return (
    <div className="space-y-4">
      <div className={`rounded-lg p-4 outline-none ${approved ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`} ref={resultRef} tabIndex={-1} data-testid="pay-result">
        <p className="text-lg font-semibold">{approved ? t("approved") : t("declined")}</p>
        <p className="text-sm first-letter:uppercase">{approved ? t("approvedHint") : (result.detail ?? t("declinedHint"))}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          {/* A receipt is for a payment that happened; after a decline the guest needs another try, not a voucher. */}
          {approved ? (
            <a className="font-medium text-brand-700 underline" href={result.voucher_url.replace(/^\/v2/, "")}>
              {t("voucher")}
            </a>
          ) : (
            <button type="button" className="btn-primary" ref={retryRef} onClick={onRetry}>
              {t("tryAgain")}
            </button>
          )}
        </div>
      </div>
      {!approved && <TimeLeft expiresAt={expiresAt} />}
      <p className="text-center text-xs text-slate-600">{t("secureGeneric")}</p>
    </div>
  );
}
