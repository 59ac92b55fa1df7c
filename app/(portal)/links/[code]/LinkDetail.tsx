"use client";
import { useState } from "react";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, ApiError } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { linkMessages } from "@/lib/links/messages";
import { EmptyState } from "@/components/ui";
import { countLabel, formatDate, formatDateTime, formatMoney, humanizeDetail, paymentMethodLabel, paymentStatusLabel } from "@/lib/format";
import { LinkStatusBadge } from "../LinkStatusBadge";

interface Detail {
  code: string;
  url: string;
  status: "active" | "paid" | "expired" | "cancelled";
  hotel_name: string;
  guest_name: string;
  email: string;
  phone: string;
  amount: number;
  currency: string;
  description: string;
  booking_dates: string | null;
  reservation_code: string | null;
  external_ref_id: string | null;
  expires_at: string;
  paid_at: string | null;
  attempts: Array<{ transaction_id: string; method: string; status: string; amount: number; card_last4: string | null; created_at: string; voucher_url: string | null }>;
  webhook_deliveries: Array<{ id: string; event: string; status: string; attempts: number; created_at: string; last_attempt_at: string | null }>;
}

export function LinkDetail({ code }: { code: string }) {
  const t = useDict(linkMessages);
  const { locale } = useI18n();
  const qc = useQueryClient();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ["link", code],
    queryFn: ({ signal }) => apiFetch<Detail>(`/v2/links/${encodeURIComponent(code)}`, { signal }),
    // While the guest may be paying, keep the page current.
    refetchInterval: (query) => (query.state.data?.status === "active" ? 5000 : false),
  });
  const l = q.data;
  if (q.isLoading) return <p className="text-slate-600">…</p>;
  if (q.error || !l) return <EmptyState title={t("detail.notFound")} />;

  const amount = formatMoney(l.amount, l.currency, locale);
  const share = t("detail.shareText", { name: l.guest_name.split(" ")[0], amount, hotel: l.hotel_name, url: l.url });
  const phoneDigits = l.phone.replace(/\D/g, "");
  const wa = `https://wa.me/${phoneDigits}?text=${encodeURIComponent(share)}`;
  const mail = `mailto:${encodeURIComponent(l.email)}?subject=${encodeURIComponent(t("detail.subject", { hotel: l.hotel_name }))}&body=${encodeURIComponent(share)}`;

  async function copy() {
    await navigator.clipboard?.writeText(l!.url).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  async function cancel() {
    if (!window.confirm(t("detail.confirmCancel"))) return;
    try {
      await apiFetch(`/v2/links/${code}/cancel`, { method: "POST" });
      await qc.invalidateQueries({ queryKey: ["link", code] });
    } catch (err) {
      setError(err instanceof ApiError ? humanizeDetail(err.detail) : t("detail.notFound"));
    }
  }

  return (
    <div className="space-y-6" data-testid="link-detail">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm text-slate-600">{t("detail.title")}</p>
          <h1 className="text-2xl font-semibold">
            {l.guest_name} · {amount}
          </h1>
          <p className="mt-1 text-slate-600">{l.description}</p>
          <p className="text-sm text-slate-600">
            {l.hotel_name}
            {l.booking_dates ? ` · ${bookingDates(l.booking_dates)}` : ""}
            {l.reservation_code && (
              <>
                {" · "}
                <Link href={`/reservations/${l.reservation_code}`} className="text-brand-700 underline">
                  {t("detail.reservation")} {l.reservation_code}
                </Link>
              </>
            )}
          </p>
        </div>
        <div data-testid="link-status">
          <LinkStatusBadge status={l.status} />
        </div>
      </div>

      <section className="card space-y-3 p-5">
        <div className="flex flex-col gap-2 sm:flex-row">
          <input readOnly value={l.url} className="input font-mono text-xs" aria-label="URL" data-testid="link-url" />
          <button type="button" onClick={copy} className="btn-secondary whitespace-nowrap">
            {copied ? t("detail.copied") : t("detail.copy")}
          </button>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Sending makes sense only while the guest can still pay. */}
          {l.status === "active" && (
            <>
              <a href={wa} target="_blank" rel="noreferrer" className="btn-primary">
                {t("detail.whatsapp")}
              </a>
              <a href={mail} className="btn-secondary">
                {t("detail.email")}
              </a>
            </>
          )}
          <a href={l.url} target="_blank" rel="noreferrer" className="btn-secondary">
            {t("detail.open")}
          </a>
          {l.status === "active" && (
            <button type="button" onClick={cancel} className="btn-secondary text-red-700">
              {t("detail.cancel")}
            </button>
          )}
        </div>
        <p className="text-sm text-slate-600" data-testid="link-validity">
          {l.paid_at ? `${t("detail.paidAt")} ${formatDateTime(l.paid_at, locale)}` : `${t("detail.validUntil")} ${formatDateTime(l.expires_at, locale)}`}
        </p>
        {error && <p className="text-sm text-red-700">{error}</p>}
      </section>

      <section className="card p-5">
        <h2 className="mb-3 font-semibold">{t("detail.attempts")}</h2>
        {l.attempts.length === 0 ? (
          <p className="text-sm text-slate-600">{t("detail.noAttempts")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table-basic">
              <tbody className="divide-y divide-slate-100">
                {l.attempts.map((a) => (
                  <tr key={a.transaction_id}>
                    <td className="whitespace-nowrap">{formatDateTime(a.created_at, locale)}</td>
                    <td>
                      {paymentMethodLabel(a.method)}
                      {a.card_last4 ? ` ···· ${a.card_last4}` : ""}
                    </td>
                    <td>{paymentStatusLabel(a.status)}</td>
                    <td className="text-right">{formatMoney(a.amount, l.currency, locale)}</td>
                    <td>
                      {a.voucher_url && (
                        <a className="text-brand-700 hover:underline" href={a.voucher_url.replace(/^\/v2/, "")} target="_blank" rel="noreferrer">
                          {t("detail.voucher")}
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card p-5">
        <h2 className="mb-3 font-semibold">{t("detail.deliveries")}</h2>
        {l.webhook_deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">{t("detail.noDeliveries")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {l.webhook_deliveries.map((d) => (
              <li key={d.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>{t(`detail.dstatus.${d.status}`)}</span>
                <span className="text-slate-600">
                  {countLabel(d.attempts, "intento")} · {formatDateTime(d.created_at, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** "2026-12-20 - 2026-12-22" as "20/12/2026 → 22/12/2026". */
function bookingDates(range: string): string {
  const [a, b] = range.split(" - ");
  return a && b ? `${formatDate(a)} → ${formatDate(b)}` : range;
}
