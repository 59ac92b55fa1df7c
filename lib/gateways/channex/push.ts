// Our bookings at Channex, each pushed exactly once (docs/channel-managers.md "Bookings pushed exactly once").
// channex_bookings holds one row per reservation of a linked hotel, keyed by the reservation id (the hold's key):
//   owed        our hold stands; nothing sent yet
//   uncertain   a POST was sent (the state is committed BEFORE the POST) and its outcome is unknown: the next
//               attempt first looks the booking up by its code (GET /bookings?filter[ota_reservation_code]=)
//               and posts again only when it is not there after SETTLE_MS
//   pushed      Channex answered with its id; not yet seen processed (a GET right after a POST may 404)
//   confirmed   seen at Channex: from then on its availability reflects it (mirror.ts counts it back)
//   refused     Channex said no (403 without the Booking CRS app, 422...): a clear state for agency and operator
//   cancel_owed our release: a full-body PUT with status "cancelled" is owed
//   cancelled   Channex acknowledged the cancellation
//   released    released before anything reached Channex
// Guest changes (4.4) set modify_owed: a full-body PUT with status "modified". One worker at a time per row (a
// lease); the inline attempt (4.1, cancel, 4.4) and the channex-bookings job share this code. Every change of state
// is a transition of ./lifecycle.ts (docs/channel-managers.md "A pushed booking's lifecycle").
import type { Database } from "@/lib/db/open";
import { errorLine, log } from "@/lib/http/log";
import { ChannexError, type BookingBody, type ChannexBookingView } from "./client";
import type { ChannexDeps } from "./deps";
import * as lifecycle from "./lifecycle";
import { kickPull, owe, PAUSE_MS, pauseProperty, raiseAlert, refreshBookingNights, resolveAlert } from "./mirror";
import { dueBookings, noteFailedAttempt, pausedUntil, reservationCode, reservationForPush, setGuestChangeOwed, unlease } from "./store";

/** A POST whose outcome is unknown is posted again only when its booking is still not found after this. */
export const SETTLE_MS = 3 * 60_000;
const LEASE_MS = 60_000;

type State = lifecycle.BookingState;

interface Row {
  key: string;
  hotel_id: number;
  property_id: string;
  state: State;
  channex_booking_id: string | null;
  modify_owed: boolean;
  posted_at: Date | null;
  attempts: number;
}

/** The booking as Channex must have it, built from the reservation as it is now; null when it does not exist (yet). */
export async function bookingBody(database: Database, key: string, propertyId: string): Promise<BookingBody | null> {
  const r = await reservationForPush(database, key);
  if (!r || !r.rooms) return null;
  const rooms: BookingBody["rooms"] = [];
  for (const x of r.rooms) {
    const nightly = (typeof x.nightly === "string" ? JSON.parse(x.nightly) : x.nightly) as Array<{ day: string; amount: string }>;
    const days = Object.fromEntries(nightly.map((n) => [n.day, n.amount]));
    // One Channex room per room booked: a quantity of 2 is two rooms.
    for (let i = 0; i < x.quantity; i++) {
      rooms.push({
        room_type_id: x.room_id,
        rate_plan_id: x.rate_id,
        checkin_date: x.checkin,
        checkout_date: x.checkout,
        days,
        occupancy: { adults: x.adults, children: x.children, infants: 0 },
      });
    }
  }
  return {
    property_id: propertyId,
    ota_reservation_code: r.code,
    // A channel code Channex knows; "Direct", "Website" and "Manual" are refused (measured).
    ota_name: "Offline",
    arrival_date: r.checkin,
    departure_date: r.checkout,
    currency: r.currency,
    // The agency pays through HotelPay; the hotel does not collect from the guest.
    payment_collect: "ota",
    payment_type: "bank_transfer",
    notes: [`Reserva HotelPay ${r.code} (agencia ${r.agency}).`, r.notes ?? ""].filter(Boolean).join(" ").slice(0, 1000),
    customer: { name: r.first_name, surname: r.last_name, mail: r.email, phone: r.telephone },
    rooms,
  };
}

