"use client";
// The month view: one grid per week. An event over several days is one bar across the days it covers in that
// week (a second bar on the next week's row, marked as continuing); one-day events are chips in their day.
// The first and last weeks are filled with the neighbouring months' days (dimmed, still links to a new event on
// that day, with their events: CalendarView fetches the whole grid), like any calendar.
import { formatClock } from "@/lib/format";
import Link from "next/link";
import { useDict, useI18n } from "@/lib/i18n/client";
import { intlLocale } from "@/lib/i18n";
import type { WpEvent } from "@/app/_client/calendar";
import { dayOf, monthWeeks, weekBars, type GridDay } from "@/lib/calendar/month";
import { messages } from "./messages";

const chipTone = (e: WpEvent) =>
  e.status === "publish" ? "bg-sky-100 text-sky-900 hover:bg-sky-200" : "border border-dashed border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100";

export function MonthGrid({ year, month, today, events }: { year: number; month: number; today: { y: number; m: number; d: number }; events: WpEvent[] }) {
  const t = useDict(messages);
  const weeks = monthWeeks(year, month);
  return (
    <div className="card overflow-x-auto">
      <div className="grid min-w-[44rem] grid-cols-7 border-b border-slate-200 bg-slate-50 text-xs font-medium uppercase text-slate-500">
        {t("weekdays").split(",").map((w) => (
          <div key={w} className="px-2 py-2">{w}</div>
        ))}
      </div>
      {weeks.map((week) => (
        <WeekRow key={week[0].day} week={week} events={events} today={`${today.y}-${String(today.m + 1).padStart(2, "0")}-${String(today.d).padStart(2, "0")}`} />
      ))}
    </div>
  );
}

/** One week's row: the day squares and numbers, the bars of multi-day events, then each day's one-day events. */
function WeekRow({ week, events, today }: { week: GridDay[]; events: WpEvent[]; today: string }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const days = week.map((g) => g.day);
  const { bars, lanes } = weekBars(events, days);
  const time = (e: WpEvent) => (e.all_day ? t("allDay") : formatClock(e.start_date.slice(11, 16)));
  const status = (e: WpEvent) =>
    e.status !== "publish" && <span className="ml-1 font-semibold">· {t(e.status === "pending" ? "pending" : e.status === "private" ? "private" : "draft")}</span>;
  // A day of the neighbouring month is named with its month ("Nuevo evento el 30 de octubre").
  const longDay = new Intl.DateTimeFormat(intlLocale(locale), { day: "numeric", month: "long", timeZone: "UTC" });
  const dayLabel = (g: GridDay) => (g.inMonth ? t("newOn", { day: String(g.d) }) : t("newOnOther", { date: longDay.format(new Date(`${g.day}T00:00:00Z`)) }));

  return (
    <div className="grid min-w-[44rem] grid-cols-7" style={{ gridTemplateRows: `auto repeat(${lanes}, 1.5rem) 1fr` }} data-testid="month-week">
      {week.map((g, col) => (
        <div key={`bg${col}`} style={{ gridColumn: col + 1, gridRow: "1 / -1" }} className={`min-h-28 border-b border-r border-slate-100 ${g.inMonth ? "" : "bg-slate-50"}`} />
      ))}
      {week.map((g, col) => (
        <div key={`n${col}`} style={{ gridColumn: col + 1, gridRow: 1 }} className="px-1.5 pt-1.5">
          <Link
            href={`/calendar/new?dia=${g.day}`}
            aria-label={dayLabel(g)}
            title={dayLabel(g)}
            data-testid={g.inMonth ? "month-day" : "month-day-adjacent"}
            className={`mb-1 text-xs hover:underline ${g.day === today ? "inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-700 font-semibold text-white" : g.inMonth ? "inline-block font-semibold text-slate-600" : "inline-block font-normal text-slate-500"}`}
          >
            {g.d}
          </Link>
        </div>
      ))}
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
      {week.map((g, col) => {
        const single = events.filter((e) => dayOf(e.start_date) === g.day && dayOf(e.end_date) === g.day);
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
}
