import { formatClock } from "@/lib/format";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pathParam, serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { intlLocale } from "@/lib/i18n";
import { publicEvent, safeHtml } from "@/lib/calendar/public";
import { autop, eventData, stateProvince } from "@/lib/calendar/repr";
import { config } from "@/lib/config";
import { fmtYmd } from "@/lib/calendar/tz";
import { messages } from "../messages";

export const dynamic = "force-dynamic";

async function load(slug: string) {
  const { database } = await serviceContext();
  return publicEvent(database, pathParam(slug));
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const e = await load((await params).slug);
  return { title: e?.title ?? "Evento", description: e?.excerpt || undefined };
}

export default async function EventPage({ params }: { params: Promise<{ slug: string }> }) {
  const e = await load((await params).slug);
  if (!e) notFound();
  const { t, locale } = await getDict(messages);
  const loc = intlLocale(locale);
  const dateFmt = new Intl.DateTimeFormat(loc, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const hm = (d: Date) => formatClock(d.toISOString().slice(11, 16), locale);
  const sameDay = fmtYmd(e.startDate) === fmtYmd(e.endDate);
  const when = e.allDay
    ? sameDay ? `${dateFmt.format(e.startDate)} · ${t("allDay")}` : `${dateFmt.format(e.startDate)} – ${dateFmt.format(e.endDate)}`
    : sameDay ? `${dateFmt.format(e.startDate)} · ${hm(e.startDate)} – ${hm(e.endDate)}` : `${dateFmt.format(e.startDate)} ${hm(e.startDate)} – ${dateFmt.format(e.endDate)} ${hm(e.endDate)}`;
  const cfg = config();
  const data = eventData({ root: `${cfg.publicBaseUrl}/wp-json/calendar/events/v1/`, site: cfg.publicBaseUrl }, e, { single: true });
  const cats = e.terms.filter((x) => x.term.taxonomy === "tribe_events_cat").map((x) => x.term);
  return (
    <article>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data.json_ld).replace(/</g, "\\u003c") }} />
      <Link href="/events" className="text-sm text-brand-700 hover:underline">← {t("back")}</Link>
      {e.image && (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={e.image.url} alt="" className="mt-4 max-h-80 w-full rounded-xl object-cover" />
      )}
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 sm:text-3xl" data-testid="event-title">{e.title}</h1>
      {e.excerpt && <p className="mt-2 text-lg text-slate-600">{e.excerpt}</p>}
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        <div className="prose max-w-none text-slate-700 md:col-span-2 [&_p]:mb-3" dangerouslySetInnerHTML={{ __html: safeHtml(autop(e.description)) }} />
        <aside className="card space-y-4 p-5 text-sm">
          <div>
            <p className="font-semibold text-slate-900">{t("when")}</p>
            <p className="text-slate-600">{when.charAt(0).toUpperCase() + when.slice(1)}</p>
          </div>
          {e.venues.map(({ venue: v }) => (
            <div key={v.id}>
              <p className="font-semibold text-slate-900">{t("where")}</p>
              <p className="text-slate-600">{v.venue}</p>
              <p className="text-slate-500">{[v.address, v.city, stateProvince(v)].filter(Boolean).join(", ")}</p>
            </div>
          ))}
          {e.cost && (
            <div>
              <p className="font-semibold text-slate-900">{t("cost")}</p>
              <p className="text-slate-600">{e.cost}</p>
            </div>
          )}
          {e.organizers.length > 0 && (
            <div>
              <p className="font-semibold text-slate-900">{t("organizers")}</p>
              <ul className="text-slate-600">
                {e.organizers.map(({ organizer: o }) => (
                  <li key={o.id}>{o.website ? <a href={o.website} className="text-brand-700 hover:underline" rel="noopener noreferrer" target="_blank">{o.organizer}</a> : o.organizer}</li>
                ))}
              </ul>
            </div>
          )}
          {cats.length > 0 && (
            <div className="flex flex-wrap gap-1">
              {cats.map((c) => (
                <Link key={c.id} href={`/events?categories=${c.slug}`} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-200">{c.name}</Link>
              ))}
            </div>
          )}
          {e.website && (
            <a href={e.website} target="_blank" rel="noopener noreferrer" className="btn-primary inline-flex">{t("website")}</a>
          )}
        </aside>
      </div>
    </article>
  );
}
