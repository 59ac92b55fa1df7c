"use client";
// The month view: one grid per week. An event over several days is one bar across the days it covers in that
// week (a second bar on the next week's row, marked as continuing); one-day events are chips in their day.
import { formatClock } from "@/lib/format";
import Link from "next/link";
import { useDict } from "@/lib/i18n/client";
import type { WpEvent } from "@/app/_client/calendar";
import { dayOf, monthDay, weekBars } from "@/lib/calendar/month";
import { messages } from "./messages";

const chipTone = (e: WpEvent) =>
  e.status === "publish" ? "bg-sky-100 text-sky-900 hover:bg-sky-200" : "border border-dashed border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100";

export function MonthGrid({ year, month, today, events }: { year: number; month: number; today: { y: number; m: number; d: number }; events: WpEvent[] }) {
  const t = useDict(messages);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const firstWeekday = (new Date(Date.UTC(year, month, 1)).getUTCDay() + 6) % 7;
  const cells: Array<number | null> = [...Array(firstWeekday).fill(null), ...Array.from({ length: lastDay }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const time = (e: WpEvent) => (e.all_day ? t("allDay") : formatClock(e.start_date.slice(11, 16)));
  const status = (e: WpEvent) =>
    e.status !== "publish" && <span className="ml-1 font-semibold">· {t(e.status === "pending" ? "pending" : e.status === "private" ? "private" : "draft")}</span>;

  return (
    <div className="card overflow-x-auto">
      <div className="grid min-w-[44rem] grid-cols-7 border-b border-slate-200 bg-slate-50 text-xs font-medium uppercase text-slate-500">
        {t("weekdays").split(",").map((w) => (
          <div key={w} className="px-2 py-2">{w}</div>
        ))}
      </div>
      {weeks.map((week, w) => {
        const days = week.map((d) => (d === null ? null : monthDay(year, month, d)));
        const { bars, lanes } = weekBars(events, days);
        return (
          <div key={w} className="grid min-w-[44rem] grid-cols-7" style={{ gridTemplateRows: `auto repeat(${lanes}, 1.5rem) 1fr` }} data-testid="month-week">
            {week.map((d, col) => (
              <div key={`bg${col}`} style={{ gridColumn: col + 1, gridRow: "1 / -1" }} className={`min-h-28 border-b border-r border-slate-100 ${d === null ? "bg-slate-50/60" : ""}`} />
            ))}
            {week.map((d, col) => {
              if (d === null) return null;
              const isToday = year === today.y && month === today.m && d === today.d;
              return (
                <div key={`n${col}`} style={{ gridColumn: col + 1, gridRow: 1 }} className="px-1.5 pt-1.5">
                  <Link
                    href={`/calendar/new?dia=${days[col]}`}
                    aria-label={t("newOn", { day: String(d) })}
                    title={t("newOn", { day: String(d) })}
                    data-testid="month-day"
                    className={`mb-1 text-xs font-semibold hover:underline ${isToday ? "inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-700 text-white" : "inline-block text-slate-600"}`}
                  >
                    {d}
                  </Link>
                </div>
              );
            })}
            {bars.map((b) => (
              <Link
                key={`bar${b.event.id}`}
                href={`/calendar/${b.event.id}`}
                title={b.event.title}
                aria-label={b.continued ? t("continues", { title: b.event.title }) : undefined}
                data-testid={b.continued ? "month-event-continued" : "month-event"}
                style={{ gridColumn: `${b.from + 1} / ${b.to + 2}`, gridRow: b.lane + 2 }}
                className={`my-0.5 block truncate rounded px-1.5 text-xs leading-5 ${chipTone(b.event)} ${b.continued ? "rounded-l-none" : "ml-1"} ${b.goesOn ? "rounded-r-none" : "mr-1"}`}
              >
                {b.continued ? <span aria-hidden="true">‹ </span> : <span className="font-medium">{time(b.event)}</span>} {b.event.title}
                {status(b.event)}
              </Link>
            ))}
            {week.map((d, col) => {
              if (d === null) return null;
              const single = events.filter((e) => dayOf(e.start_date) === days[col] && dayOf(e.end_date) === days[col]);
              if (single.length === 0) return null;
              return (
                <ul key={`s${col}`} style={{ gridColumn: col + 1, gridRow: lanes + 2 }} className="space-y-1 px-1.5 pb-1.5 pt-0.5">
                  {single.map((e) => (
                    <li key={e.id}>
                      <Link href={`/calendar/${e.id}`} data-testid="month-event" title={e.title} className={`block truncate rounded px-1.5 py-0.5 text-xs ${chipTone(e)}`}>
                        <span className="font-medium">{time(e)}</span> {e.title}
                        {status(e)}
                      </Link>
                    </li>
                  ))}
                </ul>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
