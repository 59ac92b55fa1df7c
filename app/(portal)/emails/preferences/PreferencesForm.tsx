"use client";
import { useState } from "react";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { messages } from "./messages";

type Preferences = ApiAnswer<"/email-preferences">;

export function PreferencesForm({ initial }: { initial: Preferences }) {
  const t = useDict(messages);
  const [prefs, setPrefs] = useState(initial);
  const [enabled, setEnabled] = useState<Record<string, boolean>>(() => Object.fromEntries(initial.items.map((i) => [i.template, i.enabled])));
  const [threshold, setThreshold] = useState(initial.balance_alert_threshold === null ? "" : String(initial.balance_alert_threshold));
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const showBalance = prefs.owner === "agency" && prefs.is_preloaded;

  async function save() {
    setNotice(null);
    setError(null);
    let balance: number | null | undefined;
    if (showBalance) {
      const raw = threshold.trim();
      if (raw === "") balance = null;
      else if (/^\d{1,13}$/.test(raw) && Number(raw) > 0) balance = Number(raw);
      else {
        setError(t("balance.invalid"));
        return;
      }
    }
    setBusy(true);
    try {
      const next = await ok(api.PUT("/email-preferences", { body: { templates: enabled, ...(balance !== undefined ? { balance_alert_threshold: balance } : {}) } }));
      setPrefs(next);
      setEnabled(Object.fromEntries(next.items.map((i) => [i.template, i.enabled])));
      setNotice(t("saved"));
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : t("error"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset className="card p-4">
        <legend className="px-1 font-semibold text-slate-900">{t("notices")}</legend>
        <ul className="divide-y divide-slate-200" data-testid="email-preferences">
          {prefs.items.map((i) => (
            <li key={i.template} className="flex items-start gap-3 py-3">
              <input
                id={`pref-${i.template}`}
                type="checkbox"
                className="mt-1 h-5 w-5 shrink-0"
                checked={enabled[i.template] ?? false}
                onChange={(e) => setEnabled({ ...enabled, [i.template]: e.target.checked })}
              />
              <label htmlFor={`pref-${i.template}`} className="min-w-0 flex-1 text-sm">
                <span className="block font-medium text-slate-900">{i.title}</span>
                <span className="block text-slate-600">
                  {enabled[i.template] ? t("on") : t("off")}
                  {i.opt_in && ` · ${t("optIn")}`}
                </span>
              </label>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-slate-600">{prefs.essential_note}</p>
      </fieldset>

      {showBalance && (
        <fieldset className="card space-y-2 p-4">
          <legend className="px-1 font-semibold text-slate-900">{t("balance.title")}</legend>
          <p className="text-sm text-slate-600">{t("balance.help")}</p>
          <label className="label" htmlFor="balance-alert">
            {t("balance.label")}
          </label>
          <input id="balance-alert" className="input w-full sm:w-64" inputMode="numeric" autoComplete="off" placeholder={t("balance.placeholder")} value={threshold} onChange={(e) => setThreshold(e.target.value)} aria-describedby="balance-alert-hint" />
          <p id="balance-alert-hint" className="text-xs text-slate-500">
            {t("balance.none")}
          </p>
        </fieldset>
      )}

      <div aria-live="polite">
        {notice && (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {notice}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {t("save")}
      </button>
    </form>
  );
}
