"use client";
// The guest's details, and the form that edits them (name, email, phone).
import { useState } from "react";
import { useDict } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { countryName, formatPhone } from "@/lib/format";
import { Field, applyApiError, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { FormMessages } from "@/components/ui";
import { guestEditSchema, type GuestEditValues } from "../../book/book-schema";
import type { Reservation, ReservationActions } from "./useReservation";

const FIELDS = ["firstName", "lastName", "email", "telephone"] as const;
/** The API's field names are the form's. */
const GUEST_FIELDS = Object.fromEntries(FIELDS.map((k) => [k, k])) as Record<string, keyof GuestEditValues>;

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

/** "Editar huésped": the booking form's rules, each problem under its field; the API's under the same fields. */
function GuestForm({ r, actions }: { r: Reservation; actions: ReservationActions }) {
  const t = useDict(reservationMessages);
  const form = useZodForm(guestEditSchema, { defaultValues: { firstName: r.firstName, lastName: r.lastName, email: r.email, telephone: formatPhone(`+${r.telephone}`) } });
  const err = (k: (typeof FIELDS)[number]) => errorOf(form, k);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setProblem(null);
    const failure = await actions.save({ ...v, telephone: v.telephone.replace(/\D/g, "") });
    if (failure) setProblem(applyApiError<GuestEditValues>(failure, (name, x) => form.setError(name, x), GUEST_FIELDS));
  });
  const label = { firstName: t("book.firstName"), lastName: t("book.lastName"), email: t("book.email"), telephone: t("book.phone") };
  const autoComplete = { firstName: "given-name", lastName: "family-name", email: "email", telephone: "tel" };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={t("detail.edit")}>
      {FIELDS.map((k) => (
        <Field key={k} id={`g-${k}`} label={label[k]} error={err(k)}>
          <input {...fieldA11y(`g-${k}`, err(k))} className="input" type={k === "email" ? "email" : k === "telephone" ? "tel" : "text"} autoComplete={autoComplete[k]} maxLength={k === "email" ? 200 : 100} {...form.register(k)} />
        </Field>
      ))}
      <div className="sm:col-span-2">
        <FormMessages error={problem} />
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
          {t("detail.save")}
        </button>
        <button type="button" className="btn-secondary" onClick={() => actions.setEditing(false)}>
          {t("detail.discard")}
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
