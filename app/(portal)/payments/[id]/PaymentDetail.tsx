"use client";
// Payment detail: the payment, its refunds, and "Reembolsar" (ConfirmDialog with the amount, MoneyInput).
import { useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { api, ok, ApiError, idempotencyKey, type ApiAnswer } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { Badge, PageHeader } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { MoneyInput } from "@/components/MoneyInput";
import { formatDateTime, formatMoney } from "@/lib/format";

type Payment = ApiAnswer<"/v2/payments/{id}">;

const TONES = { approved: "green", pending: "yellow", rejected: "red", expired: "gray", cancelled: "gray", refunded: "blue" } as const;

export function PaymentDetail({ payment: p }: { payment: Payment }) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  const router = useRouter();
  const money = (n: number) => formatMoney(n, p.currency, locale);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<number | null>(p.refundable_amount);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  // One key per refund the person means to make, kept across retries of it (a lost answer is not a second refund).
  const key = useRef<string | null>(null);
  const valid = amount !== null && amount > 0 && amount <= p.refundable_amount;

  function start() {
    setAmount(p.refundable_amount);
    setReason("");
    setMsg(null);
    key.current = idempotencyKey();
    setOpen(true);
  }

  async function confirm() {
    if (!valid) return;
    setBusy(true);
    try {
      const r = await ok(
        api.POST("/v2/payments/{id}/refund", {
          params: { path: { id: p.transaction_id }, header: { "Idempotency-Key": key.current ?? idempotencyKey() } },
          body: { amount: amount!, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        }),
      );
      key.current = null;
      setOpen(false);
      setMsg({ ok: true, text: t("detail.refundDone", { amount: money(r.amount) }) });
      router.refresh();
    } catch (e) {
      setMsg({ ok: false, text: e instanceof ApiError ? e.detail : String(e) });
      setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  const why =
    p.method === "cash" || p.method === "bank_transfer"
      ? t("detail.notRefundableCash")
      : p.status !== "approved"
        ? t("detail.notRefundableStatus")
        : p.refundable_amount <= 0
          ? t("detail.fullyRefunded")
          : null;

  return (
    <div className="space-y-6" data-testid="payment-detail">
      <PageHeader
        title={t("detail.title", { ref: p.ref_number })}
        subtitle={`${t(`method.${p.method}`)} · ${formatDateTime(p.created_at, locale)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href="/payments" className="btn-secondary">
              {t("detail.back")}
            </Link>
            {p.refundable && (
              <button type="button" className="btn-primary" onClick={start} data-testid="refund-button">
                {t("detail.refundButton")}
              </button>
            )}
          </div>
        }
      />

      {msg && (
        <p role="status" className={`rounded-md px-3 py-2 text-sm ${msg.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-700"}`}>
          {msg.text}
        </p>
      )}

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

      <ConfirmDialog
        open={open}
        title={t("detail.refundTitle")}
        confirmLabel={t("detail.refundConfirm", { amount: valid ? money(amount!) : "" })}
        busy={busy}
        danger
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
        body={
          <div className="space-y-3">
            <p>{t("detail.refundQuestion", { amount: valid ? money(amount!) : "—", balance: p.method === "balance" ? t("detail.refundToBalance") : "" })}</p>
            <div>
              <label className="label" htmlFor="refund-amount">
                {t("detail.refundAmountLabel")}
              </label>
              <MoneyInput id="refund-amount" value={amount} onValueChange={setAmount} invalid={!valid} className="input" data-testid="refund-amount" />
              <p className={`mt-1 text-xs ${valid ? "text-slate-500" : "text-red-700"}`}>
                {valid ? t("detail.refundAmountHint", { max: money(p.refundable_amount) }) : t("detail.refundInvalid", { max: money(p.refundable_amount) })}
              </p>
            </div>
            <div>
              <label className="label" htmlFor="refund-reason">
                {t("detail.refundReasonLabel")}
              </label>
              <input id="refund-reason" className="input" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
          </div>
        }
      />
    </div>
  );
}
