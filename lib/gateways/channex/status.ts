// What people see of Channex: the linked properties and how fresh their mirror is, the push queue and its
// failures, the open alerts (operator: all; a hotel admin: their hotels), and a reservation's state at Channex.
import type { Database } from "@/lib/db/open";
import type { Principal } from "@/lib/auth/principal";
import { forbidden } from "@/lib/http/errors";
import { doesNotExist } from "@/lib/domain/errors";
import { isoBogota } from "@/lib/time";
import { openAlertCounts, pushCounts, pushRows } from "./store";

/** A mirror is "fresh" under 5 minutes, "delayed" under an hour, "stale" beyond (or stopped), "never" before its first pull. */
export type Freshness = "fresh" | "delayed" | "stale" | "never";

export function freshnessOf(pulledAt: Date | null, staleStopped: boolean, now: Date): Freshness {
  if (!pulledAt) return "never";
  const age = now.getTime() - pulledAt.getTime();
  if (staleStopped || age >= 60 * 60_000) return "stale";
  return age < 5 * 60_000 ? "fresh" : "delayed";
}

function scope(principal: Principal): number[] | null {
  if (principal.role === "operator") return null;
  if (principal.role === "hotel_admin") return principal.hotelIds;
  throw forbidden("Solo el operador o los administradores de hotel ven la conexión con Channex");
}

const iso = (d: Date | null) => (d ? isoBogota(d) : null);

export async function listProperties(database: Database, principal: Principal, now: Date) {
  const hotels = scope(principal);
  const rows = await database.prisma.channexProperty.findMany({
    where: hotels ? { hotelId: { in: hotels } } : {},
    include: { hotel: { select: { name: true, city: true } } },
    orderBy: { linkedAt: "asc" },
  });
  const ids = rows.map((r) => r.hotelId);
  const queue = await pushCounts(database, ids);
  const alerts = await openAlertCounts(database, ids);
  const q = new Map(queue.map((x) => [x.hotel_id, x]));
  const a = new Map(alerts.map((x) => [x.hotel_id, x.n]));
  return rows.map((r) => ({
    hotel_id: r.hotelId,
    hotel_name: r.hotel.name,
    city: r.hotel.city,
    property_id: r.propertyId,
    title: r.title,
    linked_at: isoBogota(r.linkedAt),
    synced_at: iso(r.syncedAt),
    pulled_at: iso(r.pulledAt),
    freshness: freshnessOf(r.pulledAt, r.staleStopped, now),
    age_seconds: r.pulledAt ? Math.max(0, Math.round((now.getTime() - r.pulledAt.getTime()) / 1000)) : null,
    mirror_to: r.mirrorTo ? r.mirrorTo.toISOString().slice(0, 10) : null,
    paused_until: r.pausedUntil && r.pausedUntil > now ? isoBogota(r.pausedUntil) : null,
    stale_stopped: r.staleStopped,
    webhook_registered: r.webhookId !== null,
    pulls: r.pulls,
    // The operator reads Channex's own words; a hotel admin the fact that something failed.
    last_error: principal.role === "operator" ? r.lastError : r.lastError ? "Error al leer Channex; el operador fue avisado" : null,
    pending_pushes: q.get(r.hotelId)?.pending ?? 0,
    failed_pushes: q.get(r.hotelId)?.failed ?? 0,
    open_alerts: a.get(r.hotelId) ?? 0,
  }));
}

export type PushFilter = "pending" | "failed" | "all";

export async function listPushes(database: Database, principal: Principal, filter: PushFilter) {
  const hotels = scope(principal);
  const states = filter === "failed" ? ["refused"] : filter === "pending" ? ["owed", "uncertain", "pushed", "cancel_owed"] : null;
  const rows = await pushRows(database, hotels, states, filter === "pending");
  return rows.map((r) => ({
    chatbot_id: r.code,
    hotel_id: r.hotel_id,
    hotel_name: r.hotel_name,
    state: r.state,
    reservation_status: r.status,
    checkin: r.checkin,
    checkout: r.checkout,
    channex_booking_id: r.channex_booking_id,
    modify_owed: r.modify_owed,
    attempts: r.attempts,
    refusal: r.refusal,
    last_error: principal.role === "operator" ? r.last_error : null,
    next_attempt_at: iso(r.next_attempt_at),
    updated_at: isoBogota(r.updated_at),
  }));
}

export async function listAlerts(database: Database, principal: Principal) {
  const hotels = scope(principal);
  const rows = await database.prisma.channexAlert.findMany({
    where: { resolvedAt: null, ...(hotels ? { hotelId: { in: hotels } } : {}) },
    orderBy: { updatedAt: "desc" },
    take: 200,
  });
  const names = new Map(
    (await database.prisma.hotel.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.hotelId))] } }, select: { id: true, name: true } })).map((h) => [h.id, h.name]),
  );
  return rows.map((r) => ({
    id: r.id,
    hotel_id: r.hotelId,
    hotel_name: names.get(r.hotelId) ?? "",
    kind: r.kind,
    detail: r.detail,
    created_at: isoBogota(r.createdAt),
    updated_at: isoBogota(r.updatedAt),
  }));
}

/** How many open overbooking alerts the principal's hotels have (the portal's banner). */
export async function openOverbookings(database: Database, principal: Principal): Promise<number> {
  if (principal.role === "agency") return 0;
  const hotels = principal.role === "hotel_admin" ? principal.hotelIds : null;
  return database.prisma.channexAlert.count({ where: { resolvedAt: null, kind: "overbooking", ...(hotels ? { hotelId: { in: hotels } } : {}) } });
}

/**
 * A reservation's booking at Channex, for its detail (4.x GET and the portal): null for built-in hotels.
 * `state` says where it is; `message` is what the agency reads (Spanish).
 */
export async function channelSyncOf(db: Database, reservationId: string) {
  const row = await db.prisma.channexBooking.findUnique({ where: { key: reservationId } });
  if (!row) return null;
  const message: Record<string, string> = {
    owed: "Enviando la reserva al hotel (Channex).",
    uncertain: "Confirmando la reserva con el hotel (Channex).",
    pushed: "El hotel (Channex) recibió la reserva y la está registrando.",
    confirmed: "Registrada en el sistema del hotel (Channex).",
    refused: row.refusal ?? "El hotel no recibió esta reserva: Channex la rechazó. El operador ya fue avisado.",
    cancel_owed: "Enviando la cancelación al hotel (Channex).",
    cancelled: "Cancelada en el sistema del hotel (Channex).",
    released: "No llegó a enviarse al hotel: la reserva terminó antes.",
  };
  return {
    manager: "channex" as const,
    state: row.state,
    message: message[row.state],
    channex_booking_id: row.channexBookingId,
    guest_change_pending: row.modifyOwed,
    updated_at: isoBogota(row.updatedAt),
  };
}

/** The link of one hotel (404 when it has none or the caller may not see it). */
export async function getProperty(database: Database, principal: Principal, hotelId: number, now: Date) {
  const found = (await listProperties(database, principal, now)).find((p) => p.hotel_id === hotelId);
  if (!found) throw doesNotExist(`El hotel ${hotelId} no está conectado a Channex`);
  return found;
}

/** Reservation id of a booking code the caller may act on (operator only, for retries). */
export async function reservationKey(database: Database, code: string): Promise<string> {
  const r = await database.prisma.reservation.findUnique({ where: { code: code.toUpperCase() }, select: { id: true } });
  if (!r) throw doesNotExist(`La reserva ${code} no existe`);
  return r.id;
}
