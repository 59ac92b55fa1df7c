// The month view's layout (app/(portal)/calendar/MonthGrid.tsx): which multi-day events cross a week, as bars
// stacked in lanes. Pure, so it is unit-tested apart from the page.
import { ymd } from "@/lib/time";
import type { WpEvent } from "./wire-types";

/** The calendar date (AAAA-MM-DD) of a WordPress date-time `Y-m-d H:i:s`. */
export const dayOf = (s: string) => s.slice(0, 10);
/** AAAA-MM-DD of day `d` of month `m` (0-11) of year `y`. */
export const monthDay = (y: number, m: number, d: number) => ymd(new Date(Date.UTC(y, m, d)));

type Spanning = Pick<WpEvent, "id" | "start_date" | "end_date">;

export interface Bar<E extends Spanning = WpEvent> {
  event: E;
  /** Columns 0-6 (Monday first) the bar covers in this week. */
  from: number;
  to: number;
  lane: number;
  /** It started in an earlier week (or month). */
  continued: boolean;
  /** It goes on after this week (or month). */
  goesOn: boolean;
}

/** Bars of the multi-day events crossing one week, stacked in lanes: earliest first, longer first, never overlapping. */
export function weekBars<E extends Spanning>(events: E[], days: Array<string | null>): { bars: Array<Bar<E>>; lanes: number } {
  const cols = days.flatMap((d, i) => (d ? [i] : []));
  if (cols.length === 0) return { bars: [], lanes: 0 };
  const first = days[cols[0]]!;
  const last = days[cols[cols.length - 1]]!;
  const colOf = (day: string) => days.indexOf(day);
  const spans = events
    .filter((e) => dayOf(e.start_date) < dayOf(e.end_date) && dayOf(e.start_date) <= last && dayOf(e.end_date) >= first)
    .map((e) => {
      const from = dayOf(e.start_date) < first ? cols[0] : colOf(dayOf(e.start_date));
      const to = dayOf(e.end_date) > last ? cols[cols.length - 1] : colOf(dayOf(e.end_date));
      return { event: e, from, to, continued: dayOf(e.start_date) < first, goesOn: dayOf(e.end_date) > last };
    })
    .sort((a, b) => a.from - b.from || b.to - b.from - (a.to - a.from) || a.event.id - b.event.id);
  const laneEnds: number[] = [];
  const bars = spans.map((s) => {
    let lane = laneEnds.findIndex((end) => end < s.from);
    if (lane === -1) lane = laneEnds.push(s.to) - 1;
    else laneEnds[lane] = s.to;
    return { ...s, lane };
  });
  return { bars, lanes: laneEnds.length };
}

