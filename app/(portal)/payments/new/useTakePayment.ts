"use client";
// Cobrar's state: the form, the total's breakdown, and the payment sent with one Idempotency-Key per submission
// (a card through the virtual terminal; cash or PSE as an order with a checkout page for the payer).
import { useMemo, useState } from "react";
import { useWatch, type Control } from "react-hook-form";
import { api, ok, ApiError, useSubmissionKey } from "@/lib/client/api";
import { cardEncryptor } from "@/app/_client/card-encryption";
import { useDict } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { applyApiError, useZodForm } from "@/components/Form";
import { FIELD_FOR, takePaymentDefaults, takePaymentSchema, type TakePaymentSent, type TakePaymentValues } from "./take-payment-schema";

export type Tab = "card" | "cash" | "bank" | "nequi";
export type PaymentResult =
  | { kind: "approved"; voucher: string; transactionId: string }
  | { kind: "pending"; transactionId: string; detail: string }
  | { kind: "declined"; voucher: string | null; reason: string }
  | { kind: "nequi"; transactionId: string; phone: string }
  | { kind: "order"; checkoutUrl: string; transactionId: string };
export type Breakdown = { base: number; tax: number; service: number; total: number };
export type TakePaymentState = ReturnType<typeof useTakePayment>;
export type TakePaymentForm = TakePaymentState["form"];

/** The message under a field, if any. */
export const fieldError = (form: TakePaymentForm) => (k: keyof TakePaymentValues) => form.formState.errors[k]?.message as string | undefined;

/** The total split into base, taxes and service (the total includes both percentages); null without an amount. */
function useBreakdown(control: Control<TakePaymentValues, unknown, TakePaymentSent>): Breakdown | null {
  const [amount, tax, service] = useWatch({ control, name: ["amount", "tax", "service"] });
  return useMemo(() => {
    const total = Math.round((amount ?? 0) * 100);
    const taxP = Number.isFinite(tax) ? Number(tax) / 100 : 0;
    const svcP = Number.isFinite(service) ? Number(service) / 100 : 0;
    if (!Number.isFinite(total) || total <= 0) return null;
    const base = Math.round(total / (1 + taxP + svcP));
    const taxC = Math.round(base * taxP);
    return { base: base / 100, tax: taxC / 100, service: (total - base - taxC) / 100, total: total / 100 };
  }, [amount, tax, service]);
}

const blankToUndefined = (s: string) => (s === "" ? undefined : s);

