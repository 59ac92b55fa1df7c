// Wall-clock times are kept as "naive" Dates whose UTC fields are the local clock reading (like the
// Timestamp(0) columns); these helpers convert between a zone's wall clock and real instants.
import { BUSINESS_TZ, tzOffsetMinutes } from "@/lib/time";

export const SITE_TZ = BUSINESS_TZ;

/** Fixed offsets such as "UTC", "UTC-5", "UTC+5:30" (WordPress manual offsets), in minutes; null if not one. */
function fixedOffset(tz: string): number | null {
  if (/^(utc|gmt|z)$/i.test(tz)) return 0;
  const m = /^(?:utc|gmt)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(tz);
  if (!m) return null;
  const mins = Number(m[2]) * 60 + Number(m[3] ?? 0);
  if (mins > 14 * 60) return null;
  return m[1] === "-" ? -mins : mins;
}

export function isValidTimezone(tz: string): boolean {
  if (fixedOffset(tz) !== null) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return /[a-z]/i.test(tz);
  } catch {
    return false;
  }
}

/** Offset of a zone from UTC at an instant, in minutes (Bogotá: -300): WordPress's manual offsets, else lib/time. */
export function offsetAt(instant: Date, tz: string): number {
  return fixedOffset(tz) ?? tzOffsetMinutes(instant, tz);
}

/** The wall clock of a zone at an instant, as a naive Date. */
export function toLocal(instant: Date, tz: string): Date {
  return new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetAt(instant, tz) * 60_000);
}

/** The instant at which a zone's wall clock reads `local`. */
export function fromLocal(local: Date, tz: string): Date {
  let guess = new Date(local.getTime() - offsetAt(local, tz) * 60_000);
  guess = new Date(local.getTime() - offsetAt(guess, tz) * 60_000);
  return guess;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** "Y-m-d H:i:s" of a naive Date. */
export function fmtYmdHis(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function fmtYmd(d: Date): string {
  return fmtYmdHis(d).slice(0, 10);
}

export function dateDetails(d: Date) {
  const s = fmtYmdHis(d);
  return { year: s.slice(0, 4), month: s.slice(5, 7), day: s.slice(8, 10), hour: s.slice(11, 13), minutes: s.slice(14, 16), seconds: s.slice(17, 19) };
}

/** PHP-like abbreviation: "EST" where the zone has a name, "-05" otherwise, "UTC" for UTC. */
export function tzAbbr(tz: string, instant: Date): string {
  const off = offsetAt(instant, tz);
  if (fixedOffset(tz) === 0) return "UTC";
  if (fixedOffset(tz) === null) {
    try {
      const name = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "short" }).formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? "";
      if (name && !/^GMT|^UTC/.test(name)) return name;
    } catch {
      /* fall through to the numeric form */
    }
  }
  const sign = off < 0 ? "-" : "+";
  const abs = Math.abs(off);
  return `${sign}${pad(Math.floor(abs / 60))}${abs % 60 ? pad(abs % 60) : ""}`;
}

export function startOfDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function endOfDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59));
}
