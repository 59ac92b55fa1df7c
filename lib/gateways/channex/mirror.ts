// The mirror of a linked property's ARI (docs/channel-managers.md "The mirror"). Channex's availability and
// restrictions are read into channex_availability / channex_restrictions, and from them the product's own
// inventory tables are written (inventory_nights, rate_nights), so searches (4.2, 4.3) and holds treat a Channex
// hotel exactly as a built-in one and never call Channex per search; the search-version triggers fire as for any
// other write.
//
// No double counting: a hold of ours adds to inventory_nights.sold at once, and Channex's availability drops by
// the same rooms only once it has processed our pushed booking. So a night's `rooms` is Channex's availability
// PLUS the rooms of our bookings Channex had processed before that availability was read (state confirmed,
// processed_at <= read_at): `rooms - sold` is then Channex's availability minus our holds it does not reflect
// yet. A booking whose cancellation we send stops counting at once (we may undersell until the next pull, never
// oversell).
//
// The budget (docs.channex.io "API Rate Limits"): at most ARI_PER_MINUTE availability reads and as many
// restriction reads per property in any 60 s, counted in channex_calls by every instance; after a 429 or any
// error the property is paused a minute. Pulls of one property are coalesced: one at a time (a lease), at least
// MIN_PULL_GAP_MS apart, so a storm of webhooks costs a few pulls.
import type { Database } from "@/lib/db/open";
import type { SqlRunner } from "@/lib/db/migrate";
import { errorLine, log } from "@/lib/http/log";
import { addDays, bogotaDate } from "@/lib/time";
import { ChannexError, type AvailabilityMap, type RestrictionMap } from "./client";
import type { ChannexDeps } from "./deps";

export const ARI_PER_MINUTE = 10;
/** Reads kept free for pulls: a booking's re-check only runs when more than this many are left. */
export const RECHECK_RESERVE = 2;
export const PAUSE_MS = 60_000;
export const MIN_PULL_GAP_MS = 6_000;
/** A pull that has not finished after this is taken over (its instance died). */
const PULL_LEASE_MS = 2 * 60_000;

export type AriKind = "availability" | "restrictions";

/** The linked hotels among `hotelIds`, with their property ids. */
export async function linkedHotels(database: Database, hotelIds: number[]): Promise<Map<number, string>> {
  if (hotelIds.length === 0) return new Map();
  const rows = await database.sql.query<{ hotel_id: number; property_id: string }>(
    `SELECT hotel_id, property_id FROM channex_properties WHERE hotel_id = ANY($1::int[])`,
    [hotelIds],
    { prepared: true },
  );
  return new Map(rows.map((r) => [r.hotel_id, r.property_id]));
}

/**
 * Takes one read of each kind from the property's budget, all or none; refused while the property is paused or
 * when fewer than `reserve` + 1 reads of a kind are left in the last minute. Serialised per property by a row lock.
 */
export async function takeBudget(database: Database, hotelId: number, kinds: AriKind[], now: Date, reserve = 0): Promise<{ ok: true } | { ok: false; retryAt: Date }> {
  return database.transaction(async (tx) => {
    const [p] = await tx.query<{ property_id: string; paused_until: Date | null }>(
      `SELECT property_id, paused_until FROM channex_properties WHERE hotel_id = $1 FOR UPDATE`,
      [hotelId],
    );
    if (!p) return { ok: false as const, retryAt: new Date(now.getTime() + PAUSE_MS) };
    if (p.paused_until && new Date(p.paused_until) > now) return { ok: false as const, retryAt: new Date(p.paused_until) };
    const used = await tx.query<{ kind: string; n: number; oldest: Date }>(
      `SELECT kind, count(*)::int AS n, min(at) AS oldest FROM channex_calls
       WHERE property_id = $1 AND kind = ANY($2::text[]) AND at > $3::timestamptz - interval '60 seconds' GROUP BY kind`,
      [p.property_id, kinds, now],
    );
    for (const u of used) {
      if (u.n >= ARI_PER_MINUTE - reserve) return { ok: false as const, retryAt: new Date(new Date(u.oldest).getTime() + 60_000 + 10) };
    }
    await tx.query(`INSERT INTO channex_calls (property_id, kind, at) SELECT $1, k, $3 FROM unnest($2::text[]) AS k`, [p.property_id, kinds, now]);
    return { ok: true as const };
  });
}

