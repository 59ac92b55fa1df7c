"use client";
// A reservation: code, stay and status; while pending, the deadline and the next steps; then rooms, amounts,
// guest (editable), history and payments. Each part is a component beside this file.
import { useDict, useI18n } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { EmptyState } from "@/components/ui";
import { formatDate, cityLabel, guestsLabel, countLabel } from "@/lib/format";
import { ReservationStatusBadge } from "../status";
import { useReservation, useReservationActions, type Reservation } from "./useReservation";
import { PendingPanel } from "./PendingPanel";
import { GuestSection } from "./GuestSection";
import { AmountsSection, HistorySection, PaymentsSection, RoomsSection } from "./ReservationSections";
import { ChannelSyncNotice } from "./ChannelSyncNotice";

export function ReservationDetail({ code, justCreated, canPay, balance, readOnly = false }: { code: string; justCreated: boolean; canPay: boolean; balance: number | null; readOnly?: boolean }) {
  const t = useDict(reservationMessages);
  const q = useReservation(code);
  const actions = useReservationActions(code);
  const r = q.data;

  if (q.isLoading) return <p className="text-slate-600">…</p>;
  if (q.error || !r) return <EmptyState title={t("detail.notFound")} />;

  const { msg } = actions;
  return (
    <div className="space-y-6" data-testid="reservation-detail">
      {justCreated && r.status === "pending_payment" && (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900" role="status">
          {t("detail.created")}
        </div>
      )}
      <ReservationHeader r={r} />
      <ChannelSyncNotice r={r} />

      {/* A hotel admin reads the reservation; paying, cancelling and editing stay with the agency (issue 16). */}
      {r.status === "pending_payment" && !readOnly && <PendingPanel r={r} canPay={canPay} balance={balance} actions={actions} />}

      {msg && <p className={`rounded-md px-3 py-2 text-sm ${msg.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-700"}`}>{msg.text}</p>}

      <div className="grid gap-6 lg:grid-cols-3 [&>section]:min-w-0">
        <RoomsSection r={r} />
        <AmountsSection r={r} />
        <GuestSection r={r} readOnly={readOnly} actions={actions} />
        <HistorySection r={r} />
        <PaymentsSection r={r} />
      </div>
    </div>
  );
}

function ReservationHeader({ r }: { r: Reservation }) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  return (
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
  );
}
