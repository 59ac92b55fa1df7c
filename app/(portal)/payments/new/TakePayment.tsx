"use client";
import { useMemo, useState } from "react";
import Link from "next/link";
import { Controller, useWatch } from "react-hook-form";
import { z } from "zod";
import { apiFetch, ApiError, useSubmissionKey } from "@/lib/client/api";
import { cardEncryptor } from "@/lib/client/card-encryption";
import { useDict, useI18n } from "@/lib/i18n/client";
import { formatMoney } from "@/lib/format";
import { Icon } from "@/components/Icon";
import { MoneyInput } from "@/components/MoneyInput";
import { Field, applyApiError, fieldA11y, useZodForm } from "@/components/Form";
import { paymentMessages } from "@/lib/payments/messages";
import { BANKS, CASH_METHODS, DOCUMENT_TYPES, PERSON_TYPES } from "@/lib/payments/lookups";

type Tab = "card" | "cash" | "bank";
type Result =
  | { kind: "approved"; voucher: string; transactionId: string }
  | { kind: "declined"; voucher: string; reason: string }
  | { kind: "order"; checkoutUrl: string; transactionId: string };

const voucherPage = (url: string) => url.replace(/^\/v2/, "");
const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};
const text = (required: string, max: number, maxMsg: string) => z.string().trim().min(1, required).max(max, maxMsg);
const percent = (label: string) =>
  z
    .number({ error: `Escriba ${label} como un número entre 0 y 100` })
    .int(`${label.charAt(0).toUpperCase()}${label.slice(1)}: use un número entero`)
    .min(0, `${label.charAt(0).toUpperCase()}${label.slice(1)}: no puede ser negativo`)
    .max(100, `${label.charAt(0).toUpperCase()}${label.slice(1)}: máximo 100 %`);

/** What Cobrar checks before sending, with a sentence under each field. */
export const takePaymentSchema = z
  .object({
    tab: z.enum(["card", "cash", "bank"]),
    hotel_id: z.string().min(1, "Elija el hotel"),
    ref_name: text("Escriba el nombre del pagador", 100, "Máximo 100 caracteres"),
    ref_lastname: text("Escriba el apellido del pagador", 100, "Máximo 100 caracteres"),
    ref_number: text("Escriba una referencia o el código de la reserva", 64, "Máximo 64 caracteres"),
    detail: z.string().trim().max(255, "Máximo 255 caracteres"),
    amount: z.number({ error: "Escriba el valor a cobrar, por ejemplo 350.000" }).nullable().refine((v) => v !== null && v > 0, "Escriba el valor a cobrar, por ejemplo 350.000").refine((v) => v === null || v <= 999_999_999_999, "El valor es demasiado alto"),
    tax: percent("el porcentaje de impuestos"),
    service: percent("el porcentaje de servicio"),
    email: z.string().trim().refine((s) => s === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), "Escriba un correo válido, por ejemplo nombre@correo.com"),
    phone: z.string().trim().refine((s) => s === "" || /^\+?[\d\s()-]{7,20}$/.test(s), "Escriba un teléfono válido, por ejemplo 300 123 4567"),
    fiscal_number: z.string().trim(),
    fiscal_number_type: z.string(),
    user_type: z.string(),
    address: z.string().trim(),
    payment_type: z.string(),
    bank_code: z.string(),
    response_url: z.string().trim().refine((s) => s === "" || /^https?:\/\/\S+$/.test(s), "Escriba una dirección completa que empiece por https://"),
    cc_number: z.string(),
    cc_holder: z.string().trim(),
    cc_month: z.string(),
    cc_year: z.string(),
    cc_cvc: z.string(),
    installments: z.string(),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [path], message });
    };
    if (v.tab === "card") {
      const digits = v.cc_number.replace(/\D/g, "");
      need("detail", v.detail.length <= 99, "Máximo 99 caracteres para un cobro con tarjeta");
      need("cc_number", digits.length >= 13 && digits.length <= 19 && luhn(digits), digits.length === 0 ? "Escriba el número de la tarjeta" : "El número de tarjeta no es válido; revíselo");
      need("cc_holder", v.cc_holder.length > 0, "Escriba el nombre como aparece en la tarjeta");
      need("cc_month", v.cc_month !== "", "Elija el mes");
      need("cc_year", v.cc_year !== "", "Elija el año");
      need("cc_cvc", /^\d{3,4}$/.test(v.cc_cvc), "El CVV son los 3 o 4 dígitos del reverso");
    } else {
      need("detail", v.detail.length > 0, "Escriba qué se paga, por ejemplo «Dos noches, habitación doble»");
      need("email", v.email.length > 0, "Escriba el correo del pagador; allí recibe la referencia");
      need("phone", v.phone.length > 0, "Escriba el teléfono del pagador");
      need("fiscal_number", /^[A-Za-z0-9-]{4,20}$/.test(v.fiscal_number), v.fiscal_number ? "El número de documento no es válido" : "Escriba el número de documento");
      need("address", v.address.length > 0, "Escriba la dirección del pagador");
      if (v.tab === "bank") need("bank_code", v.bank_code !== "", "Elija el banco del pagador");
    }
  });
