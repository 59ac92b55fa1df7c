"use client";
// What Cobrar answered: approved (voucher), being verified (the payment's page), declined (voucher, try another
// card) or a cash/PSE order (its checkout page to share).
import { useState } from "react";
import { usePoll } from "@/app/_client/use-poll";
import { api } from "@/lib/client/api";
import Link from "next/link";
import { useDict, useI18n } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { formatMoney, formatPhone } from "@/lib/format";
import type { PaymentResult } from "./useTakePayment";
import { paymentMessageText, whatsappHref } from "@/components/whatsapp";

const voucherPage = (url: string) => url.replace(/^\/v2/, "");

/** What the agent charged for: the reference, the payer, their phone, the hotel and the reservation it came from. */
export interface OrderContext {
  reference: string;
  payer: string;
  phone: string;
  hotel: string;
  reservation?: string;
}

/** A Nequi payment waiting for the payer: asks the transaction's status until it is final, then shows that. */
function NequiWaiting({ result, total, onSettled }: { result: Extract<PaymentResult, { kind: "nequi" }>; total: number | null; onSettled: (r: PaymentResult) => void }) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  usePoll<PaymentResult>(
    result.transactionId,
    async (transactionId) => {
      const p = (await api.GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: transactionId } } })).data;
      if (p && p.status === "approved") return { kind: "approved", voucher: p.voucher_url ?? "", transactionId: p.transaction_id };
      if (p && p.status !== "pending") return { kind: "declined", voucher: p.voucher_url, reason: p.decline_reason ?? "" };
      return undefined;
    },
    onSettled,
  );
  return (
    <section className="card max-w-2xl border-fuchsia-200 p-6" role="status" aria-busy="true" data-testid="payment-result">
      <div className="flex items-center gap-3">
        <span className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-fuchsia-300 border-t-fuchsia-700" aria-hidden="true" />
        <h2 className="text-xl font-semibold text-fuchsia-900">{t("take.nequiWaiting")}</h2>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t("take.nequiWaitingHint", { phone: formatPhone(result.phone) })}</p>
      {total !== null && <p className="mt-2 text-lg font-semibold">{formatMoney(total, "COP", locale)}</p>}
    </section>
  );
}

export function PaymentResultCard({ result, total, onAgain, onSettled, order }: { result: PaymentResult; total: number | null; onAgain: () => void; onSettled?: (r: PaymentResult) => void; order?: OrderContext }) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  const [copied, setCopied] = useState(false);
  if (result.kind === "nequi") return <NequiWaiting result={result} total={total} onSettled={onSettled ?? (() => undefined)} />;
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
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="order-summary">
            {order?.reference && (
              <>
                <dt className="text-slate-600">{t("take.orderReference")}</dt>
                <dd className="font-medium">{order.reference}</dd>
              </>
            )}
            {total !== null && (
              <>
                <dt className="text-slate-600">{t("take.orderAmount")}</dt>
                <dd className="font-semibold" data-testid="order-amount">{formatMoney(total, "COP", locale)}</dd>
              </>
            )}
          </dl>
          <code className="mt-3 block break-all rounded bg-slate-100 p-2 text-xs" data-testid="checkout-url">
            {result.checkoutUrl}
          </code>
        </>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        {result.kind === "approved" || result.kind === "declined" ? (
          result.voucher && (
            <Link href={voucherPage(result.voucher)} className="btn-primary" data-testid="voucher-link">
              {t("take.viewVoucher")}
            </Link>
          )
        ) : result.kind === "pending" ? (
          <Link href={`/payments/${encodeURIComponent(result.transactionId)}`} className="btn-primary">
            {t("take.viewPayment")}
          </Link>
        ) : (
          <>
            <a href={result.checkoutUrl} className="btn-primary" target="_blank" rel="noreferrer" data-testid="checkout-link">
              {t("take.openCheckout")}
            </a>
            {order && (
              <a
                className="btn-secondary"
                target="_blank"
                rel="noreferrer"
                data-testid="order-whatsapp"
                href={whatsappHref(
                  order.phone,
                  paymentMessageText({ guestName: order.payer, hotelName: order.hotel, amount: total !== null ? formatMoney(total, "COP", locale) : "", reference: order.reference, url: result.checkoutUrl }),
                )}
              >
                {t("take.whatsapp")}
              </a>
            )}
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
        {order?.reservation && (
          <Link href={`/reservations/${order.reservation}`} className="btn-secondary" data-testid="back-to-reservation">
            {t("take.backToReservation", { code: order.reservation })}
          </Link>
        )}
      </div>
    </section>
  );
}
