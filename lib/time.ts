// Calendar dates are America/Bogota dates (docs/decisions.md 4.2). Bogotá has no daylight saving time,
// but the conversion goes through Intl so the rule lives in one place.
export const BUSINESS_TZ = "America/Bogota";

const ymdFormatter = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TZ, year: "numeric", month: "2-digit", day: "2-digit" });

/** The Bogotá calendar date of an instant, as YYYY-MM-DD. */
export function bogotaDate(at: Date): string {
  return ymdFormatter.format(at);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** A YYYY-MM-DD date as the Date Prisma uses for @db.Date columns (UTC midnight). */
export function dateOnly(s: string): Date {
  if (!isIsoDate(s)) throw new Error(`fecha inválida: ${s}`);
  return new Date(`${s}T00:00:00.000Z`);
}

/** A @db.Date value back to YYYY-MM-DD. */
export function ymd(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(s: string, days: number): string {
  const d = dateOnly(s);
  d.setUTCDate(d.getUTCDate() + days);
  return ymd(d);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dateOnly(b).getTime() - dateOnly(a).getTime()) / 86_400_000);
}

/** The instant a Bogotá calendar day starts. */
export function bogotaDayStart(s: string): Date {
  // Bogotá is UTC-5 all year; computed from the zone's offset at that day's noon to stay correct if it changed.
  const noonUtc = new Date(`${s}T12:00:00.000Z`);
  const offsetMin = tzOffsetMinutes(noonUtc);
  return new Date(dateOnly(s).getTime() - offsetMin * 60_000);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Offset of a time zone (an IANA name; Bogotá by default) from UTC at an instant, in minutes (Bogotá: -300).
 * The one zone-offset computation of the code base: the calendar's wall-clock helpers (lib/calendar/tz.ts) use it too.
 */
export function tzOffsetMinutes(at: Date, timeZone = BUSINESS_TZ): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    offsetFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** ISO 8601 with the Bogotá offset, e.g. 2026-12-01T18:00:00-05:00. */
export function isoBogota(at: Date): string {
  const off = tzOffsetMinutes(at);
  const local = new Date(at.getTime() + off * 60_000).toISOString().slice(0, 19);
  const sign = off < 0 ? "-" : "+";
  const abs = Math.abs(off);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** The instant n days before `from` (default now). */
export function daysAgo(n: number, from: Date = new Date()): Date {
  return new Date(from.getTime() - n * 86_400_000);
}
