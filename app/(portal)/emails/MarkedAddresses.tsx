"use client";
import { useState } from "react";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { ConfirmDialog } from "@/components/Dialog";
import { formatDateTime } from "@/lib/format";
import { messages } from "./messages";

type Marked = ApiAnswer<"/email-suppressions">["items"][number];

/** Addresses that refused an e-mail for good: no more e-mails go to them until the mark is cleared. */
export function MarkedAddresses({ initial }: { initial: Marked[] }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const [items, setItems] = useState(initial);
  const [asking, setAsking] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function clear(address: string) {
    setAsking(null);
    setNotice(null);
    setError(null);
    try {
      const r = await ok(api.POST("/email-suppressions/clear", { body: { address } }));
      setItems((xs) => xs.filter((x) => x.address !== address));
      setNotice(r.msg);
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : t("marked.error"));
    }
  }

  return (
    <section aria-labelledby="marked-title" className="space-y-3" data-testid="marked-addresses">
      <div>
        <h2 id="marked-title" className="text-lg font-semibold text-slate-900">
          {t("marked.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("marked.help")}</p>
      </div>
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
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("marked.none")}</p>
      ) : (
        <ul className="card divide-y divide-slate-200">
          {items.map((m) => (
            <li key={m.address} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{m.address}</p>
                <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{m.reason}</p>
                <p className="text-xs text-slate-500">{t("marked.since", { at: formatDateTime(m.marked_at, locale), n: m.emails })}</p>
              </div>
              <button type="button" className="btn-secondary shrink-0" onClick={() => setAsking(m.address)}>
                {t("marked.clear")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t("marked.confirmTitle")}
        body={t("marked.confirm", { address: asking ?? "" })}
        confirmLabel={t("marked.clear")}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void clear(asking);
        }}
      />
    </section>
  );
}