/** Channex asks for a minute's pause after a 429 or any error; the error is kept for the operator's view. */
export async function pauseProperty(database: Database, hotelId: number, now: Date, e: unknown) {
  const error = errorLine(e);
  await database.sql.query(
    `UPDATE channex_properties SET paused_until = $2, last_error = $3, last_error_at = $4 WHERE hotel_id = $1`,
    [hotelId, new Date(now.getTime() + PAUSE_MS), error, now],
  );
  log.warn("channex_paused", { hotel: hotelId, error });
}

interface Ids {
  roomTypes: Map<string, number>;
  plans: Map<string, { id: number; roomTypeId: number; sellMode: string; options: Array<{ occupancy: number; isPrimary: boolean; rate: string }>; maxAdults: number }>;
}

async function idsOf(tx: SqlRunner, hotelId: number): Promise<Ids> {
  const rts = await tx.query<{ id: number; room_id: string }>(`SELECT id, room_id FROM room_types WHERE hotel_id = $1`, [hotelId]);
  const plans = await tx.query<{ id: number; rate_id: string; room_type_id: number; sell_mode: string; options: unknown; max_adults: number }>(
    `SELECT rp.id, rp.rate_id, c.room_type_id, c.sell_mode, c.options, rt.max_adults
     FROM rate_plans rp JOIN channex_rate_plans c ON c.rate_plan_id = rp.id JOIN room_types rt ON rt.id = c.room_type_id
     WHERE rp.hotel_id = $1`,
    [hotelId],
  );
  return {
    roomTypes: new Map(rts.map((r) => [r.room_id, r.id])),
    plans: new Map(
      plans.map((p) => [
        p.rate_id,
        {
          id: p.id,
          roomTypeId: p.room_type_id,
          sellMode: p.sell_mode,
          options: (typeof p.options === "string" ? JSON.parse(p.options) : p.options) as Array<{ occupancy: number; isPrimary: boolean; rate: string }>,
          maxAdults: p.max_adults,
        },
      ]),
    ),
  };
}

const dates = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

/** Stores what Channex reported (only over older reads); true when it named a room type we have not imported. */
async function storeAvailability(tx: SqlRunner, ids: Ids, map: AvailabilityMap, readAt: Date, from: string, to: string): Promise<boolean> {
  let unknown = false;
  const rt: number[] = [];
  const ds: string[] = [];
  const av: number[] = [];
  const days = dates(from, to);
  for (const [channexId, ourId] of ids.roomTypes) {
    const nights = map[channexId];
    if (!nights) continue;
    // A night Channex left out is not sellable.
    for (const d of days) {
      rt.push(ourId);
      ds.push(d);
      av.push(nights[d] ?? 0);
    }
  }
  for (const channexId of Object.keys(map)) if (!ids.roomTypes.has(channexId)) unknown = true;
  if (rt.length > 0) {
    await tx.query(
      `INSERT INTO channex_availability (room_type_id, date, availability, read_at)
       SELECT x.rt, x.d, x.a, $4 FROM unnest($1::int[], $2::date[], $3::int[]) AS x(rt, d, a) ORDER BY 1, 2
       ON CONFLICT (room_type_id, date) DO UPDATE SET availability = EXCLUDED.availability, read_at = EXCLUDED.read_at
       WHERE channex_availability.read_at <= EXCLUDED.read_at`,
      [rt, ds, av, readAt],
    );
  }
  return unknown;
}

/** Cents of a decimal text ("200.00"), and back: per-occupancy prices are derived on integers. */
const cents = (s: string) => {
  const neg = s.startsWith("-");
  const [i, f = ""] = (neg ? s.slice(1) : s).split(".");
  const v = BigInt(i) * 100n + BigInt((f + "00").slice(0, 2));
  return neg ? -v : v;
};
const text = (c: bigint) => `${c < 0n ? "-" : ""}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, "0")}`;

