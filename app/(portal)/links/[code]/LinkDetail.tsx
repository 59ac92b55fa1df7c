"use client";
import { paymentMessageText, splitBookingDates, whatsappHref } from "@/components/whatsapp";
import { useState } from "react";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { linkMessages } from "@/lib/links/messages";
import { EmptyState } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { formatDate, formatDateTime, formatMoney, humanizeDetail } from "@/lib/format";
import { LinkStatusBadge } from "../LinkStatusBadge";
import { LinkAttempts, LinkDeliveries } from "./LinkSections";

export function LinkDetail({ code }: { code: string }) {
  const t = useDict(linkMessages);
  const { locale } = useI18n();
  const qc = useQueryClient();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const q = useQuery({
    queryKey: ["link", code],
    queryFn: ({ signal }) => ok(api.GET("/v2/links/{code}", { params: { path: { code } }, signal })),
    // While the guest may be paying, keep the page current.
    refetchInterval: (query) => (query.state.data?.status === "active" ? 5000 : false),
  });
  const l = q.data;
  if (q.isLoading) return <p className="text-slate-600">…</p>;
  if (q.error || !l) return <EmptyState title={t("detail.notFound")} />;

  const amount = formatMoney(l.amount, l.currency, locale);
  // Who writes, for which stay, how much, until when and where to pay (components/whatsapp.ts).
  const share = paymentMessageText({ guestName: l.guest_name, agencyName: l.agency.name, hotelName: l.hotel_name, amount, dates: splitBookingDates(l.booking_dates), deadline: l.expires_at, url: l.url });
  const wa = whatsappHref(l.phone, share);
  const mail = `mailto:${encodeURIComponent(l.email)}?subject=${encodeURIComponent(t("detail.subject", { hotel: l.hotel_name }))}&body=${encodeURIComponent(share)}`;

  async function copy() {
    await navigator.clipboard?.writeText(l!.url).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  async function cancel() {
    setCancelling(true);
    try {
      await ok(api.POST("/v2/links/{code}/cancel", { params: { path: { code } } }));
      await qc.invalidateQueries({ queryKey: ["link", code] });
    } catch (err) {
      setError(err instanceof ApiError ? humanizeDetail(err.detail) : t("detail.notFound"));
    } finally {
      setCancelling(false);
      setAsking(false);
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
            <button type="button" onClick={() => setAsking(true)} className="btn-secondary text-red-700">
              {t("detail.cancel")}
            </button>
          )}
        </div>
        <p className="text-sm text-slate-600" data-testid="link-validity">
          {l.paid_at ? `${t("detail.paidAt")} ${formatDateTime(l.paid_at, locale)}` : `${t("detail.validUntil")} ${formatDateTime(l.expires_at, locale)}`}
        </p>
        {error && <p className="text-sm text-red-700">{error}</p>}
      </section>

      <LinkAttempts attempts={l.attempts} currency={l.currency} />
      <LinkDeliveries deliveries={l.webhook_deliveries} />

      <ConfirmDialog
        open={asking}
        title={t("detail.cancelTitle")}
        body={t("detail.cancelBody")}
        confirmLabel={t("detail.cancel")}
        cancelLabel={t("detail.keep")}
        danger
        busy={cancelling}
        onCancel={() => setAsking(false)}
        onConfirm={cancel}
      />
    </div>
  );
}

/** "2026-12-20 - 2026-12-22" as "20/12/2026 → 22/12/2026". */
function bookingDates(range: string): string {
  const [a, b] = range.split(" - ");
  return a && b ? `${formatDate(a)} → ${formatDate(b)}` : range;
}
