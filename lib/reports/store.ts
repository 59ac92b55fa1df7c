// The summary report's aggregates (docs/reports.md), in one place (issue 25; the model is lib/reservations/store.ts).
// Why not Prisma here: each is a GROUP BY over joined tables with sums in numeric (money is summed as numeric and
// rounded only at the end), filtered by an optional hotel list and agency in the same text (`$n IS NULL OR …`);
// room nights come from the JSON array of a reservation's priced nights. Every figure comes back as text, so the
// caller turns it into a number or a Decimal without losing cents.
import type { Database } from "@/lib/db/open";

/** Who counts: hotels as a PostgreSQL array literal (null: every hotel) and the agency (null: every agency). */
export interface ReportFilter {
  hotels: string | null;
  agency: number | null;
}

/** A Bogotá-day range as instants: [start, end). */
export interface InstantRange {
  start: string;
  end: string;
}

/** Rooms loaded per night between two calendar dates (active room types of active hotels). Plain SQL: a sum grouped by night. */
export function roomsLoadedPerNight(database: Database, from: string, to: string, hotels: string | null) {
  return database.sql.query<{ d: string; n: string }>(
    `SELECT n.date::text AS d, SUM(n.rooms)::text AS n
       FROM inventory_nights n JOIN room_types rt ON rt.id = n.room_type_id JOIN hotels h ON h.id = rt.hotel_id
      WHERE n.date BETWEEN $1::date AND $2::date AND rt.is_active AND h.is_active
        AND ($3::int[] IS NULL OR rt.hotel_id = ANY($3::int[]))
      GROUP BY 1`,
    [from, to, hotels],
  );
}

/** Room nights sold and their room revenue, night by night, from confirmed reservations' priced nights. Plain SQL: the nights are a JSON array (jsonb_array_elements). */
export function roomNightsSold(database: Database, from: string, to: string, f: ReportFilter) {
  return database.sql.query<{ d: string; n: string; rev: string }>(
    `SELECT e->>'day' AS d, SUM(rr.quantity)::text AS n, SUM((e->>'amount')::numeric * rr.quantity)::text AS rev
       FROM reservation_rooms rr JOIN reservations r ON r.id = rr.reservation_id
       CROSS JOIN LATERAL jsonb_array_elements(rr.nightly::jsonb) e
      WHERE r.status = 'confirmed' AND e->>'day' BETWEEN $1 AND $2
        AND ($3::int[] IS NULL OR r.hotel_id = ANY($3::int[])) AND ($4::int IS NULL OR r.agency_id = $4::int)
      GROUP BY 1`,
    [from, to, f.hotels, f.agency],
  );
}

/** Approved payments summed by the Bogotá day they were completed and by method. Plain SQL: grouped by a computed Bogotá date. */
export function approvedPaymentsByDay(database: Database, range: InstantRange, f: ReportFilter) {
  return database.sql.query<{ d: string; method: string; total: string }>(
    `SELECT to_char(COALESCE(t.completed_at, t.created_at) AT TIME ZONE 'America/Bogota', 'YYYY-MM-DD') AS d, t.method::text AS method, SUM(t.amount)::text AS total
       FROM payment_transactions t
      WHERE t.status = 'approved' AND COALESCE(t.completed_at, t.created_at) >= $1::timestamptz AND COALESCE(t.completed_at, t.created_at) < $2::timestamptz
        AND ($3::int[] IS NULL OR t.hotel_id = ANY($3::int[])) AND ($4::int IS NULL OR t.agency_id = $4::int)
      GROUP BY 1, 2`,
    [range.start, range.end, f.hotels, f.agency],
  );
}

export type Outcomes = Record<"created" | "confirmed" | "expired" | "cancelled", string>;

/** Reservations created, confirmed, expired and cancelled in the range. Plain SQL: four filtered counts in one scan. */
export async function reservationOutcomes(database: Database, range: InstantRange, f: ReportFilter): Promise<Outcomes | undefined> {
  const [outcomes] = await database.sql.query<Outcomes>(
    `SELECT COUNT(*) FILTER (WHERE r.created_at >= $1::timestamptz AND r.created_at < $2::timestamptz)::text AS created,
            COUNT(*) FILTER (WHERE r.confirmed_at >= $1::timestamptz AND r.confirmed_at < $2::timestamptz)::text AS confirmed,
            COUNT(*) FILTER (WHERE r.expired_at >= $1::timestamptz AND r.expired_at < $2::timestamptz)::text AS expired,
            COUNT(*) FILTER (WHERE r.cancelled_at >= $1::timestamptz AND r.cancelled_at < $2::timestamptz)::text AS cancelled
       FROM reservations r
      WHERE ($3::int[] IS NULL OR r.hotel_id = ANY($3::int[])) AND ($4::int IS NULL OR r.agency_id = $4::int)
        AND (r.created_at >= $1::timestamptz OR r.confirmed_at >= $1::timestamptz OR r.expired_at >= $1::timestamptz OR r.cancelled_at >= $1::timestamptz)`,
    [range.start, range.end, f.hotels, f.agency],
  );
  return outcomes;
}

/**
 * Refunds recorded in the range (docs/payments.md, "Refunds"): a refund lowers the amount paid when it is
 * recorded, before the gateway confirms it, so pending and succeeded refunds both count, like the payment's
 * `refunded_amount`. Automatic reversals of payments never credited are not refunds (they were never revenue).
 * Plain SQL: a numeric sum over a join, filtered like the others.
 */
export async function refundsTotal(database: Database, range: InstantRange, f: ReportFilter): Promise<string | null> {
  const [row] = await database.sql.query<{ total: string | null }>(
    `SELECT SUM(f.amount)::text AS total
       FROM payment_refunds f JOIN payment_transactions t ON t.id = f.payment_id
      WHERE f.created_at >= $1::timestamptz AND f.created_at < $2::timestamptz
        AND ($3::int[] IS NULL OR t.hotel_id = ANY($3::int[])) AND ($4::int IS NULL OR t.agency_id = $4::int)`,
    [range.start, range.end, f.hotels, f.agency],
  );
  return row?.total ?? null;
}