/**
 * A per-person plan's price for `adults`: the per-occupancy rate Channex sent when it sent them; otherwise the
 * night's rate (Channex's primary occupancy) moved by the difference between that occupancy's option and the
 * primary one (docs/channel-managers.md "Per-person plans": how Channex reports other occupancies is not documented).
 * Null when the plan has no option for that occupancy.
 */
export function perPersonRate(rate: string, rates: Array<{ occupancy: number; rate: string }> | null, options: Array<{ occupancy: number; isPrimary: boolean; rate: string }>, adults: number): string | null {
  const sent = rates?.find((r) => r.occupancy === adults);
  if (sent) return sent.rate;
  const option = options.find((o) => o.occupancy === adults);
  if (!option) return null;
  const primary = options.find((o) => o.isPrimary) ?? options.reduce((a, b) => (b.occupancy > a.occupancy ? b : a));
  const amount = cents(rate) + cents(option.rate) - cents(primary.rate);
  return amount > 0n ? text(amount) : null;
}

/** Stores the plans' restrictions and writes their nightly prices into rate_nights (only what changed). */
async function storeRestrictions(tx: SqlRunner, ids: Ids, map: RestrictionMap, readAt: Date, from: string, to: string): Promise<boolean> {
  let unknown = false;
  const r = { plan: [] as number[], date: [] as string[], rate: [] as Array<string | null>, msa: [] as number[], mst: [] as number[], max: [] as number[], cta: [] as boolean[], ctd: [] as boolean[], stop: [] as boolean[] };
  const n = { plan: [] as number[], rt: [] as number[], date: [] as string[], adults: [] as number[], amount: [] as string[] };
  const days = dates(from, to);
  const touched: number[] = [];
  for (const [channexId, plan] of ids.plans) {
    const nights = map[channexId];
    if (!nights) continue;
    touched.push(plan.id);
    for (const d of days) {
      // A night Channex left out is stopped.
      const x = nights[d] ?? { rate: null, rates: null, minStayArrival: 1, minStayThrough: 1, maxStay: 0, closedToArrival: false, closedToDeparture: false, stopSell: true };
      r.plan.push(plan.id);
      r.date.push(d);
      r.rate.push(x.rate);
      r.msa.push(x.minStayArrival);
      r.mst.push(x.minStayThrough);
      r.max.push(x.maxStay);
      r.cta.push(x.closedToArrival);
      r.ctd.push(x.closedToDeparture);
      r.stop.push(x.stopSell);
      // A stopped night, or one without a positive rate, has no price: the plan is not sold over it.
      if (x.stopSell || x.rate === null || cents(x.rate) <= 0n) continue;
      if (plan.sellMode === "per_person" && plan.options.length > 0) {
        for (let adults = 1; adults <= plan.maxAdults; adults++) {
          const amount = perPersonRate(x.rate, x.rates, plan.options, adults);
          if (amount === null) continue;
          n.plan.push(plan.id);
          n.rt.push(plan.roomTypeId);
          n.date.push(d);
          n.adults.push(adults);
          n.amount.push(amount);
        }
      } else {
        n.plan.push(plan.id);
        n.rt.push(plan.roomTypeId);
        n.date.push(d);
        n.adults.push(0);
        n.amount.push(x.rate);
      }
    }
  }
  for (const channexId of Object.keys(map)) if (!ids.plans.has(channexId)) unknown = true;
  if (touched.length === 0) return unknown;
  await tx.query(
    `INSERT INTO channex_restrictions (rate_plan_id, date, rate, min_stay_arrival, min_stay_through, max_stay, closed_to_arrival, closed_to_departure, stop_sell, read_at)
     SELECT x.p, x.d, x.r, x.msa, x.mst, x.mx, x.cta, x.ctd, x.st, $10
     FROM unnest($1::int[], $2::date[], $3::numeric[], $4::int[], $5::int[], $6::int[], $7::bool[], $8::bool[], $9::bool[]) AS x(p, d, r, msa, mst, mx, cta, ctd, st)
     ON CONFLICT (rate_plan_id, date) DO UPDATE SET rate = EXCLUDED.rate, min_stay_arrival = EXCLUDED.min_stay_arrival, min_stay_through = EXCLUDED.min_stay_through,
       max_stay = EXCLUDED.max_stay, closed_to_arrival = EXCLUDED.closed_to_arrival, closed_to_departure = EXCLUDED.closed_to_departure, stop_sell = EXCLUDED.stop_sell, read_at = EXCLUDED.read_at
     WHERE channex_restrictions.read_at <= EXCLUDED.read_at
       AND (channex_restrictions.rate, channex_restrictions.min_stay_arrival, channex_restrictions.min_stay_through, channex_restrictions.max_stay,
            channex_restrictions.closed_to_arrival, channex_restrictions.closed_to_departure, channex_restrictions.stop_sell)
         IS DISTINCT FROM (EXCLUDED.rate, EXCLUDED.min_stay_arrival, EXCLUDED.min_stay_through, EXCLUDED.max_stay,
            EXCLUDED.closed_to_arrival, EXCLUDED.closed_to_departure, EXCLUDED.stop_sell)`,
    [r.plan, r.date, r.rate, r.msa, r.mst, r.max, r.cta, r.ctd, r.stop, readAt],
  );
  // Prices: insert or change only what differs (an unchanged night leaves the search version alone), then drop
  // the nights that lost their price.
  await tx.query(
    `INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax)
     SELECT x.p, x.rt, x.d, x.a, x.m FROM unnest($1::int[], $2::int[], $3::date[], $4::int[], $5::numeric[]) AS x(p, rt, d, a, m) ORDER BY 2, 1, 3, 4
     ON CONFLICT (room_type_id, rate_plan_id, date, adults) DO UPDATE SET amount_before_tax = EXCLUDED.amount_before_tax
     WHERE rate_nights.amount_before_tax IS DISTINCT FROM EXCLUDED.amount_before_tax`,
    [n.plan, n.rt, n.date, n.adults, n.amount],
  );
  await tx.query(
    `WITH w AS (SELECT * FROM unnest($1::int[], $2::int[], $3::date[], $4::int[]) AS x(p, rt, d, a))
     DELETE FROM rate_nights r WHERE r.rate_plan_id = ANY($5::int[]) AND r.date BETWEEN $6::date AND $7::date
       AND NOT EXISTS (SELECT 1 FROM w WHERE w.p = r.rate_plan_id AND w.rt = r.room_type_id AND w.d = r.date AND w.a = r.adults)`,
    [n.plan, n.rt, n.date, n.adults, touched, from, to],
  );
  return unknown;
}

