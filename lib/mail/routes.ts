import { z } from "zod";
import { defineRoute, RawResponse } from "@/lib/http/route";
import { emailAttachment, getEmail, listTemplates, previewTemplate } from "./service";
import { listEmails } from "./list";
import { getPreferences, updatePreferences } from "./preferences";
import { clearSuppression, listSuppressions, sendKeptEmail } from "./suppressions";
import { bool } from "@/lib/http/zod-helpers";
import { bounceJson, parseBounces, recordBounces, verifyBounceSecret } from "./bounces";

const TAGS = ["Correos"];
const STATUSES = ["pending", "sent", "kept", "failed", "suppressed"] as const;

const listQuery = z.object({
  status: z.enum(STATUSES, { error: "debe ser pending, sent, kept, failed o suppressed" }).optional(),
  template: z.string().max(60).optional(),
  q: z.string().trim().max(120).optional(),
  page: z.coerce.number({ error: "debe ser un número entero" }).int().min(1, "debe ser 1 o más").max(10_000).default(1),
  per_page: z.coerce.number({ error: "debe ser un número entero" }).int().min(1, "debe ser 1 o más").max(100, "máximo 100").default(20),
});
const idParam = z.object({ id: z.string().regex(/^eml_[A-Za-z0-9_-]{10,40}$/, "no es un correo") });
const attachmentParam = idParam.extend({ index: z.coerce.number({ error: "debe ser un número entero" }).int().min(0).max(20) });
const templateParam = z.object({ name: z.string().regex(/^[a-z_]{1,60}$/, "no es una plantilla") });
const previewQuery = z.object({ locale: z.enum(["es", "en"], { error: "debe ser es o en" }).default("es") });

