"use client";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { luhnValid } from "@/lib/money/card-validation";
import type { MethodResponse } from "openapi-fetch";
import { api, ok, ApiError, useSubmissionKey } from "@/lib/client/api";
import { encryptCardItem } from "@/app/_client/card-encryption";
import { useDict, useI18n } from "@/lib/i18n/client";
import { useNow } from "@/app/_client/use-now";
import { payMessages } from "@/lib/links/pay-messages";
import { formatDateTime, formatMoney, formatPhone } from "@/lib/format";
import { Field, apiErrorText, fieldA11y, useZodForm } from "@/components/Form";
import { CardNumberInput } from "@/components/CardNumberInput";
import { LiveRegion } from "@/components/LiveRegion";
import { TabList, tabPanelProps } from "@/components/Tabs";
import { CARD_INSTALLMENTS, CARD_MONTHS, cardYears } from "@/components/card-options";

type Lookup = { code: string; name: string };
type Tab = "card" | "cash" | "bank" | "nequi";
/** A Nequi payment waiting for the guest's answer in the app. */
type NequiWait = { transactionId: string; phone: string };
/** The answer as the typed client gives it (its `data`; ApiAnswer would keep the pending answer's null-only fields, which the client drops). */
type PayAnswer = MethodResponse<typeof api, "post", "/v2/links/{code}/pay">;
/** A card payment's answer: approved or declined with a voucher, or pending while the gateway confirms. */
type CardResult = Extract<PayAnswer, { status: string }>;
/** What the guest's bank said when PSE sent them back here (`?status=`). */
export type ReturnStatus = "rejected" | "pending" | null;

const thisYear = new Date().getFullYear();
const cardSchema = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/\D/g, ""))
    .refine((d) => d.length > 0, "Escriba el número de la tarjeta")
    .refine((d) => d.length === 0 || (d.length >= 13 && d.length <= 19 && luhnValid(d)), "El número de tarjeta no es válido; revíselo"),
  holder: z.string().trim().min(1, "Escriba el nombre como aparece en la tarjeta").max(100, "Máximo 100 caracteres"),
  month: z.string().trim().regex(/^(0?[1-9]|1[0-2])$/, "Elija el mes"),
  year: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "Elija el año")
    .refine((y) => Number(y) >= thisYear && Number(y) <= thisYear + 25, "La tarjeta está vencida o el año no es válido"),
  cvc: z.string().trim().regex(/^\d{3,4}$/, "El CVV son los 3 o 4 dígitos del reverso"),
  installments: z.string(),
});
const apmSchema = z.object({
  tab: z.enum(["cash", "bank"]),
  payment_type: z.string(),
  bank_code: z.string(),
  fiscal_number_type: z.string(),
  fiscal_number: z.string().trim().regex(/^[A-Za-z0-9-]{4,20}$/, "Escriba su número de documento, sin puntos"),
  user_type: z.string(),
  address: z.string().trim().min(1, "Escriba su dirección").max(200, "Máximo 200 caracteres"),
}).superRefine((v, ctx) => {
  if (v.tab === "bank" && v.bank_code === "") ctx.addIssue({ code: "custom", path: ["bank_code"], message: "Elija el banco desde el que va a pagar" });
});

// The guest's Nequi number: spaces and dashes are forgiven, +57 too; what is sent is the 10 digits starting with 3.
const nequiSchema = z.object({
  phone: z
    .string()
    .transform((s) => s.replace(/[\s().-]/g, "").replace(/^\+?57(?=3\d{9}$)/, ""))
    .refine((d) => d.length > 0, "Escriba su celular Nequi")
    .refine((d) => d.length === 0 || /^3\d{9}$/.test(d), "Escriba su celular Nequi: 10 dígitos que empiezan por 3, p. ej. 300 123 4567"),
});
/** How often the page asks what became of a Nequi payment while the guest decides in the app. */
const NEQUI_POLL_MS = 2000;