// A night's sellable rooms and room-type restrictions, from what Channex reported and our confirmed bookings.
// Rate-plan restrictions map onto the room type on the permissive side (a stay any open plan allows is offered);
// each plan's own limits are checked again when a stay is priced (adapter.ts `allowedByPlans`).
const REFRESH_SQL = `
WITH want AS (
  SELECT a.room_type_id, a.date,
    GREATEST(a.availability + CASE WHEN p.counts_bookings THEN coalesce(r.q, 0) ELSE 0 END, 0) AS rooms,
    (p.stale_stopped OR coalesce(x.open_plans, 0) = 0) AS stop_sell,
    GREATEST(coalesce(x.min_stay, 1), 1) AS min_stay,
    coalesce(x.cta, false) AS cta,
    coalesce(x.ctd, false) AS ctd
  FROM channex_availability a
  JOIN room_types rt ON rt.id = a.room_type_id AND rt.hotel_id = $1
  JOIN channex_properties p ON p.hotel_id = rt.hotel_id
  LEFT JOIN LATERAL (
    SELECT sum(rr.quantity)::int AS q
    FROM channex_bookings b JOIN reservation_rooms rr ON rr.reservation_id = b.key
    WHERE b.hotel_id = $1 AND b.state = 'confirmed' AND b.processed_at <= a.read_at
      AND rr.room_type_id = a.room_type_id AND rr.checkin <= a.date AND rr.checkout > a.date
  ) r ON true
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE c.open) AS open_plans,
      min(c.min_stay_arrival) FILTER (WHERE c.open) AS min_stay,
      bool_and(c.closed_to_arrival) FILTER (WHERE c.open) AS cta,
      bool_and(c.closed_to_departure) AS ctd
    FROM (SELECT cr.*, (NOT cr.stop_sell AND coalesce(cr.rate, 0) > 0) AS open
          FROM channex_rate_plans crp
          JOIN rate_plans rp ON rp.id = crp.rate_plan_id AND rp.is_active
          JOIN channex_restrictions cr ON cr.rate_plan_id = crp.rate_plan_id AND cr.date = a.date
          WHERE crp.room_type_id = a.room_type_id) c
  ) x ON true
  WHERE a.date BETWEEN $2::date AND $3::date
)
UPDATE inventory_nights i SET rooms = w.rooms, stop_sell = w.stop_sell, min_stay = w.min_stay, closed_to_arrival = w.cta, closed_to_departure = w.ctd
FROM want w
WHERE i.room_type_id = w.room_type_id AND i.date = w.date
  AND (i.rooms, i.stop_sell, i.min_stay, i.closed_to_arrival, i.closed_to_departure) IS DISTINCT FROM (w.rooms, w.stop_sell, w.min_stay, w.cta, w.ctd)`;

