"use client";
// The room-type and rate-plan forms of the hotels page on the portal's form kit (components/Form.tsx): one zod
// schema per form with the page's sentences (messages.ts), the fields described once and drawn by CatalogFields,
// and the API's rules (lib/inventory/schema.ts: create*Body in camelCase, patch*Body in snake_case) mapped to the
// same fields. Used by the "Agregar" forms (NewCatalogForms.tsx) and the "Editar" dialogs (CatalogEditors.tsx).
import { z } from "zod";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Field, applyApiError, errorOf, fieldA11y } from "@/components/Form";
import type { MessageKey, Translate } from "@/lib/i18n";
import { messages } from "./messages";

export type T = Translate<typeof messages.es>;
type Key = MessageKey<typeof messages.es>;

export const ROOM_TYPES = ["SINGLE", "DOUBLE", "TRIPLE", "QUADRUPLE", "SUITE", "FAMILY"];
export const REFUNDABLE = ["full", "partial", "none"] as const;

/** A whole number typed as text within its bounds, or null. */
export const intIn = (text: string, min: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};
const intText = (min: number, max: number, message: string) => z.string().refine((s) => s.trim() !== "" && intIn(s, min, max) !== null, message);
const required = (max: number, empty: string, t: T) => z.string().trim().min(1, empty).max(max, t("errTooLong", { max: max.toLocaleString("es-CO") }));
const code = (t: T) =>
  z
    .string()
    .trim()
    .max(64, t("errCode"))
    .regex(/^[A-Za-z0-9_.-]*$/, t("errCode"));

export const roomSchema = (t: T) =>
  z.object({
    room_name: required(120, t("errName"), t),
    room_type: z.string(),
    beds: intText(1, 20, t("errBeds")),
    max_adults: intText(1, 20, t("errAdults")),
    max_children: intText(0, 10, t("errChildren")),
  });
export const newRoomSchema = (t: T) => roomSchema(t).extend({ room_id: code(t) });

export const rateSchema = (t: T) =>
  z.object({
    rate_description: required(200, t("errDescription"), t),
    board_type: z.string().trim().max(8, t("errBoard")),
    board_type_description: required(200, t("errBoardDescription"), t),
    refundable: z.enum(REFUNDABLE),
    cancellation_policy: required(1000, t("errPolicy"), t),
  });
export const newRateSchema = (t: T) =>
  rateSchema(t).extend({
    rate_id: code(t),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, t("errCurrency")),
  });

export type RoomValues = z.input<ReturnType<typeof newRoomSchema>>;
export type RateValues = z.input<ReturnType<typeof newRateSchema>>;

/** The API's field names (create bodies in camelCase, PATCH bodies in snake_case) and the form field each goes under. */
export const ROOM_API: Record<string, keyof RoomValues> = { roomId: "room_id", roomName: "room_name", room_name: "room_name", roomType: "room_type", room_type: "room_type", beds: "beds", max_adults: "max_adults", max_children: "max_children" };
export const RATE_API: Record<string, keyof RateValues> = {
  rateId: "rate_id",
  rateDescription: "rate_description",
  rate_description: "rate_description",
  boardType: "board_type",
  board_type: "board_type",
  boardTypeDescription: "board_type_description",
  board_type_description: "board_type_description",
  refundable: "refundable",
  cancellationPolicy: "cancellation_policy",
  cancellation_policy: "cancellation_policy",
  currency: "currency",
};

/** One field of a catalog form; `wide` spans both columns. */
export interface FieldSpec<F> {
  name: keyof F & string;
  label: Key;
  wide?: boolean;
  control: { kind: "text"; maxLength?: number; numeric?: boolean } | { kind: "textarea"; rows: number } | { kind: "select"; options: (form: F, t: T) => Array<{ value: string; label: string }> };
}

const roomTypeLabel = (x: string, t: T) => (t(`roomTypeOpts.${x}`) === `roomTypeOpts.${x}` ? x : t(`roomTypeOpts.${x}`));
// A type the list does not know (set through the API) stays selectable under its own code.
const roomTypeOptions = (form: { room_type: string }, t: T) => [...new Set([...ROOM_TYPES, form.room_type])].map((x) => ({ value: x, label: roomTypeLabel(x, t) }));
const refundableOptions = (_: unknown, t: T) => REFUNDABLE.map((x) => ({ value: x, label: t(`refundableOpts.${x}`) }));

export const ROOM_FIELDS: Array<FieldSpec<RoomValues>> = [
  { name: "room_name", label: "roomName", wide: true, control: { kind: "text" } },
  { name: "room_id", label: "roomId", control: { kind: "text" } },
  { name: "room_type", label: "roomType", control: { kind: "select", options: roomTypeOptions } },
  { name: "beds", label: "beds", control: { kind: "text", numeric: true } },
  { name: "max_adults", label: "maxAdults", control: { kind: "text", numeric: true } },
  { name: "max_children", label: "maxChildren", control: { kind: "text", numeric: true } },
];

export const RATE_FIELDS: Array<FieldSpec<RateValues>> = [
  { name: "rate_description", label: "rateDescription", wide: true, control: { kind: "text" } },
  { name: "rate_id", label: "rateId", control: { kind: "text" } },
  { name: "board_type", label: "boardType", control: { kind: "text", maxLength: 8 } },
  { name: "refundable", label: "refundable", control: { kind: "select", options: refundableOptions } },
  { name: "currency", label: "currency", control: { kind: "text", maxLength: 3 } },
  { name: "board_type_description", label: "boardTypeDescription", wide: true, control: { kind: "text" } },
  { name: "cancellation_policy", label: "cancellationPolicy", wide: true, control: { kind: "textarea", rows: 3 } },
];

/** The fields of a form, each with its label and its error underneath (ids `${prefix}-${name}`). */
export function CatalogFields<F extends FieldValues>({ form, fields, prefix, t }: { form: UseFormReturn<F, unknown, F>; fields: Array<FieldSpec<F>>; prefix: string; t: T }) {
  const values = form.watch();
  return (
    <>
      {fields.map((f) => {
        const id = `${prefix}-${f.name}`;
        const name = f.name as Path<F>;
        const error = errorOf(form as unknown as UseFormReturn<F, unknown, FieldValues>, name);
        const a11y = fieldA11y(id, error);
        return (
          <Field key={f.name} id={id} label={t(f.label)} error={error} className={f.wide ? "col-span-2" : "min-w-0"}>
            {f.control.kind === "select" ? (
              <select className="input" {...a11y} {...form.register(name)}>
                {f.control.options(values, t).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : f.control.kind === "textarea" ? (
              <textarea className="input" rows={f.control.rows} {...a11y} {...form.register(name)} />
            ) : (
              <input className="input" inputMode={f.control.numeric ? "numeric" : undefined} maxLength={f.control.maxLength} {...a11y} {...form.register(name)} />
            )}
          </Field>
        );
      })}
    </>
  );
}

/** An API error of a catalog form: each rule under its field (of those the form has), the rest as one sentence. */
export function catalogApiError<F extends FieldValues>(err: unknown, form: UseFormReturn<F, unknown, F>, fields: Array<FieldSpec<F>>, api: Record<string, string>, t: T) {
  const fieldFor: Record<string, Path<F>> = {};
  const labels: Record<string, string> = {};
  for (const [key, name] of Object.entries(api)) {
    const spec = fields.find((f) => f.name === name);
    if (!spec) continue;
    fieldFor[key] = name as Path<F>;
    labels[key] = t(spec.label);
  }
  return applyApiError<F>(err, (name, e) => form.setError(name, e), fieldFor, labels);
}