type Values = z.input<typeof takePaymentSchema>;

/** API field names -> this form's fields, so a rule from the server lands under its field. */
const FIELD_FOR: Record<string, keyof Values> = {
  hotel_id: "hotel_id",
  ref_name: "ref_name",
  ref_lastname: "ref_lastname",
  ref_number: "ref_number",
  detail: "detail",
  amount: "amount",
  tax_percent: "tax",
  service_percent: "service",
  email: "email",
  phone: "phone",
  fiscal_number: "fiscal_number",
  address: "address",
  response_url: "response_url",
  bank_code: "bank_code",
  cc_number: "cc_number",
  cc_holder: "cc_holder",
  cc_code: "cc_cvc",
};

export interface TakePaymentPrefill {
  hotel_id?: string;
  ref_name?: string;
  ref_lastname?: string;
  ref_number?: string;
  amount?: number | null;
  email?: string;
  phone?: string;
}

export function TakePayment({ hotels, clientIp, prefill = {} }: { hotels: { id: number; label: string }[]; clientIp: string; prefill?: TakePaymentPrefill }) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  const [busy, setBusy] = useState(false);
  const submission = useSubmissionKey();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [copied, setCopied] = useState(false);
  const form = useZodForm(takePaymentSchema, {
    defaultValues: {
      tab: "card",
      hotel_id: prefill.hotel_id ?? "",
      ref_name: prefill.ref_name ?? "",
      ref_lastname: prefill.ref_lastname ?? "",
      ref_number: prefill.ref_number ?? "",
      detail: "",
      amount: prefill.amount ?? null,
      // Hotel stays are charged with taxes included and not broken down unless the agent says so; the voucher
      // then shows no tax line, the same as for link and reservation payments.
      tax: 0,
      service: 0,
      email: prefill.email ?? "",
      phone: prefill.phone ?? "",
      fiscal_number: "",
      fiscal_number_type: "CC",
      user_type: "0",
      address: "",
      payment_type: "EFECTY",
      bank_code: "",
      response_url: "",
      cc_number: "",
      cc_holder: "",
      cc_month: "",
      cc_year: "",
      cc_cvc: "",
      installments: "1",
    },
  });
  const { register, control, handleSubmit, formState, setValue, reset } = form;
  const errors = formState.errors;
  const err = (k: keyof Values) => errors[k]?.message as string | undefined;
  const tab = useWatch({ control, name: "tab" }) as Tab;
  const [amount, tax, service] = useWatch({ control, name: ["amount", "tax", "service"] });

  const parts = useMemo(() => {
    const total = Math.round((amount ?? 0) * 100);
    const taxP = Number.isFinite(tax) ? Number(tax) / 100 : 0;
    const svcP = Number.isFinite(service) ? Number(service) / 100 : 0;
    if (!Number.isFinite(total) || total <= 0) return null;
    const base = Math.round(total / (1 + taxP + svcP));
    const taxC = Math.round(base * taxP);
    return { base: base / 100, tax: taxC / 100, service: (total - base - taxC) / 100, total: total / 100 };
  }, [amount, tax, service]);

  const years = useMemo(() => {
    const y = new Date().getFullYear();
    return Array.from({ length: 15 }, (_, i) => String(y + i));
  }, []);

  // One Idempotency-Key per submission: a retry of the same values (after a lost answer) reuses it.
  const idem = (values: unknown) => ({ "idempotency-key": submission.key(values) });

  const submit = handleSubmit(async (v) => {
    setBusy(true);
    setError(null);
    const order = (extra: Record<string, unknown>) => ({
      ref_name: v.ref_name,
      ref_lastname: v.ref_lastname,
      ref_number: v.ref_number,
      detail: v.detail,
      amount: v.amount,
      tax_percent: Math.round(v.tax) / 100,
      service_percent: Math.round(v.service) / 100,
      hotel_id: Number(v.hotel_id),
      email: v.email,
      phone: v.phone,
      fiscal_number: v.fiscal_number,
      ip: clientIp,
      ...extra,
    });
    try {
      if (v.tab === "card") {
        let enc: (s: string) => Promise<string>;
        try {
          enc = await cardEncryptor();
        } catch {
          setError(t("take.noCrypto"));
          return;
        }
        // The same encrypted card travels with the same key on a retry.
        const card_item = await submission.body(v, async () => ({
          cc_number: await enc(v.cc_number.replace(/\D/g, "")),
          cc_code: await enc(v.cc_cvc),
          cc_expire_month: await enc(v.cc_month),
          cc_expire_year: await enc(v.cc_year),
          cc_holder: await enc(v.cc_holder),
        }));
        const base = order({ installments: Number(v.installments) });
        const body = { order: Object.fromEntries(Object.entries(base).filter(([, x]) => x !== "")), card_item };
        try {
          const r = await apiFetch<{ voucher_url: string; transaction_id: string }>("/v2/virtual-terminal/credit-card", { body, headers: idem(v) });
          setResult({ kind: "approved", voucher: r.voucher_url, transactionId: r.transaction_id });
        } catch (e) {
          const b = e instanceof ApiError ? (e.body as { code?: unknown; detail?: string; extra_info?: { voucher_url?: string } }) : null;
          if (b && b.code === 0 && b.extra_info?.voucher_url) setResult({ kind: "declined", voucher: b.extra_info.voucher_url, reason: b.detail ?? "" });
          else throw e;
        }
        submission.done();
        (["cc_number", "cc_holder", "cc_month", "cc_year", "cc_cvc"] as const).forEach((k) => setValue(k, ""));
        setValue("installments", "1");
      } else {
        const responseUrl = v.response_url || `${window.location.origin}/checkout/done`;
        const common = { address: v.address, user_type: v.user_type, fiscal_number_type: v.fiscal_number_type, response_url: responseUrl };
        const r =
          v.tab === "cash"
            ? await apiFetch<{ transaction_id: string; checkout_url: string }>("/v2/apms/cash", { body: { order: order({}), cash: { ...common, payment_type: v.payment_type } }, headers: idem(v) })
            : await apiFetch<{ transaction_id: string; checkout_url: string }>("/v2/apms/bank-transfer", { body: { order: order({}), bank_transfer: { ...common, bank_code: v.bank_code } }, headers: idem(v) });
        submission.done();
        setResult({ kind: "order", checkoutUrl: r.checkout_url, transactionId: r.transaction_id });
      }
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) submission.done(); // answered: a retry is a new submission
      setError(applyApiError<Values>(e, (name, x) => form.setError(name, x), FIELD_FOR as Record<string, keyof Values>, {}, t("take.error")));
    } finally {
      setBusy(false);
    }
  });

  if (result) {
    const ok = result.kind !== "declined";
    return (
      <section className={`card max-w-2xl p-6 ${ok ? "" : "border-red-200"}`} role="status" data-testid="payment-result">
        <h2 className={`text-xl font-semibold ${ok ? "text-emerald-700" : "text-red-700"}`}>
          {result.kind === "approved" ? t("take.approved") : result.kind === "declined" ? t("take.declined") : t("take.orderCreated")}
        </h2>
        {result.kind === "declined" && <p className="mt-2 text-red-700 first-letter:uppercase">{result.reason}</p>}
        {result.kind === "approved" && parts && <p className="mt-2 text-lg font-semibold">{formatMoney(parts.total, "COP", locale)}</p>}
        {result.kind === "order" && (
          <>
            <p className="mt-2 text-sm text-slate-600">{t("take.orderHint")}</p>
            <code className="mt-3 block break-all rounded bg-slate-100 p-2 text-xs" data-testid="checkout-url">
              {result.checkoutUrl}
            </code>
          </>
        )}
        <div className="mt-5 flex flex-wrap gap-2">
          {result.kind !== "order" ? (
            <Link href={voucherPage(result.voucher)} className="btn-primary" data-testid="voucher-link">
              {t("take.viewVoucher")}
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
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              if (result.kind !== "declined") reset();
              setResult(null);
              setCopied(false);
            }}
          >
            {result.kind === "declined" ? t("take.retry") : t("take.another")}
          </button>
        </div>
      </section>
    );
  }

  const tabs: [Tab, string][] = [
    ["card", t("take.tabCard")],
    ["cash", t("take.tabCash")],
    ["bank", t("take.tabBank")],
  ];
  const apmTab = tab !== "card";
  const errorCount = Object.keys(errors).length;

  return (
    <form onSubmit={submit} noValidate className="grid max-w-5xl gap-6 lg:grid-cols-5" autoComplete="off" data-testid="take-payment">
      <div className="lg:col-span-5">
        <div role="tablist" className="inline-flex flex-wrap rounded-lg border border-slate-200 bg-white p-1 shadow-sm">
          {tabs.map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              onClick={() => {
                setValue("tab", k);
                form.clearErrors();
                setError(null);
              }}
              className={`rounded-md px-4 py-2 text-sm font-medium ${tab === k ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>

      <section className="card space-y-4 p-5 lg:col-span-3">
        <h2 className="font-semibold">{t("take.order")}</h2>
        <Field id="hotel" label={t("take.hotel")} error={err("hotel_id")}>
          <select {...fieldA11y("hotel", err("hotel_id"))} className="input" {...register("hotel_id")}>
            <option value="">{t("take.chooseHotel")}</option>
            {hotels.map((h) => (
              <option key={h.id} value={h.id}>
                {h.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="ref_name" label={t("take.refName")} error={err("ref_name")}>
            <input {...fieldA11y("ref_name", err("ref_name"))} className="input" {...register("ref_name")} />
          </Field>
          <Field id="ref_lastname" label={t("take.refLastname")} error={err("ref_lastname")}>
            <input {...fieldA11y("ref_lastname", err("ref_lastname"))} className="input" {...register("ref_lastname")} />
          </Field>
        </div>
        <Field id="ref_number" label={t("take.refNumber")} error={err("ref_number")} hint={t("take.refNumberHint")}>
          <input {...fieldA11y("ref_number", err("ref_number"), true)} className="input" maxLength={64} {...register("ref_number")} />
        </Field>
        <Field id="detail" label={t("take.detail")} error={err("detail")}>
          <input {...fieldA11y("detail", err("detail"))} className="input" maxLength={tab === "card" ? 99 : 255} {...register("detail")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="amount" label={t("take.amount")} error={err("amount")} className="sm:col-span-2">
            <Controller
              control={control}
              name="amount"
              render={({ field }) => (
                <MoneyInput {...fieldA11y("amount", err("amount"))} ref={field.ref} name={field.name} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(err("amount"))} placeholder="350.000" />
              )}
            />
          </Field>
          <Field id="tax" label={t("take.taxPercent")} error={err("tax")} hint={t("take.taxHint")}>
            <input {...fieldA11y("tax", err("tax"), true)} className="input" type="number" min={0} max={100} step={1} {...register("tax", { setValueAs: (x) => (x === "" ? 0 : Number(x)) })} />
          </Field>
          <Field id="service" label={t("take.servicePercent")} error={err("service")}>
            <input {...fieldA11y("service", err("service"))} className="input" type="number" min={0} max={100} step={1} {...register("service", { setValueAs: (x) => (x === "" ? 0 : Number(x)) })} />
          </Field>
        </div>
        {parts && (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm" data-testid="breakdown">
            <dt className="text-slate-600">{t("take.base")}</dt>
            <dd className="text-right">{formatMoney(parts.base, "COP", locale)}</dd>
            {parts.tax > 0 && (
              <>
                <dt className="text-slate-600">
                  {t("take.tax")} ({tax || 0} %)
                </dt>
                <dd className="text-right">{formatMoney(parts.tax, "COP", locale)}</dd>
              </>
            )}
            {parts.service > 0 && (
              <>
                <dt className="text-slate-600">
                  {t("take.service")} ({service || 0} %)
                </dt>
                <dd className="text-right">{formatMoney(parts.service, "COP", locale)}</dd>
              </>
            )}
            <dt className="font-semibold">{t("take.total")}</dt>
            <dd className="text-right font-semibold" data-testid="breakdown-total">
              {formatMoney(parts.total, "COP", locale)}
            </dd>
          </dl>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="email" label={t("take.email")} error={err("email")}>
            <input {...fieldA11y("email", err("email"))} className="input" type="email" inputMode="email" {...register("email")} />
          </Field>
          <Field id="phone" label={t("take.phone")} error={err("phone")}>
            <input {...fieldA11y("phone", err("phone"))} className="input" type="tel" placeholder="300 123 4567" {...register("phone")} />
          </Field>
        </div>
        {apmTab && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Select id="fiscal_number_type" label={t("take.documentType")} options={DOCUMENT_TYPES} {...register("fiscal_number_type")} />
            <Field id="fiscal_number" label={t("take.fiscalNumber")} error={err("fiscal_number")}>
              <input {...fieldA11y("fiscal_number", err("fiscal_number"))} className="input" inputMode="numeric" {...register("fiscal_number")} />
            </Field>
            <Select id="user_type" label={t("take.personType")} options={PERSON_TYPES} {...register("user_type")} />
            <Field id="address" label={t("take.address")} error={err("address")}>
              <input {...fieldA11y("address", err("address"))} className="input" {...register("address")} />
            </Field>
          </div>
        )}
      </section>

      <section className="card space-y-4 p-5 lg:col-span-2">
        {tab === "card" ? (
          <>
            <h2 className="font-semibold">{t("take.card")}</h2>
            <Field id="cc_number" label={t("take.cardNumber")} error={err("cc_number")}>
              <input
                {...fieldA11y("cc_number", err("cc_number"))}
                className="input font-mono"
                inputMode="numeric"
                autoComplete="off"
                placeholder="4242 4242 4242 4242"
                {...register("cc_number", { onChange: (e) => setValue("cc_number", String(e.target.value).replace(/[^\d ]/g, "").slice(0, 23)) })}
              />
            </Field>
            <Field id="cc_holder" label={t("take.holder")} error={err("cc_holder")}>
              <input {...fieldA11y("cc_holder", err("cc_holder"))} className="input" autoComplete="off" {...register("cc_holder")} />
            </Field>
            <div className="grid grid-cols-3 gap-3">
              <Field id="cc_month" label={t("take.month")} error={err("cc_month")}>
                <select {...fieldA11y("cc_month", err("cc_month"))} className="input" {...register("cc_month")}>
                  <option value="">MM</option>
                  {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0")).map((m) => (
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
            <Select id="installments" label={t("take.installments")} options={Array.from({ length: 36 }, (_, i) => ({ code: String(i + 1), name: String(i + 1) }))} {...register("installments")} />
            <p className="flex gap-2 rounded-md bg-emerald-50 p-3 text-xs text-emerald-800">
              <Icon name="key" className="h-4 w-4 shrink-0" />
              <span>{t("take.encrypted")}</span>
            </p>
            <p className="text-xs text-slate-600">{t("take.sandboxCards")}</p>
          </>
        ) : tab === "cash" ? (
          <>
            <h2 className="font-semibold">{t("take.tabCash")}</h2>
            <Select id="payment_type" label={t("take.cashMethod")} options={CASH_METHODS} {...register("payment_type")} />
            <Field id="response_url" label={t("take.responseUrl")} error={err("response_url")}>
              <input {...fieldA11y("response_url", err("response_url"))} className="input" type="url" placeholder="https://" {...register("response_url")} />
            </Field>
          </>
        ) : (
          <>
            <h2 className="font-semibold">{t("take.tabBank")}</h2>
            <Field id="bank_code" label={t("take.bank")} error={err("bank_code")}>
              <select {...fieldA11y("bank_code", err("bank_code"))} className="input" {...register("bank_code")}>
                <option value="">{t("take.chooseBank")}</option>
                {BANKS.map((x) => (
                  <option key={x.code} value={x.code}>
                    {x.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="response_url" label={t("take.responseUrl")} error={err("response_url")}>
              <input {...fieldA11y("response_url", err("response_url"))} className="input" type="url" placeholder="https://" {...register("response_url")} />
            </Field>
          </>
        )}
        {errorCount > 0 && formState.isSubmitted && (
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
          {busy ? t("take.working") : tab === "card" ? t("take.payCard", { amount: parts ? formatMoney(parts.total, "COP", locale) : "" }) : tab === "cash" ? t("take.createCash") : t("take.createBank")}
        </button>
      </section>
    </form>
  );
}

function Select({ id, label, options, ...rest }: { id: string; label: string; options: { code: string; name: string }[] } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" {...rest}>
        {options.map((x) => (
          <option key={x.code} value={x.code}>
            {x.name}
          </option>
        ))}
      </select>
    </div>
  );
}
