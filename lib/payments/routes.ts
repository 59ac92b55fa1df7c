// Payment routes (docs/api.md 4.7, 4.8, 4.9; docs/decisions.md section 7).
import { defineRoute, RawResponse } from "@/lib/http/route";
import { HttpError, notFound } from "@/lib/http/errors";
import { paymentGateway } from "@/lib/gateways";
import { cardKey } from "./card-crypto";
import { CASH_METHODS, DOCUMENT_TYPES, PERSON_TYPES } from "@/lib/money/lookups";
import { pseBanks } from "./banks";
import {
  apmResult,
  bankTransferBody,
  cardDecline,
  cardPaymentBody,
  cardPending,
  cardResult,
  voucherView,
  paymentList,
  checkoutView,
  simulateResult,
  cashBody,
  listQuery,
  lookupList,
  nequiBody,
  nequiResult,
  paymentDetail,
  paymentIdParam,
  refundBody,
  refundResult,
  publicKeyResult,
  simulateBody,
  transactionIdParam,
  transactionView,
  voucherCodeParam,
  voucherQuery,
} from "./schema";
import { assertTransactionVisible, completeApmOrder, createApmOrder, getCheckout, getPaymentDetail, getTransaction, listPayments, payByCard, payByNequi } from "./service";
import { refundPayment } from "./refunds";
import { getVoucher, voucherPdf, voucherStay } from "./voucher";
import { paymentsCsv } from "@/lib/payments/csv";
import { returnUrl } from "@/lib/http/url";
import { payFromBalance } from "./pay-from-balance";
import { bookingIdParam } from "@/lib/reservations/schema";
import { z } from "zod";

const TAGS = ["Pagos"];
const PAYERS = ["operator", "agency"] as const;

export const CARD_DECLINE_MESSAGE = "Error HTTP 400: pago rechazado";

const lookupRoute = (path: string, summary: string, list: { code: string; name: string }[] | (() => Promise<{ code: string; name: string }[]>), description?: string) =>
  defineRoute({
    method: "GET",
    path,
    access: PAYERS,
    summary,
    description,
    tags: TAGS,
    responses: [{ status: 200, description: "Lista [{code, name}]", schema: lookupList }],
    handler: () => (typeof list === "function" ? list() : list),
  });

function requireSandbox() {
  if (!paymentGateway().sandbox) throw notFound("Los controles de simulación solo existen con la pasarela sandbox");
}

