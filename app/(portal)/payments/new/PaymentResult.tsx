"use client";
// What Cobrar answered: approved (voucher), being verified (the payment's page), declined (voucher, try another
// card) or a cash/PSE order (its checkout page to share).
import { useState } from "react";
import Link from "next/link";
import { useDict, useI18n } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { formatMoney } from "@/lib/format";
import type { PaymentResult } from "./useTakePayment";

const voucherPage = (url: string) => url.replace(/^\/v2/, "");

export function PaymentResultCard({ result, total, onAgain }: { result: PaymentResult; total: number | null; onAgain: () => void }) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  const [copied, setCopied] = useState(false);
  const tone = result.kind === "declined" ? "text-red-700" : result.kind === "pending" ? "text-amber-700" : "text-emerald-700";
  const title = { approved: t("take.approved"), pending: t("take.pending"), declined: t("take.declined"), order: t("take.orderCreated") }[result.kind];
  return (
    <section className={`card max-w-2xl p-6 ${result.kind === "declined" ? "border-red-200" : ""}`} role="status" data-testid="payment-result">
      <h2 className={`text-xl font-semibold ${tone}`}>{title}</h2>
      {result.kind === "declined" && <p className="mt-2 text-red-700 first-letter:uppercase">{result.reason}</p>}
      {result.kind === "pending" && <p className="mt-2 text-sm text-slate-600">{t("take.pendingHint")}</p>}
      {(result.kind === "approved" || result.kind === "pending") && total !== null && <p className="mt-2 text-lg font-semibold">{formatMoney(total, "COP", locale)}</p>}
      {result.kind === "order" && (
        <>
          <p className="mt-2 text-sm text-slate-600">{t("take.orderHint")}</p>
          <code className="mt-3 block break-all rounded bg-slate-100 p-2 text-xs" data-testid="checkout-url">
            {result.checkoutUrl}
          </code>
        </>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        {result.kind === "approved" || result.kind === "declined" ? (
          <Link href={voucherPage(result.voucher)} className="btn-primary" data-testid="voucher-link">
            {t("take.viewVoucher")}
          </Link>
        ) : result.kind === "pending" ? (
          <Link href={`/payments/${encodeURIComponent(result.transactionId)}`} className="btn-primary">
            {t("take.viewPayment")}
          </Link>
        ) : (
          <>
            <a href={result.checkoutUrl} className="btn-primary" target="_blank" rel="noreferrer" data-testid="checkout-link">
              {t("take.openCheckout")}
            </a>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(result.checkoutUrl);
                setCopied(true);
              }}
            >
              {copied ? t("take.copied") : t("take.copy")}
            </button>
          </>
        )}
        <button type="button" className="btn-secondary" onClick={onAgain}>
          {result.kind === "declined" ? t("take.retry") : t("take.another")}
        </button>
      </div>
    </section>
  );
}
