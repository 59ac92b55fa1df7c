"use client";
// The read-only parts of the reservation detail: rooms, amounts, status history and payments.
import { useDict, useI18n } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { boardLabel, formatDate, formatDateTime, formatMoney, guestsLabel, parseAges, paymentMethodLabel, paymentStatusLabel } from "@/lib/format";
import type { Reservation } from "./useReservation";

export function RoomsSection({ r }: { r: Reservation }) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  return (
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
  );
}

export function AmountsSection({ r }: { r: Reservation }) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  return (
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
  );
}

export function HistorySection({ r }: { r: Reservation }) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  return (
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
  );
}

export function PaymentsSection({ r }: { r: Reservation }) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  return (
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
  );
}
