// The summary report (docs/reports.md): occupancy from the inventory and confirmed reservations, revenue from
// approved payments, reservation outcomes, day by day, within the caller's scope. Plain SQL over the same
// tables the rest of the product writes; money is summed as numeric and rounded only at the end.
import type { Database } from "@/lib/db/open";
import { Prisma } from "@/lib/db/generated/client";
import { badRequest, notFound } from "@/lib/http/errors";
import type { Principal } from "@/lib/auth/principal";
import { hotelScope } from "@/lib/reservations/scope";
import { addDays, bogotaDayStart, daysBetween } from "@/lib/time";
import { MAX_RANGE_DAYS, type Period, type Summary, type SummaryQuery } from "./schema";
import { previousPeriod } from "./range";

const D = (v: unknown) => new Prisma.Decimal(v === null || v === undefined ? 0 : String(v));
const money = (d: Prisma.Decimal) => d.toDecimalPlaces(2).toNumber();
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);

interface Scope {
  /** Hotels covered, or null for every hotel. */
  hotels: number[] | null;
  /** The agency whose reservations and payments count, or null for every agency. */
  agency: number | null;
}

async function scopeOf(database: Database, p: Principal, hotelId?: number): Promise<Scope> {
  if (hotelId !== undefined && p.role !== "hotel_admin") {
    const h = await database.prisma.hotel.findUnique({ where: { id: hotelId }, select: { id: true } });
    if (!h) throw notFound(`El hotel ${hotelId} no existe`);
  }
  const hotels = hotelScope(p, hotelId);
  if (p.role === "agency") return { hotels, agency: p.agencyId ?? -1 };
  return { hotels, agency: null };
}

const pgArray = (ids: number[] | null) => (ids === null ? null : `{${ids.join(",")}}`);

/** The period's figures; with `compare: "previous"` also the previous period of the same length (without its days). */
export async function summaryReport(database: Database, p: Principal, q: Pick<SummaryQuery, "from" | "to" | "hotel_id" | "compare">): Promise<Summary> {
  if (q.to < q.from) throw badRequest("to: debe ser igual o posterior a from");
  const days = daysBetween(q.from, q.to) + 1;
  if (days > MAX_RANGE_DAYS) throw badRequest(`to: el rango no puede superar ${MAX_RANGE_DAYS} días`);
  const scope = await scopeOf(database, p, q.hotel_id);
  const current = await periodSummary(database, p, scope, q.from, q.to);
  if (q.compare !== "previous") return current;
  const before = previousPeriod(q);
  const previous: Partial<Summary> = await periodSummary(database, p, scope, before.from, before.to);
  delete previous.daily;
  return { ...current, previous: previous as Period };
}

