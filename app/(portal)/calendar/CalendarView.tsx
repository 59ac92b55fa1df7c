"use client";
import { formatClock } from "@/lib/format";
import { useMemo, useState, useSyncExternalStore } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useDict, useI18n } from "@/lib/i18n/client";
import { intlLocale } from "@/lib/i18n";
import { bogotaDate, ymd } from "@/lib/time";
import { dayOf, monthDay } from "@/lib/calendar/month";
import { Badge, EmptyState, PageHeader } from "@/components/ui";
import { wpFetchAll, venuesOf, type WpEvent } from "@/app/_client/calendar";
import { messages } from "./messages";
import { MonthGrid } from "./MonthGrid";

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

const PHONE = "(max-width: 639px)";
const isPhone = () => window.matchMedia(PHONE).matches;
function subscribePhone(onChange: () => void) {
  const mq = window.matchMedia(PHONE);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

export function CalendarView() {
  const t = useDict(messages);
  const { locale } = useI18n();
  const today = bogotaToday();
  const [cursor, setCursor] = useState({ y: today.y, m: today.m });
  // On a phone the month grid is wider than the screen: the list is the better start (the toggle still switches).
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const [chosen, setView] = useState<"month" | "list" | null>(null);
  const view = chosen ?? (phone ? "list" : "month");
  const lastDay = new Date(Date.UTC(cursor.y, cursor.m + 1, 0)).getUTCDate();
  const from = monthDay(cursor.y, cursor.m, 1);
  const to = monthDay(cursor.y, cursor.m, lastDay);
  const prevDay = new Date(Date.UTC(cursor.y, cursor.m, 0));
  // Events overlapping the month: ending after the day before it starts, starting before its last day ends.
  const q = useQuery({
    queryKey: ["calendar-events", from],
    queryFn: () => wpFetchAll<WpEvent>(`/events?ends_after=${ymd(prevDay)}&starts_before=${to}`, "events"),
  });
  const events = useMemo(() => q.data ?? [], [q.data]);
  const monthLabel = cap(new Intl.DateTimeFormat(intlLocale(locale), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(cursor.y, cursor.m, 1))));
  const move = (delta: number) => setCursor((c) => ({ y: c.y + Math.floor((c.m + delta) / 12), m: (((c.m + delta) % 12) + 12) % 12 }));

  const fmtDay = (s: string) => cap(new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${dayOf(s)}T00:00:00Z`)));

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
        <MonthGrid year={cursor.y} month={cursor.m} today={today} events={events} />
      )}
      {!q.isLoading && view === "list" && (
        events.length === 0 ? (
          <EmptyState title={t("noEvents")}>{t("noEventsHint")}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {events.map((e) => (
              <li key={e.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="list-event">
                <div className="w-40 shrink-0 text-sm text-slate-600">
                  <div className="font-semibold text-slate-900" data-testid="list-event-days">
                    {fmtDay(e.start_date)}
                    {/* An event over several days says until when. */}
                    {dayOf(e.end_date) > dayOf(e.start_date) && ` – ${fmtDay(e.end_date)}`}
                  </div>
                  <div>{e.all_day ? t("allDay") : `${formatClock(e.start_date.slice(11, 16))} – ${formatClock(e.end_date.slice(11, 16))}`}</div>
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
