import { z } from "zod";
import { clientIp } from "@/lib/auth/client-ip";
import { defineRoute } from "@/lib/http/route";
import { createLinkBody, createLinkResponse, linkCodeParam, linkDetail, linkPaymentParams, linkSummary, listLinksQuery, payLinkBody, payLinkPending, payLinkResponse } from "./schema";
import { cancelLink, createLink, getLink, listLinks } from "./service";
import { isIP } from "node:net";
import { linkPaymentStatus, payLink } from "./pay";
import { sendLinkByEmail } from "@/lib/mail/service";

const TAGS = ["Enlaces de pago"];

export const linkRoutes = [
  defineRoute({
    method: "POST",
    path: "/v2/links/schedule",
    access: ["agency", "operator"],
    summary: "4.5 Crear enlace de pago",
    description: "Devuelve `{msg, url, code}`; `url` es la página de pago del huésped. Admite `Idempotency-Key`.",
    tags: TAGS,
    body: createLinkBody,
    idempotent: true,
    responses: [{ status: 200, description: "Enlace creado", schema: createLinkResponse }],
    handler: ({ database, principal, body, clock, effectKey }) => createLink(database, principal, body, clock.now(), effectKey),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/links",
    access: ["agency", "operator"],
    summary: "Listar enlaces de pago (estado: active, paid, expired, cancelled)",
    tags: TAGS,
    query: listLinksQuery,
    responses: [{ status: 200, description: "Página de enlaces", schema: z.object({ items: z.array(linkSummary), total: z.number(), page: z.number(), per_page: z.number() }) }],
    handler: ({ database, principal, query, clock }) => listLinks(database, principal, query, clock.now()),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/links/{code}",
    access: ["agency", "operator"],
    summary: "Consultar un enlace con sus intentos de pago y notificaciones",
    tags: TAGS,
    params: linkCodeParam,
    responses: [{ status: 200, description: "El enlace", schema: linkDetail }],
    handler: ({ database, principal, params, clock }) => getLink(database, principal, params.code, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/links/{code}/cancel",
    access: ["agency", "operator"],
    summary: "Cancelar un enlace activo",
    tags: TAGS,
    params: linkCodeParam,
    responses: [{ status: 200, description: "Cancelado", schema: z.object({ msg: z.string(), code: z.string(), status: z.literal("cancelled") }) }, { status: 409, description: "No está activo" }],
    handler: ({ database, principal, params, clock }) => cancelLink(database, principal, params.code, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/links/{code}/pay",
    access: "public",
    summary: "Pagar un enlace (página del huésped): tarjeta cifrada, efectivo, transferencia o Nequi",
    description:
      "`{method: \"card\", card_item}` (campos cifrados como en 4.9) responde `{status, transaction_id, voucher_url, redirect_url}`; `{method: \"cash\"|\"bank_transfer\", ...}` responde `{transaction_id, apm_detail_id, checkout_url}`; " +
      "`{method: \"nequi\", payment_method: {type: \"NEQUI\", phone_number}}` responde 202 `pending` mientras el huésped aprueba en su app Nequi; el resultado se consulta en `GET /v2/links/{code}/payments/{transaction_id}`. Un enlace pagado, vencido o cancelado responde 409. Cada intento notifica a `temp_webhook_url`.",
    tags: TAGS,
    params: linkCodeParam,
    body: payLinkBody,
    idempotent: true,
    responses: [
      { status: 200, description: "Resultado del intento (tarjeta aprobada o rechazada; efectivo o transferencia: el checkout)", schema: payLinkResponse },
      { status: 202, description: "Pago en verificación (tarjeta que la pasarela no confirmó a tiempo) o Nequi esperando la aprobación del huésped en su app (docs/payments.md). Un reintento con la misma Idempotency-Key responde la misma transacción: 202 mientras siga pendiente, luego su resultado final; nunca un segundo cobro", schema: payLinkPending },
      { status: 409, description: "El enlace ya no admite pagos (pagado, vencido, cancelado, o su agencia fue archivada)" },
    ],
    handler({ database, params, body, clock, req, effectKey }) {
      // The payer's address as our front saw it (trusted proxies only), never a client-sent X-Forwarded-For.
      const ip = clientIp(req);
      return payLink(database, params.code, body, isIP(ip) === 4 ? ip : "127.0.0.1", clock.now(), effectKey);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/links/{code}/payments/{transaction_id}",
    access: "public",
    summary: "Resultado de un pago Nequi o con tarjeta de un enlace (la página del huésped lo consulta mientras espera)",
    description: "Sin sesión: el código del enlace y el id de la transacción son la credencial. Un pago Nequi pendiente se consulta a la pasarela antes de responder: 202 `pending` mientras el huésped no responde en su app; luego approved o declined con el comprobante.",
    tags: TAGS,
    params: linkPaymentParams,
    responses: [
      { status: 200, description: "Resultado (aprobado o rechazado)", schema: payLinkResponse },
      { status: 202, description: "Aún pendiente", schema: payLinkPending },
      { status: 404, description: "El enlace o el pago no existen" },
    ],
    handler: ({ database, params, clock }) => linkPaymentStatus(database, params.code, params.transaction_id, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/links/{code}/email",
    access: ["agency", "operator"],
    summary: "Enviar un enlace de pago por correo al huésped",
    description: "Escribe el correo del enlace (dirección del enlace, hotel, fechas, valor y plazo) en la bandeja de salida; se envía una sola vez por enlace.",
    tags: ["Enlaces de pago"],
    params: linkCodeParam,
    idempotent: true,
    responses: [
      { status: 200, description: "Correo en la bandeja de salida", schema: z.object({ msg: z.string(), email_id: z.string().nullable(), status: z.string() }) },
      { status: 409, description: "El enlace ya no admite pagos" },
    ],
    handler: ({ database, principal, params, clock }) => sendLinkByEmail(database, principal, params.code, clock.now()),
  }),
];
