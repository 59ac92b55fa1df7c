// Wire representations of docs/calendar.md "Representations", key for key and in emission order.
import type { CalendarEvent, CalendarVenue, CalendarOrganizer, CalendarTerm, CalendarImage, Prisma } from "@/lib/db/generated/client";
import { dateDetails, fmtYmdHis, fromLocal, SITE_TZ } from "./tz";
import { costDetails } from "./cost";

export const eventInclude = {
  image: true,
  venues: { include: { venue: { include: { image: true } } }, orderBy: { position: "asc" } },
  organizers: { include: { organizer: { include: { image: true } } }, orderBy: { position: "asc" } },
  terms: { include: { term: true } },
} satisfies Prisma.CalendarEventInclude;

export type FullEvent = Prisma.CalendarEventGetPayload<{ include: typeof eventInclude }>;
export type FullVenue = CalendarVenue & { image: CalendarImage | null };
export type FullOrganizer = CalendarOrganizer & { image: CalendarImage | null };

export interface ReprCtx {
  root: string;
  site: string;
  /** Published-event counts per term id (for embedded and standalone terms). */
  termCounts?: Map<number, number>;
}

export function globalId(site: string, id: number): string {
  const u = new URL(site);
  return `${u.host}${u.pathname.replace(/\/+$/, "")}?id=${id}`;
}

/** A minimal wpautop: plain text becomes <p> paragraphs, as the_content() renders it. */
export function autop(text: string): string {
  const t = text.trim();
  if (t === "") return "";
  if (/<(p|div|ul|ol|h[1-6]|blockquote|table|figure)[\s>]/i.test(t)) return t;
  return t
    .split(/\n\s*\n/)
    .map((para) => `<p>${para.trim().replace(/\n/g, "<br />\n")}</p>`)
    .join("\n");
}

export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
}

export function imageData(img: CalendarImage | null): false | Record<string, unknown> {
  if (!img) return false;
  const ext = (/\.([a-z0-9]+)(?:$|\?)/i.exec(img.filename)?.[1] ?? "").toLowerCase();
  const out: Record<string, unknown> = { url: img.url, id: img.id, extension: ext, width: img.width, height: img.height, filesize: img.filesize };
  if (img.width && img.height) out.sizes = { full: { width: img.width, height: img.height, "mime-type": img.mimeType, url: img.url } };
  return dropFalsy(out);
}

function dropFalsy(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === null || v === undefined || v === false || v === "" || v === 0 || v === "0") continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out;
}

function postDates(p: { date: Date; dateUtc: Date; modified: Date; modifiedUtc: Date }) {
  return { date: fmtYmdHis(p.date), date_utc: fmtYmdHis(p.dateUtc), modified: fmtYmdHis(p.modified), modified_utc: fmtYmdHis(p.modifiedUtc) };
}

export function termUrls(c: ReprCtx, t: CalendarTerm) {
  const base = t.taxonomy === "post_tag" ? "tags" : "categories";
  const urls: Record<string, string> = { self: `${c.root}${base}/${t.id}`, collection: `${c.root}${base}` };
  if (t.parent) urls.up = `${c.root}${base}/${t.parent}`;
  return urls;
}

export function termLink(c: ReprCtx, t: CalendarTerm): string {
  return t.taxonomy === "post_tag" ? `${c.site}/events?tags=${encodeURIComponent(t.slug)}` : `${c.site}/events?categories=${encodeURIComponent(t.slug)}`;
}

/** A term embedded in an event (a cast WP_Term). */
export function embeddedTerm(c: ReprCtx, t: CalendarTerm) {
  return {
    name: t.name,
    slug: t.slug,
    term_group: 0,
    term_taxonomy_id: t.id,
    taxonomy: t.taxonomy,
    description: t.description,
    parent: t.parent,
    count: c.termCounts?.get(t.id) ?? 0,
    filter: "raw",
    id: t.id,
    urls: termUrls(c, t),
  };
}