export const paymentRoutes = [
  defineRoute({
    method: "GET",
    path: "/v2/virtual-terminal/public-key",
    access: "public",
    summary: "Clave pública para cifrar los campos de card_item (RSA-OAEP SHA-256)",
    tags: TAGS,
    responses: [{ status: 200, description: "Clave pública en PEM y JWK", schema: publicKeyResult }],
    handler() {
      const k = cardKey();
      return { kid: k.kid, alg: "RSA-OAEP-256", pem: k.publicPem, jwk: k.jwk };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v2/virtual-terminal/credit-card",
    access: PAYERS,
    summary: "Pago con tarjeta de crédito (datos cifrados)",
    description:
      "Cada campo de `card_item` es base64(RSA-OAEP-SHA256(texto utf-8)) con la clave de `/v2/virtual-terminal/public-key`. " +
      "Tarjetas de prueba del sandbox: 4242424242424242 aprueba; 4000000000000002 (genérica), 4000000000009995 (fondos insuficientes), " +
      "4000000000000069 (vencida) y 4000000000000127 (CVV incorrecto) son rechazadas. Se emite un comprobante en ambos casos.",
    tags: TAGS,
    body: cardPaymentBody,
    idempotent: true,
    responses: [
      { status: 200, description: "Pago aprobado", schema: cardResult },
      { status: 202, description: "Pago en verificación: la pasarela no confirmó a tiempo; el trabajo payment-reconcile lo resuelve (docs/payments.md). Un reintento con la misma Idempotency-Key responde la misma transacción: 202 mientras siga pendiente, luego su resultado final; nunca un segundo cobro", schema: cardPending },
      { status: 400, description: "Pago rechazado (code 0, con comprobante) o datos inválidos", schema: cardDecline },
      { status: 404, description: "El hotel no existe" },
    ],
    async handler({ database, principal, body, clock, effectKey }) {
      const r = await payByCard({ db: database, principal, now: clock.now(), effectKey }, body);
      if (r.status === "pending") return new RawResponse(202, { msg: "Pago en verificación", status: "pending", transaction_id: r.transactionId, detail: r.reason });
      if (!r.approved) {
        throw new HttpError(400, r.reason, {
          body: { code: 0, message: CARD_DECLINE_MESSAGE, detail: r.reason, extra_info: { voucher_url: r.voucherUrl } },
        });
      }
      return { msg: "Pago aprobado", voucher_url: r.voucherUrl, transaction_id: r.transactionId };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v2/apms/cash",
    access: PAYERS,
    summary: "Orden de pago en efectivo (Efecty, Baloto, ...)",
    description: "La referencia vence a las 72 horas, o antes si el plazo de pago de la reserva vence antes. El comprador paga desde `checkout_url` (con Wompi: número de convenio y referencia de pago en un corresponsal Bancolombia).",
    tags: TAGS,
    body: cashBody,
    idempotent: true,
    responses: [
      { status: 200, description: "Orden creada", schema: apmResult },
      { status: 404, description: "El hotel no existe" },
    ],
    handler: ({ database, principal, body, clock, effectKey }) => createApmOrder({ db: database, principal, now: clock.now(), effectKey }, { kind: "cash", body }),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/apms/bank-transfer",
    access: PAYERS,
    summary: "Orden de pago por transferencia bancaria (PSE)",
    description:
      "Una transferencia no completada en 2 horas (o antes, al vencer el plazo de pago de la reserva) vence. `bank_code` es un código de `/v2/apms/banks` (otro: 400). " +
      "El comprador paga desde `checkout_url`: con Wompi, la página de su banco (`async_payment_url`); al volver, la página de pago muestra el estado.",
    tags: TAGS,
    body: bankTransferBody,
    idempotent: true,
    responses: [
      { status: 200, description: "Orden creada", schema: apmResult },
      { status: 404, description: "El hotel no existe" },
    ],
    handler: ({ database, principal, body, clock, effectKey }) => createApmOrder({ db: database, principal, now: clock.now(), effectKey }, { kind: "bank_transfer", body }),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/apms/nequi",
    access: PAYERS,
    summary: "Pago con Nequi (el pagador lo aprueba en su app)",
    description:
      "Cuerpo `{order, payment_method: {type: \"NEQUI\", phone_number}}`; `phone_number` es el celular Nequi del pagador (10 dígitos que empiezan por 3). " +
      "La transacción se registra antes de pedir el pago y responde **202** `pending` con `status_url` (`GET /v2/apms/transactions/{id}`), que da el resultado " +
      "cuando el pagador aprueba o rechaza en su app (approved / rejected; una solicitud sin respuesta vence a los 30 minutos). " +
      "Sandbox: 3991111111 aprueba, 3992222222 rechaza, cualquier otro número termina en error. Un reintento con la misma Idempotency-Key responde la misma " +
      "transacción, nunca una segunda solicitud. Nequi no tiene devolución automática: un reembolso queda como reembolso manual pendiente (docs/payments.md).",
    tags: TAGS,
    body: nequiBody,
    idempotent: true,
    responses: [
      { status: 202, description: "Solicitud enviada: pendiente de la respuesta del pagador en Nequi", schema: nequiResult },
      { status: 200, description: "Repetición con la misma Idempotency-Key de una transacción ya resuelta (approved o rejected)", schema: nequiResult },
      { status: 404, description: "El hotel no existe" },
      { status: 409, description: "La reserva o el enlace ya no admiten el pago" },
    ],
    async handler({ database, principal, body, clock, effectKey }) {
      const r = await payByNequi({ db: database, principal, now: clock.now(), effectKey }, body);
      return r.status === "pending" ? new RawResponse(202, r) : r;
    },
  }),
  lookupRoute(
    "/v2/apms/banks",
    "Bancos PSE para transferencias",
    pseBanks,
    "Con la pasarela Wompi, la lista de Wompi (`GET /pse/financial_institutions`, en caché una hora): sus códigos son los que acepta `bank_code`.",
  ),
  lookupRoute("/v2/apms/person-types", "Tipos de persona (0 natural, 1 jurídica)", PERSON_TYPES),
  lookupRoute("/v2/apms/document-types", "Tipos de documento", DOCUMENT_TYPES),
  lookupRoute("/v2/apms/cash-methods", "Redes de pago en efectivo", CASH_METHODS),
  defineRoute({
    method: "GET",
    path: "/v2/apms/transactions/{transaction_id}",
    access: PAYERS,
    summary: "Estado de una transacción",
    description: "Un pago Nequi pendiente se consulta a la pasarela antes de responder: `status` pasa a approved o rejected cuando el pagador responde en su app.",
    tags: TAGS,
    params: transactionIdParam,
    responses: [
      { status: 200, description: "Transacción", schema: transactionView },
      { status: 404, description: "No existe o es de otra agencia" },
    ],
    handler: ({ database, principal, params, clock }) => getTransaction(database, principal, params.transaction_id, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/apms/transactions/{transaction_id}/simulate",
    access: PAYERS,
    summary: "Sandbox: completar o rechazar una orden de efectivo o transferencia",
    tags: TAGS,
    params: transactionIdParam,
    body: simulateBody,
    responses: [
      { status: 200, description: "Transacción resuelta", schema: transactionView },
      { status: 409, description: "La orden ya fue resuelta o venció" },
    ],
    async handler({ database, principal, params, body, clock }) {
      requireSandbox();
      await assertTransactionVisible(database, principal, params.transaction_id);
      await completeApmOrder(database, params.transaction_id, body.outcome, clock.now());
      return getTransaction(database, principal, params.transaction_id);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/checkout/{transaction_id}",
    access: "public",
    summary: "Datos de la página de pago alojada (sin sesión; el id es el secreto)",
    tags: TAGS,
    params: transactionIdParam,
    responses: [{ status: 200, description: "Orden de pago", schema: checkoutView }],
    handler: ({ database, params }) => getCheckout(database, params.transaction_id),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/checkout/{transaction_id}/simulate",
    access: "public",
    summary: "Sandbox: los botones de la página de pago alojada",
    tags: TAGS,
    params: transactionIdParam,
    body: simulateBody,
    responses: [{ status: 200, description: "Resultado, URL de retorno y comprobante", schema: simulateResult }],
    async handler({ database, params, body, clock }) {
      requireSandbox();
      await getCheckout(database, params.transaction_id);
      await completeApmOrder(database, params.transaction_id, body.outcome, clock.now());
      const after = await getCheckout(database, params.transaction_id);
      const redirect = after.response_url ? returnUrl(after.response_url, { transaction_id: after.transaction_id, status: after.status }) : null;
      return { status: after.status, redirect_url: redirect, voucher_url: after.voucher_url };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/payments",
    access: PAYERS,
    summary: "Pagos de la agencia (el operador ve todos), con filtros; CSV con format=csv",
    description: "Con `format=csv` responde `text/csv; charset=utf-8` con todas las filas del filtro (no una página), para Excel en español (docs/reports.md).",
    tags: TAGS,
    query: listQuery,
    responses: [
      { status: 200, description: "Una página de pagos", schema: paymentList },
      { status: 200, description: "CSV (format=csv)", contentType: "text/csv" },
    ],
    handler: ({ database, principal, query }) => (query.format === "csv" ? paymentsCsv(database, principal, query) : listPayments(database, principal, query)),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/payments/{id}",
    access: PAYERS,
    summary: "Un pago con sus reembolsos",
    tags: TAGS,
    params: paymentIdParam,
    responses: [
      { status: 200, description: "Pago", schema: paymentDetail },
      { status: 404, description: "No existe o es de otra agencia" },
    ],
    handler: ({ database, principal, params }) => getPaymentDetail(database, principal, params.id),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/payments/{id}/refund",
    access: PAYERS,
    summary: "Reembolsar un pago aprobado con tarjeta, con saldo o con Nequi (total o parcial)",
    description:
      "`{id}` es el `transaction_id` que lista `GET /v2/payments`. `amount` (número JSON) por defecto es todo lo que queda por reembolsar; " +
      "los reembolsos parciales suman como máximo el valor del pago. Efectivo y PSE: 409. Nequi: se registra como reembolso manual pendiente (`manual_pending`; Nequi no tiene devolución por API). La reserva baja su monto pagado; un pago con saldo " +
      "vuelve al saldo de la agencia; la agencia recibe el webhook `payment.refunded`. Ver docs/payments.md.",
    tags: TAGS,
    params: paymentIdParam,
    body: refundBody,
    optionalBody: true,
    idempotent: true,
    responses: [
      { status: 200, description: "Reembolso registrado", schema: refundResult },
      { status: 404, description: "No existe o es de otra agencia" },
      { status: 409, description: "No reembolsable (efectivo/PSE, no aprobado) o el monto supera lo que queda" },
    ],
    handler: ({ database, principal, params, body, clock, effectKey }) =>
      refundPayment(database, principal, params.id, body ?? {}, clock.now(), principal.userId !== null ? `user:${principal.userId}` : principal.apiKeyId ? `key:${principal.apiKeyId}` : principal.role, effectKey),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/vouchers/{code}",
    access: "public",
    summary: "Comprobante de pago (JSON, o PDF con ?format=pdf)",
    tags: TAGS,
    params: voucherCodeParam,
    query: voucherQuery,
    responses: [
      { status: 200, description: "Comprobante", schema: voucherView },
      { status: 200, description: "Comprobante en PDF", contentType: "application/pdf" },
    ],
    async handler({ database, params, query }) {
      const v = await getVoucher(database, params.code);
      if (query.format !== "pdf") return v;
      return new RawResponse(200, await voucherPdf(v, await voucherStay(database, v.transaction_id)), {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="comprobante-${v.voucher_number}.pdf"`,
      });
    },
  }),
];

// A reservation paid with the agency's preloaded balance: listed with the reservations' routes (lib/routes.ts).
export const balancePaymentRoutes = [
  defineRoute({
    method: "POST",
    path: "/v2/bookings/chatbot/{booking_id}/pay-from-balance",
    access: ["agency"],
    summary: "Pagar con el saldo precargado lo que falta de una reserva (la confirma)",
    description: "Solo agencias de saldo precargado. Debita el saldo (nunca queda negativo: 409 si no alcanza), registra el pago con su comprobante y confirma la reserva. Admite `Idempotency-Key`.",
    tags: ["Reservas"],
    params: bookingIdParam,
    idempotent: true,
    responses: [
      { status: 200, description: "Pagada", schema: z.object({ msg: z.string(), transaction_id: z.string(), amount: z.number(), balance_after: z.number(), voucher_url: z.string() }) },
      { status: 409, description: "Saldo insuficiente, agencia sin saldo precargado o reserva no pendiente" },
    ],
    handler: ({ database, principal, params, clock, effectKey }) => payFromBalance(database, principal, params.booking_id, clock.now(), effectKey),
  }),
];
