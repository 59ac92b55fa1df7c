// Wire formats of payment links (4.5) and their reads.
import { z } from "zod";
import { MAX_AMOUNT, MAX_DB_ID, MAX_PAGE, maxAmountMessage, maxIdMessage, maxPageMessage, notAbove } from "@/lib/http/limits";
import { isIsoDate } from "@/lib/time";
import { httpUrl, listCode, text, typeError } from "@/lib/http/zod-helpers";
import { bankCode, cardItemSchema, nequiPhone } from "@/lib/payments/schema";
import { CASH_METHODS, DOCUMENT_TYPES, PERSON_TYPES } from "@/lib/money/lookups";

export const LINK_CODE_RE = /^[A-Za-z0-9_-]{16,64}$/;

export const createLinkBody = z.object({
  hotel_id: z.number(typeError("debe ser un número entero")).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage),
  guest_name: text(150),
  email: z.string(typeError("debe ser texto")).trim().pipe(z.email("debe ser un correo electrónico válido")),
  phone: z
    .string(typeError("debe ser texto"))
    .trim()
    .regex(/^\+?[\d\s()-]{7,20}$/, "debe ser un teléfono válido (dígitos, con o sin +indicativo)"),
  amount: z
    .string(typeError('debe ser texto con el valor, p. ej. "350000.00"'))
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, "debe ser un valor positivo con máximo dos decimales, p. ej. \"350000.00\"")
    .refine((s) => Number(s) > 0, "debe ser mayor que cero")
    .refine(notAbove(MAX_AMOUNT), maxAmountMessage),
  booking_dates: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2} - \d{4}-\d{2}-\d{2}$/, "debe tener la forma AAAA-MM-DD - AAAA-MM-DD")
    .refine((s) => {
      const [a, b] = s.split(" - ");
      return isIsoDate(a) && isIsoDate(b) && b > a;
    }, "las fechas deben ser válidas y la segunda posterior a la primera")
    .optional(),
  description: z.string(typeError("debe ser texto")).trim().min(1, "no puede estar vacía").max(500, "máximo 500 caracteres"),
  available_hours: z
    .number(typeError("debe ser un número entero de horas"))
    .int("debe ser un número entero de horas")
    .min(1, "debe estar entre 1 y 720")
    .max(720, "debe estar entre 1 y 720"),
  source: z.string().trim().max(100, "máximo 100 caracteres").optional(),
  external_ref_id: z.string().trim().max(200, "máximo 200 caracteres").optional(),
  temp_webhook_url: httpUrl.optional(),
  redirect: z.object({ success_url: httpUrl.optional(), failure_url: httpUrl.optional() }).optional(),
  agency_id: z.number(typeError("debe ser un número entero")).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage),
  reservation_code: z.string().trim().max(32).optional().meta({ description: "Opcional: código de una reserva de la agencia; el pago la abona" }),
});
export type CreateLinkInput = z.output<typeof createLinkBody>;

export const createLinkResponse = z.object({ msg: z.string(), url: z.string(), code: z.string() });

export const linkCodeParam = z.object({ code: z.string().regex(LINK_CODE_RE, "no es un código de enlace válido") });

export const linkStatus = z.enum(["active", "paid", "expired", "cancelled"]);

export const listLinksQuery = z.object({
  status: linkStatus.optional(),
  q: z.string().trim().max(100).optional(),
  reservation_code: z.string().trim().max(32).optional(),
  page: z.coerce.number({ error: "debe ser un número entero" }).int().min(1, "debe ser 1 o más").max(MAX_PAGE, maxPageMessage).default(1),
  per_page: z.coerce.number({ error: "debe ser un número entero" }).int().min(1).max(100, "máximo 100").default(20),
});

export const linkSummary = z.object({
  code: z.string(),
  url: z.string(),
  status: linkStatus,
  agency_id: z.number(),
  agency: z.object({ id: z.number(), name: z.string() }).meta({ description: "La agencia dueña del enlace" }),
  hotel_id: z.number(),
  hotel_name: z.string(),
  guest_name: z.string(),
  email: z.string(),
  phone: z.string(),
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  booking_dates: z.string().nullable(),
  reservation_code: z.string().nullable(),
  external_ref_id: z.string().nullable(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});

export const linkDetail = linkSummary.extend({
  available_hours: z.number(),
  source: z.string().nullable(),
  temp_webhook_url: z.string().nullable(),
  redirect: z.object({ success_url: z.string().nullable(), failure_url: z.string().nullable() }),
  attempts: z.array(z.object({ transaction_id: z.string(), method: z.string(), status: z.string(), amount: z.number(), card_last4: z.string().nullable(), created_at: z.string(), voucher_url: z.string().nullable() })),
  webhook_deliveries: z.array(z.object({ id: z.string(), event: z.string(), status: z.string(), attempts: z.number(), created_at: z.string(), last_attempt_at: z.string().nullable() })),
});

const payer = z.object({
  fiscal_number: z.string(typeError("debe ser texto")).trim().regex(/^[0-9A-Za-z-]{4,20}$/, "debe ser un número de documento válido"),
  fiscal_number_type: listCode(DOCUMENT_TYPES, "/api/v2/apms/document-types"),
  user_type: listCode(PERSON_TYPES, "/api/v2/apms/person-types"),
  address: text(200),
});

/** Paying a link from the guest page (docs/decisions.md 7.10): by card, cash reference or bank transfer. */
export const payLinkBody = z.discriminatedUnion(
  "method",
  [
    z.object({
      method: z.literal("card"),
      card_item: cardItemSchema,
      installments: z.number({ error: "debe ser un número entero" }).int("debe ser un número entero").min(1, "debe estar entre 1 y 36").max(36, "debe estar entre 1 y 36").default(1),
    }),
    z.object({ method: z.literal("cash"), payment_type: listCode(CASH_METHODS, "/api/v2/apms/cash-methods"), payer }),
    z.object({ method: z.literal("bank_transfer"), bank_code: bankCode, payer }),
    // Issue 26: the guest approves in the Nequi app; the answer is 202 pending and the page asks the payment's status.
    z.object({ method: z.literal("nequi"), payment_method: z.object({ type: z.literal("NEQUI", { error: 'debe ser "NEQUI"' }), phone_number: nequiPhone }) }),
  ],
  { error: "method: debe ser card, cash, bank_transfer o nequi" },
);
export type PayLinkBody = z.output<typeof payLinkBody>;

export const payLinkResponse = z.union([
  z.object({ status: z.enum(["approved", "declined"]), transaction_id: z.string(), voucher_url: z.string(), redirect_url: z.string().nullable(), detail: z.string().optional() }),
  z.object({ transaction_id: z.string(), apm_detail_id: z.number(), checkout_url: z.string() }),
]);

export const linkPaymentParams = z.object({
  code: z.string().regex(LINK_CODE_RE, "no es un código de enlace válido"),
  transaction_id: z.string().regex(/^tx_[A-Za-z0-9]{8,64}$/, "no es un identificador de transacción válido"),
});

/** 202: a card charge the gateway did not confirm in time, or a Nequi payment waiting for the payer (docs/payments.md). */
export const payLinkPending = z.object({ status: z.literal("pending"), transaction_id: z.string(), voucher_url: z.null(), redirect_url: z.null(), detail: z.string() });
