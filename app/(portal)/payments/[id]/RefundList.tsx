"use client";
// The refunds of a payment on its detail page (PaymentDetail.tsx).
import Link from "next/link";
import { Badge } from "@/components/ui";
import { formatDateTime } from "@/lib/format";
import { usePaymentText, type Payment } from "./PaymentSummary";

/** The refunds of the payment: one block each on phones, a table on wider screens. */
export function RefundList({ p }: { p: Payment }) {
  const { t, locale, money } = usePaymentText(p);
  return (
    <section className="card p-5">
      <h2 className="mb-3 font-semibold">{t("detail.refunds")}</h2>
      {p.refunds.length === 0 ? (
        <p className="text-sm text-slate-500">{t("detail.noRefunds")}</p>
      ) : (
        <>
        {/* Phones: one block per refund; wider screens: the table. */}
        <ul className="divide-y divide-slate-100 sm:hidden" data-testid="refunds-list">
          {p.refunds.map((r) => (
            <li key={r.refund_id} className="py-3 text-sm" data-testid="refund-item">
              <div className="flex items-center justify-between gap-3">
                <span className="font-semibold">{money(r.amount)}</span>
                <Badge tone={r.status === "succeeded" ? "green" : "yellow"}>{r.status === "succeeded" ? t("detail.refundStatusSucceeded") : r.status === "manual_pending" ? t("detail.refundStatusManual") : t("detail.refundStatusPending")}</Badge>
              </div>
              <p className="mt-1 text-slate-500">{formatDateTime(r.created_at, locale)}</p>
              {r.reason && <p className="mt-1">{r.reason}</p>}
              <Link href={r.voucher_url.replace(/^\/v2/, "")} className="mt-1 inline-block font-medium text-brand-700 hover:underline">
                {t("detail.refundVoucher")}
              </Link>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto sm:block">
          <table className="table-basic" data-testid="refunds-table">
            <thead>
              <tr>
                <th>{t("detail.refundDate")}</th>
                <th className="text-right">{t("detail.refundAmount")}</th>
                <th>{t("detail.refundReason")}</th>
                <th>{t("detail.refundStatus")}</th>
                <th />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {p.refunds.map((r) => (
                <tr key={r.refund_id} data-testid="refund-row">
                  <td className="whitespace-nowrap">{formatDateTime(r.created_at, locale)}</td>
                  <td className="whitespace-nowrap text-right font-medium">{money(r.amount)}</td>
                  <td>{r.reason ?? "—"}</td>
                  <td>
                    <Badge tone={r.status === "succeeded" ? "green" : "yellow"}>{r.status === "succeeded" ? t("detail.refundStatusSucceeded") : r.status === "manual_pending" ? t("detail.refundStatusManual") : t("detail.refundStatusPending")}</Badge>
                  </td>
                  <td className="whitespace-nowrap text-right">
                    <Link href={r.voucher_url.replace(/^\/v2/, "")} className="text-sm font-medium text-brand-700 hover:underline">
                      {t("detail.refundVoucher")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        </>
      )}
    </section>
  );
}
