"use client";
// Cobrar's right column: the card (encrypted in this browser), the Nequi phone, the cash network or the PSE bank
// (the kit's payment fields, the same as the guest's pay page), then what to fix and the button.
import { useDict, useI18n } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { formatMoney } from "@/lib/format";
import { Icon } from "@/components/Icon";
import { Field, FormProblems, fieldA11y } from "@/components/Form";
import { CardFields, NequiPhoneField, OptionSelect, slotOf } from "@/components/PaymentFields";
import { CASH_METHODS, type Lookup } from "@/lib/money/lookups";
import { fieldError, type TakePaymentForm, type TakePaymentState } from "./useTakePayment";

export function MethodSection({ state, panel, banks }: { state: TakePaymentState; panel?: React.HTMLAttributes<HTMLElement>; banks: Lookup[] }) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  const { form, tab, parts, busy, error } = state;
  const total = parts ? formatMoney(parts.total, "COP", locale) : "";
  return (
    <section className="card space-y-4 p-5 lg:col-span-2" {...panel}>
      {tab === "card" ? <CardPart form={form} /> : tab === "nequi" ? <NequiPart form={form} /> : <OrderPart form={form} bank={tab === "bank"} banks={banks} />}
      <FormProblems count={Object.keys(form.formState.errors).length} submitted={form.formState.isSubmitted} fix={(n) => (n === 1 ? t("take.fixOne") : t("take.fixMany", { n }))} error={error} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? t("take.working") : tab === "card" ? t("take.payCard", { amount: total }) : tab === "nequi" ? t("take.payNequi", { amount: total }) : tab === "cash" ? t("take.createCash") : t("take.createBank")}
      </button>
    </section>
  );
}

function CardPart({ form }: { form: TakePaymentForm }) {
  const t = useDict(paymentMessages);
  const slot = (name: "cc_number" | "cc_holder" | "cc_month" | "cc_year" | "cc_cvc" | "installments") => slotOf(form, name);
  return (
    <>
      <h2 className="font-semibold">{t("take.card")}</h2>
      <CardFields
        slots={{ number: slot("cc_number"), holder: slot("cc_holder"), month: slot("cc_month"), year: slot("cc_year"), cvc: slot("cc_cvc"), installments: slot("installments") }}
        labels={{ number: t("take.cardNumber"), holder: t("take.holder"), month: t("take.month"), year: t("take.year"), cvc: t("take.cvc"), installments: t("take.installments") }}
        number={form.watch("cc_number")}
        autoFill={false}
      />
      <p className="flex gap-2 rounded-md bg-emerald-50 p-3 text-xs text-emerald-800">
        <Icon name="key" className="h-4 w-4 shrink-0" />
        <span>{t("take.encrypted")}</span>
      </p>
      <p className="text-xs text-slate-600">{t("take.sandboxCards")}</p>
    </>
  );
}

/** Nequi: the payer's Nequi number; the payer approves in the app. */
function NequiPart({ form }: { form: TakePaymentForm }) {
  const t = useDict(paymentMessages);
  return (
    <>
      <h2 className="font-semibold">{t("take.tabNequi")}</h2>
      <NequiPhoneField slot={slotOf(form, "nequi_phone")} label={t("take.nequiPhone")} hint={t("take.nequiHint")} autoFill={false} />
      <p className="text-xs text-slate-600">{t("take.sandboxNequi")}</p>
    </>
  );
}

/** Cash: the payment network; PSE: the payer's bank. Both may name the page the payer returns to. */
function OrderPart({ form, bank, banks }: { form: TakePaymentForm; bank: boolean; banks: Lookup[] }) {
  const t = useDict(paymentMessages);
  const err = fieldError(form);
  return (
    <>
      <h2 className="font-semibold">{bank ? t("take.tabBank") : t("take.tabCash")}</h2>
      {bank ? (
        <OptionSelect slot={slotOf(form, "bank_code")} label={t("take.bank")} options={banks} placeholder={t("take.chooseBank")} />
      ) : (
        <OptionSelect slot={slotOf(form, "payment_type")} label={t("take.cashMethod")} options={CASH_METHODS} />
      )}
      <Field id="response_url" label={t("take.responseUrl")} error={err("response_url")}>
        <input {...fieldA11y("response_url", err("response_url"))} className="input" type="url" placeholder="https://" {...form.register("response_url")} />
      </Field>
    </>
  );
}
