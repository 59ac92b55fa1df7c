"use client";
// A new payment link: who pays (agency, hotel, guest), what and for how long, the stay's dates and the advanced
// options. Rules and starting values are link-schema.ts; the API's rules land under their fields.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Controller, useWatch } from "react-hook-form";
import { api, ok, ApiError, useSubmissionKey } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { linkMessages } from "@/lib/links/messages";
import { formatDateTime } from "@/lib/format";
import { MoneyInput } from "@/components/MoneyInput";
import { Field, FormProblems, applyApiError, fieldA11y, useZodForm } from "@/components/Form";
import { FIELD_FOR, linkDefaults, linkSchema, scheduleBody, type LinkPrefill, type LinkValues } from "./link-schema";

export type { LinkPrefill };
type Hotel = { id: number; name: string; cityLabel: string };
type LinkFormApi = ReturnType<typeof useZodForm<ReturnType<typeof linkSchema>>>;
const errorIn = (form: LinkFormApi) => (k: keyof LinkValues) => form.formState.errors[k]?.message as string | undefined;

export function LinkForm({ hotels, agencies, prefill }: { hotels: Hotel[]; agencies: Array<{ id: number; name: string }>; prefill: LinkPrefill }) {
  const t = useDict(linkMessages);
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const submission = useSubmissionKey();
  const [error, setError] = useState<string | null>(null);
  const maxHours = prefill.maxHours !== undefined ? Math.min(720, prefill.maxHours) : 720;
  const [schema] = useState(() => linkSchema(Math.max(1, maxHours)));
  const form = useZodForm(schema, { defaultValues: linkDefaults(prefill, maxHours) });

  const submit = form.handleSubmit(async (v) => {
    const body = scheduleBody(v, prefill);
    setBusy(true);
    setError(null);
    try {
      const r = await ok(api.POST("/v2/links/schedule", { body, params: { header: { "Idempotency-Key": submission.key(body) } } }));
      submission.done();
      router.push(`/links/${r.code}?nuevo=1`);
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) submission.done(); // answered: a retry is a new submission
      setError(applyApiError<LinkValues>(e, (name, x) => form.setError(name, x), FIELD_FOR));
      setBusy(false);
    }
  });

  if (prefill.maxHours !== undefined && prefill.maxHours < 1) {
    return (
      <p className="card max-w-3xl p-6 text-amber-900" role="alert" data-testid="link-deadline-gone">
        {t("form.deadlineGone")}
      </p>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="card max-w-3xl space-y-5 p-4 sm:p-6" data-testid="link-form">
      <WhereFields form={form} hotels={hotels} agencies={agencies} />
      <div className="grid gap-4 sm:grid-cols-2">
        <GuestFields form={form} prefill={prefill} maxHours={maxHours} />
        <StayDates form={form} />
      </div>
      <AdvancedFields form={form} />
      <FormProblems count={Object.keys(form.formState.errors).length} submitted={form.formState.isSubmitted} fix={(n) => (n === 1 ? t("form.fixOne") : t("form.fixMany", { n }))} error={error} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t("form.submitting") : t("form.submit")}
      </button>
    </form>
  );
}

/** The agency (for staff who choose it) and the hotel, grouped by city. */
function WhereFields({ form, hotels, agencies }: { form: LinkFormApi; hotels: Hotel[]; agencies: Array<{ id: number; name: string }> }) {
  const t = useDict(linkMessages);
  const err = errorIn(form);
  const byCity = hotels.reduce<Record<string, Hotel[]>>((acc, h) => ({ ...acc, [h.cityLabel]: [...(acc[h.cityLabel] ?? []), h] }), {});
  return (
    <>
      {agencies.length > 0 && (
        <Field id="agency_id" label={t("form.agency")} error={err("agency_id")}>
          <select {...fieldA11y("agency_id", err("agency_id"))} className="input" {...form.register("agency_id")}>
            {agencies.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id="hotel_id" label={t("form.hotel")} error={err("hotel_id")}>
        <select {...fieldA11y("hotel_id", err("hotel_id"))} className="input" {...form.register("hotel_id")}>
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
    </>
  );
}

/** The guest and their contact, the amount, how long the link lasts (and until when), and what is paid. */
function GuestFields({ form, prefill, maxHours }: { form: LinkFormApi; prefill: LinkPrefill; maxHours: number }) {
  const t = useDict(linkMessages);
  const { locale } = useI18n();
  const err = errorIn(form);
  const { register, control } = form;
  const hours = useWatch({ control, name: "available_hours" });
  const [now] = useState(() => Date.now());
  const until = Number.isInteger(hours) && hours >= 1 && hours <= maxHours ? formatDateTime(new Date(now + hours * 3_600_000), locale) : null;
  return (
    <>
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
    </>
  );
}

/** Arrival and departure, both or neither; a server rule about the dates lands under the departure. */
function StayDates({ form }: { form: LinkFormApi }) {
  const t = useDict(linkMessages);
  const err = errorIn(form);
  return (
    <fieldset className="sm:col-span-2">
      <legend className="label">{t("form.dates")}</legend>
      <div className="grid grid-cols-2 gap-4">
        {(["from", "to"] as const).map((k) => (
          <div key={k}>
            <input id={k} aria-label={t(`form.${k}`)} type="date" className="input" {...form.register(k)} aria-invalid={err(k) ? true : undefined} aria-describedby={err(k) ? `${k}-error` : undefined} />
            {err(k) && (
              <p id={`${k}-error`} className="mt-1 text-sm text-red-700" data-testid="field-error">
                {err(k)}
              </p>
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The agency's own reference, a webhook for this link and where the guest goes after paying. */
function AdvancedFields({ form }: { form: LinkFormApi }) {
  const t = useDict(linkMessages);
  const err = errorIn(form);
  const url = (k: "temp_webhook_url" | "success_url" | "failure_url", label: string) => (
    <Field id={k} label={label} error={err(k)}>
      <input {...fieldA11y(k, err(k))} type="url" className="input" placeholder="https://" {...form.register(k)} />
    </Field>
  );
  return (
    <details className="rounded-md border border-slate-200 p-4">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">{t("form.advanced")}</summary>
      <div className="mt-4 grid gap-4">
        <Field id="external_ref_id" label={t("form.externalRef")} error={err("external_ref_id")}>
          <input {...fieldA11y("external_ref_id", err("external_ref_id"))} maxLength={200} className="input" {...form.register("external_ref_id")} />
        </Field>
        {url("temp_webhook_url", t("form.webhook"))}
        {url("success_url", t("form.success"))}
        {url("failure_url", t("form.failure"))}
      </div>
    </details>
  );
}
