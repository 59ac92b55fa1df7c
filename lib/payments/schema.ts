// Wire formats of payment orders (docs/api.md 4.7, 4.8, 4.9) and their results.
import { isIP } from "node:net";
import { z } from "zod";
import { MAX_AMOUNT, MAX_DB_ID, MAX_PAGE, maxAmountMessage, maxIdMessage, maxPageMessage } from "@/lib/http/limits";
import { httpUrl, listCode, text, typeError } from "@/lib/http/zod-helpers";
import { CASH_METHODS, DOCUMENT_TYPES, PERSON_TYPES } from "@/lib/money/lookups";

const twoDecimals = (n: number) => /^-?\d+(\.\d{1,2})?$/.test(String(n));

export const amountSchema = z
  .number(typeError("debe ser un número"))
  .refine((n) => Number.isFinite(n) && n > 0, "debe ser mayor que 0")
  .refine((n) => n <= 999_999_999_999.99, "supera el máximo permitido")
  .refine((n) => n <= MAX_AMOUNT, maxAmountMessage)
  .refine(twoDecimals, "admite como máximo dos decimales");

export const percentSchema = z
  .number(typeError("debe ser un número"))
  .refine((n) => n >= 0 && n <= 1, "debe estar entre 0.00 y 1.00")
  .refine(twoDecimals, "debe tener como máximo dos decimales (0.00 a 1.00)");

const ipv4 = z.string(typeError("debe ser un texto")).refine((s) => isIP(s) === 4, "debe ser una dirección IPv4 (p. ej. 190.24.10.5)");
const email = z.string(typeError("debe ser un texto")).trim().max(254, "máximo 254 caracteres").pipe(z.email({ error: "debe ser un correo electrónico válido" }));
const hotelId = z.number(typeError("debe ser un número entero")).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage);

const orderCommon = {
  ref_name: text(100),
  ref_lastname: text(100),
  ref_number: text(64),
  amount: amountSchema,
  tax_percent: percentSchema.optional(),
  service_percent: percentSchema.optional(),
  hotel_id: hotelId,
};

export const cardOrderSchema = z.object({
  ...orderCommon,
  detail: z.string(typeError("debe ser un texto")).max(99, "máximo 99 caracteres").optional(),
  installments: z.number(typeError("debe ser un número entero")).int("debe ser un número entero").min(1, "debe estar entre 1 y 36").max(36, "debe estar entre 1 y 36"),
  email: email.optional(),
  phone: z.string(typeError("debe ser un texto")).max(30, "máximo 30 caracteres").optional(),
  address: z.string(typeError("debe ser un texto")).max(200, "máximo 200 caracteres").optional(),
  fiscal_number: z.string(typeError("debe ser un texto")).max(30, "máximo 30 caracteres").optional(),
  ip: ipv4.optional(),
});

const encrypted = z.string(typeError("debe ser un texto cifrado en base64")).min(1, "es obligatorio").max(2048, "máximo 2048 caracteres");
export const cardItemSchema = z.object({
  cc_code: encrypted,
  cc_number: encrypted,
  cc_expire_month: encrypted,
  cc_expire_year: encrypted,
  cc_holder: encrypted,
});

export const cardPaymentBody = z.object({ order: cardOrderSchema, card_item: cardItemSchema });
export type CardPaymentBody = z.infer<typeof cardPaymentBody>;

export const apmOrderSchema = z.object({
  ...orderCommon,
  detail: text(255),
  email,
  fiscal_number: text(30),
  phone: text(30),
  ip: ipv4,
});
export type ApmOrderInput = z.infer<typeof apmOrderSchema>;

export const cashBody = z.object({
  order: apmOrderSchema,
  cash: z.object({
    address: text(200),
    user_type: listCode(PERSON_TYPES, "/api/v2/apms/person-types"),
    fiscal_number_type: listCode(DOCUMENT_TYPES, "/api/v2/apms/document-types"),
    payment_type: listCode(CASH_METHODS, "/api/v2/apms/cash-methods"),
    response_url: httpUrl,
  }),
});
export type CashBody = z.infer<typeof cashBody>;

/**
 * A PSE bank code. Which codes exist depends on the gateway (the built-in list, or Wompi's, read at run time), so
 * the service checks it against GET /v2/apms/banks (lib/payments/banks.ts): an unknown one is a 400, nothing created.
 */
export const bankCode = z
  .string(typeError("debe ser texto"))
  .trim()
  .regex(/^[0-9A-Za-z_-]{1,20}$/, "no es un código de la lista /api/v2/apms/banks")
  .meta({ description: "Un `code` de GET /api/v2/apms/banks (con Wompi, su financial_institution_code)" });

export const bankTransferBody = z.object({
  order: apmOrderSchema,
  bank_transfer: z.object({
    bank_code: bankCode,
    response_url: httpUrl,
    user_type: listCode(PERSON_TYPES, "/api/v2/apms/person-types"),
    fiscal_number_type: listCode(DOCUMENT_TYPES, "/api/v2/apms/document-types"),
    address: text(200),
  }),
});
export type BankTransferBody = z.infer<typeof bankTransferBody>;

