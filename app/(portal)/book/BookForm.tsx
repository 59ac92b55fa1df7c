"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { apiFetch, ApiError, useSubmissionKey } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { boardLabel, cityLabel, countLabel, COUNTRIES, formatDate, formatMoney, guestsLabel } from "@/lib/format";
import { addDays } from "@/lib/time";
import { Field, applyApiError, fieldA11y, useZodForm } from "@/components/Form";

interface Props {
  hotel: { id: number; name: string; city: string };
  room: { roomId: string; roomName: string; roomType: string };
  rate: { rateId: string; rateDescription: string; boardType: string | null; boardTypeDescription: string; refundable: string; cancellationPolicy: string; currency: string };
  checkin: string;
  nights: number;
  adults: number;
  /** Each child's age; null where the search did not say it (then the form asks). */
  childrenAges: (number | null)[];
}

interface Availability {
  total_count: number;
  available_rooms: Array<{ roomId: string; count: number; products: Array<{ rateId: string; baseDailyAmounts: Array<{ day: string; amountBeforeTax: number }>; baseRate: { amountBeforeTax: number } }> }>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The booking form's rules, with the sentence shown under each field. */
export const bookSchema = z
  .object({
    firstName: z.string().trim().min(1, "Escriba los nombres del huésped").max(100, "Máximo 100 caracteres"),
    lastName: z.string().trim().min(1, "Escriba los apellidos del huésped").max(100, "Máximo 100 caracteres"),
    email: z.string().trim().min(1, "Escriba el correo del huésped").refine((s) => EMAIL.test(s), "Escriba un correo válido, por ejemplo nombre@correo.com"),
    phoneCode: z.string(),
    phone: z
      .string()
      .trim()
      .min(1, "Escriba el teléfono del huésped")
      .refine((s) => /^[\d\s()-]+$/.test(s), "Use solo números, por ejemplo 300 123 4567")
      .refine((s) => s.replace(/\D/g, "").length >= 6 && s.replace(/\D/g, "").length <= 14, "El teléfono debe tener entre 6 y 14 dígitos"),
    country: z.string(),
    city: z.string().trim().max(100, "Máximo 100 caracteres"),
    notes: z.string().trim().max(1000, "Máximo 1.000 caracteres"),
    ages: z.array(z.string()),
    guarantee: z.boolean(),
    ccNumber: z.string(),
    ccHolder: z.string().trim(),
    ccExpire: z.string().trim(),
    ccCode: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    v.ages.forEach((a, i) => {
      if (a === "") ctx.addIssue({ code: "custom", path: ["ages", i], message: "Elija la edad del niño" });
    });
    if (!v.guarantee) return;
    const need = (path: string, ok: boolean, message: string) => ok || ctx.addIssue({ code: "custom", path: [path], message });
    const digits = v.ccNumber.replace(/\D/g, "");
    need("ccNumber", digits.length >= 13 && digits.length <= 19, digits ? "El número de tarjeta no es válido" : "Escriba el número de la tarjeta");
    need("ccHolder", v.ccHolder.length > 0, "Escriba el nombre como aparece en la tarjeta");
    need("ccExpire", /^(0[1-9]|1[0-2])\/\d{4}$/.test(v.ccExpire), "Escriba mes y año como 12/2028");
    need("ccCode", /^\d{3,4}$/.test(v.ccCode), "El CVV son los 3 o 4 dígitos del reverso");
  });
type Values = z.input<typeof bookSchema>;

const FIELD_FOR: Record<string, keyof Values> = { firstName: "firstName", lastName: "lastName", email: "email", telephone: "phone", city: "city", notes: "notes", ccNumber: "ccNumber", ccHolder: "ccHolder", ccExpireDate: "ccExpire", ccCode: "ccCode" };

export function BookForm({ hotel, room, rate, checkin, nights, adults, childrenAges }: Props) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  const router = useRouter();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const submission = useSubmissionKey();
  const [error, setError] = useState<string | null>(null);
  const checkout = addDays(checkin, nights);
  const form = useZodForm(bookSchema, {
    defaultValues: { firstName: "", lastName: "", email: "", phoneCode: "57", phone: "", country: "COL", city: "", notes: "", ages: childrenAges.map((a) => (a === null ? "" : String(a))), guarantee: false, ccNumber: "", ccHolder: "", ccExpire: "", ccCode: "" },
  });
  const { register, control, handleSubmit, formState, setValue } = form;
  const errors = formState.errors;
  const err = (k: keyof Values) => errors[k]?.message as string | undefined;
  const [ageTexts, guarantee] = useWatch({ control, name: ["ages", "guarantee"] });
  const ages = ageTexts.every((a) => a !== "") ? ageTexts.map(Number) : null;
  const guests = guestsLabel(adults, ages ?? [], ageTexts.length);

  const qs = new URLSearchParams({ hotel_id: String(hotel.id), checkin, nights: String(nights), adults: String(adults), children_ages: (ages ?? []).join(",") });
  const availability = useQuery({
    queryKey: ["availability", qs.toString()],
    enabled: ages !== null,
    queryFn: ({ signal }) => apiFetch<Availability>(`/v2/bookings/availability?${qs}`, { signal }),
  });
  const offer = availability.data?.available_rooms.find((r) => r.roomId === room.roomId);
  const product = offer?.products.find((p) => p.rateId === rate.rateId);
  const maxQty = Math.max(1, Math.min(offer?.count ?? 1, 10));

