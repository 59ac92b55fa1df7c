// The event form's state (EventForm.tsx): the fields as the person edits them, the defaults of a new event and the
// state of an existing one.
import { venuesOf, type WpEvent } from "@/app/_client/calendar";

export interface FormState {
  title: string;
  excerpt: string;
  description: string;
  start: string; // datetime-local value, Bogotá wall clock
  end: string;
  allDay: boolean;
  status: string;
  venueId: string; // "" none, "new" inline
  newVenue: { venue: string; address: string; city: string };
  organizerIds: number[];
  newOrganizer: string;
  categoryIds: number[];
  newCategories: string;
  tagIds: number[];
  newTags: string;
  featured: boolean;
  sticky: boolean;
  hide: boolean;
  cost: string;
  website: string;
  image: { id: number; url: string } | null;
}

export function defaults(day?: string): FormState {
  const d = day ?? new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() + 7 * 86_400_000));
  return {
    title: "", excerpt: "", description: "", start: `${d}T19:00`, end: `${d}T21:00`, allDay: false, status: "publish", venueId: "", newVenue: { venue: "", address: "", city: "" },
    organizerIds: [], newOrganizer: "", categoryIds: [], newCategories: "", tagIds: [], newTags: "", featured: false, sticky: false, hide: false, cost: "", website: "", image: null,
  };
}

export function fromEvent(e: WpEvent): FormState {
  const v = venuesOf(e)[0];
  return {
    ...defaults(),
    title: e.title,
    excerpt: e.excerpt.replace(/<[^>]+>/g, "").trim(),
    description: e.description.replace(/<br \/>\n?/g, "\n").replace(/<\/p>\s*<p>/g, "\n\n").replace(/<\/?p>/g, "").trim(),
    start: e.start_date.slice(0, 16).replace(" ", "T"),
    end: e.end_date.slice(0, 16).replace(" ", "T"),
    allDay: e.all_day,
    status: e.status,
    venueId: v ? String(v.id) : "",
    organizerIds: e.organizer.map((o) => o.id),
    categoryIds: e.categories.map((c) => c.id),
    tagIds: e.tags.map((c) => c.id),
    featured: e.featured,
    sticky: e.sticky,
    hide: e.hide_from_listings,
    cost: e.cost,
    website: e.website === e.url ? "" : e.website,
    image: e.image ? { id: e.image.id, url: e.image.url } : null,
  };
}

export const splitNames = (s: string) => s.split(",").map((x) => x.trim()).filter(Boolean);

/** The body the calendar interface takes for the form, or the message key of what is missing or wrong. */
export function eventBody(f: FormState): Record<string, unknown> | "form.required" | "form.endBeforeStart" {
  if (!f.title.trim() || !f.start || !f.end) return "form.required";
  const start = f.allDay ? f.start.slice(0, 10) : f.start.replace("T", " ");
  const end = f.allDay ? f.end.slice(0, 10) : f.end.replace("T", " ");
  if (end < start) return "form.endBeforeStart";
  const body: Record<string, unknown> = {
    title: f.title.trim(),
    start_date: start,
    end_date: end,
    all_day: f.allDay,
    status: f.status,
    cost: f.cost,
    website: f.website.trim(),
    featured: f.featured,
    sticky: f.sticky,
    hide_from_listings: f.hide,
    categories: [...f.categoryIds, ...splitNames(f.newCategories)],
    tags: [...f.tagIds, ...splitNames(f.newTags)],
    organizer: [...f.organizerIds, ...splitNames(f.newOrganizer).map((organizer) => ({ organizer }))],
    venue: f.venueId === "new" ? { venue: f.newVenue.venue.trim(), address: f.newVenue.address.trim(), city: f.newVenue.city.trim(), country: "Colombia" } : f.venueId === "" ? "" : Number(f.venueId),
    image: f.image ? f.image.id : "",
  };
  if (f.description.trim()) body.description = f.description.trim();
  if (f.excerpt.trim()) body.excerpt = f.excerpt.trim();
  return body;
}
