// The report period (docs/reports.md): Bogotá calendar days, both included, at most MAX_RANGE_DAYS long; by
// default the current month; compared with the previous period of the same length. Pure functions, shared by
// the API, the page and its form.
import { addDays, daysBetween, isIsoDate } from "@/lib/time";

export const MAX_RANGE_DAYS = 366;

export interface Range {
  from: string;
  to: string;
}

/** The calendar month a day falls in: "2026-11-27" -> 1 to 30 November. */
export function monthRange(today: string): Range {
  const from = `${today.slice(0, 8)}01`;
  const next = addDays(from, 32);
  return { from, to: addDays(`${next.slice(0, 8)}01`, -1) };
}

/** Days in a range, both ends included. */
export function rangeDays(r: Range): number {
  return daysBetween(r.from, r.to) + 1;
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(r: Range): Range {
  const days = rangeDays(r);
  return { from: addDays(r.from, -days), to: addDays(r.from, -1) };
}

export type RangeProblem = "from-invalid" | "to-invalid" | "order" | "too-long";

/** What is wrong with a range, if anything (order and length are told on `to`). */
export function rangeProblem(r: { from?: string; to?: string }): RangeProblem | null {
  if (!r.from || !isIsoDate(r.from)) return "from-invalid";
  if (!r.to || !isIsoDate(r.to)) return "to-invalid";
  if (r.to < r.from) return "order";
  if (rangeDays(r as Range) > MAX_RANGE_DAYS) return "too-long";
  return null;
}

/** Relative change in percent, one decimal; null when there is no base to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
