import { z } from "zod";
import { defineRoute, RawResponse } from "@/lib/http/route";
import { emailAttachment, getEmail, listTemplates, previewTemplate } from "./service";
import { listEmails } from "./list";

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

export const mailRoutes = [
  defineRoute({
    method: "GET",
    path: "/emails",
    access: ["operator", "agency"],
    summary: "Correos: la bandeja de salida con su estado",
    description: "El operador ve todos; una agencia, los de sus hechos. `mode` dice si salen por SMTP (`smtp`) o se guardan para leerlos aquí (`outbox`, sin SMTP_URL).",
    tags: TAGS,
    query: listQuery,
    responses: [{ status: 200, description: "Página de correos", schema: emailList }],
    handler: ({ db, principal, query }) => listEmails(db, principal, query),
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
    handler: ({ db, principal, params }) => getEmail(db, principal, params.id),
  }),
  defineRoute({
    method: "GET",
    path: "/emails/{id}/attachments/{index}",
    access: ["operator", "agency"],
    summary: "Descargar un adjunto de un correo (PDF)",
    tags: TAGS,
    params: attachmentParam,
    responses: [{ status: 200, description: "El adjunto", contentType: "application/pdf" }],
    async handler({ db, principal, params }) {
      const a = await emailAttachment(db, principal, params.id, params.index);
      return new RawResponse(200, a.content, { "content-type": "application/pdf", "content-disposition": `attachment; filename="${a.filename}"` });
    },
  }),
];