export function useTakePayment(clientIp: string, prefill: Parameters<typeof takePaymentDefaults>[0]) {
  const t = useDict(paymentMessages);
  const [busy, setBusy] = useState(false);
  const submission = useSubmissionKey();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PaymentResult | null>(null);
  const form = useZodForm(takePaymentSchema, { defaultValues: takePaymentDefaults(prefill) });
  const tab = useWatch({ control: form.control, name: "tab" }) as Tab;
  const parts = useBreakdown(form.control);
  // One Idempotency-Key per submission: a retry of the same values (after a lost answer) reuses it.
  const idem = (v: TakePaymentSent) => ({ "Idempotency-Key": submission.key(v) });
  const order = (v: TakePaymentSent) => ({
    ref_name: v.ref_name,
    ref_lastname: v.ref_lastname,
    ref_number: v.ref_number,
    amount: v.amount ?? 0,
    tax_percent: Math.round(v.tax) / 100,
    service_percent: Math.round(v.service) / 100,
    hotel_id: Number(v.hotel_id),
  });

  /** The card charge: approved, pending while the gateway confirms, or declined with its voucher; null when the browser cannot encrypt. */
  async function payByCard(v: TakePaymentSent): Promise<PaymentResult | null> {
    let enc: (s: string) => Promise<string>;
    try {
      enc = await cardEncryptor();
    } catch {
      setError(t("take.noCrypto"));
      return null;
    }
    // The same encrypted card travels with the same key on a retry.
    const card_item = await submission.body(v, async () => ({
      cc_number: await enc(v.cc_number.replace(/\D/g, "")),
      cc_code: await enc(v.cc_cvc),
      cc_expire_month: await enc(v.cc_month),
      cc_expire_year: await enc(v.cc_year),
      cc_holder: await enc(v.cc_holder),
    }));
    const optional = { detail: blankToUndefined(v.detail), email: blankToUndefined(v.email), phone: blankToUndefined(v.phone), fiscal_number: blankToUndefined(v.fiscal_number), ip: blankToUndefined(clientIp) };
    const res = await api.POST("/v2/virtual-terminal/credit-card", { body: { order: { ...order(v), ...optional, installments: Number(v.installments) }, card_item }, params: { header: idem(v) } });
    if (res.error && "extra_info" in res.error && res.error.code === 0) return { kind: "declined", voucher: res.error.extra_info.voucher_url, reason: res.error.detail };
    const r = await ok(Promise.resolve(res));
    return "status" in r ? { kind: "pending", transactionId: r.transaction_id, detail: r.detail } : { kind: "approved", voucher: r.voucher_url, transactionId: r.transaction_id };
  }

  /** Nequi: the payer approves in the app; the answer is pending and the result card waits for the outcome. */
  async function payByNequi(v: TakePaymentSent): Promise<PaymentResult> {
    const phone = v.nequi_phone.replace(/[\s().-]/g, "");
    const optional = { detail: blankToUndefined(v.detail), phone: blankToUndefined(v.phone), ip: blankToUndefined(clientIp) };
    const r = await ok(api.POST("/v2/apms/nequi", { body: { order: { ...order(v), ...optional, email: v.email }, payment_method: { type: "NEQUI", phone_number: phone } }, params: { header: idem(v) } }));
    if (r.status === "approved") return { kind: "approved", voucher: r.voucher_url ?? "", transactionId: r.transaction_id };
    if (r.status !== "pending") return { kind: "declined", voucher: r.voucher_url, reason: r.detail };
    return { kind: "nequi", transactionId: r.transaction_id, phone };
  }

  /** A cash or PSE order: the payer finishes on its checkout page. */
  async function createOrder(v: TakePaymentSent): Promise<PaymentResult> {
    const full = { ...order(v), detail: v.detail, email: v.email, phone: v.phone, fiscal_number: v.fiscal_number, ip: clientIp };
    const common = { address: v.address, user_type: v.user_type, fiscal_number_type: v.fiscal_number_type, response_url: v.response_url || `${window.location.origin}/checkout/done` };
    const r =
      v.tab === "cash"
        ? await ok(api.POST("/v2/apms/cash", { body: { order: full, cash: { ...common, payment_type: v.payment_type } }, params: { header: idem(v) } }))
        : await ok(api.POST("/v2/apms/bank-transfer", { body: { order: full, bank_transfer: { ...common, bank_code: v.bank_code } }, params: { header: idem(v) } }));
    return { kind: "order", checkoutUrl: r.checkout_url, transactionId: r.transaction_id };
  }

  const submit = form.handleSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      const r = v.tab === "card" ? await payByCard(v) : v.tab === "nequi" ? await payByNequi(v) : await createOrder(v);
      if (!r) return;
      submission.done();
      if (v.tab === "card") {
        (["cc_number", "cc_holder", "cc_month", "cc_year", "cc_cvc"] as const).forEach((k) => form.setValue(k, ""));
        form.setValue("installments", "1");
      }
      setResult(r);
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) submission.done(); // answered: a retry is a new submission
      setError(applyApiError<TakePaymentValues>(e, (name, x) => form.setError(name, x), FIELD_FOR as Record<string, keyof TakePaymentValues>, {}, t("take.error")));
    } finally {
      setBusy(false);
    }
  });

  /** The tab changes: its own checks start afresh. */
  function chooseTab(k: Tab) {
    form.setValue("tab", k);
    form.clearErrors();
    setError(null);
  }

  return { form, tab, chooseTab, parts, busy, error, result, setResult, submit };
}
