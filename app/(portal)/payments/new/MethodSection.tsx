"use client";
// Cobrar's right column: the card (encrypted in this browser), the cash network or the PSE bank, then what to
// fix and the button.
import { useMemo } from "react";
import { useDict, useI18n } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { formatMoney } from "@/lib/format";
import { Icon } from "@/components/Icon";
import { Field, fieldA11y } from "@/components/Form";
import { CASH_METHODS, type Lookup } from "@/lib/money/lookups";
import { Select } from "./Select";
import { CardNumberInput } from "@/components/CardNumberInput";
import { CARD_INSTALLMENTS, CARD_MONTHS, cardYears } from "@/components/card-options";
import { fieldError, type TakePaymentForm, type TakePaymentState } from "./useTakePayment";

const INSTALLMENTS = CARD_INSTALLMENTS.map((n) => ({ code: n, name: n }));

export function MethodSection({ state, panel, banks }: { state: TakePaymentState; panel?: React.HTMLAttributes<HTMLElement>; banks: Lookup[] }) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  const { form, tab, parts, busy, error } = state;
  const errorCount = Object.keys(form.formState.errors).length;
  const total = parts ? formatMoney(parts.total, "COP", locale) : "";
  return (
    <section className="card space-y-4 p-5 lg:col-span-2" {...panel}>
      {tab === "card" ? <CardFields form={form} /> : tab === "nequi" ? <NequiFields form={form} /> : <OrderFields form={form} bank={tab === "bank"} banks={banks} />}
      {errorCount > 0 && form.formState.isSubmitted && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="alert" data-testid="form-errors">
          {errorCount === 1 ? t("take.fixOne") : t("take.fixMany", { n: errorCount })}
        </p>
      )}
      {error && (
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? t("take.working") : tab === "card" ? t("take.payCard", { amount: total }) : tab === "nequi" ? t("take.payNequi", { amount: total }) : tab === "cash" ? t("take.createCash") : t("take.createBank")}
      </button>
    </section>
  );
}

function CardFields({ form }: { form: TakePaymentForm }) {
  const t = useDict(paymentMessages);
  const { register, watch } = form;
  const err = fieldError(form);
  const years = useMemo(() => cardYears(), []);
  return (
    <>
      <h2 className="font-semibold">{t("take.card")}</h2>
      <Field id="cc_number" label={t("take.cardNumber")} error={err("cc_number")}>
        <CardNumberInput {...fieldA11y("cc_number", err("cc_number"))} autoComplete="off" placeholder="4242 4242 4242 4242" watched={watch("cc_number")} {...register("cc_number")} />
      </Field>
      <Field id="cc_holder" label={t("take.holder")} error={err("cc_holder")}>
        <input {...fieldA11y("cc_holder", err("cc_holder"))} className="input" autoComplete="off" {...register("cc_holder")} />
      </Field>
      <div className="grid grid-cols-3 gap-3">
        <Field id="cc_month" label={t("take.month")} error={err("cc_month")}>
          <select {...fieldA11y("cc_month", err("cc_month"))} className="input" {...register("cc_month")}>
            <option value="">MM</option>
            {CARD_MONTHS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
        <Field id="cc_year" label={t("take.year")} error={err("cc_year")}>
          <select {...fieldA11y("cc_year", err("cc_year"))} className="input" {...register("cc_year")}>
            <option value="">AAAA</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </Field>
        <Field id="cc_cvc" label={t("take.cvc")} error={err("cc_cvc")}>
          <input {...fieldA11y("cc_cvc", err("cc_cvc"))} className="input" inputMode="numeric" maxLength={4} autoComplete="off" {...register("cc_cvc")} />
        </Field>
      </div>
      <Select id="installments" label={t("take.installments")} options={INSTALLMENTS} {...register("installments")} />
      <p className="flex gap-2 rounded-md bg-emerald-50 p-3 text-xs text-emerald-800">
        <Icon name="key" className="h-4 w-4 shrink-0" />
        <span>{t("take.encrypted")}</span>
      </p>
      <p className="text-xs text-slate-600">{t("take.sandboxCards")}</p>
    </>
  );
}

/** Nequi: the payer's Nequi number; the payer approves in the app. */
function NequiFields({ form }: { form: TakePaymentForm }) {
  const t = useDict(paymentMessages);
  const err = fieldError(form);
  return (
    <>
      <h2 className="font-semibold">{t("take.tabNequi")}</h2>
      <Field id="nequi_phone" label={t("take.nequiPhone")} error={err("nequi_phone")} hint={t("take.nequiHint")}>
        <input {...fieldA11y("nequi_phone", err("nequi_phone"), true)} className="input" type="tel" inputMode="numeric" maxLength={16} placeholder="300 123 4567" autoComplete="off" {...form.register("nequi_phone")} />
      </Field>
      <p className="text-xs text-slate-600">{t("take.sandboxNequi")}</p>
    </>
  );
}

/** Cash: the payment network; PSE: the payer's bank. Both may name the page the payer returns to. */
function OrderFields({ form, bank, banks }: { form: TakePaymentForm; bank: boolean; banks: Lookup[] }) {
  const t = useDict(paymentMessages);
  const { register } = form;
  const err = fieldError(form);
  return (
    <>
      <h2 className="font-semibold">{bank ? t("take.tabBank") : t("take.tabCash")}</h2>
      {bank ? (
        <Field id="bank_code" label={t("take.bank")} error={err("bank_code")}>
          <select {...fieldA11y("bank_code", err("bank_code"))} className="input" {...register("bank_code")}>
            <option value="">{t("take.chooseBank")}</option>
            {banks.map((x) => (
              <option key={x.code} value={x.code}>
                {x.name}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <Select id="payment_type" label={t("take.cashMethod")} options={CASH_METHODS} {...register("payment_type")} />
      )}
      <Field id="response_url" label={t("take.responseUrl")} error={err("response_url")}>
        <input {...fieldA11y("response_url", err("response_url"))} className="input" type="url" placeholder="https://" {...register("response_url")} />
      </Field>
    </>
  );
}
