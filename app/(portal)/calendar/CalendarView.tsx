"use client";
import { useMemo, useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useDict, useI18n } from "@/lib/i18n/client";
import { intlLocale } from "@/lib/i18n";
import { bogotaDate } from "@/lib/time";
import { Badge, EmptyState, PageHeader } from "@/components/ui";
import { wpFetchAll, venuesOf, type WpEvent } from "@/lib/calendar/client";
import { messages } from "./messages";

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`;
// Sentence case ("Noviembre de 2026"), which CSS capitalize cannot do.
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function bogotaToday(): { y: number; m: number; d: number } {
  const [y, m, d] = bogotaDate(new Date()).split("-").map(Number);
  return { y, m: m - 1, d };
}

export function StatusBadges({ e }: { e: Pick<WpEvent, "status" | "featured" | "hide_from_listings"> }) {
  const t = useDict(messages);
  return (
    <>
      {e.status === "draft" && <Badge tone="yellow">{t("draft")}</Badge>}
      {e.status === "pending" && <Badge tone="yellow">{t("pending")}</Badge>}
      {e.status === "private" && <Badge tone="gray">{t("private")}</Badge>}
      {e.featured && <Badge tone="blue">{t("featured")}</Badge>}
      {e.hide_from_listings && <Badge tone="gray">{t("hidden")}</Badge>}
    </>
  );
}

export function CalendarView() {
  const t = useDict(messages);
  const { locale } = useI18n();
  const today = bogotaToday();
  const [cursor, setCursor] = useState({ y: today.y, m: today.m });
  const [view, setView] = useState<"month" | "list">("month");
  const lastDay = new Date(Date.UTC(cursor.y, cursor.m + 1, 0)).getUTCDate();
  const from = ymd(cursor.y, cursor.m, 1);
  const to = ymd(cursor.y, cursor.m, lastDay);
  const prevDay = new Date(Date.UTC(cursor.y, cursor.m, 0));
  // Events overlapping the month: ending after the day before it starts, starting before its last day ends.
  const q = useQuery({
    queryKey: ["calendar-events", from],
    queryFn: () => wpFetchAll<WpEvent>(`/events?ends_after=${ymd(prevDay.getUTCFullYear(), prevDay.getUTCMonth(), prevDay.getUTCDate())}&starts_before=${to}`, "events"),
  });
  const events = useMemo(() => q.data ?? [], [q.data]);
  const monthLabel = cap(new Intl.DateTimeFormat(intlLocale(locale), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(cursor.y, cursor.m, 1))));
  const move = (delta: number) => setCursor((c) => ({ y: c.y + Math.floor((c.m + delta) / 12), m: (((c.m + delta) % 12) + 12) % 12 }));

  const firstWeekday = (new Date(Date.UTC(cursor.y, cursor.m, 1)).getUTCDay() + 6) % 7;
  const cells: Array<number | null> = [...Array(firstWeekday).fill(null), ...Array.from({ length: lastDay }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const onDay = (d: number) => {
    const day = ymd(cursor.y, cursor.m, d);
    return events.filter((e) => e.start_date.slice(0, 10) <= day && e.end_date.slice(0, 10) >= day);
  };
  const time = (e: WpEvent) => (e.all_day ? t("allDay") : e.start_date.slice(11, 16));
  const fmtDay = (s: string) => cap(new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${s.slice(0, 10)}T00:00:00Z`)));

  return (
    <div>
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          <>
            <Link href="/calendar/venues" className="btn-secondary">{t("venues")}</Link>
            <Link href="/calendar/organizers" className="btn-secondary">{t("organizers")}</Link>
            <Link href="/events" className="btn-secondary" target="_blank">{t("publicPage")}</Link>
            <Link href="/calendar/new" className="btn-primary">{t("newEvent")}</Link>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <button type="button" className="btn-secondary" onClick={() => move(-1)} aria-label={t("prev")}>‹</button>
          <h2 className="min-w-44 text-center text-lg font-semibold text-slate-800" data-testid="month-label">{monthLabel}</h2>
          <button type="button" className="btn-secondary" onClick={() => move(1)} aria-label={t("next")}>›</button>
          <button type="button" className="btn-secondary" onClick={() => setCursor({ y: today.y, m: today.m })}>{t("today")}</button>
        </div>
        <div className="inline-flex rounded-md shadow-sm" role="group">
          {(["month", "list"] as const).map((v) => (
            <button key={v} type="button" onClick={() => setView(v)} aria-pressed={view === v} className={`px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 first:rounded-l-md last:rounded-r-md ${view === v ? "bg-slate-900 text-white" : "bg-white text-slate-700 hover:bg-slate-50"}`}>
              {t(v)}
            </button>
          ))}
        </div>
      </div>
      {q.isError && <p className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">{t("error", { msg: (q.error as Error).message })}</p>}
      {q.isLoading && <p className="text-sm text-slate-500">{t("loading")}</p>}
      {!q.isLoading && view === "month" && (
        <div className="card overflow-x-auto">
          <div className="grid min-w-[44rem] grid-cols-7 border-b border-slate-200 bg-slate-50 text-xs font-medium uppercase text-slate-500">
            {t("weekdays").split(",").map((w) => (
              <div key={w} className="px-2 py-2">{w}</div>
            ))}
          </div>
          <div className="grid min-w-[44rem] grid-cols-7">
            {cells.map((d, i) => {
              const isToday = d !== null && cursor.y === today.y && cursor.m === today.m && d === today.d;
              return (
                <div key={i} className={`min-h-28 border-b border-r border-slate-100 p-1.5 ${d === null ? "bg-slate-50/60" : ""}`}>
                  {d !== null && (
                    <>
                      <Link
                        href={`/calendar/new?dia=${ymd(cursor.y, cursor.m, d)}`}
                        aria-label={t("newOn", { day: String(d) })}
                        title={t("newOn", { day: String(d) })}
                        data-testid="month-day"
                        className={`mb-1 text-xs font-semibold hover:underline ${isToday ? "inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-700 text-white" : "inline-block text-slate-600"}`}
                      >
                        {d}
                      </Link>
                      <ul className="space-y-1">
                        {onDay(d).map((e) =>
                          // A multi-day event is a chip on its first day (or the month's first day) and a thin
                          // continuation bar after it, not the same chip repeated.
                          e.start_date.slice(0, 10) < ymd(cursor.y, cursor.m, d) && d !== 1 ? (
                            <li key={e.id}>
                              <Link href={`/calendar/${e.id}`} title={e.title} aria-label={t("continues", { title: e.title })} data-testid="month-event-continued" className="block h-2 rounded-sm bg-sky-200 hover:bg-sky-300" />
                            </li>
                          ) : (
                          <li key={e.id}>
                            <Link
                              href={`/calendar/${e.id}`}
                              data-testid="month-event"
                              title={e.title}
                              className={`block truncate rounded px-1.5 py-0.5 text-xs ${e.status === "publish" ? "bg-sky-100 text-sky-900 hover:bg-sky-200" : "border border-dashed border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100"}`}
                            >
                              <span className="font-medium">{time(e)}</span> {e.title}
                              {e.status !== "publish" && <span className="ml-1 font-semibold">· {t(e.status === "pending" ? "pending" : e.status === "private" ? "private" : "draft")}</span>}
                            </Link>
                          </li>
                          ),
                        )}
                      </ul>
                    </>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
      {!q.isLoading && view === "list" && (
        events.length === 0 ? (
          <EmptyState title={t("noEvents")}>{t("noEventsHint")}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {events.map((e) => (
              <li key={e.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="list-event">
                <div className="w-40 shrink-0 text-sm text-slate-600">
                  <div className="font-semibold text-slate-900">{fmtDay(e.start_date)}</div>
                  <div>{e.all_day ? t("allDay") : `${e.start_date.slice(11, 16)} – ${e.end_date.slice(11, 16)}`}</div>
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{e.title}</span>
                    <StatusBadges e={e} />
                  </div>
                  <div className="mt-1 truncate text-sm text-slate-500">
                    {venuesOf(e).map((v) => [v.venue, v.city].filter(Boolean).join(", ")).join(" · ")}
                    {e.cost && ` · ${e.cost}`}
                  </div>
                </div>
                <Link href={`/calendar/${e.id}`} className="btn-secondary self-start sm:self-center">{t("edit")}</Link>
              </li>
            ))}
          </ul>
        )
      )}
    </div>
  );
}
