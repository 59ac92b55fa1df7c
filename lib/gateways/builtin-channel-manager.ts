// The built-in channel manager: inventory_nights / rate_nights in our own database.
// Search is two SQL statements for a whole city (hot path). A hold or a release is its own transaction (no
// caller's transaction crosses the interface), recorded by key in cm_holds: the database still enforces that
// a room is never sold twice (row locks in one global order, a conditional UPDATE, the CHECK on the counts).
import type { Database } from "@/lib/db/open";
import type { Prisma } from "@/lib/db/generated/client";
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

type Tx = Prisma.TransactionClient;

// Holds on a popular room queue on its inventory rows; give them room to wait instead of failing at 5 s.
const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

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
    await withTxRetry(() =>
      this.database.prisma.$transaction(async (tx) => {
        // The key first: a concurrent call with the same key waits here for this one's outcome, then finds it.
        const fresh = await tx.$executeRawUnsafe(
          `INSERT INTO cm_holds (key, request, state) VALUES ($1, $2::jsonb, 'held') ON CONFLICT (key) DO NOTHING`,
          call.key,
          JSON.stringify(request),
        );
        if (fresh === 0) {
          const [prior] = await tx.$queryRawUnsafe<Array<{ state: "held" | "released"; same: boolean }>>(
            `SELECT state::text AS state, request = $2::jsonb AS same FROM cm_holds WHERE key = $1`,
            call.key,
            JSON.stringify(request),
          );
          if (prior.state === "released") throw new HoldKeyConflictError(call.key, "released");
          if (!prior.same) throw new HoldKeyConflictError(call.key, "different_request");
          return; // already held under this key: a retry holds nothing more
        }
        // Throwing rolls back this transaction: the key and every night of this call, nothing stays taken.
        await this.take(tx, request);
      }, TX_OPTIONS),
    );
  }

  async release(key: string): Promise<void> {
    await withTxRetry(() =>
      this.database.prisma.$transaction(async (tx) => {
        // A key never seen is remembered as released, so a hold arriving after its own compensation holds nothing.
        const tombstone = await tx.$executeRawUnsafe(
          `INSERT INTO cm_holds (key, request, state, released_at) VALUES ($1, '[]'::jsonb, 'released', now()) ON CONFLICT (key) DO NOTHING`,
          key,
        );
        if (tombstone === 1) return;
        // The conditional update is the claim: two releases of one key give the rooms back once.
        const [claimed] = await tx.$queryRawUnsafe<Array<{ request: HoldRequest[] | string }>>(
          `UPDATE cm_holds SET state = 'released', released_at = now() WHERE key = $1 AND state = 'held' RETURNING request`,
          key,
        );
        if (!claimed) return;
        // A JSON column may reach us parsed or as text, depending on the driver.
        const request = typeof claimed.request === "string" ? (JSON.parse(claimed.request) as HoldRequest[]) : claimed.request;
        await this.giveBack(tx, request);
      }, TX_OPTIONS),
    );
  }

  /** Checks and takes every night of `holds` on rows locked in the global order; throws RoomsUnavailableError. */
  private async take(tx: Tx, holds: HoldRequest[]): Promise<void> {
    const { nights, unknown } = await this.nightsOf(tx, holds, true);
    const failed = new Set(unknown);
    if (nights.length > 0) {
      // Lock every night the holds touch in one global order, (room type, date), before changing any: two
      // bookings that list room types (or stays) in opposite orders queue on the first shared row instead of
      // deadlocking. Then check and take them with one conditional UPDATE.
      const locked = await tx.$queryRawUnsafe<Array<{ room_type_id: number; date: string; rooms: number; sold: number; stop_sell: boolean; min_stay: number; closed_to_arrival: boolean }>>(
        `SELECT room_type_id, date::text AS date, rooms, sold, stop_sell, min_stay, closed_to_arrival
         FROM inventory_nights
         WHERE (room_type_id, date) IN (SELECT * FROM unnest($1::int[], $2::date[]))
         ORDER BY room_type_id, date
         FOR UPDATE`,
        nights.map((n) => n.roomTypeId),
        nights.map((n) => n.date),
      );
      const byKey = new Map(locked.map((l) => [`${l.room_type_id}|${l.date}`, l]));
      // Departure restrictions live on the checkout date's row, which the stay does not occupy: read, not locked.
      const departures = [...new Set(nights.filter((n) => n.checkout !== null).map((n) => `${n.roomTypeId}|${n.checkout}`))];
      const closedDeparture = new Set<string>();
      if (departures.length > 0) {
        const rows = await tx.$queryRawUnsafe<Array<{ room_type_id: number; date: string }>>(
          `SELECT room_type_id, date::text AS date FROM inventory_nights
           WHERE closed_to_departure AND (room_type_id, date) IN (SELECT * FROM unnest($1::int[], $2::date[]))`,
          departures.map((k) => Number(k.split("|")[0])),
          departures.map((k) => k.split("|")[1]),
        );
        for (const r of rows) closedDeparture.add(`${r.room_type_id}|${r.date}`);
      }
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
        const touched = await tx.$executeRawUnsafe(
          `UPDATE inventory_nights i SET sold = i.sold + u.q
           FROM unnest($1::int[], $2::date[], $3::int[]) AS u(rt, d, q)
           WHERE i.room_type_id = u.rt AND i.date = u.d AND NOT i.stop_sell AND i.rooms - i.sold >= u.q`,
          nights.map((n) => n.roomTypeId),
          nights.map((n) => n.date),
          nights.map((n) => n.quantity),
        );
        if (touched !== nights.length) for (const n of nights) for (const r of n.roomIds) failed.add(r);
      }
    }
    if (failed.size > 0) throw new RoomsUnavailableError([...failed]);
  }

  /** Gives back every night of `holds`, in the same lock order as holds. */
  private async giveBack(tx: Tx, holds: HoldRequest[]): Promise<void> {
    // Retired room types still give back what existing reservations hold.
    const { nights } = await this.nightsOf(tx, holds, false);
    if (nights.length === 0) return;
    // Same global order as holds: lock first, sorted, then give back.
    await tx.$queryRawUnsafe(
      `SELECT 1 FROM inventory_nights WHERE (room_type_id, date) IN (SELECT * FROM unnest($1::int[], $2::date[]))
       ORDER BY room_type_id, date FOR UPDATE`,
      nights.map((n) => n.roomTypeId),
      nights.map((n) => n.date),
    );
    await tx.$executeRawUnsafe(
      `UPDATE inventory_nights i SET sold = GREATEST(i.sold - u.q, 0)
       FROM unnest($1::int[], $2::date[], $3::int[]) AS u(rt, d, q)
       WHERE i.room_type_id = u.rt AND i.date = u.d`,
      nights.map((n) => n.roomTypeId),
      nights.map((n) => n.date),
      nights.map((n) => n.quantity),
    );
  }

  async updateGuest(): Promise<void> {
    // The built-in channel manager reads guest data from our own reservations table: nothing to send.
  }

  /**
   * The nights the holds touch, one per (room type, date) with the quantities summed, sorted by (room type id,
   * date): the global lock order. A night that starts a stay carries the stay's length (minimum stay, arrival
   * restriction); the last night of a stay carries its checkout date (departure restriction).
   */
  private async nightsOf(tx: Tx, holds: HoldRequest[], activeOnly: boolean) {
    const unknown: string[] = [];
    const byKey = new Map<string, { roomTypeId: number; date: string; quantity: number; roomIds: Set<string>; arrivalNights: number | null; checkout: string | null }>();
    const hotels = [...new Set(holds.map((h) => h.hotelId))];
    const roomIds = [...new Set(holds.flatMap((h) => h.rooms.map((r) => r.roomId)))];
    const found = await tx.roomType.findMany({
      where: { hotelId: { in: hotels }, roomId: { in: roomIds }, ...(activeOnly ? { isActive: true } : {}) },
      select: { id: true, roomId: true, hotelId: true },
    });
    const idOf = new Map(found.map((f) => [`${f.hotelId}|${f.roomId}`, f.id]));
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
}
