// Wire formats of account holders (4.10), organizations (4.11) and virtual cards (4.6).
import { compactDocument, readNit } from "@/lib/agencies/nit";
import { z } from "zod";
import { MAX_DB_ID, MAX_DECIMAL_14_2, MAX_PAGE, maxIdMessage, maxPageMessage } from "@/lib/http/limits";
import { isoDate, text, typeError } from "@/lib/http/zod-helpers";
import { boolField, emailField } from "@/lib/agencies/schema";

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ"]);
/** An ISO 3166-1 alpha-2 country code (upper case). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  const name = regionNames.of(code);
  return !!name && name !== code && name !== "Unknown Region";
}

const countryField = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCountryCode, "debe ser un código de país ISO de 2 letras (p. ej. CO)");

export const PERSON_TYPES = ["natural", "legal"] as const;
export const HOLDER_DOCUMENT_TYPES = ["CC", "CE", "NIT", "PP", "TI", "PEP"] as const;

export const createAccountHolderBody = z
  .object({
    agency_id: z.number(typeError("debe ser un número entero")).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage),
    first_name: text(100),
    last_name: text(100),
    nacionality: countryField,
    person_type: z.enum(PERSON_TYPES, { error: "debe ser natural o legal" }),
    // Dots and spaces are dropped; a NIT may carry its check digit (900123456-8), verified and then dropped.
    document_number: z
      .string()
      .trim()
      .transform(compactDocument)
      .refine((v) => /^[A-Za-z0-9]{4,20}$/.test(v) || /^\d{5,15}-\d$/.test(v), "escriba de 4 a 20 letras o dígitos; un NIT puede llevar su dígito de verificación (p. ej. 900123456-8)")
      .superRefine((v, ctx) => {
        const error = readNit(v).error;
        if (error) ctx.addIssue({ code: "custom", message: error });
      })
      .transform((v) => readNit(v).base),
    document_type: z.enum(HOLDER_DOCUMENT_TYPES, { error: `debe ser uno de ${HOLDER_DOCUMENT_TYPES.join(", ")}` }),
    birthdate: isoDate,
    email: emailField,
    phone_number: z.string().trim().regex(/^\+\d{8,15}$/, "debe empezar con + y el indicativo del país, solo dígitos (p. ej. +573001234567)"),
    address: text(200),
    city: text(100),
    state: text(100),
    country: countryField,
    zip_code: z.string().trim().regex(/^[A-Za-z0-9 -]{3,10}$/, "debe tener de 3 a 10 letras o dígitos"),
  })
  .superRefine((v, ctx) => {
    if (v.person_type === "legal" && v.document_type !== "NIT") {
      ctx.addIssue({ code: "custom", path: ["document_type"], message: "una persona jurídica (legal) se identifica con NIT" });
    }
    if (v.person_type === "natural" && v.document_type === "NIT") {
      ctx.addIssue({ code: "custom", path: ["document_type"], message: "una persona natural no se identifica con NIT" });
    }
    // A NIT with a wrong check digit ("900123456-7") already has its own message.
    if (/^\d+(-\d)?$/.test(v.document_number) === false && ["CC", "NIT", "TI"].includes(v.document_type)) {
      ctx.addIssue({ code: "custom", path: ["document_number"], message: `debe tener solo dígitos para ${v.document_type}` });
    }
  });
export type CreateAccountHolderInput = z.output<typeof createAccountHolderBody>;

export const accountHolderOut = z.object({
  account_holder_id: z.string(),
  agency_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  nacionality: z.string(),
  person_type: z.string(),
  document_number: z.string(),
  document_type: z.string(),
  birthdate: z.string(),
  email: z.string(),
  phone_number: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
  created_at: z.string(),
});

const holderIdField = z.string().trim().min(1, "no puede estar vacío").max(64, "máximo 64 caracteres");

export const getAccountHolderBody = z.object({ account_holder_id: holderIdField.optional() }).optional();

export const createOrganizationBody = z.object({
  name: text(120),
  description: text(500),
  external_ref: z.string().trim().max(100, "máximo 100 caracteres").nullable().optional(),
  account_holder_id: holderIdField.optional(),
});
export type CreateOrganizationInput = z.output<typeof createOrganizationBody>;

export const organizationOut = z.object({
  id: z.number().int(),
  account_holder_id: z.string(),
  name: z.string(),
  description: z.string(),
  external_ref: z.string().nullable(),
});

export const listOrganizationsQuery = z.object({ account_holder_id: holderIdField.optional() });

// ---------------------------------------------------------------- spending controls (docs/decisions.md 10.8)

/** per_authorization: each charge at most the amount; all_time: the card's charges together, for its whole life. */
export const SPENDING_INTERVALS = ["per_authorization", "all_time"] as const;
/** Hotels one card may be locked to. */
export const MAX_CARD_HOTELS = 50;

