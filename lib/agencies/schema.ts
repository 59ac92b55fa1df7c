// Wire formats of agencies (4.12, 4.13, docs/decisions.md section 10), their balance ledger and portal users.
import { compactDocument, readNit } from "./nit";
import { z } from "zod";
import { MAX_AMOUNT, MAX_DB_ID, MAX_PAGE, maxAmountMessage, maxIdMessage, maxPageMessage } from "@/lib/http/limits";
import { bool, httpUrl, text } from "@/lib/http/zod-helpers";

export const emailField = z
  .string()
  .trim()
  .max(254, "máximo 254 caracteres")
  .pipe(z.email({ error: "debe ser un correo electrónico válido" }));

export const agencyTypeField = z.enum(["retailer", "wholesale"], { error: "debe ser retailer o wholesale" });

export const boolField = bool;

const nitNumber = z
  .string()
  .trim()
  .transform(compactDocument)
  .refine((v) => /^\d{5,15}(-\d)?$/.test(v), "escriba de 5 a 15 dígitos; un NIT puede llevar su dígito de verificación (p. ej. 900123456-8)")
  .superRefine((v, ctx) => {
    const error = readNit(v).error;
    if (error) ctx.addIssue({ code: "custom", message: error });
  })
  .transform((v) => readNit(v).base);

const optionalRef = z.string().trim().max(200, "máximo 200 caracteres").nullable().optional();

export const createAgencyBody = z.object({
  name: text(200),
  email_for_notifications: emailField,
  phone: z.string().trim().regex(/^\d{7,12}$/, "debe tener de 7 a 12 dígitos, sin indicativo de país"),
  country_code: z.string().trim().regex(/^\+\d{1,3}$/, "debe ser un indicativo con +, p. ej. +57"),
  document_type: z.enum(["NIT", "CC"], { error: "debe ser NIT o CC" }),
  // A NIT may come with dots and its check digit (900.123.456-8): the check digit is verified, the digits kept.
  document_number: nitNumber,
  is_preloaded: boolField(),
  payout_account_id: text(100),
  agency_type: agencyTypeField.optional(),
  webhook_url: httpUrl.nullable().optional(),
  rc_identifier: optionalRef,
  partner_token: optionalRef,
  processor_a_user_id: optionalRef,
  processor_b_user_id: optionalRef,
});
export type CreateAgencyInput = z.output<typeof createAgencyBody>;

export const updateAgencyBody = z
  .object({
    name: text(200).optional(),
    email_for_notifications: emailField.optional(),
    phone: createAgencyBody.shape.phone.optional(),
    country_code: createAgencyBody.shape.country_code.optional(),
    agency_type: agencyTypeField.optional(),
    webhook_url: httpUrl.nullable().optional(),
    is_active: boolField().optional(),
    is_archived: boolField().optional(),
    is_preloaded: boolField().optional(),
    payout_account_id: text(100).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "envíe al menos un campo para modificar" });
export type UpdateAgencyInput = z.output<typeof updateAgencyBody>;

const boolQuery = z.enum(["true", "false"], { error: "debe ser true o false" }).transform((v) => v === "true");

export const listAgenciesQuery = z.object({
  search: z.string().trim().max(100, "máximo 100 caracteres").optional(),
  agency_type: agencyTypeField.optional(),
  is_active: boolQuery.optional(),
  is_archived: boolQuery.optional(),
  is_preloaded: boolQuery.optional(),
  page: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").min(1, "debe ser al menos 1").max(MAX_PAGE, maxPageMessage).default(1),
  per_page: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").min(1, "debe ser al menos 1").max(200, "máximo 200").default(50),
});

export const idParam = z.object({
  id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage),
});

export const agencyOut = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  country_code: z.string(),
  email_for_notifications: z.string(),
  document_type: z.string(),
  document_number: z.string(),
  is_active: z.boolean(),
  is_archived: z.boolean(),
  rc_identifier: z.string().nullable(),
  partner_token: z.string().nullable(),
  processor_a_user_id: z.string().nullable(),
  processor_b_user_id: z.string().nullable(),
  payout_account_id: z.string(),
  agency_type: agencyTypeField,
  is_preloaded: z.boolean(),
  webhook_url: z.string().nullable(),
  created_at: z.string().meta({ description: "ISO 8601 sin zona, con microsegundos, en UTC" }),
  updated_at: z.string().meta({ description: "ISO 8601 sin zona, con microsegundos, en UTC" }),
});

export const preloadedAgencyOut = agencyOut.omit({ payout_account_id: true });

export const createAgencyResult = z.object({ msg: z.string(), id: z.number().int(), agency: agencyOut });

/** Money on the wire: a positive number with at most two fraction digits (string accepted too). */
export const moneyField = z
  .union([z.number({ error: "debe ser un número" }), z.string({ error: "debe ser un número" })])
  .transform((v, ctx) => {
    const s = typeof v === "number" ? String(v) : v.trim();
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: "custom", message: "debe ser un monto positivo con máximo dos decimales" });
      return z.NEVER;
    }
    if (Number(s) <= 0) {
      ctx.addIssue({ code: "custom", message: "debe ser mayor que 0" });
      return z.NEVER;
    }
    if (Number(s) > MAX_AMOUNT) {
      ctx.addIssue({ code: "custom", message: maxAmountMessage });
      return z.NEVER;
    }
    return s;
  });

export const topUpBody = z.object({
  amount: moneyField,
  note: z.string().trim().max(500, "máximo 500 caracteres").optional(),
});

export const balanceEntryOut = z.object({
  id: z.number().int(),
  kind: z.string().meta({ description: "topup | debit | refund" }),
  amount: z.number(),
  balance_after: z.number(),
  reservation_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const balanceOut = z.object({
  agency_id: z.number().int(),
  is_preloaded: z.boolean(),
  currency: z.literal("COP"),
  balance: z.number(),
  entries: z.array(balanceEntryOut),
});
