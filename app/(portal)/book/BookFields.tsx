"use client";
// The booking form's inputs: each child's age (when the search did not say it), the guest, and the optional card guarantee.
import { useDict } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { COUNTRIES } from "@/lib/format";
import { Field, fieldA11y } from "@/components/Form";
import type { BookValues } from "./book-schema";
import type { BookState } from "./useBooking";

type Form = BookState["form"];
const errorOf = (form: Form) => (k: keyof BookValues) => form.formState.errors[k]?.message as string | undefined;

export function ChildAges({ form, count }: { form: Form; count: number }) {
  const t = useDict(reservationMessages);
  const errors = form.formState.errors;
  return (
    <section className="card p-5" data-testid="book-ages">
      <h2 className="mb-1 text-lg font-semibold">{t("book.guestsTitle")}</h2>
      <p className="mb-3 text-sm text-slate-600">{t("book.agesHint")}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        {Array.from({ length: count }, (_, i) => {
          const e = errors.ages?.[i]?.message;
          return (
            <Field key={i} id={`age-${i}`} label={t("book.childAge", { n: i + 1 })} error={e}>
              <select {...fieldA11y(`age-${i}`, e)} className="input" {...form.register(`ages.${i}` as const)}>
                <option value="">{t("book.chooseAge")}</option>
                {Array.from({ length: 18 }, (_, a) => (
                  <option key={a} value={a}>
                    {a === 0 ? "Menos de 1 año" : a === 1 ? "1 año" : `${a} años`}
                  </option>
                ))}
              </select>
            </Field>
          );
        })}
      </div>
    </section>
  );
}

export function GuestDetails({ form }: { form: Form }) {
  const t = useDict(reservationMessages);
  const { register, setValue } = form;
  const err = errorOf(form);
  return (
    <section className="card p-5">
      <h2 className="mb-4 text-lg font-semibold">{t("book.guest")}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="firstName" label={t("book.firstName")} error={err("firstName")}>
          <input {...fieldA11y("firstName", err("firstName"))} maxLength={100} className="input" autoComplete="given-name" {...register("firstName")} />
        </Field>
        <Field id="lastName" label={t("book.lastName")} error={err("lastName")}>
          <input {...fieldA11y("lastName", err("lastName"))} maxLength={100} className="input" autoComplete="family-name" {...register("lastName")} />
        </Field>
        <Field id="email" label={t("book.email")} error={err("email")}>
          <input {...fieldA11y("email", err("email"))} type="email" className="input" autoComplete="email" {...register("email")} />
        </Field>
        <Field id="phone" label={t("book.phone")} error={err("phone")}>
          <div className="flex gap-2">
            <select aria-label={t("book.phoneCode")} className="input w-24 shrink-0" {...register("phoneCode")}>
              {[...new Set(COUNTRIES.map((c) => c[2]))].map((code) => (
                <option key={code} value={code}>
                  +{code}
                </option>
              ))}
            </select>
            <input {...fieldA11y("phone", err("phone"))} inputMode="tel" className="input min-w-0" placeholder="300 123 4567" autoComplete="tel-national" {...register("phone")} />
          </div>
        </Field>
        <Field id="country" label={t("book.country")}>
          <select
            id="country"
            className="input"
            {...register("country", {
              onChange: (e) => {
                const code = COUNTRIES.find((c) => c[0] === e.target.value)?.[2];
                if (code) setValue("phoneCode", code);
              },
            })}
          >
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="city" label={t("book.city")} error={err("city")}>
          <input {...fieldA11y("city", err("city"))} maxLength={100} className="input" autoComplete="address-level2" {...register("city")} />
        </Field>
        <Field id="notes" label={t("book.notes")} error={err("notes")} className="sm:col-span-2">
          <textarea {...fieldA11y("notes", err("notes"))} maxLength={1000} rows={3} className="input" placeholder={t("book.notesPlaceholder")} {...register("notes")} />
        </Field>
      </div>
    </section>
  );
}

export function Guarantee({ form, open }: { form: Form; open: boolean }) {
  const t = useDict(reservationMessages);
  const { register } = form;
  const err = errorOf(form);
  return (
    <section className="card p-5">
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" className="h-4 w-4" {...register("guarantee")} />
        {t("book.guarantee")}
      </label>
      <p className="mt-1 text-xs text-slate-600">{t("book.guaranteeHint")}</p>
      {open && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field id="ccNumber" label={t("book.ccNumber")} error={err("ccNumber")} className="sm:col-span-2">
            <input {...fieldA11y("ccNumber", err("ccNumber"))} inputMode="numeric" autoComplete="cc-number" className="input" {...register("ccNumber")} />
          </Field>
          <Field id="ccHolder" label={t("book.ccHolder")} error={err("ccHolder")} className="sm:col-span-2">
            <input {...fieldA11y("ccHolder", err("ccHolder"))} autoComplete="cc-name" className="input" {...register("ccHolder")} />
          </Field>
          <Field id="ccExpire" label={t("book.ccExpire")} error={err("ccExpire")}>
            <input {...fieldA11y("ccExpire", err("ccExpire"))} placeholder="12/2028" className="input" {...register("ccExpire")} />
          </Field>
          <Field id="ccCode" label={t("book.ccCode")} error={err("ccCode")}>
            <input {...fieldA11y("ccCode", err("ccCode"))} inputMode="numeric" autoComplete="cc-csc" className="input" {...register("ccCode")} />
          </Field>
        </div>
      )}
    </section>
  );
}
