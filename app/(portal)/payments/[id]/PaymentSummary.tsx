"use client";
// The read-only parts of the payment detail page (PaymentDetail.tsx): the payment with its amounts; its refunds are RefundList.tsx.
import Link from "next/link";
import type { ApiAnswer } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { Badge } from "@/components/ui";
import { formatDateTime, formatMoney } from "@/lib/format";

export type Payment = ApiAnswer<"/v2/payments/{id}">;

const TONES = { approved: "green", pending: "yellow", rejected: "red", expired: "gray", cancelled: "gray", refunded: "blue" } as const;

export function usePaymentText(p: Payment) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  return { t, locale, money: (n: number) => formatMoney(n, p.currency, locale) };
}

/** The payment's facts and its amounts (paid, refunded, still refundable, or why not). */
export function PaymentSummary({ p }: { p: Payment }) {
  const { t, locale, money } = usePaymentText(p);
  const why =
    p.method === "cash" || p.method === "bank_transfer"
      ? t("detail.notRefundableCash")
      : p.status !== "approved"
        ? t("detail.notRefundableStatus")
        : p.refundable_amount <= 0
          ? t("detail.fullyRefunded")
          : null;

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <section className="card p-5 lg:col-span-2">
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">{t("detail.payment")}</h2>
          <Badge tone={TONES[p.status]}>{t(`status.${p.status}`)}</Badge>
          {p.refunded_amount > 0 && (
            <Badge tone="blue">{p.refundable_amount > 0 ? t("detail.partiallyRefunded") : t("detail.fullyRefundedBadge")}</Badge>
          )}
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">{t("detail.date")}</dt>
            <dd>{formatDateTime(p.completed_at ?? p.created_at, locale)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("detail.method")}</dt>
            <dd>
              {t(`method.${p.method}`)}
              {p.card_last4 && (
                <span className="text-slate-500">
                  {" "}
                  · {(p.card_brand ?? "").toUpperCase()} {t("detail.endingIn", { last4: p.card_last4 })}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("detail.reference")}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{p.ref_number}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("detail.payer")}</dt>
            <dd>
              {p.ref_name} {p.ref_lastname}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("detail.hotel")}</dt>
            <dd>{p.hotel_name}</dd>
          </div>
          {p.reservation_code && (
            <div>
              <dt className="text-slate-500">{t("detail.reservation")}</dt>
              <dd>
                <Link href={`/reservations/${p.reservation_code}`} className="font-medium text-brand-700 hover:underline">
                  {p.reservation_code}
                </Link>
              </dd>
            </div>
          )}
          {p.decline_reason && (
            <div className="sm:col-span-2">
              <dt className="text-slate-500">{t("detail.reason")}</dt>
              <dd>{p.decline_reason}</dd>
            </div>
          )}
        </dl>
        {p.voucher_url && (
          <Link href={p.voucher_url.replace(/^\/v2/, "")} className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
            {t("detail.voucher")}
          </Link>
        )}
      </section>

      <section className="card p-5">
        <h2 className="mb-3 font-semibold">{t("detail.amounts")}</h2>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt>{t("detail.amount")}</dt>
            <dd className="font-semibold" data-testid="payment-amount">
              {money(p.amount)}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t("detail.refunded")}</dt>
            <dd data-testid="refunded-amount">{money(p.refunded_amount)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-100 pt-2">
            <dt>{t("detail.refundable")}</dt>
            <dd className="font-semibold">{money(p.refundable_amount)}</dd>
          </div>
        </dl>
        {why && <p className="mt-3 text-xs text-slate-500">{why}</p>}
      </section>
    </div>
  );
}
