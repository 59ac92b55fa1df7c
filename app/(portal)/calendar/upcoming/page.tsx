import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { PageHeader, EmptyState } from "@/components/ui";
import { upcomingEvents } from "@/lib/calendar/public";
import { fmtYmd } from "@/lib/calendar/tz";
import { formatDate } from "@/lib/format";

export const metadata: Metadata = { title: "Eventos" };
export const dynamic = "force-dynamic";

/** The agency's "Eventos" menu entry: the published events inside the portal, each opening its public page. */
export default async function UpcomingEventsPage() {
  const { database, now } = await portalContext(["agency", "operator", "hotel_admin"]);
  const events = await upcomingEvents(database, now);
  return (
    <div>
      <PageHeader title="Eventos" subtitle="Ferias, conciertos y festivales publicados por los hoteles: útiles para ofrecer fechas con demanda." />
      {events.length === 0 ? (
        <EmptyState title="No hay eventos publicados próximamente" />
      ) : (
        <ul className="space-y-3" data-testid="portal-events">
          {events.map((e) => {
            const venue = e.venues[0]?.venue;
            const start = fmtYmd(e.startDate);
            const end = fmtYmd(e.endDate);
            return (
              <li key={e.id} className="card flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{e.title}</p>
                  <p className="text-sm text-slate-600">
                    {start === end ? formatDate(start) : `${formatDate(start)} → ${formatDate(end)}`}
                    {venue && ` · ${[venue.venue, venue.city].filter(Boolean).join(", ")}`}
                  </p>
                </div>
                <a href={`/events/${e.slug}`} target="_blank" rel="noreferrer" className="btn-secondary">
                  Ver página pública
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