/**
 * A Nequi number: a Colombian mobile, 10 digits starting with 3, digits only (no +57, spaces or dashes). The
 * database checks the same shape (payment_transactions_nequi_phone_shape).
 */
export const NEQUI_PHONE_RE = /^3[0-9]{9}$/;
export const nequiPhone = z
  .string(typeError("debe ser un texto con el celular Nequi, p. ej. \"3001234567\""))
  .trim()
  .max(32, "debe ser un celular colombiano de 10 dígitos que empiece por 3, sin espacios ni +57 (p. ej. 3001234567)")
  .refine((s) => NEQUI_PHONE_RE.test(s), "debe ser un celular colombiano de 10 dígitos que empiece por 3, sin espacios ni +57 (p. ej. 3001234567)");

/** Issue 26: the order of a Nequi payment. Wompi needs the payer's e-mail (its receipt goes there). */
export const nequiOrderSchema = z.object({
  ...orderCommon,
  detail: z.string(typeError("debe ser un texto")).trim().max(255, "máximo 255 caracteres").optional(),
  email,
  phone: z.string(typeError("debe ser un texto")).max(30, "máximo 30 caracteres").optional(),
  fiscal_number: z.string(typeError("debe ser un texto")).max(30, "máximo 30 caracteres").optional(),
  ip: ipv4.optional(),
});

export const nequiMethodSchema = z.object({
  type: z.literal("NEQUI", { error: 'debe ser "NEQUI"' }),
  phone_number: nequiPhone.meta({ description: "Celular Nequi del pagador: 10 dígitos que empiezan por 3; allí llega la solicitud de pago" }),
});

/** POST /v2/apms/nequi: `{order, payment_method: {type: "NEQUI", phone_number}}`. */
export const nequiBody = z.object({ order: nequiOrderSchema, payment_method: nequiMethodSchema });
export type NequiBody = z.infer<typeof nequiBody>;

export const simulateBody = z.object({
  outcome: z.enum(["approved", "rejected"], { error: "debe ser approved o rejected" }),
});

export const transactionIdParam = z.object({ transaction_id: z.string().regex(/^tx_[A-Za-z0-9]{8,64}$/, "no es un identificador de transacción válido") });
export const voucherCodeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "no es un código de comprobante válido") });
export const voucherQuery = z.object({ format: z.enum(["json", "pdf"], { error: "debe ser json o pdf" }).optional() });

export const paymentStatuses = ["pending", "approved", "rejected", "expired", "cancelled", "refunded"] as const;
export const paymentMethods = ["card", "cash", "bank_transfer", "balance", "nequi"] as const;

export const listQuery = z.object({
  status: z.enum(paymentStatuses, { error: "debe ser pending, approved, rejected, expired, cancelled o refunded" }).optional(),
  method: z.enum(paymentMethods, { error: "debe ser card, cash, bank_transfer, balance o nequi" }).optional(),
  q: z.string().max(100, "máximo 100 caracteres").optional(),
  from: z.iso.date({ error: "debe ser una fecha AAAA-MM-DD" }).optional(),
  to: z.iso.date({ error: "debe ser una fecha AAAA-MM-DD" }).optional(),
  page: z.coerce.number(typeError("debe ser un número entero")).int("debe ser un número entero").min(1, "debe ser al menos 1").max(MAX_PAGE, maxPageMessage).optional(),
  per_page: z.coerce.number(typeError("debe ser un número entero")).int("debe ser un número entero").min(1, "debe estar entre 1 y 100").max(100, "debe estar entre 1 y 100").optional(),
  format: z.enum(["json", "csv"], { error: "debe ser json o csv" }).optional().meta({ description: "csv: todas las filas del filtro, para Excel en español (docs/reports.md)" }),
});
export type ListQuery = z.infer<typeof listQuery>;

export const lookupList = z.array(z.object({ code: z.string(), name: z.string() }));
/** A Nequi payment: pending (202) until the payer answers in the app; `status_url` tells the outcome. */
export const nequiResult = z.object({
  transaction_id: z.string(),
  apm_detail_id: z.number().int(),
  status: z.enum(paymentStatuses),
  detail: z.string(),
  voucher_url: z.string().nullable(),
  status_url: z.string().meta({ description: "GET con la misma clave: el estado de la transacción (pending hasta que el pagador responda en Nequi)" }),
});
export const apmResult = z.object({ transaction_id: z.string(), apm_detail_id: z.number().int(), checkout_url: z.string() });
export const cardResult = z.object({ msg: z.string(), voucher_url: z.string(), transaction_id: z.string() });
export const cardPending = z.object({ msg: z.string(), status: z.literal("pending"), transaction_id: z.string(), detail: z.string() });
export const cardDecline = z.object({
  code: z.literal(0),
  message: z.string(),
  detail: z.string(),
  extra_info: z.object({ voucher_url: z.string() }),
});
export const publicKeyResult = z.object({
  kid: z.string(),
  alg: z.literal("RSA-OAEP-256"),
  pem: z.string(),
  jwk: z
    .object({ kty: z.literal("RSA"), n: z.string(), e: z.string(), kid: z.string(), alg: z.literal("RSA-OAEP-256"), use: z.literal("enc") })
    .describe("La misma clave en JWK (RFC 7517): módulo n y exponente e en base64url"),
});
export type PublicJwk = z.output<typeof publicKeyResult>["jwk"];