/**
 * Rewrites the hotel's inventory_nights from the mirror over [from, to], rows locked first in the global order
 * (room type, date) that holds and releases use (docs/reservations.md "All-or-nothing holds"), so a refresh and
 * a booking queue on a shared night instead of deadlocking.
 */
export async function refreshNights(tx: SqlRunner, hotelId: number, from: string, to: string) {
  await tx.query(
    `INSERT INTO inventory_nights (room_type_id, date, rooms, sold)
     SELECT a.room_type_id, a.date, 0, 0 FROM channex_availability a JOIN room_types rt ON rt.id = a.room_type_id
     WHERE rt.hotel_id = $1 AND a.date BETWEEN $2::date AND $3::date ORDER BY 1, 2
     ON CONFLICT (room_type_id, date) DO NOTHING`,
    [hotelId, from, to],
  );
  await tx.query(
    `SELECT 1 FROM inventory_nights i JOIN room_types rt ON rt.id = i.room_type_id
     WHERE rt.hotel_id = $1 AND i.date BETWEEN $2::date AND $3::date ORDER BY i.room_type_id, i.date FOR UPDATE OF i`,
    [hotelId, from, to],
  );
  await tx.query(REFRESH_SQL, [hotelId, from, to]);
}

/** Open (or refresh) an overbooking alert per night Channex reports below zero; resolve the ones that recovered. */
async function overbookingAlerts(tx: SqlRunner, hotelId: number, from: string, to: string, now: Date) {
  const today = bogotaDate(now);
  const start = from < today ? today : from;
  await tx.query(
    `INSERT INTO channex_alerts (hotel_id, kind, subject, detail, created_at, updated_at)
     SELECT $1, 'overbooking', 'night:' || a.room_type_id || ':' || a.date::text,
       'Channex reporta ' || a.availability || ' en «' || rt.room_name || '» la noche del ' || to_char(a.date, 'DD/MM/YYYY')
         || ': hay más reservas que habitaciones. Reubique o cancele una reserva con el hotel.', $4, $4
     FROM channex_availability a JOIN room_types rt ON rt.id = a.room_type_id
     WHERE rt.hotel_id = $1 AND a.date BETWEEN $2::date AND $3::date AND a.availability < 0
     ON CONFLICT (hotel_id, kind, subject) WHERE resolved_at IS NULL DO UPDATE SET detail = EXCLUDED.detail, updated_at = EXCLUDED.updated_at`,
    [hotelId, start, to, now],
  );
  await tx.query(
    `UPDATE channex_alerts al SET resolved_at = $4, updated_at = $4
     FROM channex_availability a
     WHERE al.hotel_id = $1 AND al.kind = 'overbooking' AND al.resolved_at IS NULL
       AND al.subject = 'night:' || a.room_type_id || ':' || a.date::text AND a.date BETWEEN $2::date AND $3::date AND a.availability >= 0`,
    [hotelId, from, to, now],
  );
}

