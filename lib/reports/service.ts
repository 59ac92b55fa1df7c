// The summary report (docs/reports.md): occupancy from the inventory and confirmed reservations, revenue from
// approved payments, reservation outcomes, day by day, within the caller's scope. Its aggregates are plain SQL
// over the same tables the rest of the product writes (lib/reports/store.ts); money is summed as numeric and
// rounded only at the end.
import type { Database } from "@/lib/db/open";
import { Prisma } from "@/lib/db/generated/client";
import { badRequest, notFound } from "@/lib/http/errors";
import type { Principal } from "@/lib/auth/principal";
import { hotelScope } from "@/lib/reservations/scope";
import { addDays, bogotaDayStart, daysBetween } from "@/lib/time";
import { MAX_RANGE_DAYS, type Period, type Summary, type SummaryQuery } from "./schema";
import { previousPeriod } from "./range";
import { approvedPaymentsByDay, refundsTotal, reservationOutcomes, roomNightsSold, roomsLoadedPerNight, type InstantRange, type ReportFilter } from "./store";

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
  const isAgency = p.role === "agency";
  const f: ReportFilter = { hotels: pgArray(scope.hotels), agency: scope.agency };
  const range: InstantRange = { start: bogotaDayStart(from).toISOString(), end: bogotaDayStart(addDays(to, 1)).toISOString() };
  const available = isAgency ? [] : await roomsLoadedPerNight(database, from, to, f.hotels);
  const sold = await roomNightsSold(database, from, to, f);
  const paid = await approvedPaymentsByDay(database, range, f);
  const outcomes = await reservationOutcomes(database, range, f);
  const refunds = D(await refundsTotal(database, range, f));

  const availByDay = new Map(available.map((r) => [r.d, Number(r.n)]));
  const soldByDay = new Map(sold.map((r) => [r.d, Number(r.n)]));
  const { revByDay, byMethod } = revenueOf(paid);
  const totalAvailable = [...availByDay.values()].reduce((a, b) => a + b, 0);
  const totalSold = [...soldByDay.values()].reduce((a, b) => a + b, 0);
  const roomRevenue = sold.reduce((s, r) => s.add(D(r.rev)), D(0));
  const revenueTotal = Object.values(byMethod).reduce((a, b) => a.add(b), D(0));
  return {
    from,
    to,
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
    daily: dailyRows(from, to, isAgency, { soldByDay, availByDay, revByDay }),
  };
}

/** Approved payments as revenue per Bogotá day and per method. */
function revenueOf(paid: Array<{ d: string; method: string; total: string }>) {
  const revByDay = new Map<string, Prisma.Decimal>();
  const byMethod = { card: D(0), cash: D(0), bank_transfer: D(0), balance: D(0), nequi: D(0) };
  for (const r of paid) {
    revByDay.set(r.d, (revByDay.get(r.d) ?? D(0)).add(D(r.total)));
    if (r.method in byMethod) byMethod[r.method as keyof typeof byMethod] = byMethod[r.method as keyof typeof byMethod].add(D(r.total));
  }
  return { revByDay, byMethod };
}

/** One row per day of the period (an agency sees no occupancy: the inventory is not its business). */
function dailyRows(from: string, to: string, isAgency: boolean, by: { soldByDay: Map<string, number>; availByDay: Map<string, number>; revByDay: Map<string, Prisma.Decimal> }): Summary["daily"] {
  const daily: Summary["daily"] = [];
  const days = daysBetween(from, to) + 1;
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const s = by.soldByDay.get(date) ?? 0;
    daily.push({
      date,
      room_nights_sold: s,
      ...(isAgency ? {} : { occupancy: ratio(s, by.availByDay.get(date) ?? 0) }),
      revenue: money(by.revByDay.get(date) ?? D(0)),
    });
  }
  return daily;
}