const twoDecimals = (n: number) => /^\d+(\.\d{1,2})?$/.test(String(n));
const idField = z.number(typeError("debe ser un número entero")).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage);

/** A strict object: an unknown key is a 400, never silently ignored (a misspelt control must not leave a card open). */
const strictObject = <T extends z.ZodRawShape>(shape: T, what: string) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === "unrecognized_keys" ? `campo desconocido: ${iss.keys.join(", ")}` : iss.input === undefined ? "es obligatorio" : `debe ser un objeto ${what}`,
  });

const spendingLimitBody = strictObject(
  {
    amount: z
      .number(typeError("debe ser un número"))
      .refine((n) => Number.isFinite(n) && n > 0, "debe ser mayor que 0")
      .refine((n) => n <= MAX_DECIMAL_14_2, "supera el máximo permitido")
      .refine(twoDecimals, "admite como máximo dos decimales"),
    interval: z.enum(SPENDING_INTERVALS, { error: "debe ser per_authorization (por cobro) o all_time (en total, toda la vida de la tarjeta)" }),
  },
  "con amount (COP) e interval",
);

export const spendingControlsBody = strictObject(
  {
    spending_limits: z
      .array(spendingLimitBody, typeError("debe ser una lista de límites {amount, interval}"))
      .max(SPENDING_INTERVALS.length, "admite como máximo un límite por cobro y uno total")
      .superRefine((limits, ctx) => {
        const seen = new Set<string>();
        for (const l of limits) {
          if (seen.has(l.interval)) ctx.addIssue({ code: "custom", message: `tiene dos límites ${l.interval}; deje uno` });
          seen.add(l.interval);
        }
        const per = limits.find((l) => l.interval === "per_authorization");
        const all = limits.find((l) => l.interval === "all_time");
        if (per && all && per.amount > all.amount) ctx.addIssue({ code: "custom", message: "el límite por cobro no puede superar el límite total" });
      })
      .meta({ description: "Límites de gasto en COP: `per_authorization` (cada cobro) y/o `all_time` (la suma de los cobros aprobados o en verificación, menos lo reembolsado, en toda la vida de la tarjeta). Vacío o ausente: sin límite." })
      .optional(),
    allowed_hotel_ids: z
      .array(idField, typeError("debe ser una lista de identificadores de hotel"))
      .max(MAX_CARD_HOTELS, `admite como máximo ${MAX_CARD_HOTELS} hoteles`)
      .transform((ids) => [...new Set(ids)])
      .meta({ description: "Hoteles en los que la tarjeta puede pagar; en cualquier otro el cobro se rechaza. Vacío o ausente: cualquier hotel." })
      .optional(),
  },
  "con spending_limits y allowed_hotel_ids",
);
export type SpendingControlsInput = z.output<typeof spendingControlsBody>;

export const spendingControlsOut = z.object({
  spending_limits: z.array(z.object({ amount: z.number(), interval: z.enum(SPENDING_INTERVALS) })),
  allowed_hotel_ids: z.array(z.number().int()),
});

