// Reads for the public events pages (no login): published, listed events only.
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import { eventInclude, type FullEvent } from "./repr";
import { SITE_TZ, startOfDay, toLocal } from "./tz";
import { isPositiveInt } from "./wp";

export interface PublicFilters {
  categories?: string;
  tags?: string;
  venue?: string;
  organizer?: string;
  city?: string;
}

export async function upcomingEvents(db: Database, now: Date, f: PublicFilters = {}): Promise<FullEvent[]> {
  const today = startOfDay(toLocal(now, SITE_TZ));
  const where: Prisma.CalendarEventWhereInput[] = [{ status: "publish" }, { hideFromListings: false }, { password: null }, { endDate: { gte: today } }];
  if (f.categories) where.push({ terms: { some: { term: { taxonomy: "tribe_events_cat", slug: f.categories } } } });
  if (f.tags) where.push({ terms: { some: { term: { taxonomy: "post_tag", slug: f.tags } } } });
  // An id that cannot be a database id (99999999999) matches nothing, without reaching the database as one.
  const none = { id: { in: [] } };
  if (f.venue && /^\d+$/.test(f.venue)) where.push(isPositiveInt(f.venue) ? { venues: { some: { venueId: Number(f.venue) } } } : none);
  if (f.organizer && /^\d+$/.test(f.organizer)) where.push(isPositiveInt(f.organizer) ? { organizers: { some: { organizerId: Number(f.organizer) } } } : none);
  if (f.city) where.push({ venues: { some: { venue: { city: { equals: f.city, mode: "insensitive" } } } } });
  return db.prisma.calendarEvent.findMany({ where: { AND: where }, include: eventInclude, orderBy: [{ startDate: "asc" }, { id: "asc" }], take: 300 });
}

export async function publicEvent(db: Database, slug: string): Promise<FullEvent | null> {
  const e = await db.prisma.calendarEvent.findUnique({ where: { slug }, include: eventInclude });
  return e && e.status === "publish" && !e.password ? e : null;
}

export async function publicCities(db: Database): Promise<string[]> {
  const rows = await db.prisma.calendarVenue.findMany({ where: { status: "publish", city: { not: null }, events: { some: { event: { status: "publish" } } } }, select: { city: true }, distinct: ["city"], orderBy: { city: "asc" } });
  return rows.map((r) => r.city!).filter(Boolean);
}

/** The event categories that have a published event, for the public page's filter. */
export async function publicCategories(db: Database) {
  return db.prisma.calendarTerm.findMany({ where: { taxonomy: "tribe_events_cat", events: { some: { event: { status: "publish" } } } }, orderBy: { name: "asc" } });
}

/** Event descriptions are editor HTML: keep a few formatting tags without attributes, and http(s) links only. */
export function safeHtml(html: string): string {
  return html
    .replace(/<(script|style|iframe|object)[\s\S]*?<\/\1>/gi, "")
    .replace(/<(\/?)([a-z0-9]+)([^>]*)>/gi, (_, slash: string, tag: string, attrs: string) => {
      const t = tag.toLowerCase();
      if (!["p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "a", "h3", "h4"].includes(t)) return "";
      if (t === "a" && !slash) {
        const href = /href\s*=\s*"(https?:\/\/[^"]*)"/i.exec(attrs)?.[1];
        return href ? `<a href="${href.replace(/"/g, "&quot;")}" rel="noopener noreferrer" target="_blank">` : "<a>";
      }
      return `<${slash}${t}>`;
    });
}
