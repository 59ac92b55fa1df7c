"use client";
// The operator's "Nuevo hotel" form on the portal's form kit: Spanish rules under each field, the API's rules
// (lib/inventory/schema.ts createHotelBody) mapped to the same fields.
import { useState } from "react";
import { z } from "zod";
import { api, ok } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Field, applyApiError, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { cityLabel } from "@/lib/format";
import { messages } from "./messages";

const schema = z.object({
  name: z.string().trim().min(1, "Escriba el nombre del hotel").max(200, "El nombre admite hasta 200 caracteres"),
  city: z.string().trim().min(1, "Escriba la ciudad del hotel").max(80, "La ciudad admite hasta 80 caracteres"),
  cm: z.string().trim().max(100, "El identificador admite hasta 100 caracteres"),
  hold: z
    .string()
    .trim()
    .refine((s) => s === "" || (/^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= 43200), "Escriba un número de minutos entre 1 y 43.200 (30 días)"),
});
type Values = z.input<typeof schema>;
const EMPTY: Values = { name: "", city: "", cm: "", hold: "1440" };
const FIELD_FOR = { name: "name", city: "city", channel_manager_id: "cm", hold_minutes: "hold" } as const;

export function NewHotelForm({ cities, onCreated }: { cities: string[]; onCreated: (id: number) => void }) {
  const t = useDict(messages);
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const [error, setError] = useState<string | null>(null);
  const labels = { name: t("name"), city: t("city"), channel_manager_id: t("cmId"), hold_minutes: t("holdMinutes") };
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const h = await ok(api.POST("/v2/hotels", { body: { name: v.name, city: v.city, channel_manager_id: v.cm || undefined, hold_minutes: Number(v.hold) || undefined } }));
      form.reset(EMPTY);
      onCreated(h.id);
    } catch (e) {
      setError(applyApiError<Values>(e, (name, x) => form.setError(name, x), FIELD_FOR, labels));
    }
  });
  const err = (name: keyof Values) => errorOf(form, name);

  return (
    <form className="card grid gap-3 p-4 sm:grid-cols-2" noValidate onSubmit={submit} data-testid="hotel-form">
      <h2 className="text-sm font-semibold text-slate-800 sm:col-span-2">{t("newHotel")}</h2>
      <Field id="h-name" label={t("name")} error={err("name")}>
        <input className="input" {...fieldA11y("h-name", err("name"))} {...form.register("name")} />
      </Field>
      <Field id="h-city" label={t("city")} error={err("city")}>
        <input className="input" list="h-cities" {...fieldA11y("h-city", err("city"))} {...form.register("city")} />
        <datalist id="h-cities">
          {cities.map((c) => (
            <option key={c} value={cityLabel(c)} />
          ))}
        </datalist>
      </Field>
      <Field id="h-cm" label={t("cmId")} error={err("cm")}>
        <input className="input" {...fieldA11y("h-cm", err("cm"))} {...form.register("cm")} />
      </Field>
      <Field id="h-hold" label={t("holdMinutes")} error={err("hold")}>
        <input type="number" min={1} className="input" {...fieldA11y("h-hold", err("hold"))} {...form.register("hold")} />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex justify-end sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
          {t("create")}
        </button>
      </div>
    </form>
  );
}
