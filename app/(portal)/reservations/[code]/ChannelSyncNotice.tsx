"use client";
// Where the reservation stands in the hotel's own system when the hotel is managed in Channex
// (docs/channel-managers.md): the agency sees at once if the hotel has it, is getting it, or refused it.
import { useDict } from "@/lib/i18n/client";
import { defineMessages } from "@/lib/i18n";
import type { Reservation } from "./useReservation";

const messages = defineMessages({
  es: { title: "En el sistema del hotel (Channex)", booking: "Reserva en Channex: {id}" },
  en: { title: "In the hotel's system (Channex)", booking: "Channex booking: {id}" },
});

const TONE: Record<string, string> = {
  confirmed: "border-emerald-200 bg-emerald-50 text-emerald-900",
  refused: "border-red-300 bg-red-50 text-red-900",
  cancelled: "border-slate-200 bg-slate-50 text-slate-800",
  released: "border-slate-200 bg-slate-50 text-slate-800",
};

export function ChannelSyncNotice({ r }: { r: Reservation }) {
  const t = useDict(messages);
  const sync = r.channel_sync;
  if (!sync) return null;
  return (
    <div
      className={`rounded-lg border p-4 text-sm ${TONE[sync.state] ?? "border-amber-200 bg-amber-50 text-amber-900"}`}
      role={sync.state === "refused" ? "alert" : "status"}
      data-testid="channel-sync"
      data-state={sync.state}
    >
      <p className="font-semibold">{t("title")}</p>
      <p className="mt-1 [overflow-wrap:anywhere]">{sync.message}</p>
      {sync.channex_booking_id && <p className="mt-1 font-mono text-xs break-all opacity-80">{t("booking", { id: sync.channex_booking_id })}</p>}
    </div>
  );
}
