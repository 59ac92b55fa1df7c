"use client";
import { useEffect, useState } from "react";
import { apiFetch, ApiError, useSubmissionKey } from "@/lib/client/api";
import { encryptCardItem } from "@/lib/client/card-encryption";
import { useDict, useI18n } from "@/lib/i18n/client";
import { payMessages } from "@/lib/links/pay-messages";
import { formatDateTime, formatMoney } from "@/lib/format";

type Lookup = { code: string; name: string };
type Tab = "card" | "cash" | "bank";
type CardResult = { status: "approved" | "declined"; voucher_url: string; redirect_url: string | null; detail?: string };

function LookupSelect({ name, label, options, defaultValue }: { name: string; label: string; options: Lookup[]; defaultValue?: string }) {
  return (
    <div>
      <label className="label" htmlFor={name}>
        {label}
      </label>
      <select id={name} name={name} className="input" defaultValue={defaultValue}>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TimeLeft({ expiresAt }: { expiresAt: string }) {
  const t = useDict(payMessages);
  const { locale } = useI18n();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, 30_000);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, []);
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

export function PayForm(props: { code: string; amount: number; currency: string; banks: Lookup[]; cashMethods: Lookup[]; documentTypes: Lookup[]; personTypes: Lookup[] }) {
  const t = useDict(payMessages);
  const { locale } = useI18n();
  const [tab, setTab] = useState<Tab>("card");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const [result, setResult] = useState<CardResult | null>(null);
  const amount = formatMoney(props.amount, props.currency, locale);

  async function payCard(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "");
    setBusy(true);
    setError(null);
    try {
      const card = { number: s("number"), cvc: s("cvc"), month: s("month"), year: s("year"), holder: s("holder"), installments: s("installments") };
      const card_item = await submission.body(card, () => encryptCardItem(card));
      const r = await apiFetch<CardResult>(`/v2/links/${props.code}/pay`, {
        method: "POST",
        body: { method: "card", card_item, installments: Number(s("installments") || 1) },
        headers: { "idempotency-key": submission.key(card) },
      });
      submission.done();
      if (r.redirect_url) {
        setResult(r);
        window.location.assign(r.redirect_url);
        return;
      }
      setResult(r);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done(); // answered: a retry is a new submission
      setError(err instanceof ApiError ? err.detail : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function payApm(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    const payer = { fiscal_number: s("fiscal_number"), fiscal_number_type: s("fiscal_number_type"), user_type: s("user_type"), address: s("address") };
    const body = tab === "cash" ? { method: "cash", payment_type: s("payment_type"), payer } : { method: "bank_transfer", bank_code: s("bank_code"), payer };
    setBusy(true);
    setError(null);
    try {
      const r = await apiFetch<{ checkout_url: string }>(`/v2/links/${props.code}/pay`, { method: "POST", body, headers: { "idempotency-key": submission.key(body) } });
      submission.done();
      window.location.assign(r.checkout_url);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done(); // answered: a retry is a new submission
      setError(err instanceof ApiError ? err.detail : String(err));
      setBusy(false);
    }
  }

  if (result && !result.redirect_url) {
    const ok = result.status === "approved";
    return (
      <div className={`rounded-lg p-4 ${ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`} role="status" data-testid="pay-result">
        <p className="text-lg font-semibold">{ok ? t("approved") : t("declined")}</p>
        <p className="text-sm">{ok ? t("approvedHint") : (result.detail ?? t("declinedHint"))}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <a className="font-medium text-brand-700 underline" href={result.voucher_url.replace(/^\/v2/, "")}>
            {t("voucher")}
          </a>
          {!ok && (
            <button type="button" className="font-medium text-brand-700 underline" onClick={() => setResult(null)}>
              {t("tryAgain")}
            </button>
          )}
        </div>
      </div>
    );
  }
  if (result) return <p className="text-sm text-slate-600">{t("redirecting")}</p>;

  const docFields = (
    <>
      <div className="grid grid-cols-2 gap-3">
        <LookupSelect name="fiscal_number_type" label={t("apm.docType")} options={props.documentTypes} defaultValue="CC" />
        <div>
          <label className="label" htmlFor="fiscal_number">{t("apm.docNumber")}</label>
          <input id="fiscal_number" name="fiscal_number" required inputMode="numeric" className="input" />
        </div>
      </div>
      <LookupSelect name="user_type" label={t("apm.personType")} options={props.personTypes} />
      <div>
        <label className="label" htmlFor="address">{t("apm.address")}</label>
        <input id="address" name="address" required maxLength={200} className="input" autoComplete="street-address" />
      </div>
    </>
  );

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1" role="tablist">
        {(["card", "cash", "bank"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => {
              setTab(k);
              setError(null);
            }}
            className={`rounded-md px-3 py-2 text-sm font-medium ${tab === k ? "bg-white text-brand-700 shadow-sm" : "text-slate-600"}`}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>

      {tab === "card" ? (
        <form onSubmit={payCard} className="space-y-3" data-testid="card-form">
          <div>
            <label className="label" htmlFor="number">{t("card.number")}</label>
            <input id="number" name="number" required inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" className="input font-mono" />
          </div>
          <div>
            <label className="label" htmlFor="holder">{t("card.holder")}</label>
            <input id="holder" name="holder" required autoComplete="cc-name" className="input" />
          </div>
          <div className="grid grid-cols-3 gap-3">
            <div>
              <label className="label" htmlFor="month">{t("card.month")}</label>
              <input id="month" name="month" required inputMode="numeric" maxLength={2} placeholder="12" autoComplete="cc-exp-month" className="input" />
            </div>
            <div>
              <label className="label" htmlFor="year">{t("card.year")}</label>
              <input id="year" name="year" required inputMode="numeric" maxLength={4} placeholder="2029" autoComplete="cc-exp-year" className="input" />
            </div>
            <div>
              <label className="label" htmlFor="cvc">{t("card.cvc")}</label>
              <input id="cvc" name="cvc" required inputMode="numeric" maxLength={4} autoComplete="cc-csc" className="input" />
            </div>
          </div>
          <div>
            <label className="label" htmlFor="installments">{t("card.installments")}</label>
            <select id="installments" name="installments" className="input" defaultValue="1">
              {[1, 2, 3, 6, 12, 24, 36].map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </div>
          {error && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
            {busy ? t("paying") : t("card.pay", { amount })}
          </button>
        </form>
      ) : (
        <form onSubmit={payApm} className="space-y-3" data-testid="apm-form">
          {tab === "cash" ? (
            <LookupSelect name="payment_type" label={t("apm.network")} options={props.cashMethods} />
          ) : (
            <LookupSelect name="bank_code" label={t("apm.bank")} options={props.banks} />
          )}
          {docFields}
          {error && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
            {busy ? t("paying") : tab === "cash" ? t("apm.cashGo") : t("apm.bankGo")}
          </button>
        </form>
      )}
    </div>
  );
}
