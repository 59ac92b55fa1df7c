"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Controller, useWatch } from "react-hook-form";
import { z } from "zod";
import { api, ok, ApiError, useSubmissionKey } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { linkMessages } from "@/lib/links/messages";
import { formatDateTime } from "@/lib/format";
import { MoneyInput } from "@/components/MoneyInput";
import { Field, applyApiError, fieldA11y, useZodForm } from "@/components/Form";

export interface LinkPrefill {
  agencyId: number;
  reservationCode?: string;
  hotelId?: number;
  guestName?: string;
  email?: string;
  phone?: string;
  amount?: number | null;
  description?: string;
  from?: string;
  to?: string;
  /** The reservation's payment deadline (ISO) and the whole hours left until it: the link's default and maximum. */
  deadline?: string;
  maxHours?: number;
}

const url = z.string().trim().refine((s) => s === "" || /^https?:\/\/\S+$/.test(s), "Escriba una dirección completa que empiece por https://");

function linkSchema(maxHours: number) {
  return z
    .object({
      agency_id: z.string(),
      hotel_id: z.string().min(1, "Elija el hotel"),
      guest_name: z.string().trim().min(1, "Escriba el nombre del huésped").max(150, "Máximo 150 caracteres"),
      email: z.string().trim().min(1, "Escriba el correo del huésped").refine((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), "Escriba un correo válido, por ejemplo nombre@correo.com"),
      phone: z.string().trim().min(1, "Escriba el teléfono del huésped").refine((s) => /^\+?[\d\s()-]{7,20}$/.test(s), "Escriba un teléfono válido, por ejemplo +57 300 123 4567"),
      amount: z.number().nullable().refine((v) => v !== null && v > 0, "Escriba el valor a pagar, por ejemplo 350.000"),
      description: z.string().trim().min(1, "Escriba qué paga el huésped; lo verá en la página de pago").max(500, "Máximo 500 caracteres"),
      available_hours: z
        .number({ error: "Escriba la vigencia en horas" })
        .int("Use un número entero de horas")
        .min(1, "Mínimo 1 hora")
        .max(maxHours, maxHours < 720 ? `Como máximo ${maxHours} h: el plazo de pago de la reserva vence antes` : "Como máximo 720 horas (30 días)"),
      from: z.string(),
      to: z.string(),
      external_ref_id: z.string().trim().max(200, "Máximo 200 caracteres"),
      temp_webhook_url: url,
      success_url: url,
      failure_url: url,
    })
    .superRefine((v, ctx) => {
      if ((v.from === "") !== (v.to === "")) ctx.addIssue({ code: "custom", path: [v.from ? "to" : "from"], message: "Indique llegada y salida, o deje ambas vacías" });
      else if (v.from && v.to <= v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "La salida debe ser posterior a la llegada" });
    });
}
type Values = z.input<ReturnType<typeof linkSchema>>;
const FIELD_FOR: Record<string, keyof Values> = {
  agency_id: "agency_id",
  hotel_id: "hotel_id",
  guest_name: "guest_name",
  email: "email",
  phone: "phone",
  amount: "amount",
  description: "description",
  available_hours: "available_hours",
  booking_dates: "to",
  external_ref_id: "external_ref_id",
  temp_webhook_url: "temp_webhook_url",
  success_url: "success_url",
  failure_url: "failure_url",
};