/** Opens (or refreshes) one alert; `subject` names what it is about. */
export async function raiseAlert(run: SqlRunner, a: { hotelId: number; kind: "overbooking" | "refused" | "sync_failing" | "duplicate"; subject: string; detail: string; now: Date }) {
  await run.query(
    `INSERT INTO channex_alerts (hotel_id, kind, subject, detail, created_at, updated_at) VALUES ($1, $2::"ChannexAlertKind", $3, $4, $5, $5)
     ON CONFLICT (hotel_id, kind, subject) WHERE resolved_at IS NULL DO UPDATE SET detail = EXCLUDED.detail, updated_at = EXCLUDED.updated_at`,
    [a.hotelId, a.kind, a.subject, a.detail.slice(0, 500), a.now],
  );
}

export async function resolveAlert(run: SqlRunner, a: { hotelId: number; kind: "refused" | "sync_failing" | "duplicate"; subject: string; now: Date }) {
  await run.query(`UPDATE channex_alerts SET resolved_at = $4, updated_at = $4 WHERE hotel_id = $1 AND kind = $2::"ChannexAlertKind" AND subject = $3 AND resolved_at IS NULL`, [
    a.hotelId,
    a.kind,
    a.subject,
    a.now,
  ]);
}

/** A night range of the window that starts today (Bogotá). */
export function mirrorWindow(now: Date, days: number): { from: string; to: string } {
  const from = bogotaDate(now);
  return { from, to: addDays(from, days - 1) };
}

/**
 * A booking's re-check (docs/channel-managers.md "The race with other channels"): Channex's availability for
 * [from, to] read right before our hold, when the budget leaves RECHECK_RESERVE reads for pulls; the mirror
 * is updated from it. Never throws: without a re-check the hold goes by the mirror.
 */
export async function recheckAvailability(database: Database, deps: ChannexDeps, hotelId: number, propertyId: string, from: string, to: string): Promise<boolean> {
  const now = deps.clock.now();
  try {
    const budget = await takeBudget(database, hotelId, ["availability"], now, RECHECK_RESERVE);
    if (!budget.ok) return false;
    let map: AvailabilityMap;
    try {
      map = await deps.client.availability(propertyId, from, to);
    } catch (e) {
      await pauseProperty(database, hotelId, deps.clock.now(), e);
      return false;
    }
    await database.transaction(async (tx) => {
      const ids = await idsOf(tx, hotelId);
      if (await storeAvailability(tx, ids, map, now, from, to)) await tx.query(`UPDATE channex_properties SET sync_wanted = true WHERE hotel_id = $1`, [hotelId]);
      await refreshNights(tx, hotelId, from, to);
      await overbookingAlerts(tx, hotelId, from, to, deps.clock.now());
    });
    return true;
  } catch (e) {
    log.warn("channex_recheck_failed", { hotel: hotelId, error: errorLine(e) });
    return false;
  }
}

/** After a booking's state changed what counts as reflected: rewrite the nights of its stays. */
export async function refreshBookingNights(tx: SqlRunner, key: string) {
  const [r] = await tx.query<{ hotel_id: number; from: string | null; to: string | null }>(
    `SELECT r.hotel_id, min(rr.checkin)::text AS from, (max(rr.checkout) - 1)::text AS to
     FROM reservations r JOIN reservation_rooms rr ON rr.reservation_id = r.id WHERE r.id = $1 GROUP BY r.hotel_id`,
    [key],
  );
  if (r?.from && r.to) await refreshNights(tx, r.hotel_id, r.from, r.to);
}

export type PullOutcome = { pulled: boolean; next: Date | null };