const emailSummary = z.object({
  id: z.string(),
  template: z.string(),
  template_title: z.string(),
  recipient: z.string(),
  recipient_name: z.string().nullable(),
  subject: z.string(),
  status: z.enum(STATUSES),
  status_label: z.string(),
  attempts: z.number(),
  attachments: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
const emailList = z.object({ mode: z.enum(["smtp", "outbox", "misconfigured"]), from: z.string().nullable(), items: z.array(emailSummary), total: z.number(), page: z.number(), per_page: z.number() });
const emailDetail = emailSummary.omit({ attachments: true }).extend({
  next_attempt_at: z.string().nullable(),
  html: z.string(),
  text: z.string(),
  attachments: z.array(z.object({ index: z.number(), filename: z.string(), available: z.boolean() })),
});
const templateList = z.object({ items: z.array(z.object({ name: z.string(), title: z.string(), audience: z.enum(["guest", "agency", "hotel", "user"]), essential: z.boolean() })) });
const templatePreview = z.object({ name: z.string(), title: z.string(), subject: z.string(), html: z.string(), text: z.string() });

const preferencesOut = z.object({
  owner: z.enum(["agency", "user"]),
  address: z.string(),
  items: z.array(z.object({ template: z.string(), title: z.string(), opt_in: z.boolean(), enabled: z.boolean() })),
  essential_note: z.string(),
  is_preloaded: z.boolean(),
  balance_alert_threshold: z.number().nullable(),
});
const agencyQuery = z.object({ agency_id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").optional() });
const preferencesBody = z
  .object({
    agency_id: z.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").optional(),
    templates: z
      .record(z.string().regex(/^[a-z_]{1,60}$/, "no es una plantilla"), bool())
      .optional()
      .meta({ description: "Plantilla → activo (true) o desactivado (false). Solo los avisos no esenciales del dueño (ver GET)." }),
    balance_alert_threshold: z
      .number({ error: "debe ser un número" })
      .min(1, "debe ser al menos 1")
      .max(100_000_000_000, "es demasiado grande")
      .nullable()
      .optional()
      .meta({ description: "Agencia precargada: saldo (COP) por debajo del cual se le avisa por correo; null lo quita" }),
  })
  .refine((b) => b.templates !== undefined || b.balance_alert_threshold !== undefined, "debe incluir templates o balance_alert_threshold");
const suppressionList = z.object({ items: z.array(z.object({ address: z.string(), reason: z.string(), marked_at: z.string(), emails: z.number() })) });
const msgOut = z.object({ msg: z.string() });

const bounceOut = z.object({
  items: z.array(
    z.object({
      email: z.string(),
      kind: z.enum(["hard", "soft", "complaint"]),
      marked: z.boolean(),
      newly_marked: z.boolean(),
      email_recorded: z.boolean(),
    }),
  ),
});

export const mailRoutes = [
  defineRoute({
    method: "POST",
    path: "/mail/bounces",
    access: "public",
    summary: "Recibir un rebote (DSN) o una queja de un correo ya enviado: marca la dirección si es permanente",
    description:
      "Lo llama el proveedor de correo (webhook) o un reenviador, no un cliente. Se autentica con `Authorization: Bearer $MAIL_BOUNCE_SECRET` (o Basic con ese secreto como contraseña); sin MAIL_BOUNCE_SECRET la ruta no existe (404). " +
      "Acepta JSON `{email, kind, reason?, message_id?}` o el informe de entrega RFC 3464: `message/delivery-status`, `multipart/report` o el correo completo (`message/rfc822`). " +
      "Un rebote permanente (Status 5.x.x, `hard`) o una queja (`complaint`) marca la dirección (Direcciones marcadas): los correos siguientes quedan `suppressed`. Uno temporal (4.x.x, `soft`) solo se anota en el correo. Repetir el mismo rebote no cambia nada.",
    tags: TAGS,
    body: bounceJson,
    rawBody: true,
    rawContentTypes: ["message/delivery-status", "multipart/report", "message/rfc822"],
    verify: verifyBounceSecret,
    responses: [
      { status: 200, description: "Rebote registrado", schema: bounceOut },
      { status: 400, description: "El cuerpo no es un rebote" },
      { status: 401, description: "Secreto ausente o inválido" },
      { status: 404, description: "MAIL_BOUNCE_SECRET no está configurado" },
    ],
    async handler({ database, req, bodyText, clock }) {
      const bounces = await parseBounces(bodyText ?? "", req.headers.get("content-type"));
      return recordBounces(database, bounces, clock.now());
    },
  }),
  defineRoute({
    method: "GET",
    path: "/email-preferences",
    access: ["operator", "agency", "hotel_admin"],
    summary: "Preferencias de correo: qué avisos no esenciales recibe la agencia (o el administrador de hotel)",
    description:
      "Una agencia: sus avisos (a su correo de notificaciones) y el aviso de saldo bajo. Un administrador de hotel: los avisos del hotel y el resumen diario de llegadas (se activa a pedido). El operador indica `agency_id`. Los comprobantes, instrucciones, enlaces, invitaciones y restablecimientos se envían siempre.",
    tags: TAGS,
    query: agencyQuery,
    responses: [{ status: 200, description: "Preferencias", schema: preferencesOut }],
    handler: ({ database, principal, query }) => getPreferences(database, principal, query.agency_id),
  }),
  defineRoute({
    method: "PUT",
    path: "/email-preferences",
    access: ["operator", "agency", "hotel_admin"],
    summary: "Activar o desactivar avisos no esenciales y fijar el aviso de saldo bajo",
    description: "Un correo desactivado no se envía: queda registrado en Correos como `suppressed` con el motivo. Un correo esencial responde 400.",
    tags: TAGS,
    body: preferencesBody,
    responses: [{ status: 200, description: "Preferencias guardadas", schema: preferencesOut }],
    handler: ({ database, principal, body, clock }) => updatePreferences(database, principal, body, clock.now()),
  }),
  defineRoute({
    method: "GET",
    path: "/email-suppressions",
    access: ["operator", "agency"],
    summary: "Direcciones marcadas: rechazaron un correo para siempre y no reciben más",
    description: "El operador ve todas; una agencia, las direcciones a las que fueron sus correos.",
    tags: TAGS,
    responses: [{ status: 200, description: "Direcciones marcadas", schema: suppressionList }],
    handler: ({ database, principal }) => listSuppressions(database, principal),
  }),
  defineRoute({
    method: "POST",
    path: "/email-suppressions/clear",
    access: ["operator", "agency"],
    summary: "Quitar la marca de una dirección (después de corregirla): los próximos correos le llegan",
    tags: TAGS,
    body: z.object({ address: z.string({ error: "es obligatorio" }).trim().min(3, "no es un correo").max(254, "máximo 254 caracteres") }),
    responses: [{ status: 200, description: "Marca quitada", schema: msgOut }, { status: 404, description: "La dirección no está marcada" }],
    handler: ({ database, principal, body }) => clearSuppression(database, principal, body.address),
  }),
  defineRoute({
    method: "POST",
    path: "/emails/{id}/send",
    access: ["operator"],
    summary: "Enviar ahora un correo guardado sin SMTP (solo si es reciente)",
    description: "Los correos escritos sin SMTP_URL quedan `kept` y no se envían solos al configurar SMTP. El operador puede pedir uno que tenga menos de MAIL_KEPT_SEND_HOURS (24 h por defecto).",
    tags: TAGS,
    params: z.object({ id: z.string().regex(/^eml_[A-Za-z0-9_-]{10,40}$/, "no es un correo") }),
    responses: [{ status: 200, description: "Se enviará", schema: msgOut.extend({ status: z.literal("pending") }) }, { status: 409, description: "No está guardado, es antiguo o no hay SMTP" }],
    handler: ({ database, params, clock }) => sendKeptEmail(database, params.id, clock.now()),
  }),
  defineRoute({
    method: "GET",
    path: "/emails",
    access: ["operator", "agency"],
    summary: "Correos: la bandeja de salida con su estado",
    description: "El operador ve todos; una agencia, los de sus hechos. `mode` dice si salen por SMTP (`smtp`) o se guardan para leerlos aquí (`outbox`, sin SMTP_URL).",
    tags: TAGS,
    query: listQuery,
    responses: [{ status: 200, description: "Página de correos", schema: emailList }],
    handler: ({ database, principal, query }) => listEmails(database, principal, query),
  }),
  defineRoute({
    method: "GET",
    path: "/emails/templates",
    access: ["operator"],
    summary: "Plantillas de correo",
    tags: TAGS,
    responses: [{ status: 200, description: "Plantillas", schema: templateList }],
    handler: () => ({ items: listTemplates() }),
  }),
  defineRoute({
    method: "GET",
    path: "/emails/templates/{name}/preview",
    access: ["operator"],
    summary: "Vista previa de una plantilla con datos de ejemplo",
    tags: TAGS,
    params: templateParam,
    query: previewQuery,
    responses: [{ status: 200, description: "La plantilla con datos de ejemplo", schema: templatePreview }],
    handler: ({ params, query }) => previewTemplate(params.name, query.locale),
  }),
  defineRoute({
    method: "GET",
    path: "/emails/{id}",
    access: ["operator", "agency"],
    summary: "Un correo como lo ve el destinatario (HTML y texto) con sus adjuntos",
    tags: TAGS,
    params: idParam,
    responses: [{ status: 200, description: "El correo", schema: emailDetail }],
    handler: ({ database, principal, params }) => getEmail(database, principal, params.id),
  }),
  defineRoute({
    method: "GET",
    path: "/emails/{id}/attachments/{index}",
    access: ["operator", "agency"],
    summary: "Descargar un adjunto de un correo (PDF)",
    tags: TAGS,
    params: attachmentParam,
    responses: [{ status: 200, description: "El adjunto", contentType: "application/pdf" }],
    async handler({ database, principal, params }) {
      const a = await emailAttachment(database, principal, params.id, params.index);
      return new RawResponse(200, a.content, { "content-type": "application/pdf", "content-disposition": `attachment; filename="${a.filename}"` });
    },
  }),
];
