// The built-in channel manager: inventory_nights / rate_nights in our own database.
// Search is two SQL statements for a whole city (hot path); holds are one conditional UPDATE per room type.
import type { Database } from "@/lib/db/open";
import { addDays } from "@/lib/time";
import {
  RoomsUnavailableError,
  type ChannelManager,
  type HoldRequest,
  type HotelOffer,
  type ProductOffer,
  type RoomOffer,
  type SearchQuery,
  type Tx,
} from "./channel-manager";

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
// night is missing, stopped, or the arrival night's minimum stay is longer than the stay) and its rate plans.
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
      this.database.sql.query<HotelRow>(HOTELS_SQL(where), [key, q.checkin, q.nights]),
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

  async holdRooms(tx: Tx, req: HoldRequest): Promise<void> {
    const wanted = await this.roomTypes(tx, req);
    const checkout = addDays(req.checkin, req.nights);
    const failed: string[] = [];
    // Room types in id order so two holds never wait on each other crosswise (no deadlock).
    for (const w of wanted) {
      if (w.id === null) {
        failed.push(w.roomId);
        continue;
      }
      // One conditional update per room type: it touches every night or the hold fails; the arrival
      // night's minimum stay applies as in search.
      const touched = await tx.$executeRawUnsafe(
        `UPDATE inventory_nights SET sold = sold + $2
         WHERE room_type_id = $1 AND date >= $3::date AND date < $4::date
           AND NOT stop_sell AND rooms - sold >= $2
           AND (date <> $3::date OR min_stay <= $5)`,
        w.id,
        w.quantity,
        req.checkin,
        checkout,
        req.nights,
      );
      if (touched !== req.nights) failed.push(w.roomId);
    }
    // Throwing rolls back the caller's transaction, including nights already taken above.
    if (failed.length > 0) throw new RoomsUnavailableError(failed);
  }

  async releaseRooms(tx: Tx, req: HoldRequest): Promise<void> {
    const wanted = await this.roomTypes(tx, req);
    const checkout = addDays(req.checkin, req.nights);
    for (const w of wanted) {
      if (w.id === null) continue;
      await tx.$executeRawUnsafe(
        `UPDATE inventory_nights SET sold = GREATEST(sold - $2, 0)
         WHERE room_type_id = $1 AND date >= $3::date AND date < $4::date`,
        w.id,
        w.quantity,
        req.checkin,
        checkout,
      );
    }
  }

  async updateGuest(): Promise<void> {
    // The built-in channel manager reads guest data from our own reservations table: nothing to send.
  }

  /** Quantities per room type of the hotel, summed, in room-type id order; id null for an unknown roomId. */
  private async roomTypes(tx: Tx, req: HoldRequest) {
    const qty = new Map<string, number>();
    for (const r of req.rooms) qty.set(r.roomId, (qty.get(r.roomId) ?? 0) + r.quantity);
    const found = await tx.roomType.findMany({ where: { hotelId: req.hotelId, roomId: { in: [...qty.keys()] }, isActive: true }, select: { id: true, roomId: true } });
    const idOf = new Map(found.map((f) => [f.roomId, f.id]));
    return [...qty.entries()]
      .map(([roomId, quantity]) => ({ roomId, quantity, id: idOf.get(roomId) ?? null }))
      .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  }
}
