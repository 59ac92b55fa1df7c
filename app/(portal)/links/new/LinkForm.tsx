"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { apiFetch, ApiError, useSubmissionKey } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { linkMessages } from "@/lib/links/messages";

export interface LinkPrefill {
  agencyId: number;
  reservationCode?: string;
  hotelId?: number;
  guestName?: string;
  email?: string;
  phone?: string;
  amount?: string;
  description?: string;
  from?: string;
  to?: string;
}

export function LinkForm({ hotels, agencies, prefill }: { hotels: Array<{ id: number; name: string; cityLabel: string }>; agencies: Array<{ id: number; name: string }>; prefill: LinkPrefill }) {
  const t = useDict(linkMessages);
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const byCity = hotels.reduce<Record<string, typeof hotels>>((acc, h) => ({ ...acc, [h.cityLabel]: [...(acc[h.cityLabel] ?? []), h] }), {});

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    const from = s("from");
    const to = s("to");
    const body: Record<string, unknown> = {
      agency_id: Number(s("agency_id") || prefill.agencyId),
      hotel_id: Number(s("hotel_id")),
      guest_name: s("guest_name"),
      email: s("email"),
      phone: s("phone"),
      amount: s("amount").replace(/,/g, "."),
      description: s("description"),
      available_hours: Number(s("available_hours")),
    };
    if (from || to) body.booking_dates = `${from} - ${to}`;
    if (prefill.reservationCode) body.reservation_code = prefill.reservationCode;
    if (s("external_ref_id")) body.external_ref_id = s("external_ref_id");
    if (s("temp_webhook_url")) body.temp_webhook_url = s("temp_webhook_url");
    const redirect: Record<string, string> = {};
    if (s("success_url")) redirect.success_url = s("success_url");
    if (s("failure_url")) redirect.failure_url = s("failure_url");
    if (Object.keys(redirect).length) body.redirect = redirect;
    setBusy(true);
    setError(null);
    try {
      const r = await apiFetch<{ code: string }>("/v2/links/schedule", { method: "POST", body, headers: { "idempotency-key": submission.key(body) } });
      submission.done();
      router.push(`/links/${r.code}?nuevo=1`);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done(); // answered: a retry is a new submission
      setError(err instanceof ApiError ? err.detail : String(err));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="card max-w-3xl space-y-5 p-6" data-testid="link-form">
      {agencies.length > 0 && (
        <div>
          <label className="label" htmlFor="agency_id">Agencia</label>
          <select id="agency_id" name="agency_id" className="input" defaultValue={prefill.agencyId}>
            {agencies.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label className="label" htmlFor="hotel_id">{t("form.hotel")}</label>
        <select id="hotel_id" name="hotel_id" required className="input" defaultValue={prefill.hotelId ?? ""}>
          <option value="" disabled>
            {t("form.chooseHotel")}
          </option>
          {Object.entries(byCity).map(([city, list]) => (
            <optgroup key={city} label={city}>
              {list.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label className="label" htmlFor="guest_name">{t("form.guest")}</label>
          <input id="guest_name" name="guest_name" required maxLength={150} className="input" defaultValue={prefill.guestName} />
        </div>
        <div>
          <label className="label" htmlFor="email">{t("form.email")}</label>
          <input id="email" name="email" type="email" required className="input" defaultValue={prefill.email} />
        </div>
        <div>
          <label className="label" htmlFor="phone">{t("form.phone")}</label>
          <input id="phone" name="phone" required className="input" placeholder="+57 300 123 4567" defaultValue={prefill.phone} />
        </div>
        <div>
          <label className="label" htmlFor="amount">{t("form.amount")}</label>
          <input id="amount" name="amount" required inputMode="decimal" pattern="[0-9]+([.,][0-9]{1,2})?" className="input" defaultValue={prefill.amount} />
        </div>
        <div>
          <label className="label" htmlFor="available_hours">{t("form.hours")}</label>
          <input id="available_hours" name="available_hours" type="number" min={1} max={720} required defaultValue={48} className="input" />
          <p className="mt-1 text-xs text-slate-500">{t("form.hoursHint")}</p>
        </div>
        <div className="sm:col-span-2">
          <label className="label" htmlFor="description">{t("form.description")}</label>
          <textarea id="description" name="description" required maxLength={500} rows={2} className="input" defaultValue={prefill.description} />
          <p className="mt-1 text-xs text-slate-500">{t("form.descriptionHint")}</p>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="label">{t("form.dates")}</legend>
          <div className="grid grid-cols-2 gap-4">
            <input aria-label={t("form.from")} name="from" type="date" className="input" defaultValue={prefill.from} />
            <input aria-label={t("form.to")} name="to" type="date" className="input" defaultValue={prefill.to} />
          </div>
        </fieldset>
      </div>
      <details className="rounded-md border border-slate-200 p-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">{t("form.advanced")}</summary>
        <div className="mt-4 grid gap-4">
          <div>
            <label className="label" htmlFor="external_ref_id">{t("form.externalRef")}</label>
            <input id="external_ref_id" name="external_ref_id" maxLength={200} className="input" />
          </div>
          <div>
            <label className="label" htmlFor="temp_webhook_url">{t("form.webhook")}</label>
            <input id="temp_webhook_url" name="temp_webhook_url" type="url" className="input" placeholder="https://" />
          </div>
          <div>
            <label className="label" htmlFor="success_url">{t("form.success")}</label>
            <input id="success_url" name="success_url" type="url" className="input" placeholder="https://" />
          </div>
          <div>
            <label className="label" htmlFor="failure_url">{t("form.failure")}</label>
            <input id="failure_url" name="failure_url" type="url" className="input" placeholder="https://" />
          </div>
        </div>
      </details>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t("form.submitting") : t("form.submit")}
      </button>
    </form>
  );
}
