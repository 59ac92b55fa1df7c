// Wire formats of the Channex connection (docs/channel-managers.md; docs/api.md "Channex").
import { z } from "zod";
import { MAX_DB_ID, maxIdMessage } from "@/lib/http/limits";
import { text, typeError } from "@/lib/http/zod-helpers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const linkBody = z.object({
  property_id: z
    .string(typeError("debe ser texto"))
    .trim()
    .regex(UUID, "debe ser el id de la propiedad en Channex (un UUID, p. ej. 716305c4-561a-4561-a187-7f5b8aeb5920)")
    .transform((s) => s.toLowerCase())
    .meta({ description: "Id de la propiedad en Channex (UUID)" }),
  hotel_id: z
    .number({ error: "debe ser un número entero" })
    .int("debe ser un número entero")
    .positive("debe ser positivo")
    .max(MAX_DB_ID, maxIdMessage)
    .optional()
    .meta({ description: "Hotel existente que pasa a gestionarse en Channex; sin él se crea un hotel con los datos de la propiedad" }),
  city: text(80).optional().meta({ description: "Ciudad del hotel (por defecto la de la propiedad en Channex)" }),
});

export const hotelIdParam = z.object({
  hotel_id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage),
});

export const bookingCodeParam = z.object({ booking_id: z.string().trim().min(1).max(32) });

export const pushesQuery = z.object({
  state: z.enum(["pending", "failed", "all"], { error: "debe ser pending, failed o all" }).default("pending"),
});

const freshness = z.enum(["fresh", "delayed", "stale", "never"]).meta({ description: "fresh: menos de 5 min; delayed: menos de 1 h; stale: más (o ventas detenidas); never: sin lectura aún" });

export const propertyOut = z.object({
  hotel_id: z.number().int(),
  hotel_name: z.string(),
  city: z.string(),
  property_id: z.string(),
  title: z.string(),
  linked_at: z.string(),
  synced_at: z.string().nullable(),
  pulled_at: z.string().nullable().meta({ description: "Cuándo empezó la última lectura completa de la disponibilidad" }),
  freshness,
  age_seconds: z.number().int().nullable(),
  mirror_to: z.string().nullable().meta({ description: "Última noche copiada" }),
  paused_until: z.string().nullable(),
  stale_stopped: z.boolean().meta({ description: "Ventas detenidas porque la copia es demasiado antigua" }),
  webhook_registered: z.boolean(),
  pulls: z.number().int(),
  last_error: z.string().nullable(),
  pending_pushes: z.number().int(),
  failed_pushes: z.number().int(),
  open_alerts: z.number().int(),
});

export const linkResult = propertyOut.extend({
  synced: z.boolean().meta({ description: "La copia de disponibilidad y tarifas quedó lista; si no, el trabajo channex-sync la completa en el siguiente minuto" }),
  webhook: z.boolean().meta({ description: "El webhook quedó registrado en Channex" }),
});

export const pushOut = z.object({
  chatbot_id: z.string().nullable(),
  hotel_id: z.number().int(),
  hotel_name: z.string(),
  state: z.enum(["owed", "uncertain", "pushed", "confirmed", "refused", "cancel_owed", "cancelled", "released"]),
  reservation_status: z.string().nullable(),
  checkin: z.string().nullable(),
  checkout: z.string().nullable(),
  channex_booking_id: z.string().nullable(),
  modify_owed: z.boolean(),
  attempts: z.number().int(),
  refusal: z.string().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  updated_at: z.string(),
});

export const alertOut = z.object({
  id: z.number().int(),
  hotel_id: z.number().int(),
  hotel_name: z.string(),
  kind: z.enum(["overbooking", "refused", "sync_failing", "duplicate"]),
  detail: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** What Channex posts to us (only the fields we read; a webhook is a reason to pull, not data). */
export const eventBody = z
  .object({
    event: z.string().max(100).optional(),
    property_id: z.string().max(100).optional(),
  })
  .loose();

/** `channel_sync` of a reservation's detail: its booking at Channex (null for built-in hotels). */
export const channelSyncOut = z
  .object({
    manager: z.literal("channex"),
    state: pushOut.shape.state,
    message: z.string(),
    channex_booking_id: z.string().nullable(),
    guest_change_pending: z.boolean(),
    updated_at: z.string(),
  })
  .nullable();