/**
 * What a refusal means, as the agency reads it on the reservation (and the operator beside Channex's own words,
 * kept in last_error).
 */
function refusalText(e: ChannexError, what: "la reserva" | "el cambio de huésped" | "la cancelación"): string {
  const lead = what === "la reserva" ? "El hotel no recibió esta reserva" : what === "la cancelación" ? "El hotel no recibió la cancelación" : "El hotel no recibió el cambio de huésped";
  if (e.kind === "forbidden") return `${lead}: su conexión con Channex aún no acepta reservas de HotelPay (falta la aplicación Booking CRS). El operador ya fue avisado y la reenviará.`;
  if (e.kind === "unauthorized") return `${lead}: Channex rechazó la clave de HotelPay. El operador ya fue avisado.`;
  if (e.kind === "validation") return `${lead}: Channex no aceptó sus datos. El operador ya fue avisado y lo revisará con el hotel.`;
  if (e.kind === "not_found") return `${lead}: Channex no encontró la propiedad. El operador ya fue avisado.`;
  return `${lead}: Channex lo rechazó. El operador ya fue avisado y lo revisará con el hotel.`;
}

/** Claims the row for one worker (LEASE_MS); null when someone else holds it or nothing is due. */
async function claim(database: Database, key: string, now: Date, inline: boolean): Promise<Row | null> {
  const [row] = await database.sql.query<Row>(
    `UPDATE channex_bookings SET lease_until = $2::timestamptz + interval '${LEASE_MS / 1000} seconds'
     WHERE key = $1 AND (lease_until IS NULL OR lease_until < $2)
       AND ($3 OR next_attempt_at IS NULL OR next_attempt_at <= $2)
       AND state IN ('owed', 'uncertain', 'pushed', 'confirmed', 'cancel_owed')
     RETURNING key, hotel_id, property_id, state::text AS state, channex_booking_id, modify_owed, posted_at, attempts`,
    [key, now, inline],
  );
  if (!row) return null;
  // confirmed with nothing owed: nothing to do.
  if (row.state === "confirmed" && !row.modify_owed) {
    await unlease(database, key, null);
    return null;
  }
  return row;
}

/** Writes columns of the row other than its state (a change of state is a transition of ./lifecycle.ts). */
async function set(database: Database, key: string, now: Date, fields: { channex_booking_id?: string; last_error?: string | null; posted_at?: null }) {
  const cols = Object.keys(fields) as Array<keyof typeof fields>;
  const assignments = cols.map((c, i) => `${c} = $${i + 3}`).join(", ");
  await database.sql.query(`UPDATE channex_bookings SET ${assignments}, updated_at = $2 WHERE key = $1`, [key, now, ...cols.map((c) => fields[c])]);
}

/**
 * One step of the booking's protocol, if it is due (or `inline`: right now, from the request that made it due).
 * Never throws for Channex's failures: they are recorded and retried by the channex-bookings job.
 */
export async function processBooking(database: Database, deps: ChannexDeps, key: string, opts: { inline?: boolean } = {}): Promise<void> {
  const now = deps.clock.now();
  const row = await claim(database, key, now, opts.inline === true);
  if (!row) return;
  let next: Date | null = null;
  try {
    const paused = await pausedUntil(database, row.hotel_id);
    if (paused && paused > now) {
      next = paused;
      return;
    }
    next = await step(database, deps, row, now);
  } catch (e) {
    // Only transient failures reach here (refusals are states): try again later, after a pause on a 429.
    const error = errorLine(e);
    if (e instanceof ChannexError && e.kind === "rate_limited") await pauseProperty(database, row.hotel_id, deps.clock.now(), e);
    await noteFailedAttempt(database, key, error, deps.clock.now());
    log.warn("channex_booking_retry", { key, state: row.state, error });
    next = new Date(deps.clock.now().getTime() + (e instanceof ChannexError && e.kind === "rate_limited" ? PAUSE_MS : Math.min(10 * 60_000, 10_000 * 2 ** Math.min(row.attempts, 6))));
  } finally {
    await unlease(database, key, next);
  }
  // What is due within the minute is done by this process at that time; the job covers the rest (and crashes).
  if (next && next.getTime() - deps.clock.now().getTime() <= 60_000) later(database, deps, key, next);
}