export const createCardBody = z.object({
  card_name: z
    .string()
    .trim()
    .min(2, "debe tener al menos 2 caracteres")
    .max(60, "máximo 60 caracteres")
    .regex(/^[\p{L} .'-]+$/u, "solo letras, espacios, puntos, apóstrofos y guiones"),
  expiration: isoDate,
  activation: isoDate,
  organization_id: z.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage),
  one_time_use: boolField(),
  destination: z.object(
    {
      external_id: text(100),
      name: text(120),
      email: emailField,
    },
    typeError("debe ser un objeto con identificador, nombre y correo"),
  ),
  external_reference: z.string().trim().min(1, "no puede estar vacío").max(50, "máximo 50 caracteres").regex(/^[A-Za-z0-9_.-]+$/, "solo letras, dígitos, punto, guion y guion bajo"),
  spending_controls: spendingControlsBody
    .meta({ description: "Opcional (docs/decisions.md 10.8): límites de gasto y hoteles autorizados. Sin él, la tarjeta paga cualquier monto en cualquier hotel, como siempre." })
    .optional(),
});
export type CreateCardInput = z.output<typeof createCardBody>;

export const updateCardBody = strictObject({ spending_controls: spendingControlsBody }, "con spending_controls");

export const CARD_STATUSES = ["frozen", "active", "cancelled"] as const;

export const virtualCardOut = z.object({
  card_id: z.string(),
  subaccount_id: z.string(),
  one_time_use: z.boolean(),
  nickname: z.string(),
  last_four: z.string(),
  expiration: z.string(),
  activation: z.string(),
  organization_id: z.number().int(),
  destination: z.object({ external_id: z.string(), name: z.string(), email: z.string() }),
  status: z.enum(CARD_STATUSES),
  spending_controls: spendingControlsOut,
});

export const cardEventOut = z.object({ from_status: z.enum(CARD_STATUSES).nullable(), to_status: z.enum(CARD_STATUSES), reason: z.string(), at: z.string() });

export const virtualCardDetailOut = virtualCardOut.extend({
  card_name: z.string(),
  external_reference: z.string(),
  brand: z.string(),
  agency_id: z.number().int(),
  used_at: z.string().nullable(),
  created_at: z.string(),
  history: z.array(cardEventOut),
  /** What counts against the all_time limit now; available_amount is null without one. */
  spent_amount: z.number(),
  available_amount: z.number().nullable(),
  allowed_hotels: z.array(z.object({ hotel_id: z.number().int(), name: z.string(), city: z.string() })),
  account_holder_name: z.string(),
  organization_name: z.string(),
});

export const CARD_TRANSACTION_STATUSES = ["pending", "approved", "rejected", "refunded"] as const;

export const cardTransactionsQuery = z.object({
  status: z.enum(CARD_TRANSACTION_STATUSES, { error: "debe ser pending, approved, rejected o refunded" }).optional(),
  page: z.coerce.number(typeError("debe ser un número entero")).int("debe ser un número entero").min(1, "debe ser al menos 1").max(MAX_PAGE, maxPageMessage).optional(),
  per_page: z.coerce.number(typeError("debe ser un número entero")).int("debe ser un número entero").min(1, "debe estar entre 1 y 100").max(100, "debe estar entre 1 y 100").optional(),
});

/** One charge attempted with the card (an authorization, as issuers call it): approved or declined, with its reason. */
export const cardTransactionOut = z.object({
  transaction_id: z.string(),
  status: z.enum(CARD_TRANSACTION_STATUSES),
  amount: z.number(),
  currency: z.string(),
  hotel_id: z.number().int(),
  hotel_name: z.string(),
  decline_code: z.string().nullable(),
  decline_reason: z.string().nullable(),
  refunded_amount: z.number(),
  voucher_url: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export const cardTransactionList = z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), items: z.array(cardTransactionOut) });

export const listCardsQuery = z.object({
  status: z.enum(CARD_STATUSES, { error: "debe ser frozen, active o cancelled" }).optional(),
  organization_id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage).optional(),
  one_time_use: z.enum(["true", "false"], { error: "debe ser true o false" }).transform((v) => v === "true").optional(),
  agency_id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage).optional(),
  search: z.string().trim().max(100, "máximo 100 caracteres").optional(),
});

export const cardIdParam = z.object({ card_id: z.string().min(1).max(64, "máximo 64 caracteres") });

export const sandboxDetailsOut = z.object({ number: z.string(), cvc: z.string(), exp_month: z.number().int(), exp_year: z.number().int() });
