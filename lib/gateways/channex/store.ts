// The Channex connection's plain SQL outside its two SQL modules (issue 25; the model is lib/reservations/store.ts),
// one named function per query with its reason. All fixed text. Why plain SQL here at all: the Channex adapter
// runs on the booking's and the search's paths through `database.sql` (lib/db/open.ts) like the built-in channel
// manager, and most of these read enum columns as text, aggregate with `FILTER`, or write conditionally in one
// statement. The two SQL modules keep their own statements: mirror.ts (the mirror's budget, pull claim and the
// writes of channex_availability / channex_restrictions into our inventory, one transaction per pull) and the
// booking protocol in push.ts (its lease, claim and other columns); every change of channex_bookings.state is
// lifecycle.ts: see docs/architecture.md "Database access".
import type { Database } from "@/lib/db";

// ------------------------------------------------------------------------------------------ properties

/** How many properties are linked (the "not configured" warning). Plain SQL: a count on the job's handle. */
export async function linkedPropertyCount(database: Database): Promise<number> {
  const [n] = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM channex_properties`);
  return n?.n ?? 0;
}

/** Marks a pull owed for the property's hotel (kept until one completes); its hotel id, null when the property is not linked. Plain SQL: one conditional write returning the row, on the webhook's hot path. */
export async function wantPullOfProperty(database: Database, propertyId: string, now: Date): Promise<number | null> {
  const [link] = await database.sql.query<{ hotel_id: number }>(
    `UPDATE channex_properties SET pull_wanted_at = coalesce(pull_wanted_at, $2) WHERE property_id = $1 RETURNING hotel_id`,
    [propertyId, now],
    { prepared: true },
  );
  return link?.hotel_id ?? null;
}

/** Until when the hotel's property is paused (a 429 or an error), null when it is not. Plain SQL: read in the booking step beside its other statements. */
export async function pausedUntil(database: Database, hotelId: number): Promise<Date | null> {
  const [p] = await database.sql.query<{ paused_until: Date | null }>(`SELECT paused_until FROM channex_properties WHERE hotel_id = $1`, [hotelId]);
  return p?.paused_until ? new Date(p.paused_until) : null;
}

// ------------------------------------------------------------------------------------------ the operator's view

/** Per hotel: pushes still pending and pushes refused. Plain SQL: two counts with `FILTER` in one grouped statement. */
export async function pushCounts(database: Database, hotelIds: number[]): Promise<Array<{ hotel_id: number; pending: number; failed: number }>> {
  return database.sql.query(
    `SELECT hotel_id, count(*) FILTER (WHERE state IN ('owed', 'uncertain', 'pushed', 'cancel_owed') OR modify_owed)::int AS pending,
       count(*) FILTER (WHERE state = 'refused')::int AS failed
     FROM channex_bookings WHERE hotel_id = ANY($1::int[]) GROUP BY hotel_id`,
    [hotelIds],
  );
}

/** Per hotel: open alerts. Plain SQL: a grouped count with the integer cast, like pushCounts beside it. */
export async function openAlertCounts(database: Database, hotelIds: number[]): Promise<Array<{ hotel_id: number; n: number }>> {
  return database.sql.query(`SELECT hotel_id, count(*)::int AS n FROM channex_alerts WHERE hotel_id = ANY($1::int[]) AND resolved_at IS NULL GROUP BY hotel_id`, [hotelIds]);
}

export interface PushRow {
  key: string;
  code: string | null;
  hotel_id: number;
  hotel_name: string;
  state: string;
  channex_booking_id: string | null;
  attempts: number;
  last_error: string | null;
  refusal: string | null;
  modify_owed: boolean;
  next_attempt_at: Date | null;
  updated_at: Date;
  checkin: string | null;
  checkout: string | null;
  status: string | null;
}

/** The newest 200 pushes of the hotels (null: all) in the states asked (null: all; `withGuestChanges`: also confirmed ones owing a guest change). Plain SQL: enums as text and dates as text across three tables in one statement. */
export async function pushRows(database: Database, hotelIds: number[] | null, states: string[] | null, withGuestChanges: boolean): Promise<PushRow[]> {
  return database.sql.query<PushRow>(
    `SELECT b.key, r.code, b.hotel_id, h.name AS hotel_name, b.state::text AS state, b.channex_booking_id, b.attempts, b.last_error, b.refusal, b.modify_owed,
       b.next_attempt_at, b.updated_at, r.checkin::text AS checkin, r.checkout::text AS checkout, r.status::text AS status
     FROM channex_bookings b JOIN hotels h ON h.id = b.hotel_id LEFT JOIN reservations r ON r.id = b.key
     WHERE ($1::int[] IS NULL OR b.hotel_id = ANY($1::int[]))
       AND ($2::text[] IS NULL OR b.state::text = ANY($2::text[]) OR ($3 AND b.modify_owed AND b.state = 'confirmed'))
       AND r.id IS NOT NULL
     ORDER BY b.updated_at DESC LIMIT 200`,
    [hotelIds, states, withGuestChanges],
  );
}

// ------------------------------------------------------------------------------------------ alerts, calls, restrictions

/** Closes the overbooking alerts of nights already past (no longer actionable). Plain SQL: the night is read from the alert's subject (`split_part`). */
export async function resolvePastOverbookings(database: Database, now: Date, today: string): Promise<void> {
  await database.sql.query(
    `UPDATE channex_alerts SET resolved_at = $1, updated_at = $1 WHERE kind = 'overbooking' AND resolved_at IS NULL AND split_part(subject, ':', 3)::date < $2::date`,
    [now, today],
  );
}

/** Forgets the budget's calls older than `before`; how many went. Plain SQL: a bulk delete counted by `RETURNING`, in the channel manager's housekeeping. */
export async function forgetCallsBefore(database: Database, before: Date): Promise<number> {
  return (await database.sql.query(`DELETE FROM channex_calls WHERE at < $1 RETURNING 1`, [before])).length;
}

export interface PlanNight {
  rate_id: string;
  hotel_id: number;
  date: string;
  min_stay_arrival: number;
  min_stay_through: number;
  max_stay: number;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
}

/** The mirrored restrictions of the hotels' rate plans over a stay (checkin to checkout, inclusive). Plain SQL: on the search path, beside the built-in channel manager's statements. */
export async function planRestrictions(database: Database, hotelIds: number[], checkin: string, checkout: string): Promise<PlanNight[]> {
  return database.sql.query<PlanNight>(
    `SELECT rp.rate_id, rp.hotel_id, c.date::text AS date, c.min_stay_arrival, c.min_stay_through, c.max_stay, c.closed_to_arrival, c.closed_to_departure
     FROM channex_restrictions c JOIN rate_plans rp ON rp.id = c.rate_plan_id
     WHERE rp.hotel_id = ANY($1::int[]) AND c.date BETWEEN $2::date AND $3::date`,
    [hotelIds, checkin, checkout],
  );
}

// ------------------------------------------------------------------------------------------ bookings (not their state changes)

/** The booking's push is owed from the moment the rooms are ours (its key is the hold's); a second call changes nothing. Plain SQL: an idempotent insert on the hold's path (`ON CONFLICT DO NOTHING`), prepared. */
export async function owePush(database: Database, key: string, hotelId: number, propertyId: string, now: Date): Promise<void> {
  await database.sql.query(
    `INSERT INTO channex_bookings (key, hotel_id, property_id, state, created_at, updated_at) VALUES ($1, $2, $3, 'owed', $4, $4) ON CONFLICT (key) DO NOTHING`,
    [key, hotelId, propertyId, now],
    { prepared: true },
  );
}

/** A guest change is owed to Channex for the booking of this code (while it may be there); the keys marked. Plain SQL: an `UPDATE … FROM` join on the reservation's code. */
export async function oweGuestChange(database: Database, bookingCode: string, now: Date): Promise<string[]> {
  const rows = await database.sql.query<{ key: string }>(
    `UPDATE channex_bookings cb SET modify_owed = true, next_attempt_at = $2, updated_at = $2
     FROM reservations r WHERE r.id = cb.key AND r.code = $1 AND cb.state IN ('owed', 'uncertain', 'pushed', 'confirmed') RETURNING cb.key`,
    [bookingCode, now],
  );
  return rows.map((r) => r.key);
}

/** Lets go of the booking's lease, due again at `nextAttemptAt` (null: nothing due). Plain SQL: on the booking step's handle (`database.sql`), beside the lease's conditional claim in push.ts. */
export async function unlease(database: Database, key: string, nextAttemptAt: Date | null): Promise<void> {
  await database.sql.query(`UPDATE channex_bookings SET lease_until = NULL, next_attempt_at = $2 WHERE key = $1`, [key, nextAttemptAt]);
}

/** Counts a transient failure of the booking's step and keeps its words. Plain SQL: an increment in place (`attempts + 1`). */
export async function noteFailedAttempt(database: Database, key: string, error: string, now: Date): Promise<void> {
  await database.sql.query(`UPDATE channex_bookings SET attempts = attempts + 1, last_error = $2, updated_at = $3 WHERE key = $1`, [key, error, now]);
}

/** Whether a guest change is owed to Channex (cleared before sending, set back when the send failed transiently). Plain SQL: on the booking step's handle. */
export async function setGuestChangeOwed(database: Database, key: string, owed: boolean): Promise<void> {
  await database.sql.query(`UPDATE channex_bookings SET modify_owed = $2 WHERE key = $1`, [key, owed]);
}

/** Bookings of the hotel Channex may just have processed (pushed, or posted with the answer lost), at most 20. Plain SQL: an enum filter on the webhook's path. */
export async function inFlightBookings(database: Database, hotelId: number): Promise<string[]> {
  const rows = await database.sql.query<{ key: string }>(`SELECT key FROM channex_bookings WHERE hotel_id = $1 AND state IN ('pushed', 'uncertain') LIMIT 20`, [hotelId]);
  return rows.map((r) => r.key);
}

/** Bookings with something due now, oldest first, at most 200 (the channex-bookings job). Plain SQL: enum states, lease and due times and the reservation's existence in one statement. */
export async function dueBookings(database: Database, now: Date): Promise<string[]> {
  const rows = await database.sql.query<{ key: string }>(
    `SELECT key FROM channex_bookings
     WHERE (state IN ('owed', 'uncertain', 'pushed', 'cancel_owed') OR (state = 'confirmed' AND modify_owed))
       AND (next_attempt_at IS NULL OR next_attempt_at <= $1) AND (lease_until IS NULL OR lease_until < $1)
       AND EXISTS (SELECT 1 FROM reservations r WHERE r.id = channex_bookings.key)
     ORDER BY updated_at LIMIT 200`,
    [now],
  );
  return rows.map((r) => r.key);
}

export interface ReservationData {
  code: string;
  checkin: string;
  checkout: string;
  currency: string;
  first_name: string;
  last_name: string;
  email: string;
  telephone: string;
  notes: string | null;
  agency: string;
  rooms: Array<{ room_id: string; rate_id: string; checkin: string; checkout: string; quantity: number; adults: number; children: number; nightly: Array<{ day: string; amount: string }> | string }>;
}

/** The reservation behind a booking with its rooms (Channex's ids) and agency, as Channex's body needs it; null when not written (yet). Plain SQL: dates as text and the rooms aggregated as JSON in one statement. */
export async function reservationForPush(database: Database, key: string): Promise<ReservationData | null> {
  const [r] = await database.sql.query<ReservationData>(
    `SELECT r.code, r.checkin::text AS checkin, r.checkout::text AS checkout, r.currency, r.first_name, r.last_name, r.email, r.telephone, r.notes, a.name AS agency,
       (SELECT json_agg(json_build_object('room_id', rt.room_id, 'rate_id', rp.rate_id, 'checkin', rr.checkin::text, 'checkout', rr.checkout::text,
                 'quantity', rr.quantity, 'adults', rr.adults, 'children', rr.children, 'nightly', rr.nightly) ORDER BY rr.id)
        FROM reservation_rooms rr JOIN room_types rt ON rt.id = rr.room_type_id JOIN rate_plans rp ON rp.id = rr.rate_plan_id
        WHERE rr.reservation_id = r.id) AS rooms
     FROM reservations r JOIN agencies a ON a.id = r.agency_id WHERE r.id = $1`,
    [key],
  );
  return r ?? null;
}

/** The booking code of a reservation id, for the alerts' text (null: none). Plain SQL: on the push's handle, beside its other statements. */
export async function reservationCode(database: Database, key: string): Promise<string | null> {
  const [r] = await database.sql.query<{ code: string }>(`SELECT code FROM reservations WHERE id = $1`, [key]);
  return r?.code ?? null;
}
