// The reservations' plain SQL, in one place. Why not Prisma here: a booking (4.1) is the hottest write (issue 17,
// bench/RESULTS.md: Prisma's query compiler was about half of a booking's server time), so its statements are fixed
// text, prepared once per pooled connection. The reservation with its rooms and first status changes is one statement
// (Prisma's nested create was three); used by the booking path and the demo data, always inside holdThenWrite's
// transaction (lib/gateways/channel-holds.ts). Status changes are not here: lib/reservations/lifecycle.ts.
import type { SqlRunner } from "@/lib/db/migrate";
import type { Database } from "@/lib/db/open";
import type { Prisma } from "@/lib/db/generated/client";

type Status = "pending_payment" | "confirmed" | "expired" | "cancelled";

export interface NewReservation {
  id: string;
  code: string;
  agencyId: number;
  hotelId: number;
  status: Status;
  /** AAAA-MM-DD */
  checkin: string;
  checkout: string;
  nights: number;
  roomsCount: number;
  adults: number;
  children: number;
  childrenAges: string | null;
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  country: string;
  city: string | null;
  notes: string | null;
  currency: string;
  amount: Prisma.Decimal;
  amountPaid?: Prisma.Decimal;
  cardBrand: string | null;
  cardLast4: string | null;
  paymentDeadline: Date;
  confirmedAt?: Date | null;
  expiredAt?: Date | null;
  cancelledAt?: Date | null;
  createdAt: Date;
  rooms: Array<{
    roomTypeId: number;
    ratePlanId: number;
    checkin: string;
    checkout: string;
    quantity: number;
    adults: number;
    children: number;
    currency: string;
    amount: Prisma.Decimal;
    nightly: Array<{ day: string; amount: string }>;
  }>;
  history: Array<{ fromStatus: Status | null; toStatus: Status; reason: string; at: Date }>;
  /** The creating request's Idempotency-Key (docs/decisions.md 7.11), unique per caller. */
  idem?: { scope: string; key: string; hash: string } | null;
}

const INSERT_SQL = `
WITH res AS (
  INSERT INTO reservations (id, code, agency_id, hotel_id, status, checkin, checkout, nights, rooms_count, adults, children, children_ages,
    first_name, last_name, email, telephone, country, city, notes, currency, amount, amount_paid, card_brand, card_last4,
    payment_deadline, confirmed_at, expired_at, cancelled_at, created_at, updated_at, idem_scope, idem_key, idem_hash)
  VALUES ($1, $2, $3, $4, $5::"ReservationStatus", $6::date, $7::date, $8, $9, $10, $11, $12,
    $13, $14, $15, $16, $17, $18, $19, $20, $21::numeric, $22::numeric, $23, $24,
    $25::timestamptz, $26::timestamptz, $27::timestamptz, $28::timestamptz, $29::timestamptz, $29::timestamptz, $32, $33, $34)
  RETURNING id
), rooms AS (
  INSERT INTO reservation_rooms (reservation_id, room_type_id, rate_plan_id, checkin, checkout, quantity, adults, children, currency, amount, nightly)
  SELECT res.id, x.room_type_id, x.rate_plan_id, x.checkin, x.checkout, x.quantity, x.adults, x.children, x.currency, x.amount, x.nightly
  FROM res, jsonb_array_elements($30::jsonb) WITH ORDINALITY AS e(v, n),
    jsonb_to_record(e.v) AS x(room_type_id int, rate_plan_id int, checkin date, checkout date, quantity int,
      adults int, children int, currency text, amount numeric, nightly jsonb)
  ORDER BY e.n
)
INSERT INTO reservation_status_changes (reservation_id, from_status, to_status, reason, at)
SELECT res.id, h.from_status::"ReservationStatus", h.to_status::"ReservationStatus", h.reason, h.at
FROM res, jsonb_array_elements($31::jsonb) WITH ORDINALITY AS e(v, n), jsonb_to_record(e.v) AS h(from_status text, to_status text, reason text, at timestamptz)
ORDER BY e.n`;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Inserts the reservation, its rooms (in order) and its history (in order) in one statement. */
export async function insertReservation(tx: SqlRunner, r: NewReservation): Promise<void> {
  const rooms = r.rooms.map((x) => ({
    room_type_id: x.roomTypeId,
    rate_plan_id: x.ratePlanId,
    checkin: x.checkin,
    checkout: x.checkout,
    quantity: x.quantity,
    adults: x.adults,
    children: x.children,
    currency: x.currency,
    amount: x.amount.toFixed(2),
    nightly: x.nightly,
  }));
  const history = r.history.map((h) => ({ from_status: h.fromStatus, to_status: h.toStatus, reason: h.reason, at: h.at.toISOString() }));
  await tx.query(
    INSERT_SQL,
    [
      r.id, r.code, r.agencyId, r.hotelId, r.status, r.checkin, r.checkout, r.nights, r.roomsCount, r.adults, r.children, r.childrenAges,
      r.firstName, r.lastName, r.email, r.telephone, r.country, r.city, r.notes, r.currency, r.amount.toFixed(2), (r.amountPaid ?? 0).toFixed(2), r.cardBrand, r.cardLast4,
      iso(r.paymentDeadline), iso(r.confirmedAt), iso(r.expiredAt), iso(r.cancelledAt), iso(r.createdAt),
      JSON.stringify(rooms), JSON.stringify(history),
      r.idem?.scope ?? null, r.idem?.key ?? null, r.idem?.hash ?? null,
    ],
    { prepared: true },
  );
}

const BOOKING_HOTEL_SQL = `
SELECT h.is_active, h.hold_minutes,
  coalesce((SELECT json_agg(json_build_object('id', rt.id, 'room_id', rt.room_id)) FROM room_types rt WHERE rt.hotel_id = h.id AND rt.room_id = ANY($2::text[])), '[]'::json) AS room_types,
  coalesce((SELECT json_agg(json_build_object('id', rp.id, 'rate_id', rp.rate_id)) FROM rate_plans rp WHERE rp.hotel_id = h.id AND rp.rate_id = ANY($3::text[])), '[]'::json) AS rate_plans
FROM hotels h WHERE h.id = $1`;

interface BookingHotelRow {
  is_active: boolean;
  hold_minutes: number;
  room_types: Array<{ id: number; room_id: string }>;
  rate_plans: Array<{ id: number; rate_id: string }>;
}

/** The hotel and the ids of the room types and rate plans the request names, in one statement; undefined when none. */
export async function bookingHotel(database: Database, hotelId: number, roomIds: string[], rateIds: string[]): Promise<BookingHotelRow | undefined> {
  const [hotel] = await database.sql.query<BookingHotelRow>(BOOKING_HOTEL_SQL, [hotelId, roomIds, rateIds], { prepared: true });
  return hotel;
}
