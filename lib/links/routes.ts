import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import type { Job } from "@/lib/cron/job";
import { createLinkBody, createLinkResponse, linkCodeParam, linkDetail, linkSummary, listLinksQuery } from "./schema";
import { cancelLink, createLink, expireLinks, getLink, listLinks } from "./service";

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
    handler: ({ db, principal, body, clock }) => createLink(db, principal, body, clock.now()),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/links",
    access: ["agency", "operator"],
    summary: "Listar enlaces de pago (estado: active, paid, expired, cancelled)",
    tags: TAGS,
    query: listLinksQuery,
    responses: [{ status: 200, description: "Página de enlaces", schema: z.object({ items: z.array(linkSummary), total: z.number(), page: z.number(), per_page: z.number() }) }],
    handler: ({ db, principal, query, clock }) => listLinks(db, principal, query, clock.now()),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/links/{code}",
    access: ["agency", "operator"],
    summary: "Consultar un enlace con sus intentos de pago y notificaciones",
    tags: TAGS,
    params: linkCodeParam,
    responses: [{ status: 200, description: "El enlace", schema: linkDetail }],
    handler: ({ db, principal, params, clock }) => getLink(db, principal, params.code, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/links/{code}/cancel",
    access: ["agency", "operator"],
    summary: "Cancelar un enlace activo",
    tags: TAGS,
    params: linkCodeParam,
    responses: [{ status: 200, description: "Cancelado", schema: z.object({ msg: z.string(), code: z.string(), status: z.literal("cancelled") }) }, { status: 409, description: "No está activo" }],
    handler: ({ db, principal, params, clock }) => cancelLink(db, principal, params.code, clock.now()),
  }),
];

export const paymentLinksJob: Job = {
  name: "payment-links",
  summary: "Vence los enlaces de pago activos cuya vigencia (available_hours) terminó",
  run: ({ db, now }) => expireLinks(db, now),
};
