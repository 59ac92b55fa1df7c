// A strtotime-like parser for what calendar clients send: absolute dates and date-times, ISO 8601 with an
// offset, unix timestamps and the relative words of PHP ("tomorrow 9am", "next wednesday 4pm", "+24 months").
// It returns the wall clock of `tz` as a naive Date (see tz.ts), or null when it cannot read the input.
import { fromLocal, toLocal } from "./tz";

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const WEEKDAY_SHORT = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const UNIT: Record<string, "sec" | "min" | "hour" | "day" | "week" | "month" | "year"> = {
  sec: "sec", secs: "sec", second: "sec", seconds: "sec",
  min: "min", mins: "min", minute: "min", minutes: "min",
  hour: "hour", hours: "hour",
  day: "day", days: "day",
  week: "week", weeks: "week",
  fortnight: "week", fortnights: "week",
  month: "month", months: "month",
  year: "year", years: "year",
};

interface State {
  y: number;
  mo: number; // 0-based
  d: number;
  h: number;
  mi: number;
  s: number;
  /** A zone given in the text (minutes east of UTC): the result is converted from it. */
  offset: number | null;
}

function weekdayIndex(word: string): number {
  const i = WEEKDAYS.indexOf(word);
  if (i >= 0) return i;
  return WEEKDAY_SHORT.indexOf(word.slice(0, 3)) >= 0 && word.length <= 4 ? WEEKDAY_SHORT.indexOf(word.slice(0, 3)) : -1;
}

function monthIndex(word: string): number {
  const w = word.replace(/\.$/, "");
  const i = MONTHS.indexOf(w);
  if (i >= 0) return i;
  if (w.length >= 3) return MONTHS.findIndex((m) => m.startsWith(w));
  return -1;
}

function add(st: State, n: number, unit: string) {
  const u = UNIT[unit];
  if (unit.startsWith("fortnight")) n *= 2;
  switch (u) {
    case "sec": st.s += n; break;
    case "min": st.mi += n; break;
    case "hour": st.h += n; break;
    case "day": st.d += n; break;
    case "week": st.d += 7 * n; break;
    case "month": st.mo += n; break;
    case "year": st.y += n; break;
  }
}

function normalize(st: State) {
  const t = new Date(Date.UTC(st.y, st.mo, st.d, st.h, st.mi, st.s));
  st.y = t.getUTCFullYear();
  st.mo = t.getUTCMonth();
  st.d = t.getUTCDate();
  st.h = t.getUTCHours();
  st.mi = t.getUTCMinutes();
  st.s = t.getUTCSeconds();
}

/** "9am", "4:30pm", "16:00", "16:00:05" -> [h, m, s] */
function readTime(tok: string): [number, number, number] | null {
  let m = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)$/.exec(tok);
  if (m) {
    let h = Number(m[1]);
    if (h < 1 || h > 12) return null;
    const pm = m[4].startsWith("p");
    if (h === 12) h = 0;
    if (pm) h += 12;
    const mi = Number(m[2] ?? 0);
    const s = Number(m[3] ?? 0);
    return mi < 60 && s < 60 ? [h, mi, s] : null;
  }
  m = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(tok);
  if (m) {
    const h = Number(m[1]);
    const mi = Number(m[2]);
    const s = Number(m[3] ?? 0);
    return h < 24 && mi < 60 && s < 60 ? [h, mi, s] : null;
  }
  return null;
}

