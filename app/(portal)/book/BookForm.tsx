"use client";
// The booking form: children's ages, guest and guarantee on the left; the price summary and "Confirmar reserva"
// on the right. Its state is useBooking (beside this file); its rules are book-schema.ts.
import Link from "next/link";
import { useDict } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import type { BookProps } from "./book-schema";
import { useBooking } from "./useBooking";
import { ChildAges, Guarantee, GuestDetails } from "./BookFields";
import { PriceSummary } from "./PriceSummary";

export function BookForm(props: BookProps) {
  const t = useDict(reservationMessages);
  const state = useBooking(props);
  const { form, ageTexts, guarantee, ages, product, busy, error, submit } = state;
  const errorCount = Object.keys(form.formState.errors).length;

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-3" data-testid="book-form">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        {ageTexts.length > 0 && <ChildAges form={form} count={ageTexts.length} />}
        <GuestDetails form={form} />
        <Guarantee form={form} open={guarantee} />
      </div>

      <aside className="min-w-0 space-y-4">
        <PriceSummary props={props} state={state} />
        {errorCount > 0 && form.formState.isSubmitted && (
          <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="form-errors">
            {errorCount === 1 ? t("book.fixOne") : t("book.fixMany", { n: errorCount })}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy || (ages !== null && !product)}>
          {busy ? t("book.submitting") : t("book.submit")}
        </button>
        <Link href="/search" className="block text-center text-sm text-brand-700 hover:underline">
          {t("book.backToSearch")}
        </Link>
      </aside>
    </form>
  );
}