/**
 * Pulls the whole window of one property when a pull is owed (or `force`), within its budget: one availability
 * and one restrictions read, then one transaction writes the mirror. Returns when to try again, if anything is
 * still owed (a webhook arrived meanwhile, the budget or a pause deferred it, an error).
 */
export async function pullProperty(database: Database, deps: ChannexDeps, hotelId: number, opts: { force?: boolean; now?: Date } = {}): Promise<PullOutcome> {
  const now = opts.now ?? deps.clock.now();
  const force = opts.force === true;
  const [claim] = await database.sql.query<{ property_id: string; paused_until: Date | null; last_pull_started_at: Date | null; pull_wanted_at: Date | null; claimed: boolean }>(
    `WITH p AS (SELECT hotel_id, property_id, paused_until, last_pull_started_at, pull_wanted_at, pulling_since FROM channex_properties WHERE hotel_id = $1 FOR UPDATE),
     c AS (
       UPDATE channex_properties cp SET pulling_since = $2::timestamptz, last_pull_started_at = $2::timestamptz, pull_wanted_at = NULL
       FROM p WHERE cp.hotel_id = p.hotel_id
         AND ($3::boolean OR p.pull_wanted_at IS NOT NULL)
         AND (p.paused_until IS NULL OR p.paused_until <= $2::timestamptz)
         AND (p.pulling_since IS NULL OR p.pulling_since < $2::timestamptz - ($4::text || ' milliseconds')::interval)
         AND ($3::boolean OR p.last_pull_started_at IS NULL OR p.last_pull_started_at <= $2::timestamptz - ($5::text || ' milliseconds')::interval)
       RETURNING cp.hotel_id)
     SELECT p.property_id, p.paused_until, p.last_pull_started_at, p.pull_wanted_at, EXISTS (SELECT 1 FROM c) AS claimed FROM p`,
    [hotelId, now, force, String(PULL_LEASE_MS), String(MIN_PULL_GAP_MS)],
  );
  if (!claim) return { pulled: false, next: null };
  if (!claim.claimed) {
    if (!force && claim.pull_wanted_at === null) return { pulled: false, next: null };
    // Owed but not yet allowed: after the pause, or the gap since the last pull (or another instance's pull ends).
    const gapEnd = claim.last_pull_started_at ? new Date(new Date(claim.last_pull_started_at).getTime() + MIN_PULL_GAP_MS) : now;
    const paused = claim.paused_until ? new Date(claim.paused_until) : now;
    const at = new Date(Math.max(gapEnd.getTime(), paused.getTime(), now.getTime() + 50));
    if (force) await owe(database, hotelId, now);
    return { pulled: false, next: at };
  }
  const propertyId = claim.property_id;
  const { from, to } = mirrorWindow(now, deps.mirrorDays);
  const budget = await takeBudget(database, hotelId, ["availability", "restrictions"], now);
  if (!budget.ok) {
    await giveUpClaim(database, hotelId, now, null);
    return { pulled: false, next: budget.retryAt };
  }
  let availability: AvailabilityMap;
  let restrictions: RestrictionMap;
  const readAt = deps.clock.now();
  try {
    availability = await deps.client.availability(propertyId, from, to);
    restrictions = await deps.client.restrictions(propertyId, from, to);
  } catch (e) {
    const at = deps.clock.now();
    await pauseProperty(database, hotelId, at, e);
    await giveUpClaim(database, hotelId, at, e);
    return { pulled: false, next: new Date(at.getTime() + PAUSE_MS) };
  }
  const done = deps.clock.now();
  await database.transaction(async (tx) => {
    const ids = await idsOf(tx, hotelId);
    const unknownRooms = await storeAvailability(tx, ids, availability, readAt, from, to);
    const unknownPlans = await storeRestrictions(tx, ids, restrictions, readAt, from, to);
    await tx.query(
      `UPDATE channex_properties SET pulling_since = NULL, pulled_at = $2, mirror_to = $3::date, stale_stopped = false, pulls = pulls + 1,
         last_error = NULL, sync_wanted = sync_wanted OR $4 WHERE hotel_id = $1`,
      [hotelId, readAt, to, unknownRooms || unknownPlans],
    );
    await refreshNights(tx, hotelId, from, to);
    await overbookingAlerts(tx, hotelId, from, to, done);
    await resolveAlert(tx, { hotelId, kind: "sync_failing", subject: "sync", now: done });
  });
  const [after] = await database.sql.query<{ pull_wanted_at: Date | null }>(`SELECT pull_wanted_at FROM channex_properties WHERE hotel_id = $1`, [hotelId]);
  return { pulled: true, next: after?.pull_wanted_at ? new Date(now.getTime() + MIN_PULL_GAP_MS) : null };
}

