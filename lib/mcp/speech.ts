// Short Spanish (es-CO) phrases an assistant can read out to a guest: "$ 1.250.000", "24/11/2026", Bogotá time.
import { formatMoney, LINK_STATUS_WORDS, RESERVATION_STATUS_WORDS, statusWord } from "@/lib/format";
import { BUSINESS_TZ } from "@/lib/time";

/** "$ 1.250.000" with a plain space (no NBSP: assistants copy the text into chat messages). */
export function money(amount: number | string, currency = "COP"): string {
  const text = formatMoney(amount, currency);
  return text.replace(/\u00a0/g, " ");
}

/** "2026-11-24" -> "24/11/2026". */
export function day(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : isoDate;
}

const instantParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TZ,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as "24/11/2026 a las 15:00" (Bogotá). */
export function instant(at: string | Date): string {
  const parts = Object.fromEntries(instantParts.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} a las ${parts.hour}:${parts.minute}`;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 adultos", "2 adultos y 1 niño (5 años)", "1 adulto y 2 niños (4 y 9 años)". */
export function party(adults: number, childrenAges: number[] = []): string {
  const a = plural(adults, "adulto", "adultos");
  if (childrenAges.length === 0) return a;
  return `${a} y ${plural(childrenAges.length, "niño", "niños")} (${list(childrenAges.map(String))} años)`;
}

/** "a", "a y b", "a, b y c". */
export function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} y ${items[items.length - 1]}`;
}

/** Statuses mid-sentence, from the one list of words (lib/format.ts). */
export const reservationStatus = (s: string) => statusWord(RESERVATION_STATUS_WORDS, s);
export const linkStatus = (s: string) => statusWord(LINK_STATUS_WORDS, s);
