"use client";
import { useEffect, useState } from "react";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, ApiError } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { EmptyState } from "@/components/ui";
import { formatDate, formatDateTime, formatMoney, cityLabel, countryName, formatPhone, guestsLabel, parseAges, boardLabel, countLabel, paymentMethodLabel, paymentStatusLabel, humanizeDetail } from "@/lib/format";
import { ReservationStatusBadge } from "../status";

interface Detail {
  chatbot_id: string;
  status: "pending_payment" | "confirmed" | "expired" | "cancelled";
  hotel_id: number;
  hotel_name: string;
  hotel_city: string;
  checkin: string;
  checkout: string;
  nights: number;
  rooms: number;
  adults: number;
  children: number;
  children_ages: string | null;
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  country: string;
  city: string | null;
  notes: string | null;
  currency: string;
  amount: number;
  amount_paid: number;
  amount_due: number;
  payment_deadline: string;
  card: { brand: string; last_four: string } | null;
  rooms_data: Array<{ room_id: string; room_name: string; rate_description: string; board_type: string | null; refundable: string; cancellation_policy: string; checkin: string; checkout: string; quantity: number; adults: number; children: number; amount: number; nightly: Array<{ day: string; amount: number }> }>;
  payments: Array<{ transaction_id: string; method: string; status: string; amount: number; created_at: string; voucher_url: string | null }>;
  history: Array<{ from: string | null; to: Detail["status"]; at: string; reason: string | null }>;
}

function useCountdown(deadline: string | undefined) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, []);
  if (!deadline || now === null) return null;
  const ms = new Date(deadline).getTime() - now;
  if (ms <= 0) return { overdue: true, text: "" };
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return { overdue: false, text: `${h}h ${String(m).padStart(2, "0")}m ${String(sec).padStart(2, "0")}s` };
}

