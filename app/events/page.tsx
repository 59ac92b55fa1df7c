import { formatClock } from "@/lib/format";
import type { Metadata } from "next";
import Link from "next/link";
import { serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { intlLocale } from "@/lib/i18n";
import { publicCategories, publicCities, upcomingEvents } from "@/lib/calendar/public";
import { fmtYmd } from "@/lib/calendar/tz";
import { messages } from "./messages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Eventos" };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Search = { categories?: string; tags?: string; venue?: string; organizer?: string; city?: string };

export default async function EventsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const { t, locale } = await getDict(messages);
  const { database, now } = await serviceContext();
  const [events, cities, categories] = await Promise.all([upcomingEvents(database, now, sp), publicCities(database), publicCategories(database)]);
  const loc = intlLocale(locale);
  const monthFmt = new Intl.DateTimeFormat(loc, { month: "long", year: "numeric", timeZone: "UTC" });
  const dayFmt = new Intl.DateTimeFormat(loc, { day: "numeric", timeZone: "UTC" });
  const wdFmt = new Intl.DateTimeFormat(loc, { weekday: "short", month: "short", timeZone: "UTC" });
  const endFmt = new Intl.DateTimeFormat(loc, { day: "numeric", month: "short", timeZone: "UTC" });
  const groups = new Map<string, typeof events>();
  for (const e of events) {
    const k = fmtYmd(e.startDate).slice(0, 7);
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  const href = (patch: Partial<Search>) => {
    const q = new URLSearchParams(Object.entries({ ...sp, ...patch }).filter(([, v]) => v) as [string, string][]);
    const s = q.toString();
    return s ? `/events?${s}` : "/events";
  };
  const chip = (active: boolean) => `whitespace-nowrap rounded-full px-3 py-1 text-sm ring-1 ring-inset ${active ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-100"}`;

  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t("title")}</h1>
      <p className="mt-1 text-slate-600">{t("subtitle")}</p>
      <nav className="mt-5 flex gap-2 overflow-x-auto pb-1" aria-label={t("categories")}>
        <Link href={href({ categories: undefined })} className={chip(!sp.categories)}>{t("all")}</Link>
        {categories.map((c) => (
          <Link key={c.id} href={href({ categories: c.slug })} className={chip(sp.categories === c.slug)}>{c.name}</Link>
        ))}
      </nav>
      <nav className="mt-2 flex gap-2 overflow-x-auto pb-1" aria-label="Ciudades">
        <Link href={href({ city: undefined })} className={chip(!sp.city)}>{t("allCities")}</Link>
        {cities.map((c) => (
          <Link key={c} href={href({ city: c })} className={chip(sp.city === c)}>{c}</Link>
        ))}
      </nav>
      {events.length === 0 && <p className="card mt-6 p-8 text-center text-slate-600">{t("empty")}</p>}
      {[...groups.entries()].map(([month, list]) => (
        <section key={month} className="mt-8">
          <h2 className="mb-3 text-lg font-semibold text-slate-800">{cap(monthFmt.format(new Date(`${month}-01T00:00:00Z`)))}</h2>
          <ul className="space-y-3">
            {list.map((e) => {
              const venue = e.venues[0]?.venue;
              const multiDay = fmtYmd(e.startDate) !== fmtYmd(e.endDate);
              return (
                <li key={e.id}>
                  <Link href={`/events/${e.slug}`} className="card flex gap-4 p-4 transition hover:shadow-md" data-testid="public-event">
                    <div className="flex w-16 shrink-0 flex-col items-center justify-center rounded-lg bg-brand-50 py-2 text-brand-700">
                      <span className="text-2xl font-bold leading-none">{dayFmt.format(e.startDate)}</span>
                      <span className="mt-1 text-xs capitalize">{wdFmt.format(e.startDate)}</span>
                    </div>
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="font-semibold text-slate-900">{e.title}</h3>
                        {e.featured && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">{t("featured")}</span>}
                      </div>
                      <p className="mt-0.5 text-sm text-slate-600">
                        {e.allDay ? t("allDay") : fmtYmd(e.startDate) === fmtYmd(e.endDate) ? `${formatClock(e.startDate.toISOString().slice(11, 16))} – ${formatClock(e.endDate.toISOString().slice(11, 16))}` : formatClock(e.startDate.toISOString().slice(11, 16))}
                        {multiDay && ` · ${t("until")} ${endFmt.format(e.endDate)}`}
                        {venue && ` · ${[venue.venue, venue.city].filter(Boolean).join(", ")}`}
                      </p>
                      {e.excerpt && <p className="mt-1 line-clamp-2 text-sm text-slate-500">{e.excerpt}</p>}
                      {e.cost && <p className="mt-1 text-sm font-medium text-slate-700">{e.cost}</p>}
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