const g = globalThis as unknown as { __hbChannexBookings?: WeakMap<Database, Map<string, NodeJS.Timeout>> };

function later(database: Database, deps: ChannexDeps, key: string, at: Date) {
  g.__hbChannexBookings ??= new WeakMap();
  let timers = g.__hbChannexBookings.get(database);
  if (!timers) g.__hbChannexBookings.set(database, (timers = new Map()));
  if (timers.has(key)) return;
  const t = setTimeout(
    () => {
      timers.delete(key);
      processBooking(database, deps, key).catch((e: unknown) => log.warn("channex_booking_retry_failed", { key, error: errorLine(e) }));
    },
    Math.max(0, at.getTime() - deps.clock.now().getTime()),
  );
  t.unref?.();
  timers.set(key, t);
}

/** Cancels this process's scheduled booking steps (a closing database). */
export function stopBookingTimers(database: Database) {
  const timers = g.__hbChannexBookings?.get(database);
  for (const t of timers?.values() ?? []) clearTimeout(t);
  timers?.clear();
}

/** Does what the state asks; returns when to look again (null: nothing more unless something changes). */
async function step(database: Database, deps: ChannexDeps, row: Row, now: Date): Promise<Date | null> {
  const client = deps.client;
  switch (row.state) {
    case "owed":
      return post(database, deps, row, now);
    case "uncertain": {
      const found = await lookUp(database, deps, row, now);
      if (found) return soon(now);
      if (row.posted_at && now.getTime() - new Date(row.posted_at).getTime() < SETTLE_MS) return new Date(now.getTime() + 15_000);
      // Not there long after the POST: it never arrived. Post it (again).
      return post(database, deps, { ...row, state: "uncertain" }, now);
    }
    case "pushed": {
      const b = await client.booking(row.channex_booking_id!);
      if (b) {
        await confirmed(database, deps, row, deps.clock.now());
        return row.modify_owed ? soon(now) : null;
      }
      if (row.posted_at && now.getTime() - new Date(row.posted_at).getTime() > SETTLE_MS) {
        await refuse(database, row, now, "El hotel no recibió esta reserva: Channex la aceptó pero no la registró. El operador ya fue avisado y lo revisará con el hotel.", "aceptada sin procesar");
        return null;
      }
      return new Date(now.getTime() + 3_000);
    }
    case "confirmed":
      return modify(database, deps, row, now);
    case "cancel_owed":
      return cancel(database, deps, row, now);
    default:
      return null;
  }
}

const soon = (now: Date) => new Date(now.getTime() + 1_000);

/** Sends the POST, after recording that it is being sent: whatever happens next, a retry looks before posting. */
async function post(database: Database, deps: ChannexDeps, row: Row, now: Date): Promise<Date | null> {
  // The claim: only from owed (or uncertain, when the lookup proved nothing landed); a release in between wins.
  if (!(await lifecycle.claimPost(database.sql, row.key, row.state as "owed" | "uncertain", now))) return soon(now);
  const body = await bookingBody(database, row.key, row.property_id);
  if (!body) {
    // The hold's reservation is not written yet (or never will be): wait; a release ends it.
    await lifecycle.unpost(database.sql, row.key);
    return new Date(now.getTime() + 30_000);
  }
  let created: ChannexBookingView;
  try {
    created = await deps.client.createBooking(body);
  } catch (e) {
    if (e instanceof ChannexError && !e.transient) {
      // A definite no: nothing was created (a POST refused does not create).
      if (e.kind === "unauthorized") {
        await lifecycle.keyRefused(database.sql, row.key, errorLine(e), now);
        await raiseAlert(database.sql, { hotelId: row.hotel_id, kind: "sync_failing", subject: "key", detail: "Channex rechazó la clave de API (CHANNEX_API_KEY): no se envían reservas.", now });
        return new Date(now.getTime() + 5 * 60_000);
      }
      await refuse(database, row, now, refusalText(e, "la reserva"), errorLine(e));
      await set(database, row.key, now, { posted_at: null });
      return null;
    }
    throw e; // uncertain: the job looks it up first
  }
  await lifecycle.push(database.sql, row.key, created.id, now);
  // Processing is asynchronous: look for it shortly.
  return new Date(now.getTime() + 2_000);
}