export const transactionView = z.object({
  transaction_id: z.string(),
  apm_detail_id: z.number().int(),
  status: z.enum(paymentStatuses),
  method: z.enum(paymentMethods),
  amount: z.number(),
  currency: z.string(),
  tax_percent: z.number(),
  service_percent: z.number(),
  hotel_id: z.number().int(),
  ref_number: z.string(),
  payment_reference: z.string().nullable(),
  bank_code: z.string().nullable(),
  cash_method: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  nequi_phone: z.string().nullable(),
  decline_reason: z.string().nullable(),
  checkout_url: z.string().nullable(),
  voucher_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  refunded_amount: z.number(),
});

/** GET /v2/payments: one page of payments. */
export const paymentList = z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), items: z.array(transactionView) });
/** GET /v2/checkout/{transaction_id}: the hosted pay page's order. */
export const checkoutView = transactionView.extend({
  response_url: z.string().nullable(),
  sandbox: z.boolean(),
  cash_codes: z
    .object({ business_agreement_code: z.string(), payment_intention_identifier: z.string() })
    .nullable()
    .meta({ description: "Efectivo con Wompi: el número de convenio y la referencia de pago que el pagador indica en un corresponsal Bancolombia" }),
  bank_url: z.string().nullable().meta({ description: "PSE con Wompi, mientras está pendiente: la página del banco (async_payment_url)" }),
});
/** POST /v2/checkout/{transaction_id}/simulate. */
export const simulateResult = z.object({ status: z.string(), redirect_url: z.string().nullable(), voucher_url: z.string().nullable() });

/** Any text: an id that names no payment (whatever its shape) is a 404, decided by the service. */
export const paymentIdParam = z.object({ id: z.string(typeError("debe ser un texto")) });
export const looksLikeTransactionId = (id: string) => /^tx_[A-Za-z0-9]{8,64}$/.test(id);

export const refundBody = z
  .object({
    amount: amountSchema.optional().meta({ description: "Monto a reembolsar (número JSON, COP, hasta 2 decimales); por defecto, todo lo que queda" }),
    reason: z.string(typeError("debe ser un texto")).trim().max(500, "máximo 500 caracteres").optional(),
  });
export type RefundBody = z.infer<typeof refundBody>;

export const refundResult = z.object({ refund_id: z.string(), payment_id: z.string(), amount: z.number(), status: z.enum(["pending", "succeeded", "manual_pending"]), voucher_url: z.string() });

export const refundView = z.object({
  refund_id: z.string(),
  payment_id: z.string(),
  amount: z.number(),
  reason: z.string().nullable(),
  status: z.string(),
  voucher_url: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

/** GET /v2/vouchers/{code} (JSON): a payment's receipt, or a refund's (then `refund` is set). */
export const voucherView = z.object({
  voucher_number: z.string(),
  code: z.string(),
  voucher_url: z.string(),
  operator: z.string(),
  transaction_id: z.string(),
  status: z.enum(paymentStatuses),
  method: z.enum(paymentMethods),
  hotel: z.object({
    id: z.number().int(),
    name: z.string(),
    city: z.string(),
    address: z.string().nullable(),
    stars: z.number().int().nullable(),
    rnt: z.string().nullable().meta({ description: "Registro Nacional de Turismo del hotel (Decreto 1836 de 2021)" }),
  }),
  payer: z.object({ name: z.string(), email: z.string().nullable(), fiscal_number: z.string().nullable() }),
  ref_number: z.string(),
  detail: z.string().nullable(),
  currency: z.string(),
  amount: z.number(),
  base_amount: z.number(),
  tax_percent: z.number(),
  tax_amount: z.number(),
  service_percent: z.number(),
  service_amount: z.number(),
  installments: z.number().int().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  authorization_code: z.string().nullable(),
  payment_reference: z.string().nullable(),
  cash_method: z.string().nullable(),
  bank: z.string().nullable(),
  order_expires_at: z.string().nullable().meta({ description: "Efectivo y PSE: hasta cuándo se podía pagar la orden (ISO 8601, hora de Bogotá)" }),
  decline_reason: z.string().nullable(),
  paid_at: z.string(),
  issued_at: z.string(),
  refunded_amount: z.number(),
  refund: z
    .object({ refund_id: z.string(), amount: z.number(), reason: z.string().nullable(), status: z.string(), created_at: z.string(), voucher_url: z.string() })
    .nullable(),
});

export const paymentDetail = transactionView.extend({
  hotel_name: z.string(),
  ref_name: z.string(),
  ref_lastname: z.string(),
  refundable_amount: z.number(),
  refundable: z.boolean(),
  reservation_code: z.string().nullable(),
  link_code: z.string().nullable(),
  refunds: z.array(refundView),
});
