"use client";
// The room-type and rate-plan forms of the hotels page on the portal's form kit (components/Form.tsx): one zod
// schema per form with the page's Spanish sentences (messages.ts), the fields described once and drawn by
// CatalogFields (each error under its own field), and the API's rules (lib/inventory/schema.ts: create bodies in
// camelCase, PATCH bodies in snake_case) mapped to the same fields. Used by the "Agregar" forms
// (NewCatalogForms.tsx) and the "Editar" dialogs (CatalogEditors.tsx).
import { z } from "zod";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Field, FormProblems, applyApiError, errorOf, fieldA11y } from "@/components/Form";
import type { MessageKey, Translate } from "@/lib/i18n";
import { messages } from "./messages";

export type T = Translate<typeof messages.es>;
type Key = MessageKey<typeof messages.es>;

const ROOM_TYPES = ["SINGLE", "DOUBLE", "TRIPLE", "QUADRUPLE", "SUITE", "FAMILY"];
const REFUNDABLE = ["full", "partial", "none"] as const;

/** A whole number typed as text within its bounds. */
const intText = (min: number, max: number, message: string) =>
  z.string().refine((s) => {
    const n = Number(s.trim());
    return s.trim() !== "" && Number.isInteger(n) && n >= min && n <= max;
  }, message);
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

export type RoomValues = z.input<ReturnType<typeof roomSchema>>;
export type NewRoomValues = z.input<ReturnType<typeof newRoomSchema>>;
export type RateValues = z.input<ReturnType<typeof rateSchema>>;
export type NewRateValues = z.input<ReturnType<typeof newRateSchema>>;

/** The API's field names (create bodies in camelCase, PATCH bodies in snake_case) and the form field each goes under. */
export const ROOM_API: Record<string, keyof NewRoomValues> = { roomId: "room_id", roomName: "room_name", room_name: "room_name", roomType: "room_type", room_type: "room_type", beds: "beds", max_adults: "max_adults", max_children: "max_children" };
export const RATE_API: Record<string, keyof NewRateValues> = {
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

type Option = { value: string; label: string };
/** One field of a catalog form; `wide` spans both columns. A select's options may keep the value it started with. */
export interface FieldSpec<F> {
  name: keyof F & string;
  label: Key;
  wide?: boolean;
  control: { kind: "text"; maxLength?: number; numeric?: boolean } | { kind: "textarea"; rows: number } | { kind: "select"; options: (t: T, initial: string) => Option[] };
}

const roomTypeLabel = (x: string, t: T) => (t(`roomTypeOpts.${x}`) === `roomTypeOpts.${x}` ? x : t(`roomTypeOpts.${x}`));
// A type the list does not know (set through the API) stays selectable under its own code.
const roomTypeOptions = (t: T, initial: string) => [...new Set([...ROOM_TYPES, initial].filter(Boolean))].map((x) => ({ value: x, label: roomTypeLabel(x, t) }));
const refundableOptions = (t: T) => REFUNDABLE.map((x) => ({ value: x, label: t(`refundableOpts.${x}`) }));

export const ROOM_FIELDS: Array<FieldSpec<RoomValues>> = [
  { name: "room_name", label: "roomName", wide: true, control: { kind: "text", maxLength: 120 } },
  { name: "room_type", label: "roomType", control: { kind: "select", options: roomTypeOptions } },
  { name: "beds", label: "beds", control: { kind: "text", numeric: true } },
  { name: "max_adults", label: "maxAdults", control: { kind: "text", numeric: true } },
  { name: "max_children", label: "maxChildren", control: { kind: "text", numeric: true } },
];
export const NEW_ROOM_FIELDS: Array<FieldSpec<NewRoomValues>> = [ROOM_FIELDS[0], { name: "room_id", label: "roomId", control: { kind: "text", maxLength: 64 } }, ...ROOM_FIELDS.slice(1)];

export const RATE_FIELDS: Array<FieldSpec<RateValues>> = [
  { name: "rate_description", label: "rateDescription", wide: true, control: { kind: "text", maxLength: 200 } },
  { name: "board_type", label: "boardType", control: { kind: "text", maxLength: 8 } },
  { name: "refundable", label: "refundable", control: { kind: "select", options: refundableOptions } },
  { name: "board_type_description", label: "boardTypeDescription", wide: true, control: { kind: "text", maxLength: 200 } },
  { name: "cancellation_policy", label: "cancellationPolicy", wide: true, control: { kind: "textarea", rows: 3 } },
];
export const NEW_RATE_FIELDS: Array<FieldSpec<NewRateValues>> = [
  RATE_FIELDS[0],
  { name: "rate_id", label: "rateId", control: { kind: "text", maxLength: 64 } },
  RATE_FIELDS[1],
  RATE_FIELDS[2],
  { name: "currency", label: "currency", control: { kind: "text", maxLength: 3 } },
  ...RATE_FIELDS.slice(3),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm<F extends FieldValues> = UseFormReturn<F, unknown, any>;

/** The fields of a form, each with its label and its error underneath (ids `${prefix}-${name}`). */
export function CatalogFields<F extends FieldValues>({ form, fields, prefix, t }: { form: AnyForm<F>; fields: Array<FieldSpec<F>>; prefix: string; t: T }) {
  return (
    <>
      {fields.map((f) => {
        const id = `${prefix}-${f.name}`;
        const name = f.name as Path<F>;
        const error = errorOf(form, name);
        const a11y = fieldA11y(id, error);
        const c = f.control;
        return (
          <Field key={f.name} id={id} label={t(f.label)} error={error} className={f.wide ? "col-span-2" : "min-w-0"}>
            {c.kind === "select" ? (
              <select className="input" {...a11y} {...form.register(name)}>
                {c.options(t, String(form.formState.defaultValues?.[f.name] ?? "")).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : c.kind === "textarea" ? (
              <textarea className="input" rows={c.rows} {...a11y} {...form.register(name)} />
            ) : (
              <input className="input" inputMode={c.numeric ? "numeric" : undefined} maxLength={c.maxLength} {...a11y} {...form.register(name)} />
            )}
          </Field>
        );
      })}
    </>
  );
}

/** Under a catalog form: how many fields to fix (once submitted) and what no field holds. */
export function CatalogProblems<F extends FieldValues>({ form, error, t }: { form: AnyForm<F>; error: string | null; t: T }) {
  const count = Object.keys(form.formState.errors).length;
  return (
    <div className="col-span-2 space-y-2 empty:hidden">
      <FormProblems count={count} submitted={form.formState.isSubmitted} fix={(n) => (n === 1 ? t("fixOne") : t("fixMany", { n }))} error={error} />
    </div>
  );
}

/** An API error of a catalog form: each rule under its field (of those the form has), the rest as one sentence. */
export function catalogApiError<F extends FieldValues>(err: unknown, form: AnyForm<F>, fields: Array<FieldSpec<F>>, api: Record<string, string>, t: T) {
  const fieldFor: Record<string, Path<F>> = {};
  const labels: Record<string, string> = {};
  for (const [key, name] of Object.entries(api)) {
    const spec = fields.find((f) => f.name === name);
    if (!spec) continue;
    fieldFor[key] = name as Path<F>;
    labels[key] = t(spec.label);
  }
  return applyApiError<F>(err, (name, e) => form.setError(name, e), fieldFor, labels, t("error"));
}