/** A standalone term (/categories, /tags). */
export function termData(c: ReprCtx, t: CalendarTerm) {
  const out: Record<string, unknown> = {
    id: t.id,
    count: c.termCounts?.get(t.id) ?? 0,
    description: t.description,
    name: t.name,
    slug: t.slug,
    taxonomy: t.taxonomy,
  };
  if (t.taxonomy !== "post_tag") out.parent = t.parent;
  out.meta = [];
  out.url = termLink(c, t);
  out.urls = termUrls(c, t);
  return out;
}

export function stateProvince(v: Pick<CalendarVenue, "country" | "state" | "province" | "stateprovince">): string {
  if (v.stateprovince) return v.stateprovince;
  const country = (v.country ?? "").trim();
  if ((country === "" || country === "US" || country === "United States") && v.state) return v.state;
  return v.province ?? "";
}

export function venueData(c: ReprCtx, v: FullVenue, opts: { single?: boolean } = {}) {
  const filtered = dropFalsy({
    id: v.id,
    author: String(v.authorId),
    status: v.status,
    ...postDates(v),
    url: `${c.site}/events?venue=${v.id}`,
    venue: v.venue,
    description: autop(v.description),
    excerpt: autop(v.excerpt),
    slug: v.slug,
    image: imageData(v.image),
    address: v.address,
    city: v.city,
    country: v.country,
    province: v.province,
    state: v.state,
    zip: v.zip,
    phone: v.phone,
    website: v.website,
    stateprovince: stateProvince(v),
    ...(v.geoLat !== null && v.geoLng !== null ? { geo_lat: Number(v.geoLat), geo_lng: Number(v.geoLng) } : {}),
    ...(opts.single ? { json_ld: venueJsonLd(c, v) } : {}),
  });
  return {
    ...filtered,
    show_map: v.showMap ?? true,
    show_map_link: v.showMapLink ?? true,
    global_id: globalId(c.site, v.id),
    global_id_lineage: [globalId(c.site, v.id)],
  };
}

export function organizerData(c: ReprCtx, o: FullOrganizer, opts: { single?: boolean } = {}) {
  const filtered = dropFalsy({
    id: o.id,
    author: String(o.authorId),
    status: o.status,
    ...postDates(o),
    url: `${c.site}/events?organizer=${o.id}`,
    organizer: o.organizer,
    description: autop(o.description),
    excerpt: autop(o.excerpt),
    slug: o.slug,
    image: imageData(o.image),
    phone: o.phone,
    website: o.website,
    email: o.email,
    ...(opts.single ? { json_ld: organizerJsonLd(c, o) } : {}),
  });
  return { ...filtered, global_id: globalId(c.site, o.id), global_id_lineage: [globalId(c.site, o.id)] };
}

