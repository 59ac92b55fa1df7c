"use client";
// The guest's details, and the form that edits them (name, email, phone).
import { useDict } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { countryName, formatPhone } from "@/lib/format";
import type { GuestFields, Reservation, ReservationActions } from "./useReservation";

const FIELDS = ["firstName", "lastName", "email", "telephone"] as const;

export function GuestSection({ r, readOnly, actions }: { r: Reservation; readOnly: boolean; actions: ReservationActions }) {
  const t = useDict(reservationMessages);
  const { editing, setEditing } = actions;
  return (
    <section className="card p-5 lg:col-span-2">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold">{t("detail.guest")}</h2>
        {(r.status === "pending_payment" || r.status === "confirmed") && !editing && !readOnly && (
          <button type="button" className="text-sm font-medium text-brand-700 hover:underline" onClick={() => setEditing(true)}>
            {t("detail.edit")}
          </button>
        )}
      </div>
      {editing ? <GuestForm r={r} actions={actions} /> : <GuestFacts r={r} />}
    </section>
  );
}

function GuestForm({ r, actions }: { r: Reservation; actions: ReservationActions }) {
  const t = useDict(reservationMessages);
  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const reservation = Object.fromEntries(FIELDS.map((k) => [k, String(f.get(k) ?? "").trim()])) as GuestFields;
    void actions.save(reservation);
  }
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      {FIELDS.map((k) => (
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
        <button type="button" className="btn-secondary" onClick={() => actions.setEditing(false)}>
          ✕
        </button>
      </div>
    </form>
  );
}

function GuestFacts({ r }: { r: Reservation }) {
  const t = useDict(reservationMessages);
  return (
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
  );
}
