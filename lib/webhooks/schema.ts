// Wire formats of the webhooks capability (also the source of /api/openapi.json).
import { z } from "zod";
import { MAX_DB_ID, MAX_PAGE, maxIdMessage, maxPageMessage } from "@/lib/http/limits";

const int = (what = "debe ser un número entero") => z.coerce.number({ error: what }).int(what).positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage);

export const agencyIdParam = z.object({ id: int() });
export const deliveryIdParam = z.object({ id: z.string().min(1, "es obligatorio").max(64, "máximo 64 caracteres") });

export const webhookUrlField = z
  .string({ error: "debe ser un texto" })
  .trim()
  .min(1, "es obligatorio")
  .max(2048, "máximo 2048 caracteres");

export const agencyQuery = z.object({ agency_id: int().optional() });

export const settingsBody = z.object({
  webhook_url: webhookUrlField.nullable(),
  agency_id: int().optional(),
});

export const testBody = z.object({ agency_id: int().optional() }).optional();

export const deliveriesQuery = z.object({
  status: z.enum(["pending", "succeeded", "failed"], { error: "debe ser pending, succeeded o failed" }).optional(),
  event: z.string().trim().min(1, "no puede estar vacío").max(100, "máximo 100 caracteres").optional(),
  agency_id: int().optional(),
  page: int().max(MAX_PAGE, maxPageMessage).default(1),
  per_page: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").min(1, "debe estar entre 1 y 100").max(100, "debe estar entre 1 y 100").default(20),
});

export const attemptOut = z.object({
  attempt_no: z.number().int(),
  at: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  response_body: z.string().nullable().meta({ description: "Primer 1 KB de la respuesta" }),
  error: z.string().nullable(),
});

export const deliveryOut = z.object({
  id: z.string().meta({ description: "El webhook-id, estable entre reintentos" }),
  agency_id: z.number().int().nullable(),
  event: z.string(),
  url: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  succeeded_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  created_at: z.string(),
  link_id: z.string().nullable(),
  reservation_id: z.string().nullable(),
  payload: z.unknown().meta({ description: "El cuerpo enviado (JSON)" }),
  attempts: z.array(attemptOut),
});

export const deliveriesPage = z.object({
  data: z.array(deliveryOut),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const settingsOut = z.object({
  agency_id: z.number().int(),
  webhook_url: z.string().nullable(),
  has_secret: z.boolean(),
  failure_streak: z.number().int(),
  warning: z.boolean().meta({ description: "5 o más intentos fallidos seguidos a webhook_url" }),
});

export const secretOut = z.object({ webhook_secret: z.string().meta({ description: "whsec_...; se muestra solo esta vez" }) });