export function ReservationDetail({ code, justCreated, canPay, balance , readOnly = false }: { code: string; justCreated: boolean; canPay: boolean; balance: number | null ; readOnly?: boolean }) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ["reservation", code], queryFn: ({ signal }) => apiFetch<Detail>(`/v2/bookings/chatbot/${encodeURIComponent(code)}`, { signal }) });
  const r = q.data;
  const countdown = useCountdown(r?.status === "pending_payment" ? r.payment_deadline : undefined);
  const [editing, setEditing] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);

  if (q.isLoading) return <p className="text-slate-600">…</p>;
  if (q.error || !r) return <EmptyState title={t("detail.notFound")} />;

  const refresh = () => qc.invalidateQueries({ queryKey: ["reservation", code] });

  async function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const reservation = Object.fromEntries(["firstName", "lastName", "email", "telephone"].map((k) => [k, String(f.get(k) ?? "").trim()]));
    try {
      await apiFetch(`/v2/bookings/chatbot/${code}`, { method: "PUT", body: { reservation } });
      setMsg({ ok: true, text: t("detail.saved") });
      setEditing(false);
      await refresh();
    } catch (err) {
      setMsg({ ok: false, text: err instanceof ApiError ? humanizeDetail(err.detail) : t("detail.failed") });
    }
  }

  async function cancel() {
    if (!window.confirm(t("detail.confirmCancel"))) return;
    try {
      await apiFetch(`/v2/bookings/chatbot/${code}/cancel`, { method: "POST" });
      await refresh();
    } catch (err) {
      setMsg({ ok: false, text: err instanceof ApiError ? humanizeDetail(err.detail) : t("detail.failed") });
    }
  }

  async function payFromBalance() {
    if (!window.confirm(t("detail.confirmBalance", { amount: formatMoney(r!.amount_due, r!.currency, locale) }))) return;
    try {
      await apiFetch(`/v2/bookings/chatbot/${code}/pay-from-balance`, { method: "POST", headers: { "idempotency-key": crypto.randomUUID() } });
      setMsg({ ok: true, text: t("detail.paidFromBalance") });
      await refresh();
    } catch (err) {
      setMsg({ ok: false, text: err instanceof ApiError ? humanizeDetail(err.detail) : t("detail.failed") });
    }
  }

  const payHref = `/payments/new?${new URLSearchParams({ ref_number: r.chatbot_id, amount: String(r.amount_due), hotel_id: String(r.hotel_id), ref_name: r.firstName, ref_lastname: r.lastName, email: r.email, phone: r.telephone })}`;

  return (
    <div className="space-y-6" data-testid="reservation-detail">
      {justCreated && r.status === "pending_payment" && (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900" role="status">
          {t("detail.created")}
        </div>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{t("detail.code")}</p>
          <p className="font-mono text-3xl font-bold tracking-wider" data-testid="booking-code">
            {r.chatbot_id}
          </p>
          <p className="mt-1 text-slate-700">
            {r.hotel_name} · {cityLabel(r.hotel_city)}
          </p>
          <p className="text-slate-700">
            {formatDate(r.checkin, locale)} → {formatDate(r.checkout, locale)} · {countLabel(r.nights, "noche")}
          </p>
          <p className="text-slate-700" data-testid="reservation-guests">
            {countLabel(r.rooms, "habitación")} · {guestsLabel(r.adults, r.children_ages, r.children)}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <ReservationStatusBadge status={r.status} />
        </div>
      </div>

      {/* A hotel admin reads the reservation; paying, cancelling and editing stay with the agency (issue 16). */}
      {r.status === "pending_payment" && !readOnly && (
        <section className="card grid gap-4 p-5 md:grid-cols-2">
          <div>
            <p className="text-sm text-slate-600">{t("detail.deadline")}</p>
            <p className="font-medium">{formatDateTime(r.payment_deadline, locale)}</p>
            {countdown && (
              <p className={`mt-1 text-2xl font-semibold ${countdown.overdue ? "text-red-700" : "text-amber-700"}`} data-testid="countdown">
                {countdown.overdue ? t("detail.overdue") : t("detail.remaining", { time: countdown.text })}
              </p>
            )}
          </div>
          <div>
            <p className="text-sm font-medium text-slate-700">{t("detail.nextSteps")}</p>
            <p className="text-sm text-slate-600">{t("detail.payHint")}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {canPay && (
                <Link href={payHref} className="btn-primary">
                  {t("detail.payNow")} · {formatMoney(r.amount_due, r.currency, locale)}
                </Link>
              )}
              {canPay && balance !== null && (
                <button type="button" className="btn-secondary" onClick={payFromBalance} disabled={balance < r.amount_due}>
                  {t("detail.payBalance", { balance: formatMoney(balance, r.currency, locale) })}
                </button>
              )}
              <Link href={`/links/new?reservation=${r.chatbot_id}`} className="btn-secondary">
                {t("detail.sendLink")}
              </Link>
              <button type="button" className="btn-secondary" onClick={cancel}>
                {t("detail.cancel")}
              </button>
            </div>
          </div>
        </section>
      )}

      {msg && <p className={`rounded-md px-3 py-2 text-sm ${msg.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-700"}`}>{msg.text}</p>}

      <div className="grid gap-6 lg:grid-cols-3 [&>section]:min-w-0">
        <section className="card p-5 lg:col-span-2">
          <h2 className="mb-3 font-semibold">{t("detail.rooms")}</h2>
          <div className="space-y-4">
            {r.rooms_data.map((x, i) => (
              <div key={i} className="rounded-md border border-slate-100 p-3">
                <div className="flex flex-wrap justify-between gap-2">
                  <p className="min-w-0 font-medium">
                    {x.quantity} × {x.room_name} · {x.rate_description}
                  </p>
                  <p className="font-semibold">{formatMoney(x.amount, r.currency, locale)}</p>
                </div>
                <p className="text-sm text-slate-700" data-testid="room-guests">
                  {x.quantity > 1 ? `${t("detail.perRoom")}: ` : ""}
                  {guestsLabel(x.adults, parseAges(r.children_ages).slice(0, x.children), x.children)} · {boardLabel(x.board_type)}
                </p>
                <p className="text-xs text-slate-600">{x.cancellation_policy}</p>
                <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600" aria-label={t("detail.nightly")}>
                  {x.nightly.map((n) => (
                    <li key={n.day} className="whitespace-nowrap">
                      {formatDate(n.day, locale)} · {formatMoney(n.amount, r.currency, locale)}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>

        <section className="card p-5">
          <h2 className="mb-3 font-semibold">{t("detail.amounts")}</h2>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between">
              <dt>{t("detail.amount")}</dt>
              <dd className="font-semibold">{formatMoney(r.amount, r.currency, locale)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{t("detail.paid")}</dt>
              <dd>{formatMoney(r.amount_paid, r.currency, locale)}</dd>
            </div>
            <div className="flex justify-between border-t border-slate-100 pt-2">
              <dt>{t("detail.due")}</dt>
              <dd className="font-semibold" data-testid="amount-due">
                {formatMoney(r.amount_due, r.currency, locale)}
              </dd>
            </div>
          </dl>
          {r.card && <p className="mt-3 text-xs text-slate-600">{t("detail.card", { brand: r.card.brand, last4: r.card.last_four })}</p>}
        </section>

        <section className="card p-5 lg:col-span-2">
          <div className="mb-3 flex items-center justify-between">
            <h2 className="font-semibold">{t("detail.guest")}</h2>
            {(r.status === "pending_payment" || r.status === "confirmed") && !editing && !readOnly && (
              <button type="button" className="text-sm font-medium text-brand-700 hover:underline" onClick={() => setEditing(true)}>
                {t("detail.edit")}
              </button>
            )}
          </div>
          {editing ? (
            <form onSubmit={save} className="grid gap-3 sm:grid-cols-2">
              {(["firstName", "lastName", "email", "telephone"] as const).map((k) => (
                <div key={k}>
                  <label className="label" htmlFor={`g-${k}`}>
                    {k === "telephone" ? t("book.phone") : k === "email" ? t("book.email") : t(`book.${k}`)}
                  </label>
                  <input id={`g-${k}`} name={k} defaultValue={r[k]} required className="input" />
                </div>
              ))}
              <div className="flex gap-2 sm:col-span-2">
                <button type="submit" className="btn-primary">
                  {t("detail.save")}
                </button>
                <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>
                  ✕
                </button>
              </div>
            </form>
          ) : (
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600">{t("book.firstName")}</dt>
                <dd data-testid="guest-name">
                  {r.firstName} {r.lastName}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("book.email")}</dt>
                <dd className="break-words">{r.email}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("book.phone")}</dt>
                <dd className="whitespace-nowrap" data-testid="guest-phone">{formatPhone(`+${r.telephone}`)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("book.country")}</dt>
                <dd>
                  {countryName(r.country)}
                  {r.city ? ` · ${r.city}` : ""}
                </dd>
              </div>
              {r.notes && (
                <div className="sm:col-span-2">
                  <dt className="text-slate-600">{t("book.notes")}</dt>
                  <dd className="whitespace-pre-wrap">{r.notes}</dd>
                </div>
              )}
            </dl>
          )}
        </section>

        <section className="card p-5">
          <h2 className="mb-3 font-semibold">{t("detail.history")}</h2>
          <ol className="space-y-3 border-l border-slate-200 pl-4 text-sm">
            {r.history.map((h, i) => (
              <li key={i}>
                <p className="font-medium">{t(`status.${h.to}`)}</p>
                <p className="text-xs text-slate-600">
                  {formatDateTime(h.at, locale)}
                  {h.reason ? ` · ${h.reason}` : ""}
                </p>
              </li>
            ))}
          </ol>
        </section>

        <section className="card p-5 lg:col-span-3">
          <h2 className="mb-3 font-semibold">{t("detail.payments")}</h2>
          {r.payments.length === 0 ? (
            <p className="text-sm text-slate-600">{t("detail.noPayments")}</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="reservation-payments">
              {r.payments.map((p) => (
                <li key={p.transaction_id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-medium">{paymentMethodLabel(p.method)}</span> · {paymentStatusLabel(p.status)}
                    <span className="block text-xs text-slate-600">{formatDateTime(p.created_at, locale)}</span>
                  </span>
                  <span className="flex items-center gap-3">
                    <span className="font-semibold">{formatMoney(p.amount, r.currency, locale)}</span>
                    {p.voucher_url && (
                      <a href={p.voucher_url.replace(/^\/v2/, "")} className="text-brand-700 hover:underline" target="_blank" rel="noreferrer">
                        {t("detail.voucher")}
                      </a>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