/**
 * Finds our booking by its code after a POST whose answer was lost. The first one found is ours; any other with
 * the same code (a duplicate nobody should ever see) is cancelled and reported.
 */
async function lookUp(database: Database, deps: ChannexDeps, row: Row, now: Date): Promise<boolean> {
  const body = await bookingBody(database, row.key, row.property_id);
  if (!body) return false;
  const found = (await deps.client.bookingsByCode(row.property_id, body.ota_reservation_code)).filter((b) => b.status !== "cancelled");
  if (found.length === 0) return false;
  found.sort((a, b) => (a.insertedAt ?? "").localeCompare(b.insertedAt ?? "") || a.id.localeCompare(b.id));
  const [ours, ...extra] = found;
  await set(database, row.key, now, { channex_booking_id: ours.id, last_error: null });
  await confirmed(database, deps, row, deps.clock.now());
  for (const dup of extra) {
    try {
      await deps.client.updateBooking(dup.id, { ...body, status: "cancelled" });
    } catch (e) {
      log.warn("channex_duplicate_cancel_failed", { key: row.key, error: errorLine(e) });
    }
    await raiseAlert(database.sql, {
      hotelId: row.hotel_id,
      kind: "duplicate",
      subject: `${row.key}:${dup.id}`,
      detail: `La reserva ${body.ota_reservation_code} apareció dos veces en Channex; se canceló la copia ${dup.id}. Verifique con el hotel.`,
      now,
    });
  }
  return true;
}

/**
 * Channex's availability has changed by our booking (processed) or its cancellation: a pull is owed, so the mirror
 * counts it from Channex's side (until then it undersells, never oversells).
 */
async function recount(database: Database, deps: ChannexDeps, hotelId: number, now: Date) {
  await owe(database, hotelId, now);
  kickPull(database, deps, hotelId);
}

/**
 * Seen at Channex: its availability reflects the booking from `seenAt` on (a time taken after Channex answered,
 * never before: counting a booking as reflected too early would oversell), and the mirror counts it back.
 */
async function confirmed(database: Database, deps: ChannexDeps, row: Row, seenAt: Date) {
  await lifecycle.confirm(database.sql, row.key, seenAt);
  await resolveAlert(database.sql, { hotelId: row.hotel_id, kind: "refused", subject: row.key, now: seenAt });
  await recount(database, deps, row.hotel_id, seenAt);
}

async function refuse(database: Database, row: Row, now: Date, refusal: string, error: string) {
  await lifecycle.refuse(database.sql, row.key, refusal, error, now);
  const code = await reservationCode(database, row.key);
  await raiseAlert(database.sql, { hotelId: row.hotel_id, kind: "refused", subject: row.key, detail: `Reserva ${code ?? row.key}: ${refusal}`, now });
  log.warn("channex_booking_refused", { key: row.key, error });
}

/** A guest change: the full body with status "modified". */
async function modify(database: Database, deps: ChannexDeps, row: Row, now: Date): Promise<Date | null> {
  if (!row.modify_owed) return null;
  await setGuestChangeOwed(database, row.key, false);
  const body = await bookingBody(database, row.key, row.property_id);
  if (!body) return null;
  try {
    await deps.client.updateBooking(row.channex_booking_id!, { ...body, status: "modified" });
  } catch (e) {
    if (e instanceof ChannexError && !e.transient) {
      await set(database, row.key, now, { last_error: errorLine(e) });
      const code = await reservationCode(database, row.key);
      await raiseAlert(database.sql, { hotelId: row.hotel_id, kind: "refused", subject: `${row.key}:modify`, detail: `Reserva ${code ?? row.key}: ${refusalText(e, "el cambio de huésped")}`, now });
      return null;
    }
    await setGuestChangeOwed(database, row.key, true);
    throw e;
  }
  await set(database, row.key, now, { last_error: null });
  return null;
}

