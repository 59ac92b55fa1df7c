"use client";
// The agency's data as a form (create and edit share it, issue 27): the portal's form kit (components/Form.tsx),
// Spanish sentences under each field, the optional webhook URL empty or a full address, and the API's rules
// (a NIT's check digit, an address the server will not call) under their own field.
import { z } from "zod";
import type { UseFormReturn } from "react-hook-form";
import { Field, errorOf, fieldA11y } from "@/components/Form";
import { documentTypeName } from "@/components/documents";
import { useDict } from "@/lib/i18n/client";
import { messages } from "./messages";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const agencySchema = z.object({
  name: z.string().trim().min(1, "Escriba la razón social de la agencia").max(200, "Máximo 200 caracteres"),
  email_for_notifications: z.string().trim().min(1, "Escriba el correo para notificaciones").refine((s) => s === "" || EMAIL.test(s), "Escriba un correo válido, por ejemplo reservas@agencia.com"),
  country_code: z.string().trim().regex(/^\+\d{1,3}$/, "Escriba el indicativo con +, por ejemplo +57"),
  phone: z.string().trim().regex(/^\d{7,12}$/, "Escriba de 7 a 12 dígitos, sin el indicativo, por ejemplo 3001234567"),
  document_type: z.enum(["NIT", "CC"]),
  document_number: z.string().trim().min(1, "Escriba el número de documento"),
  agency_type: z.enum(["retailer", "wholesale"]),
  payout_account_id: z.string().trim().min(1, "Escriba la cuenta de pagos que le asignó tesorería").max(100, "Máximo 100 caracteres"),
  // Optional: empty is fine; anything written must be a full address.
  webhook_url: z.string().trim().refine((s) => s === "" || /^https?:\/\/[^\s/]+\S*$/i.test(s), "Escriba una dirección completa que empiece por https://, o deje el campo vacío"),
  is_preloaded: z.boolean(),
});
export type AgencyValues = z.input<typeof agencySchema>;
export type AgencyForm = UseFormReturn<AgencyValues, unknown, z.output<typeof agencySchema>>;

/** API field names to form fields, so each server rule lands under its own field. */
export const AGENCY_FIELD_FOR: Record<string, keyof AgencyValues> = {
  name: "name",
  email_for_notifications: "email_for_notifications",
  country_code: "country_code",
  phone: "phone",
  document_type: "document_type",
  document_number: "document_number",
  agency_type: "agency_type",
  payout_account_id: "payout_account_id",
  webhook_url: "webhook_url",
};

type Part = "name" | "email" | "phone" | "document" | "type" | "payout" | "webhook" | "preloaded";

/** The fields asked for, in the form's order; `prefix` keeps ids unique when two forms share a page. */
export function AgencyFields({ form, parts, prefix }: { form: AgencyForm; parts: readonly Part[]; prefix: string }) {
  const t = useDict(messages);
  const { register } = form;
  const err = (k: keyof AgencyValues) => errorOf(form, k);
  const id = (k: string) => `${prefix}-${k}`;
  const docType = form.watch("document_type");
  const has = (p: Part) => parts.includes(p);
  return (
    <>
      {has("name") && (
        <Field id={id("name")} label={t("form.name")} error={err("name")}>
          <input className="input" autoComplete="organization" {...fieldA11y(id("name"), err("name"))} {...register("name")} />
        </Field>
      )}
      {has("email") && (
        <Field id={id("email")} label={t("form.email")} error={err("email_for_notifications")}>
          <input className="input" type="email" autoComplete="email" {...fieldA11y(id("email"), err("email_for_notifications"))} {...register("email_for_notifications")} />
        </Field>
      )}
      {has("phone") && (
        <div className="grid grid-cols-3 gap-2">
          <Field id={id("cc")} label={t("form.countryCode")} error={err("country_code")}>
            <input className="input" inputMode="tel" {...fieldA11y(id("cc"), err("country_code"))} {...register("country_code")} />
          </Field>
          <Field id={id("phone")} label={t("form.phone")} error={err("phone")} className="col-span-2">
            <input className="input" inputMode="numeric" autoComplete="tel-national" {...fieldA11y(id("phone"), err("phone"))} {...register("phone")} />
          </Field>
        </div>
      )}
      {has("document") && (
        <>
          <Field id={id("doctype")} label={t("form.documentType")} error={err("document_type")}>
            <select className="input" {...fieldA11y(id("doctype"), err("document_type"))} {...register("document_type")}>
              <option value="NIT">NIT</option>
              <option value="CC">{documentTypeName("CC")}</option>
            </select>
          </Field>
          <Field id={id("doc")} label={t("form.documentNumber")} error={err("document_number")} hint={docType === "NIT" ? t("form.nitHint") : undefined}>
            <input className="input" inputMode="numeric" {...fieldA11y(id("doc"), err("document_number"), docType === "NIT")} {...register("document_number")} />
          </Field>
        </>
      )}
      {has("type") && (
        <Field id={id("type")} label={t("form.agencyType")} error={err("agency_type")}>
          <select className="input" {...fieldA11y(id("type"), err("agency_type"))} {...register("agency_type")}>
            <option value="retailer">{t("type.retailer")}</option>
            <option value="wholesale">{t("type.wholesale")}</option>
          </select>
        </Field>
      )}
      {has("payout") && (
        <Field id={id("payout")} label={t("form.payout")} error={err("payout_account_id")} hint={t("form.payoutHint")}>
          <input className="input" {...fieldA11y(id("payout"), err("payout_account_id"), true)} {...register("payout_account_id")} />
        </Field>
      )}
      {has("webhook") && (
        <Field id={id("webhook")} label={t("form.webhook")} error={err("webhook_url")}>
          <input className="input" type="url" inputMode="url" placeholder="https://" {...fieldA11y(id("webhook"), err("webhook_url"))} {...register("webhook_url")} />
        </Field>
      )}
      {has("preloaded") && (
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4" {...register("is_preloaded")} />
          {t("form.preloaded")}
        </label>
      )}
    </>
  );
}