  const submit = handleSubmit(async (v) => {
    const kids = v.ages.map(Number);
    const reservation: Record<string, unknown> = {
      checkin,
      checkout,
      nights: String(nights),
      rooms: String(quantity),
      adults: String(adults * quantity),
      children: String(kids.length * quantity),
      children_ages: Array.from({ length: quantity }, () => kids).flat().join(","),
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      telephone: `${v.phoneCode}${v.phone.replace(/\D/g, "")}`,
      country: v.country,
      city: v.city,
      currency: rate.currency,
      notes: v.notes,
      roomsData: [{ id: room.roomId, checkin, checkout, rateId: rate.rateId, quantity: String(quantity), currency: rate.currency, adults: String(adults), children: String(kids.length) }],
    };
    if (v.guarantee) reservation.ccData = { ccNumber: v.ccNumber.replace(/\s/g, ""), ccHolder: v.ccHolder, ccExpireDate: v.ccExpire, ccCode: v.ccCode };
    setBusy(true);
    setError(null);
    try {
      const r = await apiFetch<{ chatbot_id?: string; no_available_rooms?: unknown[] }>(`/v2/bookings/hotel_id=${hotel.id}`, { method: "POST", body: { reservation }, headers: { "idempotency-key": submission.key(reservation) } });
      submission.done();
      if (r.chatbot_id) {
        router.push(`/reservations/${r.chatbot_id}?nueva=1`);
        return;
      }
      setError(t("book.gone"));
      void availability.refetch();
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) submission.done(); // answered: a retry is a new submission
      setError(applyApiError<Values>(e, (name, x) => form.setError(name, x), FIELD_FOR as Record<string, keyof Values>));
    } finally {
      setBusy(false);
    }
  });
  const errorCount = Object.keys(errors).length;

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-3" data-testid="book-form">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        {ageTexts.length > 0 && (
          <section className="card p-5" data-testid="book-ages">
            <h2 className="mb-1 text-lg font-semibold">{t("book.guestsTitle")}</h2>
            <p className="mb-3 text-sm text-slate-600">{t("book.agesHint")}</p>
            <div className="grid gap-4 sm:grid-cols-3">
              {ageTexts.map((_, i) => {
                const e = errors.ages?.[i]?.message;
                return (
                  <Field key={i} id={`age-${i}`} label={t("book.childAge", { n: i + 1 })} error={e}>
                    <select {...fieldA11y(`age-${i}`, e)} className="input" {...register(`ages.${i}` as const)}>
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
        )}
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

        <section className="card p-5">
          <label className="flex items-center gap-2 font-medium">
            <input type="checkbox" className="h-4 w-4" {...register("guarantee")} />
            {t("book.guarantee")}
          </label>
          <p className="mt-1 text-xs text-slate-600">{t("book.guaranteeHint")}</p>
          {guarantee && (
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
      </div>

      <aside className="min-w-0 space-y-4">
        <section className="card p-5" data-testid="price-summary">
          <h2 className="text-lg font-semibold">{hotel.name}</h2>
          <p className="text-sm text-slate-600">{cityLabel(hotel.city)}</p>
          <dl className="mt-4 space-y-2 text-sm">
            <div>
              <dt className="text-slate-600">{t("book.stay")}</dt>
              <dd>
                {formatDate(checkin, locale)} → {formatDate(checkout, locale)} · {countLabel(nights, "noche")}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("book.room")}</dt>
              <dd>{room.roomName}</dd>
              <dd data-testid="book-guests">{guests}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("book.rate")}</dt>
              <dd>
                {rate.rateDescription} · {boardLabel(rate.boardType, rate.boardTypeDescription)}
              </dd>
              <dd className="text-xs text-slate-600">
                {t(`book.refundable.${rate.refundable}`)} — {rate.cancellationPolicy}
              </dd>
            </div>
          </dl>
          <div className="mt-4 border-t border-slate-100 pt-4">
            <p className="mb-2 text-sm font-medium">{t("book.summary")}</p>
            {ages === null && <p className="text-sm text-amber-900">{t("book.agesHint")}</p>}
            {ages !== null && availability.isLoading && <p className="text-sm text-slate-600">{t("book.loadingPrice")}</p>}
            {ages !== null && !availability.isLoading && !product && <p className="text-sm text-red-700">{t("book.unavailable")}</p>}
            {product && (
              <>
                <ul className="space-y-1 text-sm">
                  {product.baseDailyAmounts.map((d) => (
                    <li key={d.day} className="flex justify-between">
                      <span className="text-slate-600">{formatDate(d.day, locale)}</span>
                      <span>{formatMoney(d.amountBeforeTax, rate.currency, locale)}</span>
                    </li>
                  ))}
                </ul>
                <div className="mt-3 flex items-center justify-between gap-2 text-sm">
                  <label htmlFor="quantity" className="text-slate-600">
                    {t("book.quantity")}
                  </label>
                  <select id="quantity" className="input w-20" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
                    {Array.from({ length: maxQty }, (_, i) => i + 1).map((n) => (
                      <option key={n}>{n}</option>
                    ))}
                  </select>
                </div>
                <p className="mt-1 text-right text-xs text-slate-600">{t("book.available", { n: offer?.count ?? 0 })}</p>
                <div className="mt-3 flex items-baseline justify-between border-t border-slate-100 pt-3">
                  <span className="font-medium">{t("book.total")}</span>
                  <span className="text-xl font-semibold" data-testid="stay-total">
                    {formatMoney(product.baseRate.amountBeforeTax * quantity, rate.currency, locale)}
                  </span>
                </div>
              </>
            )}
          </div>
        </section>
        {errorCount > 0 && formState.isSubmitted && (
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