function LookupSelect({ id, label, options, error, placeholder, ...rest }: { id: string; label: string; options: Lookup[]; error?: string; placeholder?: string } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field id={id} label={label} error={error}>
      <select {...fieldA11y(id, error)} className="input" {...rest}>
        {placeholder && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function TimeLeft({ expiresAt }: { expiresAt: string }) {
  const t = useDict(payMessages);
  const { locale } = useI18n();
  const now = useNow(30_000);
  const ms = now === null ? null : new Date(expiresAt).getTime() - now;
  let text = t("expiresAt", { date: formatDateTime(expiresAt, locale) });
  if (ms !== null && ms > 0) {
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor((ms % 3_600_000) / 60_000);
    text = t("timeLeft", { time: h > 0 ? `${h} h ${m} min` : `${m} min` });
  }
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="time-left">
      {text}
    </p>
  );
}

export function PayForm(props: {
  code: string;
  amount: number;
  currency: string;
  expiresAt: string;
  returned: ReturnStatus;
  pending?: React.ReactNode;
  /** A Nequi payment of this link still waiting for the guest (the page was reloaded): wait for it, never ask again. */
  nequiPending?: NequiWait | null;
  banks: Lookup[];
  cashMethods: Lookup[];
  documentTypes: Lookup[];
  personTypes: Lookup[];
}) {
  const t = useDict(payMessages);
  const { locale } = useI18n();
  // Back from PSE: the PSE tab, with what happened.
  const [tab, setTab] = useState<Tab>(props.returned ? "bank" : props.nequiPending ? "nequi" : "card");
  const [waiting, setWaiting] = useState<NequiWait | null>(props.nequiPending ?? null);
  const [returned, setReturned] = useState<ReturnStatus>(props.returned);
  const [busy, setBusy] = useState(false);
  const submission = useSubmissionKey();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CardResult | null>(null);
  // What screen readers are told: written into a live region that is on the page from the start.
  const [announce, setAnnounce] = useState("");
  const retrying = useRef(false);
  const retryRef = useRef<HTMLButtonElement | null>(null);
  const resultRef = useRef<HTMLDivElement | null>(null);
  const errorRef = useRef<HTMLParagraphElement | null>(null);
  useEffect(() => {
    // After a decline the focus goes to "Intentar de nuevo"; after an approval or an error, to the message.
    if (result && result.status !== "approved" && result.status !== "pending") retryRef.current?.focus();
    else if (result) resultRef.current?.focus();
    else if (error) errorRef.current?.focus();
    else if (retrying.current) document.getElementById("number")?.focus();
    retrying.current = false;
  }, [result, error]);
  const amount = formatMoney(props.amount, props.currency, locale);
  const card = useZodForm(cardSchema, { defaultValues: { number: "", holder: "", month: "", year: "", cvc: "", installments: "1" } });
  const apm = useZodForm(apmSchema, { defaultValues: { tab: "bank", payment_type: props.cashMethods[0]?.code ?? "", bank_code: "", fiscal_number_type: "CC", fiscal_number: "", user_type: props.personTypes[0]?.code ?? "", address: "" } });
  const nequi = useZodForm(nequiSchema, { defaultValues: { phone: "" } });
  const ce = card.formState.errors;
  const ae = apm.formState.errors;
  const ne = nequi.formState.errors;

  const path = { code: props.code };
  /** A card answer is shown (or followed to the agency's redirect); a cash or PSE order opens its checkout page. */
  function settle(r: PayAnswer) {
    if ("checkout_url" in r) return window.location.assign(r.checkout_url);
    setResult(r);
    setAnnounce(
      r.status === "approved" ? `${t("approved")} ${t("approvedHint")}` : r.status === "pending" ? `${t("cardPending")} ${t("cardPendingHint")}` : `${t("declined")} ${r.detail ?? t("declinedHint")}`,
    );
    if (r.status !== "pending" && r.redirect_url) window.location.assign(r.redirect_url);
  }

  const payCard = card.handleSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      // One key per submission; a retry of the same card sends the same key and the same encrypted card.
      const card_item = await submission.body(v, () => encryptCardItem({ number: v.number, cvc: v.cvc, month: v.month.padStart(2, "0"), year: v.year, holder: v.holder }));
      const r = await ok(
        api.POST("/v2/links/{code}/pay", {
          params: { path, header: { "Idempotency-Key": submission.key(v) } },
          body: { method: "card", card_item, installments: Number(v.installments || 1) },
        }),
      );
      submission.done();
      settle(r);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done(); // answered: a retry is a new submission
      setError(apiErrorText(err));
      setAnnounce(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  });

  const payNequi = nequi.handleSubmit(async (v) => {
    const body = { method: "nequi" as const, payment_method: { type: "NEQUI" as const, phone_number: v.phone } };
    setBusy(true);
    setError(null);
    try {
      const r = await ok(api.POST("/v2/links/{code}/pay", { params: { path, header: { "Idempotency-Key": submission.key(body) } }, body }));
      submission.done();
      if ("status" in r && r.status === "pending") {
        setWaiting({ transactionId: r.transaction_id, phone: v.phone });
        setAnnounce(`${t("nequi.waiting")} ${t("nequi.waitingHint", { phone: formatPhone(v.phone), amount })}`);
      } else settle(r);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done();
      setError(apiErrorText(err));
      setAnnounce(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  });

  // While the guest decides in the Nequi app, the page asks for the outcome every NEQUI_POLL_MS; the answer is
  // shown and announced like a card's. A lost answer (network) is asked again; the payment is never sent twice.
  const settleRef = useRef(settle);
  useEffect(() => {
    settleRef.current = settle;
  });
  useEffect(() => {
    if (!waiting) return;
    resultRef.current?.focus();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const res = await api.GET("/v2/links/{code}/payments/{transaction_id}", { params: { path: { code: props.code, transaction_id: waiting.transactionId } } });
        if (stopped) return;
        if (res.data && "status" in res.data && res.data.status !== "pending") {
          setWaiting(null);
          settleRef.current(res.data as PayAnswer);
          return;
        }
        if (res.response.status === 404) {
          setWaiting(null);
          const body = res.error as { detail?: string } | undefined;
          setError(apiErrorText(new ApiError(404, body?.detail ?? "", body)));
          return;
        }
      } catch {
        // No answer this time: asked again below.
      }
      if (!stopped) timer = setTimeout(poll, NEQUI_POLL_MS);
    };
    timer = setTimeout(poll, NEQUI_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, props.code]);

  const payApm = apm.handleSubmit(async (v) => {
    const payer = { fiscal_number: v.fiscal_number, fiscal_number_type: v.fiscal_number_type, user_type: v.user_type, address: v.address };
    const body = tab === "cash" ? { method: "cash" as const, payment_type: v.payment_type, payer } : { method: "bank_transfer" as const, bank_code: v.bank_code, payer };
    setBusy(true);
    setError(null);
    try {
      const r = await ok(api.POST("/v2/links/{code}/pay", { params: { path, header: { "Idempotency-Key": submission.key(body) } }, body }));
      submission.done();
      settle(r);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done();
      setError(apiErrorText(err));
      setAnnounce(apiErrorText(err));
      setBusy(false);
    }
  });

  let content: React.ReactNode;
  if (waiting) {
    content = (
      <div className="space-y-4">
        <div className="rounded-lg border border-fuchsia-200 bg-fuchsia-50 p-4 text-fuchsia-950 outline-none" ref={resultRef} tabIndex={-1} aria-busy="true" data-testid="nequi-waiting">
          <div className="flex items-center gap-3">
            <span className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-fuchsia-300 border-t-fuchsia-700" aria-hidden="true" />
            <p className="text-lg font-semibold">{t("nequi.waiting")}</p>
          </div>
          <p className="mt-2 text-sm">{t("nequi.waitingHint", { phone: formatPhone(waiting.phone), amount })}</p>
          <button type="button" className="btn-primary mt-4 w-full py-3 text-base" disabled data-testid="nequi-submit">
            {t("nequi.checking")}
          </button>
        </div>
        <TimeLeft expiresAt={props.expiresAt} />
        <p className="text-center text-xs text-slate-600">{t("nequi.secure")}</p>
      </div>
    );
  } else if (result?.status === "pending") {
    content = (
      <div className="space-y-4">
        <div className="rounded-lg bg-amber-50 p-4 text-amber-900 outline-none" ref={resultRef} tabIndex={-1} data-testid="pay-result">
          <p className="text-lg font-semibold">{t("cardPending")}</p>
          <p className="text-sm">{t("cardPendingHint")}</p>
        </div>
        <p className="text-center text-xs text-slate-600">{t("secureGeneric")}</p>
      </div>
    );
  } else if (result && !result.redirect_url) {
    const approved = result.status === "approved";
    content = (
      <div className="space-y-4">
        <div className={`rounded-lg p-4 outline-none ${approved ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`} ref={resultRef} tabIndex={-1} data-testid="pay-result">
          <p className="text-lg font-semibold">{approved ? t("approved") : t("declined")}</p>
          <p className="text-sm first-letter:uppercase">{approved ? t("approvedHint") : (result.detail ?? t("declinedHint"))}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            {/* A receipt is for a payment that happened; after a decline the guest needs another try, not a voucher. */}
            {approved ? (
              <a className="font-medium text-brand-700 underline" href={result.voucher_url.replace(/^\/v2/, "")}>
                {t("voucher")}
              </a>
            ) : (
              <button
                type="button"
                className="btn-primary"
                ref={retryRef}
                onClick={() => {
                  retrying.current = true;
                  setResult(null);
                  setAnnounce("");
                }}
              >
                {t("tryAgain")}
              </button>
            )}
          </div>
        </div>
        {!approved && <TimeLeft expiresAt={props.expiresAt} />}
        <p className="text-center text-xs text-slate-600">{t("secureGeneric")}</p>
      </div>
    );
  } else if (result) content = <p className="text-sm text-slate-600">{t("redirecting")}</p>;
  else content = renderForms();

  return (
    <div>
      <LiveRegion message={announce} testId="pay-live" />
      {content}
    </div>
  );

  function renderForms() {
  const cardErrors = Object.keys(ce).length;
  const apmErrors = Object.keys(ae).length;
  const nequiErrors = Object.keys(ne).length;

  return (
    <div className="space-y-4">
      <TimeLeft expiresAt={props.expiresAt} />
      {props.pending}
      <TabList
        tabs={(["card", "cash", "bank", "nequi"] as const).map((k) => ({ key: k, label: t(`tabs.${k}`) }))}
        selected={tab}
        label={t("tabsLabel")}
        idPrefix="pay"
        className="grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1"
        onSelect={(k) => {
          setTab(k);
          setError(null);
          if (k === "cash" || k === "bank") apm.setValue("tab", k);
          if (k !== "bank") setReturned(null);
        }}
      />

      {tab === "bank" && returned && (
        <div className={`rounded-md border p-3 text-sm ${returned === "rejected" ? "border-red-200 bg-red-50 text-red-800" : "border-amber-200 bg-amber-50 text-amber-900"}`} role="alert" data-testid="pse-return">
          <p className="font-semibold">{returned === "rejected" ? t("pseRejected") : t("psePending")}</p>
          <p>{returned === "rejected" ? t("pseRejectedHint") : t("psePendingHint")}</p>
        </div>
      )}

      {tab === "nequi" ? (
        <form onSubmit={payNequi} noValidate className="space-y-3" data-testid="nequi-form" {...tabPanelProps("pay", tab)}>
          <Field id="nequi_phone" label={t("nequi.phone")} error={ne.phone?.message} hint={t("nequi.phoneHint")}>
            <input {...fieldA11y("nequi_phone", ne.phone?.message, true)} type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={16} placeholder="300 123 4567" className="input" {...nequi.register("phone")} />
          </Field>
          {nequiErrors > 0 && nequi.formState.isSubmitted && (
            <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="form-errors">
              {nequiErrors === 1 ? t("fixOne") : t("fixMany", { n: nequiErrors })}
            </p>
          )}
          {error && (
            <p ref={errorRef} tabIndex={-1} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 outline-none" data-testid="pay-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy} data-testid="nequi-submit">
            {busy ? t("paying") : t("nequi.go", { amount })}
          </button>
          <p className="text-center text-xs text-slate-600" data-testid="pay-footer">
            {t("nequi.secure")}
          </p>
        </form>
      ) : tab === "card" ? (
        <form onSubmit={payCard} noValidate className="space-y-3" data-testid="card-form" {...tabPanelProps("pay", tab)}>
          <Field id="number" label={t("card.number")} error={ce.number?.message}>
            <CardNumberInput {...fieldA11y("number", ce.number?.message)} placeholder="4242 4242 4242 4242" watched={card.watch("number")} {...card.register("number")} />
          </Field>
          <Field id="holder" label={t("card.holder")} error={ce.holder?.message}>
            <input {...fieldA11y("holder", ce.holder?.message)} autoComplete="cc-name" className="input" {...card.register("holder")} />
          </Field>
          <div className="grid grid-cols-3 gap-3">
            <Field id="month" label={t("card.month")} error={ce.month?.message}>
              <select {...fieldA11y("month", ce.month?.message)} autoComplete="cc-exp-month" className="input" {...card.register("month")}>
                <option value="">MM</option>
                {CARD_MONTHS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="year" label={t("card.year")} error={ce.year?.message}>
              <select {...fieldA11y("year", ce.year?.message)} autoComplete="cc-exp-year" className="input" {...card.register("year")}>
                <option value="">AAAA</option>
                {cardYears().map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="cvc" label={t("card.cvc")} error={ce.cvc?.message}>
              <input {...fieldA11y("cvc", ce.cvc?.message)} inputMode="numeric" maxLength={4} autoComplete="cc-csc" className="input" {...card.register("cvc")} />
            </Field>
          </div>
          <Field id="installments" label={t("card.installments")}>
            <select id="installments" className="input" {...card.register("installments")}>
              {CARD_INSTALLMENTS.map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </Field>
          {cardErrors > 0 && card.formState.isSubmitted && (
            <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="form-errors">
              {cardErrors === 1 ? t("fixOne") : t("fixMany", { n: cardErrors })}
            </p>
          )}
          {error && (
            <p ref={errorRef} tabIndex={-1} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 outline-none" data-testid="pay-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
            {busy ? t("paying") : t("card.pay", { amount })}
          </button>
          <p className="text-center text-xs text-slate-600" data-testid="pay-footer">
            {t("secure")}
          </p>
        </form>
      ) : (
        <form onSubmit={payApm} noValidate className="space-y-3" data-testid="apm-form" {...tabPanelProps("pay", tab)}>
          {tab === "cash" ? (
            <LookupSelect id="payment_type" label={t("apm.network")} options={props.cashMethods} {...apm.register("payment_type")} />
          ) : (
            <LookupSelect id="bank_code" label={t("apm.bank")} options={props.banks} placeholder={t("chooseBank")} error={ae.bank_code?.message} {...apm.register("bank_code")} />
          )}
          <div className="grid grid-cols-2 gap-3">
            <LookupSelect id="fiscal_number_type" label={t("apm.docType")} options={props.documentTypes} {...apm.register("fiscal_number_type")} />
            <Field id="fiscal_number" label={t("apm.docNumber")} error={ae.fiscal_number?.message}>
              <input {...fieldA11y("fiscal_number", ae.fiscal_number?.message)} inputMode="numeric" className="input" {...apm.register("fiscal_number")} />
            </Field>
          </div>
          <LookupSelect id="user_type" label={t("apm.personType")} options={props.personTypes} {...apm.register("user_type")} />
          <Field id="address" label={t("apm.address")} error={ae.address?.message}>
            <input {...fieldA11y("address", ae.address?.message)} maxLength={200} className="input" autoComplete="street-address" {...apm.register("address")} />
          </Field>
          {apmErrors > 0 && apm.formState.isSubmitted && (
            <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="form-errors">
              {apmErrors === 1 ? t("fixOne") : t("fixMany", { n: apmErrors })}
            </p>
          )}
          {error && (
            <p ref={errorRef} tabIndex={-1} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 outline-none" data-testid="pay-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
            {busy ? t("paying") : tab === "cash" ? t("apm.cashGo") : t("apm.bankGo")}
          </button>
          <p className="text-center text-xs text-slate-600" data-testid="pay-footer">
            {tab === "bank" ? t("secureBank") : t("secureCash")}
          </p>
        </form>
      )}
    </div>
  );
  }
}