async function periodSummary(database: Database, p: Principal, scope: Scope, from: string, to: string): Promise<Summary> {
  const q = { from, to };
  const days = daysBetween(from, to) + 1;
  const sql = database.sql;
  const hotels = pgArray(scope.hotels);
  const start = bogotaDayStart(q.from).toISOString();
  const end = bogotaDayStart(addDays(q.to, 1)).toISOString();
  const isAgency = p.role === "agency";

  // Rooms loaded per night (active room types of active hotels).
  const available = isAgency
    ? []
    : await sql.query<{ d: string; n: string }>(
        `SELECT n.date::text AS d, SUM(n.rooms)::text AS n
           FROM inventory_nights n JOIN room_types rt ON rt.id = n.room_type_id JOIN hotels h ON h.id = rt.hotel_id
          WHERE n.date BETWEEN $1::date AND $2::date AND rt.is_active AND h.is_active
            AND ($3::int[] IS NULL OR rt.hotel_id = ANY($3::int[]))
          GROUP BY 1`,
        [q.from, q.to, hotels],
      );
  // Room nights sold and their room revenue, night by night, from confirmed reservations' priced nights.
  const sold = await sql.query<{ d: string; n: string; rev: string }>(
    `SELECT e->>'day' AS d, SUM(rr.quantity)::text AS n, SUM((e->>'amount')::numeric * rr.quantity)::text AS rev
       FROM reservation_rooms rr JOIN reservations r ON r.id = rr.reservation_id
       CROSS JOIN LATERAL jsonb_array_elements(rr.nightly::jsonb) e
      WHERE r.status = 'confirmed' AND e->>'day' BETWEEN $1 AND $2
        AND ($3::int[] IS NULL OR r.hotel_id = ANY($3::int[])) AND ($4::int IS NULL OR r.agency_id = $4::int)
      GROUP BY 1`,
    [q.from, q.to, hotels, scope.agency],
  );
  // Approved payments by the Bogotá day they were completed, and by method.
  const paid = await sql.query<{ d: string; method: string; total: string }>(
    `SELECT to_char(COALESCE(t.completed_at, t.created_at) AT TIME ZONE 'America/Bogota', 'YYYY-MM-DD') AS d, t.method::text AS method, SUM(t.amount)::text AS total
       FROM payment_transactions t
      WHERE t.status = 'approved' AND COALESCE(t.completed_at, t.created_at) >= $1::timestamptz AND COALESCE(t.completed_at, t.created_at) < $2::timestamptz
        AND ($3::int[] IS NULL OR t.hotel_id = ANY($3::int[])) AND ($4::int IS NULL OR t.agency_id = $4::int)
      GROUP BY 1, 2`,
    [start, end, hotels, scope.agency],
  );
  const [outcomes] = await sql.query<Record<"created" | "confirmed" | "expired" | "cancelled", string>>(
    `SELECT COUNT(*) FILTER (WHERE r.created_at >= $1::timestamptz AND r.created_at < $2::timestamptz)::text AS created,
            COUNT(*) FILTER (WHERE r.confirmed_at >= $1::timestamptz AND r.confirmed_at < $2::timestamptz)::text AS confirmed,
            COUNT(*) FILTER (WHERE r.expired_at >= $1::timestamptz AND r.expired_at < $2::timestamptz)::text AS expired,
            COUNT(*) FILTER (WHERE r.cancelled_at >= $1::timestamptz AND r.cancelled_at < $2::timestamptz)::text AS cancelled
       FROM reservations r
      WHERE ($3::int[] IS NULL OR r.hotel_id = ANY($3::int[])) AND ($4::int IS NULL OR r.agency_id = $4::int)
        AND (r.created_at >= $1::timestamptz OR r.confirmed_at >= $1::timestamptz OR r.expired_at >= $1::timestamptz OR r.cancelled_at >= $1::timestamptz)`,
    [start, end, hotels, scope.agency],
  );
  const refunds = await refundsTotal(database, start, end, hotels, scope.agency);

  const availByDay = new Map(available.map((r) => [r.d, Number(r.n)]));
  const soldByDay = new Map(sold.map((r) => [r.d, Number(r.n)]));
  const revByDay = new Map<string, Prisma.Decimal>();
  const byMethod = { card: D(0), cash: D(0), bank_transfer: D(0), balance: D(0), nequi: D(0) };
  for (const r of paid) {
    revByDay.set(r.d, (revByDay.get(r.d) ?? D(0)).add(D(r.total)));
    if (r.method in byMethod) byMethod[r.method as keyof typeof byMethod] = byMethod[r.method as keyof typeof byMethod].add(D(r.total));
  }
  const totalAvailable = [...availByDay.values()].reduce((a, b) => a + b, 0);
  const totalSold = [...soldByDay.values()].reduce((a, b) => a + b, 0);
  const roomRevenue = sold.reduce((s, r) => s.add(D(r.rev)), D(0));
  const revenueTotal = Object.values(byMethod).reduce((a, b) => a.add(b), D(0));

  const daily: Summary["daily"] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(q.from, i);
    const s = soldByDay.get(date) ?? 0;
    daily.push({
      date,
      room_nights_sold: s,
      ...(isAgency ? {} : { occupancy: ratio(s, availByDay.get(date) ?? 0) }),
      revenue: money(revByDay.get(date) ?? D(0)),
    });
  }

  return {
    from: q.from,
    to: q.to,
    ...(isAgency ? {} : { room_nights_available: totalAvailable }),
    room_nights_sold: totalSold,
    ...(isAgency ? {} : { occupancy: ratio(totalSold, totalAvailable) }),
    adr: totalSold > 0 ? money(roomRevenue.div(totalSold)) : 0,
    ...(isAgency ? {} : { revpar: totalAvailable > 0 ? money(roomRevenue.div(totalAvailable)) : 0 }),
    revenue: {
      total: money(revenueTotal),
      by_method: { card: money(byMethod.card), cash: money(byMethod.cash), bank_transfer: money(byMethod.bank_transfer), balance: money(byMethod.balance), nequi: money(byMethod.nequi) },
    },
    refunds_total: money(refunds),
    reservations: {
      created: Number(outcomes?.created ?? 0),
      confirmed: Number(outcomes?.confirmed ?? 0),
      expired: Number(outcomes?.expired ?? 0),
      cancelled: Number(outcomes?.cancelled ?? 0),
    },
    daily,
  };
}

/**
 * Refunds recorded in the range (docs/payments.md, "Refunds"): a refund lowers the amount paid when it is
 * recorded, before the gateway confirms it, so pending and succeeded refunds both count, like the payment's
 * `refunded_amount`. Automatic reversals of payments never credited are not refunds (they were never revenue).
 */
async function refundsTotal(database: Database, start: string, end: string, hotels: string | null, agency: number | null): Promise<Prisma.Decimal> {
  const [row] = await database.sql.query<{ total: string | null }>(
    `SELECT SUM(f.amount)::text AS total
       FROM payment_refunds f JOIN payment_transactions t ON t.id = f.payment_id
      WHERE f.created_at >= $1::timestamptz AND f.created_at < $2::timestamptz
        AND ($3::int[] IS NULL OR t.hotel_id = ANY($3::int[])) AND ($4::int IS NULL OR t.agency_id = $4::int)`,
    [start, end, hotels, agency],
  );
  return D(row?.total ?? 0);
}
