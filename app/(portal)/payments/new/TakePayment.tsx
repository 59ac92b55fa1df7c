"use client";
import { useMemo, useState } from "react";
import Link from "next/link";
import { apiFetch, ApiError, useSubmissionKey } from "@/lib/client/api";
import { cardEncryptor } from "@/lib/client/card-encryption";
import { useDict, useI18n } from "@/lib/i18n/client";
import { formatMoney } from "@/lib/format";
import { Icon } from "@/components/Icon";
import { paymentMessages } from "@/lib/payments/messages";
import { BANKS, CASH_METHODS, DOCUMENT_TYPES, PERSON_TYPES } from "@/lib/payments/lookups";

type Tab = "card" | "cash" | "bank";
type Result =
  | { kind: "approved"; voucher: string; transactionId: string }
  | { kind: "declined"; voucher: string; reason: string }
  | { kind: "order"; checkoutUrl: string; transactionId: string };

const toAmount = (s: string) => Number(s.trim().replace(",", "."));
const cents = (s: string) => Math.round(toAmount(s) * 100);
const voucherPage = (url: string) => url.replace(/^\/v2/, "");

export function TakePayment({ hotels, clientIp }: { hotels: { id: number; label: string }[]; clientIp: string }) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  const [tab, setTab] = useState<Tab>("card");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [copied, setCopied] = useState(false);

  const [o, setO] = useState({ hotel_id: "", ref_name: "", ref_lastname: "", ref_number: "", detail: "", amount: "", tax: "19", service: "0", email: "", phone: "", fiscal_number: "" });
  const [c, setC] = useState({ number: "", holder: "", month: "", year: "", cvc: "", installments: "1" });
  const [apm, setApm] = useState({ address: "", user_type: "0", fiscal_number_type: "CC", payment_type: "EFECTY", bank_code: "1007", response_url: "" });
  const set = <T,>(setter: React.Dispatch<React.SetStateAction<T>>) => (k: keyof T) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setter((prev) => ({ ...prev, [k]: e.target.value }));
  const so = set(setO);
  const sc = set(setC);
  const sa = set(setApm);

  const parts = useMemo(() => {
    const total = cents(o.amount || "0");
    const tax = Number(o.tax || 0) / 100;
    const svc = Number(o.service || 0) / 100;
    if (!Number.isFinite(total) || total <= 0) return null;
    const base = Math.round(total / (1 + tax + svc));
    const taxC = Math.round(base * tax);
    return { base: base / 100, tax: taxC / 100, service: (total - base - taxC) / 100, total: total / 100 };
  }, [o.amount, o.tax, o.service]);

  const years = useMemo(() => {
    const y = new Date().getFullYear();
    return Array.from({ length: 15 }, (_, i) => String(y + i));
  }, []);

  function order(extra: Record<string, unknown>) {
    return {
      ref_name: o.ref_name,
      ref_lastname: o.ref_lastname,
      ref_number: o.ref_number,
      detail: o.detail,
      amount: toAmount(o.amount),
      tax_percent: Math.round(Number(o.tax || 0)) / 100,
      service_percent: Math.round(Number(o.service || 0)) / 100,
      hotel_id: Number(o.hotel_id),
      email: o.email,
      phone: o.phone,
      fiscal_number: o.fiscal_number,
      ip: clientIp,
      ...extra,
    };
  }
  const submission = useSubmissionKey();
  // One key per submission: the same on a retry of unchanged values (issue 13), a new one after a success.
  const values = { tab, o, c, apm };
  const idem = () => ({ "idempotency-key": submission.key(values) });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (tab === "card") {
        let enc: (s: string) => Promise<string>;
        try {
          enc = await cardEncryptor();
        } catch {
          setError(t("take.noCrypto"));
          return;
        }
        const card_item = await submission.body(values, async () => ({
          cc_number: await enc(c.number.replace(/\D/g, "")),
          cc_code: await enc(c.cvc),
          cc_expire_month: await enc(c.month),
          cc_expire_year: await enc(c.year),
          cc_holder: await enc(c.holder),
        }));
        const base = order({ installments: Number(c.installments) });
        const body = {
          order: Object.fromEntries(Object.entries(base).filter(([, v]) => v !== "")),
          card_item,
        };
        try {
          const r = await apiFetch<{ voucher_url: string; transaction_id: string }>("/v2/virtual-terminal/credit-card", { body, headers: idem() });
          setResult({ kind: "approved", voucher: r.voucher_url, transactionId: r.transaction_id });
        } catch (err) {
          const b = err instanceof ApiError ? (err.body as { code?: unknown; detail?: string; extra_info?: { voucher_url?: string } }) : null;
          if (b && b.code === 0 && b.extra_info?.voucher_url) setResult({ kind: "declined", voucher: b.extra_info.voucher_url, reason: b.detail ?? "" });
          else throw err;
        }
        submission.done();
        setC({ number: "", holder: "", month: "", year: "", cvc: "", installments: "1" });
      } else {
        const responseUrl = apm.response_url || `${window.location.origin}/checkout/done`;
        const common = { address: apm.address, user_type: apm.user_type, fiscal_number_type: apm.fiscal_number_type, response_url: responseUrl };
        const r =
          tab === "cash"
            ? await apiFetch<{ transaction_id: string; checkout_url: string }>("/v2/apms/cash", { body: { order: order({}), cash: { ...common, payment_type: apm.payment_type } }, headers: idem() })
            : await apiFetch<{ transaction_id: string; checkout_url: string }>("/v2/apms/bank-transfer", { body: { order: order({}), bank_transfer: { ...common, bank_code: apm.bank_code } }, headers: idem() });
        submission.done();
        setResult({ kind: "order", checkoutUrl: r.checkout_url, transactionId: r.transaction_id });
      }
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done(); // answered: a retry is a new submission
      setError(err instanceof ApiError ? err.detail : t("take.error"));
    } finally {
      setBusy(false);
    }
  }

  if (result) {
    const ok = result.kind !== "declined";
    return (
      <section className={`card max-w-2xl p-6 ${ok ? "" : "border-red-200"}`} role="status" data-testid="payment-result">
        <h2 className={`text-xl font-semibold ${ok ? "text-emerald-700" : "text-red-700"}`}>
          {result.kind === "approved" ? t("take.approved") : result.kind === "declined" ? t("take.declined") : t("take.orderCreated")}
        </h2>
        {result.kind === "declined" && <p className="mt-2 text-red-700 first-letter:uppercase">{result.reason}</p>}
        {result.kind === "approved" && (
          <p className="mt-2 text-sm text-slate-500">
            {t("take.transaction")}: <span className="font-mono">{result.transactionId}</span>
          </p>
        )}
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
          <button type="button" className="btn-secondary" onClick={() => { setResult(null); setCopied(false); }}>
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

  return (
    <form onSubmit={submit} className="grid max-w-5xl gap-6 lg:grid-cols-5" autoComplete="off">
      <div className="lg:col-span-5">
        <div role="tablist" className="inline-flex flex-wrap rounded-lg border border-slate-200 bg-white p-1 shadow-sm">
          {tabs.map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              onClick={() => { setTab(k); setError(null); }}
              className={`rounded-md px-4 py-2 text-sm font-medium ${tab === k ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>

      <section className="card space-y-4 p-5 lg:col-span-3">
        <h2 className="font-semibold">{t("take.order")}</h2>
        <div>
          <label className="label" htmlFor="hotel">{t("take.hotel")}</label>
          <select id="hotel" className="input" required value={o.hotel_id} onChange={so("hotel_id")}>
            <option value="">{t("take.chooseHotel")}</option>
            {hotels.map((h) => (
              <option key={h.id} value={h.id}>{h.label}</option>
            ))}
          </select>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="ref_name" label={t("take.refName")} value={o.ref_name} onChange={so("ref_name")} required />
          <Field id="ref_lastname" label={t("take.refLastname")} value={o.ref_lastname} onChange={so("ref_lastname")} required />
        </div>
        <div>
          <Field id="ref_number" label={t("take.refNumber")} value={o.ref_number} onChange={so("ref_number")} required maxLength={64} />
          <p className="mt-1 text-xs text-slate-500">{t("take.refNumberHint")}</p>
        </div>
        <Field id="detail" label={t("take.detail")} value={o.detail} onChange={so("detail")} required={apmTab} maxLength={tab === "card" ? 99 : 255} />
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-3">
            <Field id="amount" label={t("take.amount")} value={o.amount} onChange={so("amount")} required inputMode="decimal" pattern="[0-9]+([.,][0-9]{1,2})?" />
          </div>
          <Field id="tax" label={t("take.taxPercent")} value={o.tax} onChange={so("tax")} type="number" min={0} max={100} step={1} />
          <Field id="service" label={t("take.servicePercent")} value={o.service} onChange={so("service")} type="number" min={0} max={100} step={1} />
        </div>
        {parts && (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm" data-testid="breakdown">
            <dt className="text-slate-500">{t("take.base")}</dt>
            <dd className="text-right">{formatMoney(parts.base, "COP", locale)}</dd>
            <dt className="text-slate-500">{t("take.tax")} ({o.tax || 0} %)</dt>
            <dd className="text-right">{formatMoney(parts.tax, "COP", locale)}</dd>
            <dt className="text-slate-500">{t("take.service")} ({o.service || 0} %)</dt>
            <dd className="text-right">{formatMoney(parts.service, "COP", locale)}</dd>
            <dt className="font-semibold">{t("take.total")}</dt>
            <dd className="text-right font-semibold">{formatMoney(parts.total, "COP", locale)}</dd>
          </dl>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="email" label={t("take.email")} value={o.email} onChange={so("email")} type="email" required={apmTab} />
          <Field id="phone" label={t("take.phone")} value={o.phone} onChange={so("phone")} type="tel" required={apmTab} />
        </div>
        {apmTab && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Select id="fiscal_number_type" label={t("take.documentType")} value={apm.fiscal_number_type} onChange={sa("fiscal_number_type")} options={DOCUMENT_TYPES} />
            <Field id="fiscal_number" label={t("take.fiscalNumber")} value={o.fiscal_number} onChange={so("fiscal_number")} required />
            <Select id="user_type" label={t("take.personType")} value={apm.user_type} onChange={sa("user_type")} options={PERSON_TYPES} />
            <Field id="address" label={t("take.address")} value={apm.address} onChange={sa("address")} required />
          </div>
        )}
      </section>

      <section className="card space-y-4 p-5 lg:col-span-2">
        {tab === "card" ? (
          <>
            <h2 className="font-semibold">{t("take.card")}</h2>
            <Field
              id="cc_number"
              label={t("take.cardNumber")}
              value={c.number}
              onChange={(e) => setC((p) => ({ ...p, number: e.target.value.replace(/[^\d ]/g, "").slice(0, 23) }))}
              required
              inputMode="numeric"
              autoComplete="off"
              placeholder="4242 4242 4242 4242"
            />
            <Field id="cc_holder" label={t("take.holder")} value={c.holder} onChange={sc("holder")} required autoComplete="off" />
            <div className="grid grid-cols-3 gap-3">
              <div>
                <label className="label" htmlFor="cc_month">{t("take.month")}</label>
                <select id="cc_month" className="input" required value={c.month} onChange={sc("month")}>
                  <option value="">MM</option>
                  {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0")).map((m) => (
                    <option key={m} value={m}>{m}</option>
                  ))}
                </select>
              </div>
              <div>
                <label className="label" htmlFor="cc_year">{t("take.year")}</label>
                <select id="cc_year" className="input" required value={c.year} onChange={sc("year")}>
                  <option value="">AAAA</option>
                  {years.map((y) => (
                    <option key={y} value={y}>{y}</option>
                  ))}
                </select>
              </div>
              <Field id="cc_cvc" label={t("take.cvc")} value={c.cvc} onChange={sc("cvc")} required inputMode="numeric" maxLength={4} pattern="[0-9]{3,4}" autoComplete="off" />
            </div>
            <div>
              <label className="label" htmlFor="installments">{t("take.installments")}</label>
              <select id="installments" className="input" value={c.installments} onChange={sc("installments")}>
                {Array.from({ length: 36 }, (_, i) => String(i + 1)).map((n) => (
                  <option key={n} value={n}>{n}</option>
                ))}
              </select>
            </div>
            <p className="flex gap-2 rounded-md bg-emerald-50 p-3 text-xs text-emerald-800">
              <Icon name="key" className="h-4 w-4 shrink-0" />
              <span>{t("take.encrypted")}</span>
            </p>
            <p className="text-xs text-slate-500">{t("take.sandboxCards")}</p>
          </>
        ) : tab === "cash" ? (
          <>
            <h2 className="font-semibold">{t("take.tabCash")}</h2>
            <Select id="payment_type" label={t("take.cashMethod")} value={apm.payment_type} onChange={sa("payment_type")} options={CASH_METHODS} />
            <Field id="response_url" label={t("take.responseUrl")} value={apm.response_url} onChange={sa("response_url")} type="url" placeholder="https://" />
          </>
        ) : (
          <>
            <h2 className="font-semibold">{t("take.tabBank")}</h2>
            <Select id="bank_code" label={t("take.bank")} value={apm.bank_code} onChange={sa("bank_code")} options={BANKS} />
            <Field id="response_url" label={t("take.responseUrl")} value={apm.response_url} onChange={sa("response_url")} type="url" placeholder="https://" />
          </>
        )}
        {error && (
          <p className="rounded-md bg-red-50 p-3 text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy
            ? t("take.working")
            : tab === "card"
              ? t("take.payCard", { amount: parts ? formatMoney(parts.total, "COP", locale) : "" })
              : tab === "cash"
                ? t("take.createCash")
                : t("take.createBank")}
        </button>
      </section>
    </form>
  );
}

function Field({ id, label, ...rest }: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label className="label" htmlFor={id}>{label}</label>
      <input id={id} className="input" {...rest} />
    </div>
  );
}

function Select({ id, label, options, ...rest }: { id: string; label: string; options: { code: string; name: string }[] } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div>
      <label className="label" htmlFor={id}>{label}</label>
      <select id={id} className="input" {...rest}>
        {options.map((x) => (
          <option key={x.code} value={x.code}>{x.name}</option>
        ))}
      </select>
    </div>
  );
}
