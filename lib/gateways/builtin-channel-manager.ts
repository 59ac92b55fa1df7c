// The built-in channel manager: inventory_nights / rate_nights in our own database.
// Search is two SQL statements for a whole city (hot path). A hold or a release is its own transaction (no
// caller's transaction crosses the interface), recorded by key in cm_holds: the database still enforces that
// a room is never sold twice (row locks in one global order, a conditional UPDATE, the CHECK on the counts).
import { jsonColumn, type Database } from "@/lib/db/open";
import type { SqlRunner } from "@/lib/db/migrate";
import { withTxRetry } from "@/lib/db/retry";
import { addDays } from "@/lib/time";
import {
  HoldKeyConflictError,
  RoomsUnavailableError,
  type ChannelManager,
  type HoldCall,
  type HoldRequest,
  type HotelOffer,
  type ProductOffer,
  type RoomOffer,
  type SearchQuery,
} from "./channel-manager";

// Holds and releases run in plain-SQL transactions (Database.transaction): a booking's hold is on the hot path of
// 4.1, where Prisma's per-query cost was most of the work (bench/RESULTS.md, issue 17). Each statement is fixed
// text, prepared once per connection on PostgreSQL.

/** One form per request, so a retried hold compares equal whatever order it lists stays and rooms in. */
function canonical(holds: HoldRequest[]): HoldRequest[] {
  const rooms = (h: HoldRequest) => [...h.rooms].sort((a, b) => (a.roomId < b.roomId ? -1 : a.roomId > b.roomId ? 1 : a.quantity - b.quantity));
  return holds
    .map((h) => ({ hotelId: h.hotelId, checkin: h.checkin, nights: h.nights, rooms: rooms(h).map((r) => ({ roomId: r.roomId, quantity: r.quantity })) }))
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

interface HotelRow {
  hotel_id: number;
  hotel_name: string;
  city: string;
  channel_manager_id: string;
  rooms: Array<{ id: number; room_id: string; room_name: string; room_type: string; beds: number; max_adults: number; max_children: number; cnt: number | null }> | null;
  plans: Array<{
    id: number;
    rate_id: string;
    rate_description: string;
    board_type: string | null;
    board_type_description: string;
    refundable: "full" | "partial" | "none";
    cancellation_policy: string;
    currency: string;
  }> | null;
}

interface PriceRow {
  room_type_id: number;
  rate_plan_id: number;
  adults: number;
  amounts: string[];
  total: string;
}

// One row per hotel searched, with its room types (and the rooms sellable over the whole stay: null when some
// night is missing, stopped, the arrival night's minimum stay is longer than the stay, the arrival night is
// closed to arrival or the checkout date closed to departure) and its rate plans.
const HOTELS_SQL = (where: string) => `
SELECT h.id AS hotel_id, h.name AS hotel_name, h.city, h.channel_manager_id,
  (SELECT json_agg(json_build_object('id', rt.id, 'room_id', rt.room_id, 'room_name', rt.room_name, 'room_type', rt.room_type,
            'beds', rt.beds, 'max_adults', rt.max_adults, 'max_children', rt.max_children, 'cnt', inv.cnt) ORDER BY rt.id)
   FROM room_types rt
   LEFT JOIN LATERAL (
     SELECT min(i.rooms - i.sold)::int AS cnt
     FROM inventory_nights i
     WHERE i.room_type_id = rt.id AND i.date >= $2::date AND i.date < $2::date + $3::int
     HAVING count(*) = $3::int AND bool_and(NOT i.stop_sell)
        AND coalesce(max(i.min_stay) FILTER (WHERE i.date = $2::date), 1) <= $3::int
        AND NOT coalesce(bool_or(i.closed_to_arrival) FILTER (WHERE i.date = $2::date), false)
        AND NOT EXISTS (SELECT 1 FROM inventory_nights o WHERE o.room_type_id = rt.id AND o.date = $2::date + $3::int AND o.closed_to_departure)
   ) inv ON true
   WHERE rt.hotel_id = h.id AND rt.is_active) AS rooms,
  (SELECT json_agg(json_build_object('id', rp.id, 'rate_id', rp.rate_id, 'rate_description', rp.rate_description,
            'board_type', rp.board_type, 'board_type_description', rp.board_type_description, 'refundable', rp.refundable,
            'cancellation_policy', rp.cancellation_policy, 'currency', rp.currency) ORDER BY rp.id)
   FROM rate_plans rp WHERE rp.hotel_id = h.id AND rp.is_active) AS plans
FROM hotels h
WHERE ${where} AND h.is_active
ORDER BY h.name, h.id`;

// Price per night for each occupancy asked for: the per-adult price wins over the general one (adults = 0);
// a (room type, rate plan, occupancy) is kept only when every night has a price. Plain aggregates, no
// per-night sort: the nightly pick is a FILTERed max.
const PRICES_SQL = (where: string) => `
WITH occ AS (SELECT DISTINCT unnest($4::int[]) AS adults),
night AS (
  SELECT r.room_type_id, r.rate_plan_id, o.adults, r.date,
         coalesce(max(r.amount_before_tax) FILTER (WHERE r.adults = o.adults), max(r.amount_before_tax) FILTER (WHERE r.adults = 0)) AS amount
  FROM hotels h
  JOIN room_types rt ON rt.hotel_id = h.id AND rt.is_active
  JOIN rate_nights r ON r.room_type_id = rt.id AND r.date >= $2::date AND r.date < $2::date + $3::int
  JOIN occ o ON r.adults = 0 OR r.adults = o.adults
  WHERE ${where} AND h.is_active
  GROUP BY r.room_type_id, r.rate_plan_id, o.adults, r.date
)
SELECT room_type_id, rate_plan_id, adults, array_agg(amount::text ORDER BY date) AS amounts, sum(amount)::text AS total
FROM night
GROUP BY room_type_id, rate_plan_id, adults
HAVING count(*) = $3::int`;

/** How long a released key is remembered (then housekeeping forgets it). */
export const KEEP_RELEASED_KEYS_MS = 30 * 24 * 3_600_000;

interface RoomTypeRow {
  id: number;
  room_id: string;
  hotel_id: number;
}

interface LockedNight {
  room_type_id: number;
  date: string;
  rooms: number;
  sold: number;
  stop_sell: boolean;
  min_stay: number;
  closed_to_arrival: boolean;
  /** A checkout date closed to departure (read, not locked), not a night of the stay. */
  departure: boolean;
}

// The hold's key (nothing inserted when the key exists: fresh = 0) and the active room types asked for.
const HOLD_KEY_SQL = `
WITH ins AS (INSERT INTO cm_holds (key, request, state) VALUES ($1, $2::jsonb, 'held') ON CONFLICT (key) DO NOTHING RETURNING key)
SELECT (SELECT count(*)::int FROM ins) AS fresh,
  coalesce((SELECT json_agg(json_build_object('id', rt.id, 'room_id', rt.room_id, 'hotel_id', rt.hotel_id))
            FROM room_types rt WHERE rt.hotel_id = ANY($3::int[]) AND rt.room_id = ANY($4::text[]) AND rt.is_active), '[]'::json) AS room_types`;

// The stay's nights locked FOR UPDATE in (room type, date) order, then the checkout dates closed to departure.
const LOCK_NIGHTS_SQL = `
WITH locked AS MATERIALIZED (
  SELECT room_type_id, date, rooms, sold, stop_sell, min_stay, closed_to_arrival
  FROM inventory_nights
  WHERE (room_type_id, date) IN (SELECT * FROM unnest($1::int[], $2::date[]))
  ORDER BY room_type_id, date
  FOR UPDATE
)
SELECT room_type_id, date::text AS date, rooms, sold, stop_sell, min_stay, closed_to_arrival, false AS departure FROM locked
UNION ALL
SELECT room_type_id, date::text, rooms, sold, stop_sell, min_stay, closed_to_arrival, true FROM inventory_nights
WHERE closed_to_departure AND (room_type_id, date) IN (SELECT * FROM unnest($3::int[], $4::date[]))`;

export class BuiltinChannelManager implements ChannelManager {
  readonly name = "builtin";

  constructor(private readonly database: Database) {}

  async search(q: SearchQuery, opts: { includeEmpty?: boolean } = {}): Promise<HotelOffer[]> {
    const where = "city" in q.where ? "h.city = $1" : "h.id = $1";
    const key = "city" in q.where ? q.where.city : q.where.hotelId;
    const adultsAsked = [...new Set(q.layout.map((l) => l.adults))];
    const [hotels, prices] = await Promise.all([
      // One hotel (4.1's pricing, 4.3): a fixed primary-key statement, prepared (planning cost more than running it).
      this.database.sql.query<HotelRow>(HOTELS_SQL(where), [key, q.checkin, q.nights], { prepared: !("city" in q.where) }),
      this.database.sql.query<PriceRow>(PRICES_SQL(where), [key, q.checkin, q.nights, adultsAsked]),
    ]);
    const days = Array.from({ length: q.nights }, (_, i) => addDays(q.checkin, i));

    // Prices by room type and adult count, then by rate plan.
    const priced = new Map<string, Map<number, PriceRow>>();
    for (const p of prices) {
      const k = `${p.room_type_id}:${p.adults}`;
      let m = priced.get(k);
      if (!m) priced.set(k, (m = new Map()));
      m.set(p.rate_plan_id, p);
    }

    const out: HotelOffer[] = [];
    for (const h of hotels) {
      const rooms = h.rooms ?? [];
      const plans = h.plans ?? [];
      // Products are shared by every layout item with the same adult count.
      const productCache = new Map<string, ProductOffer[]>();
      const productsFor = (rtId: number, adults: number) => {
        const k = `${rtId}:${adults}`;
        let list = productCache.get(k);
        if (list) return list;
        list = [];
        const byPlan = priced.get(k);
        if (byPlan) {
          for (const rp of plans) {
            const p = byPlan.get(rp.id);
            if (!p) continue;
            list.push({
              rateId: rp.rate_id,
              rateDescription: rp.rate_description,
              boardType: rp.board_type,
              boardTypeDescription: rp.board_type_description,
              refundable: rp.refundable,
              cancellationPolicy: rp.cancellation_policy,
              currency: rp.currency,
              nightly: p.amounts.map((a, i) => ({ day: days[i], amount: a })),
              total: p.total,
            });
          }
        }
        productCache.set(k, list);
        return list;
      };
      let any = false;
      const items = q.layout.map((layout) => {
        const offered: RoomOffer[] = [];
        for (const r of rooms) {
          if (!r.cnt || r.cnt <= 0) continue;
          if (layout.adults > r.max_adults || layout.childrenAges.length > r.max_children) continue;
          const ps = productsFor(r.id, layout.adults);
          if (ps.length === 0) continue;
          offered.push({ roomId: r.room_id, roomName: r.room_name, roomType: r.room_type, beds: r.beds, count: r.cnt, products: ps });
        }
        if (offered.length > 0) any = true;
        return { layout, rooms: offered };
      });
      if (!any && !opts.includeEmpty) continue;
      out.push({
        hotel: {
          id: h.hotel_id,
          name: h.hotel_name,
          city: h.city,
          channelManagerId: h.channel_manager_id,
          largestRoomBeds: rooms.length ? Math.max(...rooms.map((r) => r.beds)) : 0,
        },
        items,
      });
    }
    return out;
  }

  async hold(call: HoldCall): Promise<void> {
    const request = canonical(call.holds);
    const hotels = [...new Set(request.map((h) => h.hotelId))];
    const roomIds = [...new Set(request.flatMap((h) => h.rooms.map((r) => r.roomId)))];
    await withTxRetry(() =>
      this.database.transaction(async (tx) => {
        // The key first: a concurrent call with the same key waits here for this one's outcome, then finds it.
        // The same statement reads the room types asked for (active ones: a retired room type is not sold).
        const [first] = await tx.query<{ fresh: number; room_types: RoomTypeRow[] }>(HOLD_KEY_SQL, [call.key, JSON.stringify(request), hotels, roomIds], { prepared: true });
        if (first.fresh === 0) {
          // A separate statement: it sees the row the other call committed while this one waited.
          const [prior] = await tx.query<{ state: "held" | "released"; same: boolean }>(
            `SELECT state::text AS state, request = $2::jsonb AS same FROM cm_holds WHERE key = $1`,
            [call.key, JSON.stringify(request)],
            { prepared: true },
          );
          if (prior.state === "released") throw new HoldKeyConflictError(call.key, "released");
          if (!prior.same) throw new HoldKeyConflictError(call.key, "different_request");
          return; // already held under this key: a retry holds nothing more
        }
        // Throwing rolls back this transaction: the key and every night of this call, nothing stays taken.
        await this.take(tx, request, first.room_types);
      }),
    );
  }

  async release(key: string): Promise<void> {
    await withTxRetry(() =>
      this.database.transaction(async (tx) => {
        // A key never seen is remembered as released, so a hold arriving after its own compensation holds nothing.
        const tombstone = await tx.query(
          `INSERT INTO cm_holds (key, request, state, released_at) VALUES ($1, '[]'::jsonb, 'released', now()) ON CONFLICT (key) DO NOTHING RETURNING key`,
          [key],
          { prepared: true },
        );
        if (tombstone.length === 1) return;
        // The conditional update is the claim: two releases of one key give the rooms back once.
        const [claimed] = await tx.query<{ request: HoldRequest[] | string }>(
          `UPDATE cm_holds SET state = 'released', released_at = now() WHERE key = $1 AND state = 'held' RETURNING request`,
          [key],
          { prepared: true },
        );
        if (!claimed) return;
        const request = jsonColumn(claimed.request);
        const hotels = [...new Set(request.map((h) => h.hotelId))];
        const roomIds = [...new Set(request.flatMap((h) => h.rooms.map((r) => r.roomId)))];
        // Retired room types still give back what existing reservations hold.
        const roomTypes = await tx.query<RoomTypeRow>(`SELECT id, room_id, hotel_id FROM room_types WHERE hotel_id = ANY($1::int[]) AND room_id = ANY($2::text[])`, [hotels, roomIds], {
          prepared: true,
        });
        await this.giveBack(tx, request, roomTypes);
      }),
    );
  }

  /** Checks and takes every night of `holds` on rows locked in the global order; throws RoomsUnavailableError. */
  private async take(tx: SqlRunner, holds: HoldRequest[], roomTypes: RoomTypeRow[]): Promise<void> {
    const { nights, unknown } = nightsOf(holds, roomTypes);
    const failed = new Set(unknown);
    if (nights.length > 0) {
      // Lock every night the holds touch in one global order, (room type, date), before changing any: two
      // bookings that list room types (or stays) in opposite orders queue on the first shared row instead of
      // deadlocking. The same statement reads the departure restrictions on the checkout dates (not locked: the
      // stay does not occupy them). Then check and take them with one conditional UPDATE.
      const departures = [...new Set(nights.filter((n) => n.checkout !== null).map((n) => `${n.roomTypeId}|${n.checkout}`))];
      const rows = await tx.query<LockedNight>(
        LOCK_NIGHTS_SQL,
        [nights.map((n) => n.roomTypeId), nights.map((n) => n.date), departures.map((k) => Number(k.split("|")[0])), departures.map((k) => k.split("|")[1])],
        { prepared: true },
      );
      const byKey = new Map(rows.filter((l) => !l.departure).map((l) => [`${l.room_type_id}|${l.date}`, l]));
      const closedDeparture = new Set(rows.filter((l) => l.departure).map((l) => `${l.room_type_id}|${l.date}`));
      for (const n of nights) {
        const row = byKey.get(`${n.roomTypeId}|${n.date}`);
        const ok =
          row !== undefined &&
          !row.stop_sell &&
          row.rooms - row.sold >= n.quantity &&
          (n.arrivalNights === null || (row.min_stay <= n.arrivalNights && !row.closed_to_arrival)) &&
          (n.checkout === null || !closedDeparture.has(`${n.roomTypeId}|${n.checkout}`));
        if (!ok) for (const r of n.roomIds) failed.add(r);
      }
      if (failed.size === 0) {
        // Still conditional: the rows are ours until commit, so this cannot fail; if it ever did, nothing is taken.
        const touched = await tx.query(
          `UPDATE inventory_nights i SET sold = i.sold + u.q
           FROM unnest($1::int[], $2::date[], $3::int[]) AS u(rt, d, q)
           WHERE i.room_type_id = u.rt AND i.date = u.d AND NOT i.stop_sell AND i.rooms - i.sold >= u.q
           RETURNING 1`,
          [nights.map((n) => n.roomTypeId), nights.map((n) => n.date), nights.map((n) => n.quantity)],
          { prepared: true },
        );
        if (touched.length !== nights.length) for (const n of nights) for (const r of n.roomIds) failed.add(r);
      }
    }
    if (failed.size > 0) throw new RoomsUnavailableError([...failed]);
  }

  /** Gives back every night of `holds`, in the same lock order as holds. */
  private async giveBack(tx: SqlRunner, holds: HoldRequest[], roomTypes: RoomTypeRow[]): Promise<void> {
    const { nights } = nightsOf(holds, roomTypes);
    if (nights.length === 0) return;
    // Same global order as holds: lock first, sorted, then give back.
    await tx.query(
      `SELECT 1 FROM inventory_nights WHERE (room_type_id, date) IN (SELECT * FROM unnest($1::int[], $2::date[]))
       ORDER BY room_type_id, date FOR UPDATE`,
      [nights.map((n) => n.roomTypeId), nights.map((n) => n.date)],
      { prepared: true },
    );
    await tx.query(
      `UPDATE inventory_nights i SET sold = GREATEST(i.sold - u.q, 0)
       FROM unnest($1::int[], $2::date[], $3::int[]) AS u(rt, d, q)
       WHERE i.room_type_id = u.rt AND i.date = u.d`,
      [nights.map((n) => n.roomTypeId), nights.map((n) => n.date), nights.map((n) => n.quantity)],
      { prepared: true },
    );
  }

  /**
   * Forgets keys released more than KEEP_RELEASED_KEYS_MS ago. A released key is kept so that a hold arriving
   * after its own release is refused; that hold comes from the same request, seconds later, never a month later.
   * Held keys are never removed (they say what to give back).
   */
  async housekeeping(now: Date): Promise<number> {
    const gone = await this.database.sql.query(`DELETE FROM cm_holds WHERE state = 'released' AND released_at < $1 RETURNING key`, [
      new Date(now.getTime() - KEEP_RELEASED_KEYS_MS),
    ]);
    return gone.length;
  }

  async updateGuest(): Promise<void> {
    // The built-in channel manager reads guest data from our own reservations table: nothing to send.
  }
}

/**
 * The nights the holds touch, one per (room type, date) with the quantities summed, sorted by (room type id,
 * date): the global lock order. A night that starts a stay carries the stay's length (minimum stay, arrival
 * restriction); the last night of a stay carries its checkout date (departure restriction). Room ids with no
 * room type among `roomTypes` are returned as unknown.
 */
function nightsOf(holds: HoldRequest[], roomTypes: RoomTypeRow[]) {
  const unknown: string[] = [];
  const byKey = new Map<string, { roomTypeId: number; date: string; quantity: number; roomIds: Set<string>; arrivalNights: number | null; checkout: string | null }>();
  const idOf = new Map(roomTypes.map((f) => [`${f.hotel_id}|${f.room_id}`, f.id]));
  for (const h of holds) {
    for (const r of h.rooms) {
      const id = idOf.get(`${h.hotelId}|${r.roomId}`);
      if (id === undefined) {
        unknown.push(r.roomId);
        continue;
      }
      for (let i = 0; i < h.nights; i++) {
        const date = addDays(h.checkin, i);
        const k = `${id}|${date}`;
        let n = byKey.get(k);
        if (!n) byKey.set(k, (n = { roomTypeId: id, date, quantity: 0, roomIds: new Set(), arrivalNights: null, checkout: null }));
        n.quantity += r.quantity;
        n.roomIds.add(r.roomId);
        // Two stays arriving the same night: the shorter one is the one a minimum stay can refuse.
        if (i === 0) n.arrivalNights = n.arrivalNights === null ? h.nights : Math.min(n.arrivalNights, h.nights);
        if (i === h.nights - 1) n.checkout = addDays(h.checkin, h.nights);
      }
    }
  }
  const nights = [...byKey.values()].sort((a, b) => a.roomTypeId - b.roomTypeId || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { nights, unknown };
}