/** The release: the full body with status "cancelled" (a partial body is 422; DELETE does not exist). */
async function cancel(database: Database, deps: ChannexDeps, row: Row, now: Date): Promise<Date | null> {
  let id = row.channex_booking_id;
  if (!id) {
    // The POST's outcome was never known: find it first.
    const body = await bookingBody(database, row.key, row.property_id);
    const found = body ? (await deps.client.bookingsByCode(row.property_id, body.ota_reservation_code)).filter((b) => b.status !== "cancelled") : [];
    if (found.length === 0) {
      if (row.posted_at && now.getTime() - new Date(row.posted_at).getTime() < SETTLE_MS) return new Date(now.getTime() + 15_000);
      await lifecycle.releaseNeverArrived(database.sql, row.key, now);
      return null;
    }
    id = found[0].id;
    await set(database, row.key, now, { channex_booking_id: id });
  }
  const body = await bookingBody(database, row.key, row.property_id);
  if (!body) return null;
  try {
    await deps.client.updateBooking(id, { ...body, status: "cancelled" });
  } catch (e) {
    if (e instanceof ChannexError && e.kind === "not_found" && row.posted_at && now.getTime() - new Date(row.posted_at).getTime() < SETTLE_MS) {
      // Not processed yet: it can be cancelled once it is.
      return new Date(now.getTime() + 3_000);
    }
    if (e instanceof ChannexError && !e.transient) {
      // A cancellation that timed out may have landed: Channex then refuses the second one.
      const current = await deps.client.booking(id).catch(() => null);
      if (current?.status === "cancelled") {
        await lifecycle.cancelled(database.sql, row.key, now);
        return null;
      }
      await set(database, row.key, now, { last_error: errorLine(e) });
      const code = await reservationCode(database, row.key);
      await raiseAlert(database.sql, { hotelId: row.hotel_id, kind: "refused", subject: `${row.key}:cancel`, detail: `Reserva ${code ?? row.key}: ${refusalText(e, "la cancelación")}`, now });
      return null;
    }
    throw e;
  }
  await lifecycle.cancelled(database.sql, row.key, now);
  await recount(database, deps, row.hotel_id, now);
  return null;
}

/**
 * Our release of `key` (cancel, expiry, compensation), in one transaction: nothing sent yet is simply released;
 * anything that may be at Channex owes a cancellation. A booking Channex had processed stops counting as
 * reflected now, so its nights are rewritten before our hold gives the rooms back (never a moment of oversell).
 * Returns false when `key` is not a Channex booking.
 */
export async function oweCancellation(database: Database, key: string, now: Date): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [row] = await tx.query<{ state: State }>(`SELECT state::text AS state FROM channex_bookings WHERE key = $1 FOR UPDATE`, [key]);
    if (!row) return false;
    if (row.state === "owed") {
      await lifecycle.release(tx, key, now);
    } else if (row.state === "refused") {
      // A refused booking is not at Channex: nothing to cancel.
      await lifecycle.releaseRefused(tx, key, now);
    } else if (row.state === "uncertain" || row.state === "pushed" || row.state === "confirmed") {
      await lifecycle.oweCancellation(tx, key, now);
      if (row.state === "confirmed") await refreshBookingNights(tx, key);
    }
    return true;
  });
}

/** The channex-bookings job: every row with something due, oldest first (200 a run); returns how many it looked at. */
export async function sweepBookings(database: Database, deps: ChannexDeps, now: Date): Promise<number> {
  const due = await dueBookings(database, now);
  // The job's `now` (the test clock may move it ahead) unless real time has passed it.
  const clock = { now: () => new Date(Math.max(now.getTime(), deps.clock.now().getTime())) };
  for (const key of due) await processBooking(database, { ...deps, clock }, key);
  return due.length;
}

/**
 * The operator's "retry": a refused booking is owed again (after the cause was fixed at Channex). One that was
 * ever posted is looked up by its code before any new POST.
 */
export async function retryRefused(database: Database, key: string, now: Date): Promise<boolean> {
  return lifecycle.retryRefused(database.sql, key, now);
}
