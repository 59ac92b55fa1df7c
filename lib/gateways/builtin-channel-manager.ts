// The built-in channel manager: inventory_nights / rate_nights in our own database.
// Search is two SQL statements for a whole city (hot path); holds are one conditional UPDATE per room type.
import type { Database } from "@/lib/db/open";
import { Prisma } from "@/lib/db/generated/client";
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

interface RoomRow {
  hotel_id: number;
  hotel_name: string;
  city: string;
  channel_manager_id: string;
  rt_id: number;
  room_id: string;
  room_name: string;
  room_type: string;
  beds: number;
  max_adults: number;
  max_children: number;
  cnt: number | null;
}

interface PriceRow {
  room_type_id: number;
  adults: number;
  amounts: string[];
  total: string;
  rate_id: string;
  rate_description: string;
  board_type: string | null;
  board_type_description: string;
  refundable: "full" | "partial" | "none";
  cancellation_policy: string;
  currency: string;
}

// Room types of the hotels searched, with the rooms sellable over the whole stay (null when some night
// is missing, stopped, or the arrival night's minimum stay is longer than the stay).
const ROOMS_SQL = (where: string) => `
SELECT h.id AS hotel_id, h.name AS hotel_name, h.city, h.channel_manager_id,
       rt.id AS rt_id, rt.room_id, rt.room_name, rt.room_type, rt.beds, rt.max_adults, rt.max_children,
       inv.cnt
FROM hotels h
JOIN room_types rt ON rt.hotel_id = h.id AND rt.is_active
LEFT JOIN LATERAL (
  SELECT min(i.rooms - i.sold)::int AS cnt
  FROM inventory_nights i
  WHERE i.room_type_id = rt.id AND i.date >= $2::date AND i.date < $2::date + $3::int
  HAVING count(*) = $3::int AND bool_and(NOT i.stop_sell)
     AND coalesce(max(i.min_stay) FILTER (WHERE i.date = $2::date), 1) <= $3::int
) inv ON true
WHERE ${where} AND h.is_active
ORDER BY h.name, h.id, rt.id`;

// Price per night for each occupancy asked for: the per-adult price wins over the general one (adults = 0);
// a rate plan is kept only when every night has a price.
const PRICES_SQL = (where: string) => `
WITH occ AS (SELECT DISTINCT unnest($4::int[]) AS adults),
p AS (
  SELECT r.room_type_id, r.rate_plan_id, o.adults, r.date,
         (array_agg(r.amount_before_tax ORDER BY r.adults DESC))[1] AS amount
  FROM hotels h
  JOIN room_types rt ON rt.hotel_id = h.id AND rt.is_active
  JOIN rate_nights r ON r.room_type_id = rt.id AND r.date >= $2::date AND r.date < $2::date + $3::int
  JOIN occ o ON r.adults = 0 OR r.adults = o.adults
  WHERE ${where} AND h.is_active
  GROUP BY r.room_type_id, r.rate_plan_id, o.adults, r.date
)
SELECT p.room_type_id, p.adults,
       array_agg(p.amount::text ORDER BY p.date) AS amounts, sum(p.amount)::text AS total,
       rp.rate_id, rp.rate_description, rp.board_type, rp.board_type_description, rp.refundable::text AS refundable,
       rp.cancellation_policy, rp.currency
FROM p JOIN rate_plans rp ON rp.id = p.rate_plan_id AND rp.is_active
GROUP BY p.room_type_id, p.rate_plan_id, p.adults, rp.id
HAVING count(*) = $3::int
ORDER BY p.room_type_id, rp.id`;

export class BuiltinChannelManager implements ChannelManager {
  readonly name = "builtin";

  constructor(private readonly database: Database) {}

  async search(q: SearchQuery, opts: { includeEmpty?: boolean } = {}): Promise<HotelOffer[]> {
    const where = "city" in q.where ? "h.city = $1" : "h.id = $1";
    const key = "city" in q.where ? q.where.city : q.where.hotelId;
    const adultsAsked = [...new Set(q.layout.map((l) => l.adults))];
    const [rooms, prices] = await Promise.all([
      this.database.sql.query<RoomRow>(ROOMS_SQL(where), [key, q.checkin, q.nights]),
      this.database.sql.query<PriceRow>(PRICES_SQL(where), [key, q.checkin, q.nights, adultsAsked]),
    ]);
    const days = Array.from({ length: q.nights }, (_, i) => addDays(q.checkin, i));

    // Products by room type and adult count.
    const products = new Map<string, ProductOffer[]>();
    for (const p of prices) {
      const k = `${p.room_type_id}:${p.adults}`;
      let list = products.get(k);
      if (!list) products.set(k, (list = []));
      list.push({
        rateId: p.rate_id,
        rateDescription: p.rate_description,
        boardType: p.board_type,
        boardTypeDescription: p.board_type_description,
        refundable: p.refundable,
        cancellationPolicy: p.cancellation_policy,
        currency: p.currency,
        nightly: p.amounts.map((a, i) => ({ day: days[i], amount: new Prisma.Decimal(a) })),
        total: new Prisma.Decimal(p.total),
      });
    }

    const byHotel = new Map<number, RoomRow[]>();
    for (const r of rooms) {
      let list = byHotel.get(r.hotel_id);
      if (!list) byHotel.set(r.hotel_id, (list = []));
      list.push(r);
    }

    const out: HotelOffer[] = [];
    for (const [, hotelRooms] of byHotel) {
      const h = hotelRooms[0];
      let any = false;
      const items = q.layout.map((layout) => {
        const offered: RoomOffer[] = [];
        for (const r of hotelRooms) {
          if (!r.cnt || r.cnt <= 0) continue;
          if (layout.adults > r.max_adults || layout.childrenAges.length > r.max_children) continue;
          const ps = products.get(`${r.rt_id}:${layout.adults}`);
          if (!ps || ps.length === 0) continue;
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
          largestRoomBeds: Math.max(...hotelRooms.map((r) => r.beds)),
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