function validDate(y: number, mo: number, d: number): boolean {
  const t = new Date(Date.UTC(y, mo, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo && t.getUTCDate() === d;
}

export function strtotime(input: unknown, now: Date, tz: string): Date | null {
  if (typeof input === "number") return Number.isFinite(input) ? toLocal(new Date(Math.trunc(input) * 1000), tz) : null;
  if (typeof input !== "string") return null;
  const raw = input.trim();
  if (raw === "") return null;
  if (/^-?\d{9,11}$/.test(raw) || /^@-?\d+$/.test(raw)) return toLocal(new Date(Number(raw.replace("@", "")) * 1000), tz);

  const nowLocal = toLocal(now, tz);
  const st: State = { y: nowLocal.getUTCFullYear(), mo: nowLocal.getUTCMonth(), d: nowLocal.getUTCDate(), h: nowLocal.getUTCHours(), mi: nowLocal.getUTCMinutes(), s: nowLocal.getUTCSeconds(), offset: null };
  let text = raw.toLowerCase();

  // ISO 8601 / SQL date-time at the start, with an optional zone.
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[t\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(z|utc|gmt|[+-]\d{2}:?\d{2}|[+-]\d{2})?(?=\s|$)/.exec(text)
    ?? /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?()(?=\s|$)/.exec(text);
  let dateSet = false;
  let timeSet = false;
  if (iso) {
    const [y, mo, d] = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])];
    if (!validDate(y, mo, d)) return null;
    Object.assign(st, { y, mo, d, h: 0, mi: 0, s: 0 });
    dateSet = true;
    if (iso[4] !== undefined) {
      const [h, mi, s] = [Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0)];
      if (h > 23 || mi > 59 || s > 59) return null;
      Object.assign(st, { h, mi, s });
      timeSet = true;
    }
    if (iso[7]) {
      const z = iso[7];
      if (z === "z" || z === "utc" || z === "gmt") st.offset = 0;
      else {
        const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(z)!;
        st.offset = (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
      }
    }
    text = text.slice(iso[0].length);
  }

  const tokens = text.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  // "9 am" -> "9am"
  for (let i = 0; i < tokens.length - 1; i++) {
    if (/^\d{1,2}(:\d{2})?$/.test(tokens[i]) && /^(am|pm|a\.m\.|p\.m\.)$/.test(tokens[i + 1])) {
      tokens.splice(i, 2, tokens[i] + tokens[i + 1]);
    }
  }
  const setTime = (h: number, mi: number, s: number) => {
    Object.assign(st, { h, mi, s });
    timeSet = true;
  };
  const midnight = () => {
    if (!timeSet) Object.assign(st, { h: 0, mi: 0, s: 0 });
  };

  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const next = tokens[i + 1];
    const time = readTime(tok);
    if (time) {
      setTime(...time);
      continue;
    }
    if (tok === "now") continue;
    if (tok === "today" || tok === "midnight") {
      midnight();
      continue;
    }
    if (tok === "noon") {
      setTime(12, 0, 0);
      continue;
    }
    if (tok === "tomorrow" || tok === "yesterday") {
      st.d += tok === "tomorrow" ? 1 : -1;
      midnight();
      continue;
    }
    if (tok === "at" || tok === "of") continue;
    // +N unit, -N unit, N unit [ago]
    const m = /^([+-]?\d+)([a-z]+)?$/.exec(tok);
    if (m && (m[2] ? UNIT[m[2]] : next && UNIT[next])) {
      const unit = m[2] ?? next!;
      if (!m[2]) i++;
      let n = Number(m[1]);
      if (tokens[i + 1] === "ago") {
        n = -n;
        i++;
      }
      add(st, n, unit);
      normalize(st);
      continue;
    }
    if ((tok === "next" || tok === "last" || tok === "previous" || tok === "this") && next) {
      const sign = tok === "next" ? 1 : tok === "this" ? 0 : -1;
      const wd = weekdayIndex(next);
      i++;
      if (wd >= 0) {
        normalize(st);
        const cur = new Date(Date.UTC(st.y, st.mo, st.d)).getUTCDay();
        let diff = wd - cur;
        if (sign > 0) diff = diff <= 0 ? diff + 7 : diff;
        else if (sign < 0) diff = diff >= 0 ? diff - 7 : diff;
        else diff = diff < 0 ? diff + 7 : diff;
        st.d += diff;
        midnight();
        continue;
      }
      if (UNIT[next]) {
        add(st, sign === 0 ? 0 : sign, next);
        normalize(st);
        continue;
      }
      return null;
    }
    const wd = weekdayIndex(tok);
    if (wd >= 0) {
      normalize(st);
      const cur = new Date(Date.UTC(st.y, st.mo, st.d)).getUTCDay();
      st.d += (wd - cur + 7) % 7;
      midnight();
      continue;
    }
    // "1 january 2018", "january 1 2018", "jan 1"
    const mi = monthIndex(tok);
    if (mi >= 0 && !dateSet) {
      let day = 1;
      let year = st.y;
      if (next && /^\d{1,2}(st|nd|rd|th)?$/.test(next)) {
        day = parseInt(next, 10);
        i++;
      }
      if (tokens[i + 1] && /^\d{4}$/.test(tokens[i + 1])) {
        year = Number(tokens[i + 1]);
        i++;
      }
      if (!validDate(year, mi, day)) return null;
      Object.assign(st, { y: year, mo: mi, d: day });
      dateSet = true;
      midnight();
      continue;
    }
    if (/^\d{1,2}$/.test(tok) && next && monthIndex(next) >= 0 && !dateSet) {
      const day = Number(tok);
      const mo = monthIndex(next);
      i++;
      let year = st.y;
      if (tokens[i + 1] && /^\d{4}$/.test(tokens[i + 1])) {
        year = Number(tokens[i + 1]);
        i++;
      }
      if (!validDate(year, mo, day)) return null;
      Object.assign(st, { y: year, mo, d: day });
      dateSet = true;
      midnight();
      continue;
    }
    return null;
  }
  normalize(st);
  const local = new Date(Date.UTC(st.y, st.mo, st.d, st.h, st.mi, st.s));
  if (st.offset !== null) return toLocal(new Date(local.getTime() - st.offset * 60_000), tz);
  return local;
}

/** The instant a parsed wall-clock reading stands for. */
export function strtotimeInstant(input: unknown, now: Date, tz: string): Date | null {
  const local = strtotime(input, now, tz);
  return local ? fromLocal(local, tz) : null;
}