/** A pull is owed (a webhook, a re-check that found a change): kept until one completes. */
export async function owe(database: Database, hotelId: number, now: Date) {
  await database.sql.query(`UPDATE channex_properties SET pull_wanted_at = coalesce(pull_wanted_at, $2) WHERE hotel_id = $1`, [hotelId, now], { prepared: true });
}

async function giveUpClaim(database: Database, hotelId: number, now: Date, e: unknown) {
  await database.sql.query(`UPDATE channex_properties SET pulling_since = NULL, pull_wanted_at = coalesce(pull_wanted_at, $2) WHERE hotel_id = $1`, [hotelId, now]);
  if (e) {
    const [p] = await database.sql.query<{ pulled_at: Date | null }>(`SELECT pulled_at FROM channex_properties WHERE hotel_id = $1`, [hotelId]);
    // One failure is a pause; a mirror ten minutes behind is the operator's business.
    if (!p?.pulled_at || now.getTime() - new Date(p.pulled_at).getTime() > 10 * 60_000) {
      await raiseAlert(database.sql, {
        hotelId,
        kind: "sync_failing",
        subject: "sync",
        detail: `No se pudo leer la disponibilidad en Channex (${e instanceof ChannexError ? e.detail : "error"}); se reintenta cada minuto.`,
        now,
      });
    }
  }
}

// In-process pulls (after a webhook): one timer per property per open database, so a storm of webhooks becomes
// one pull now and at most one more after the gap. The channex-sync job covers whatever an instance left owed.
interface PullState {
  timers: Map<number, NodeJS.Timeout>;
  running: Map<number, Promise<void>>;
}
const g = globalThis as unknown as { __hbChannexPulls?: WeakMap<Database, PullState> };
function pullState(database: Database): PullState {
  g.__hbChannexPulls ??= new WeakMap();
  let s = g.__hbChannexPulls.get(database);
  if (!s) g.__hbChannexPulls.set(database, (s = { timers: new Map(), running: new Map() }));
  return s;
}

/** Schedules a pull of `hotelId` in this process in `delayMs` (unless one is already due or running). */
export function kickPull(database: Database, deps: ChannexDeps, hotelId: number, delayMs = 0) {
  const s = pullState(database);
  if (s.timers.has(hotelId) || s.running.has(hotelId)) return;
  const timer = setTimeout(() => {
    s.timers.delete(hotelId);
    const run = (async () => {
      try {
        const out = await pullProperty(database, deps, hotelId);
        return out.next;
      } catch (e) {
        log.warn("channex_pull_failed", { hotel: hotelId, error: errorLine(e) });
        return null;
      }
    })();
    const p = run.then(
      (next) => {
        s.running.delete(hotelId);
        if (next) kickPull(database, deps, hotelId, Math.max(0, next.getTime() - deps.clock.now().getTime()));
      },
      () => {
        s.running.delete(hotelId);
      },
    );
    s.running.set(hotelId, p);
  }, delayMs);
  timer.unref?.();
  s.timers.set(hotelId, timer);
}

/** Pulls in flight or scheduled in this process (tests wait on conditions, not on this; shutdown may). */
export function pullsPending(database: Database): number {
  const s = pullState(database);
  return s.timers.size + s.running.size;
}

/** Cancels this process's scheduled pulls (a closing database). */
export function stopPulls(database: Database) {
  const s = pullState(database);
  for (const t of s.timers.values()) clearTimeout(t);
  s.timers.clear();
}