export function LinkForm({ hotels, agencies, prefill }: { hotels: Array<{ id: number; name: string; cityLabel: string }>; agencies: Array<{ id: number; name: string }>; prefill: LinkPrefill }) {
  const t = useDict(linkMessages);
  const { locale } = useI18n();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const submission = useSubmissionKey();
  const [error, setError] = useState<string | null>(null);
  const maxHours = prefill.maxHours !== undefined ? Math.min(720, prefill.maxHours) : 720;
  const [schema] = useState(() => linkSchema(Math.max(1, maxHours)));
  const byCity = hotels.reduce<Record<string, typeof hotels>>((acc, h) => ({ ...acc, [h.cityLabel]: [...(acc[h.cityLabel] ?? []), h] }), {});
  const form = useZodForm(schema, {
    defaultValues: {
      agency_id: String(prefill.agencyId),
      hotel_id: prefill.hotelId ? String(prefill.hotelId) : "",
      guest_name: prefill.guestName ?? "",
      email: prefill.email ?? "",
      phone: prefill.phone ?? "",
      amount: prefill.amount ?? null,
      description: prefill.description ?? "",
      // A link for a reservation lasts, by default, exactly until the reservation's payment deadline.
      available_hours: prefill.maxHours !== undefined ? Math.max(1, maxHours) : 48,
      from: prefill.from ?? "",
      to: prefill.to ?? "",
      external_ref_id: "",
      temp_webhook_url: "",
      success_url: "",
      failure_url: "",
    },
  });
  const { register, control, handleSubmit, formState } = form;
  const errors = formState.errors;
  const err = (k: keyof Values) => errors[k]?.message as string | undefined;
  const hours = useWatch({ control, name: "available_hours" });
  const [now] = useState(() => Date.now());
  const until = Number.isInteger(hours) && hours >= 1 && hours <= maxHours ? formatDateTime(new Date(now + hours * 3_600_000), locale) : null;
  const deadlineGone = prefill.maxHours !== undefined && prefill.maxHours < 1;

  const submit = handleSubmit(async (v) => {
    const redirect = { ...(v.success_url ? { success_url: v.success_url } : {}), ...(v.failure_url ? { failure_url: v.failure_url } : {}) };
    const body = {
      agency_id: Number(v.agency_id || prefill.agencyId),
      hotel_id: Number(v.hotel_id),
      guest_name: v.guest_name,
      email: v.email,
      phone: v.phone,
      amount: (v.amount ?? 0).toFixed(2),
      description: v.description,
      available_hours: v.available_hours,
      ...(v.from && v.to ? { booking_dates: `${v.from} - ${v.to}` } : {}),
      ...(prefill.reservationCode ? { reservation_code: prefill.reservationCode } : {}),
      ...(v.external_ref_id ? { external_ref_id: v.external_ref_id } : {}),
      ...(v.temp_webhook_url ? { temp_webhook_url: v.temp_webhook_url } : {}),
      ...(Object.keys(redirect).length ? { redirect } : {}),
    };
    setBusy(true);
    setError(null);
    try {
      const r = await ok(api.POST("/v2/links/schedule", { body, params: { header: { "Idempotency-Key": submission.key(body) } } }));
      submission.done();
      router.push(`/links/${r.code}?nuevo=1`);
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) submission.done(); // answered: a retry is a new submission
      setError(applyApiError<Values>(e, (name, x) => form.setError(name, x), FIELD_FOR as Record<string, keyof Values>));
      setBusy(false);
    }
  });
  const errorCount = Object.keys(errors).length;

  if (deadlineGone) {
    return (
      <p className="card max-w-3xl p-6 text-amber-900" role="alert" data-testid="link-deadline-gone">
        {t("form.deadlineGone")}
      </p>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="card max-w-3xl space-y-5 p-4 sm:p-6" data-testid="link-form">
      {agencies.length > 0 && (
        <Field id="agency_id" label={t("form.agency")} error={err("agency_id")}>
          <select {...fieldA11y("agency_id", err("agency_id"))} className="input" {...register("agency_id")}>
            {agencies.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id="hotel_id" label={t("form.hotel")} error={err("hotel_id")}>
        <select {...fieldA11y("hotel_id", err("hotel_id"))} className="input" {...register("hotel_id")}>
          <option value="" disabled>
            {t("form.chooseHotel")}
          </option>
          {Object.entries(byCity).map(([city, list]) => (
            <optgroup key={city} label={city}>
              {list.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="guest_name" label={t("form.guest")} error={err("guest_name")} className="sm:col-span-2">
          <input {...fieldA11y("guest_name", err("guest_name"))} maxLength={150} className="input" {...register("guest_name")} />
        </Field>
        <Field id="email" label={t("form.email")} error={err("email")}>
          <input {...fieldA11y("email", err("email"))} type="email" className="input" {...register("email")} />
        </Field>
        <Field id="phone" label={t("form.phone")} error={err("phone")}>
          <input {...fieldA11y("phone", err("phone"))} type="tel" className="input" placeholder="+57 300 123 4567" {...register("phone")} />
        </Field>
        <Field id="amount" label={t("form.amount")} error={err("amount")}>
          <Controller
            control={control}
            name="amount"
            render={({ field }) => <MoneyInput {...fieldA11y("amount", err("amount"))} ref={field.ref} name={field.name} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(err("amount"))} placeholder="350.000" />}
          />
        </Field>
        <Field
          id="available_hours"
          label={t("form.hours")}
          error={err("available_hours")}
          hint={
            <span data-testid="hours-hint">
              {prefill.deadline ? t("form.hoursDeadline", { n: maxHours, date: formatDateTime(prefill.deadline, locale) }) : t("form.hoursHint")} {until ? t("form.hoursUntil", { date: until }) : ""}
            </span>
          }
        >
          <input {...fieldA11y("available_hours", err("available_hours"), true)} type="number" min={1} max={maxHours} className="input" {...register("available_hours", { setValueAs: (x) => (x === "" ? Number.NaN : Number(x)) })} />
        </Field>
        <Field id="description" label={t("form.description")} error={err("description")} hint={t("form.descriptionHint")} className="sm:col-span-2">
          <textarea {...fieldA11y("description", err("description"), true)} maxLength={500} rows={2} className="input" {...register("description")} />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="label">{t("form.dates")}</legend>
          <div className="grid grid-cols-2 gap-4">
            <div>
              <input aria-label={t("form.from")} type="date" className="input" {...register("from")} aria-invalid={err("from") ? true : undefined} />
              {err("from") && <p className="mt-1 text-sm text-red-700">{err("from")}</p>}
            </div>
            <div>
              <input aria-label={t("form.to")} type="date" className="input" {...register("to")} aria-invalid={err("to") ? true : undefined} />
              {err("to") && <p className="mt-1 text-sm text-red-700">{err("to")}</p>}
            </div>
          </div>
        </fieldset>
      </div>
      <details className="rounded-md border border-slate-200 p-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">{t("form.advanced")}</summary>
        <div className="mt-4 grid gap-4">
          <Field id="external_ref_id" label={t("form.externalRef")} error={err("external_ref_id")}>
            <input {...fieldA11y("external_ref_id", err("external_ref_id"))} maxLength={200} className="input" {...register("external_ref_id")} />
          </Field>
          <Field id="temp_webhook_url" label={t("form.webhook")} error={err("temp_webhook_url")}>
            <input {...fieldA11y("temp_webhook_url", err("temp_webhook_url"))} type="url" className="input" placeholder="https://" {...register("temp_webhook_url")} />
          </Field>
          <Field id="success_url" label={t("form.success")} error={err("success_url")}>
            <input {...fieldA11y("success_url", err("success_url"))} type="url" className="input" placeholder="https://" {...register("success_url")} />
          </Field>
          <Field id="failure_url" label={t("form.failure")} error={err("failure_url")}>
            <input {...fieldA11y("failure_url", err("failure_url"))} type="url" className="input" placeholder="https://" {...register("failure_url")} />
          </Field>
        </div>
      </details>
      {errorCount > 0 && formState.isSubmitted && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="form-errors">
          {errorCount === 1 ? t("form.fixOne") : t("form.fixMany", { n: errorCount })}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t("form.submitting") : t("form.submit")}
      </button>
    </form>
  );
}
