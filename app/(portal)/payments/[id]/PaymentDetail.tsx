"use client";
// Payment detail: the payment, its refunds, and "Reembolsar" (ConfirmDialog with the amount, MoneyInput).
import { useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { api, ok, ApiError, idempotencyKey } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { PageHeader } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { MoneyInput } from "@/components/MoneyInput";
import { formatDateTime, formatMoney } from "@/lib/format";
import { PaymentSummary, type Payment } from "./PaymentSummary";
import { RefundList } from "./RefundList";

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

      <PaymentSummary p={p} />

      <RefundList p={p} />

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