function isoWithOffset(local: Date, tz: string): string {
  const instant = fromLocal(local, tz);
  const off = Math.round((local.getTime() - instant.getTime()) / 60_000);
  const sign = off < 0 ? "-" : "+";
  const abs = Math.abs(off);
  return `${fmtYmdHis(local).replace(" ", "T")}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

function venueJsonLd(c: ReprCtx, v: FullVenue) {
  return dropFalsy({
    "@context": "http://schema.org",
    "@type": "Place",
    name: v.venue,
    description: stripTags(v.description),
    image: v.image?.url,
    url: `${c.site}/events?venue=${v.id}`,
    address: dropFalsy({ "@type": "PostalAddress", streetAddress: v.address, addressLocality: v.city, addressRegion: stateProvince(v), postalCode: v.zip, addressCountry: v.country }),
    telephone: v.phone,
    sameAs: v.website,
  });
}

function organizerJsonLd(c: ReprCtx, o: FullOrganizer) {
  return dropFalsy({
    "@context": "http://schema.org",
    "@type": "Person",
    name: o.organizer,
    description: stripTags(o.description),
    image: o.image?.url,
    url: o.website || `${c.site}/events?organizer=${o.id}`,
    telephone: o.phone,
    email: o.email,
  });
}

export function eventUrl(c: ReprCtx, e: Pick<CalendarEvent, "slug">): string {
  return `${c.site}/events/${encodeURIComponent(e.slug)}`;
}

export function eventData(c: ReprCtx, e: FullEvent, opts: { single?: boolean; masked?: boolean } = {}) {
  const tz = e.timezone || SITE_TZ;
  const venues = e.venues.map((ev) => venueData(c, ev.venue));
  const organizers = e.organizers.map((eo) => organizerData(c, eo.organizer));
  const terms = [...e.terms.map((t) => t.term)].sort((a, b) => a.name.localeCompare(b.name));
  const cd = costDetails(e.cost, e.costValues);
  const masked = opts.masked === true;
  const out: Record<string, unknown> = {
    id: e.id,
    global_id: globalId(c.site, e.id),
    global_id_lineage: [globalId(c.site, e.id)],
    author: String(e.authorId),
    status: e.status,
    ...postDates(e),
    url: eventUrl(c, e),
    rest_url: `${c.root}events/${e.id}`,
    title: e.title.trim(),
    description: masked ? "" : autop(e.description),
    excerpt: masked ? "" : autop(e.excerpt),
    slug: e.slug,
    image: masked ? false : imageData(e.image),
    all_day: masked ? null : e.allDay,
    start_date: fmtYmdHis(e.startDate),
    start_date_details: dateDetails(e.startDate),
    end_date: fmtYmdHis(e.endDate),
    end_date_details: dateDetails(e.endDate),
    utc_start_date: fmtYmdHis(e.utcStartDate),
    utc_start_date_details: dateDetails(e.utcStartDate),
    utc_end_date: fmtYmdHis(e.utcEndDate),
    utc_end_date_details: dateDetails(e.utcEndDate),
    timezone: e.timezone,
    timezone_abbr: e.timezoneAbbr,
    cost: masked ? "" : (e.cost ?? ""),
    cost_details: masked ? { currency_symbol: "", currency_position: "", currency_code: "", values: [] } : cd,
    website: masked ? "" : e.website || eventUrl(c, e),
    show_map: masked ? null : (e.showMap ?? true),
    show_map_link: masked ? null : (e.showMapLink ?? true),
    hide_from_listings: masked ? null : e.hideFromListings,
    sticky: masked ? null : e.sticky,
    featured: masked ? null : e.featured,
    categories: masked ? [] : terms.filter((t) => t.taxonomy === "tribe_events_cat").map((t) => embeddedTerm(c, t)),
    tags: masked ? [] : terms.filter((t) => t.taxonomy === "post_tag").map((t) => embeddedTerm(c, t)),
    venue: masked || venues.length === 0 ? [] : venues.length === 1 ? venues[0] : venues,
    organizer: masked ? [] : organizers,
    custom_fields: [],
  };
  if (opts.single) {
    out.json_ld = dropFalsy({
      "@context": "http://schema.org",
      "@type": "Event",
      name: e.title,
      description: stripTags(e.excerpt || e.description),
      image: e.image?.url,
      url: eventUrl(c, e),
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      startDate: isoWithOffset(e.startDate, tz),
      endDate: isoWithOffset(e.endDate, tz),
      location: e.venues[0] ? venueJsonLd(c, e.venues[0].venue) : undefined,
      organizer: e.organizers[0] ? organizerJsonLd(c, e.organizers[0].organizer) : undefined,
      offers: cd.values.length
        ? { "@type": "Offer", price: cd.values[0], priceCurrency: cd.currency_code || "COP", url: eventUrl(c, e), category: "primary", availability: "inStock", validFrom: isoWithOffset(e.date, SITE_TZ) }
        : undefined,
      performer: "Organization",
    });
  }
  return out;
}
