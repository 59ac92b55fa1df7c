"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDict } from "@/lib/i18n/client";
import { PageHeader } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { wpFetch, wpFetchAll, venuesOf, type WpEvent, type WpOrganizer, type WpTerm, type WpVenue } from "@/lib/calendar/client";
import { messages } from "./messages";
import { StatusBadges } from "./CalendarView";

interface FormState {
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

function defaults(day?: string): FormState {
  const d = day ?? new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() + 7 * 86_400_000));
  return {
    title: "", excerpt: "", description: "", start: `${d}T19:00`, end: `${d}T21:00`, allDay: false, status: "publish", venueId: "", newVenue: { venue: "", address: "", city: "" },
    organizerIds: [], newOrganizer: "", categoryIds: [], newCategories: "", tagIds: [], newTags: "", featured: false, sticky: false, hide: false, cost: "", website: "", image: null,
  };
}

function fromEvent(e: WpEvent): FormState {
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

const splitNames = (s: string) => s.split(",").map((x) => x.trim()).filter(Boolean);

function Checks({ items, selected, onChange, name }: { items: Array<{ id: number; label: string }>; selected: number[]; onChange: (ids: number[]) => void; name: string }) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={name}>
      {items.map((i) => {
        const on = selected.includes(i.id);
        return (
          <label key={i.id} className={`cursor-pointer rounded-full px-3 py-1 text-sm ring-1 ring-inset ${on ? "bg-sky-600 text-white ring-sky-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}>
            <input type="checkbox" className="sr-only" checked={on} onChange={() => onChange(on ? selected.filter((x) => x !== i.id) : [...selected, i.id])} />
            {i.label}
          </label>
        );
      })}
    </div>
  );
}

export function EventForm({ id, created = false, day }: { id?: number; created?: boolean; day?: string }) {
  const t = useDict(messages);
  const event = useQuery({ queryKey: ["calendar-event", id], enabled: id !== undefined, queryFn: () => wpFetch<WpEvent>(`/events/${id}?context=edit`) });
  if (id === undefined) return <EventFormInner initial={defaults(day)} />;
  if (event.isError) return <p className="rounded-md bg-red-50 p-3 text-sm text-red-700">{(event.error as Error).message}</p>;
  if (!event.data) return <p className="text-sm text-slate-500">{t("loading")}</p>;
  return <EventFormInner key={event.data.id} id={id} event={event.data} initial={fromEvent(event.data)} created={created} />;
}

function EventFormInner({ id, event, initial, created = false }: { id?: number; event?: WpEvent; initial: FormState; created?: boolean }) {
  const t = useDict(messages);
  const router = useRouter();
  const qc = useQueryClient();
  const [f, setF] = useState<FormState>(initial);
  const [busy, setBusy] = useState(false);
  const [askTrash, setAskTrash] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new event lands here with ?created=1: say it was saved.
  const [notice, setNotice] = useState<string | null>(created ? t("form.created") : null);
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((s) => ({ ...s, [k]: v }));

  const venues = useQuery({ queryKey: ["calendar-venues-all"], queryFn: () => wpFetchAll<WpVenue>("/venues", "venues") });
  const organizers = useQuery({ queryKey: ["calendar-organizers-all"], queryFn: () => wpFetchAll<WpOrganizer>("/organizers", "organizers") });
  const categories = useQuery({ queryKey: ["calendar-categories"], queryFn: () => wpFetchAll<WpTerm>("/categories?hide_empty=false", "categories") });
  const tags = useQuery({ queryKey: ["calendar-tags"], queryFn: () => wpFetchAll<WpTerm>("/tags?hide_empty=false", "tags") });

  async function upload(file: File) {
    setUploading(true);
    setError(null);
    try {
      const res = await fetch(`/media/calendar?filename=${encodeURIComponent(file.name)}`, { method: "POST", body: file, headers: { "content-type": file.type || "application/octet-stream" }, credentials: "same-origin" });
      const body = await res.json();
      if (!res.ok) throw new Error(body.detail ?? body.message);
      set("image", { id: body.id, url: body.url });
    } catch (e) {
      setError(t("form.error", { msg: (e as Error).message }));
    } finally {
      setUploading(false);
    }
  }

  async function save(ev: React.FormEvent) {
    ev.preventDefault();
    setError(null);
    setNotice(null);
    if (!f.title.trim() || !f.start || !f.end) return setError(t("form.required"));
    const start = f.allDay ? f.start.slice(0, 10) : f.start.replace("T", " ");
    const end = f.allDay ? f.end.slice(0, 10) : f.end.replace("T", " ");
    if (end < start) return setError(t("form.endBeforeStart"));
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
    setBusy(true);
    try {
      const saved = await wpFetch<WpEvent>(id ? `/events/${id}` : "/events", { method: "POST", body });
      await qc.invalidateQueries({ queryKey: ["calendar-events"] });
      await qc.invalidateQueries({ queryKey: ["calendar-venues-all"] });
      await qc.invalidateQueries({ queryKey: ["calendar-organizers-all"] });
      await qc.invalidateQueries({ queryKey: ["calendar-categories"] });
      await qc.invalidateQueries({ queryKey: ["calendar-tags"] });
      if (id) {
        setF(fromEvent(saved));
        await qc.invalidateQueries({ queryKey: ["calendar-event", id] });
        setNotice(t("form.saved"));
      } else router.push(`/calendar/${saved.id}?created=1`);
    } catch (e) {
      setError(t("form.error", { msg: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  async function trash() {
    if (!id) return;
    setBusy(true);
    try {
      await wpFetch(`/events/${id}`, { method: "DELETE" });
      await qc.invalidateQueries({ queryKey: ["calendar-events"] });
      router.push("/calendar");
    } catch (e) {
      setError(t("form.error", { msg: (e as Error).message }));
      setBusy(false);
      setAskTrash(false);
    }
  }

  const inputType = f.allDay ? "date" : "datetime-local";
  const dtValue = (v: string) => (f.allDay ? v.slice(0, 10) : v.length === 10 ? `${v}T00:00` : v);

  return (
    <form onSubmit={save} className="mx-auto max-w-4xl">
      <PageHeader
        title={id ? t("form.editTitle") : t("form.newTitle")}
        actions={
          <>
            {event && <StatusBadges e={event} />}
            <Link href="/calendar" className="btn-secondary">{t("form.back")}</Link>
          </>
        }
      />
      {error && <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">{error}</p>}
      {notice && <p role="status" className="mb-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-700">{notice}</p>}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <section className="card space-y-4 p-5">
            <div>
              <label className="label" htmlFor="ev-title">{t("form.title")}</label>
              <input id="ev-title" className="input" value={f.title} onChange={(e) => set("title", e.target.value)} required maxLength={200} />
            </div>
            <div>
              <label className="label" htmlFor="ev-excerpt">{t("form.excerpt")}</label>
              <input id="ev-excerpt" className="input" value={f.excerpt} onChange={(e) => set("excerpt", e.target.value)} maxLength={300} />
            </div>
            <div>
              <label className="label" htmlFor="ev-description">{t("form.description")}</label>
              <textarea id="ev-description" className="input min-h-32" value={f.description} onChange={(e) => set("description", e.target.value)} />
            </div>
          </section>
          <section className="card space-y-4 p-5">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={f.allDay} onChange={(e) => set("allDay", e.target.checked)} /> {t("form.allDay")}
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label className="label" htmlFor="ev-start">{t("form.start")}</label>
                <input id="ev-start" type={inputType} className="input" value={dtValue(f.start)} onChange={(e) => set("start", e.target.value)} required />
              </div>
              <div>
                <label className="label" htmlFor="ev-end">{t("form.end")}</label>
                <input id="ev-end" type={inputType} className="input" value={dtValue(f.end)} onChange={(e) => set("end", e.target.value)} required />
              </div>
            </div>
          </section>
          <section className="card space-y-4 p-5">
            <div>
              <label className="label" htmlFor="ev-venue">{t("form.venue")}</label>
              <select id="ev-venue" className="input" value={f.venueId} onChange={(e) => set("venueId", e.target.value)}>
                <option value="">{t("form.noVenue")}</option>
                {(venues.data ?? []).map((v) => (
                  <option key={v.id} value={v.id}>{[v.venue, v.city].filter(Boolean).join(" — ")}</option>
                ))}
                <option value="new">{t("form.newVenue")}</option>
              </select>
            </div>
            {f.venueId === "new" && (
              <div className="grid gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-3">
                <div>
                  <label className="label" htmlFor="nv-name">{t("form.venueName")}</label>
                  <input id="nv-name" className="input" value={f.newVenue.venue} onChange={(e) => set("newVenue", { ...f.newVenue, venue: e.target.value })} required />
                </div>
                <div>
                  <label className="label" htmlFor="nv-address">{t("form.address")}</label>
                  <input id="nv-address" className="input" value={f.newVenue.address} onChange={(e) => set("newVenue", { ...f.newVenue, address: e.target.value })} />
                </div>
                <div>
                  <label className="label" htmlFor="nv-city">{t("form.city")}</label>
                  <input id="nv-city" className="input" value={f.newVenue.city} onChange={(e) => set("newVenue", { ...f.newVenue, city: e.target.value })} />
                </div>
              </div>
            )}
            <div>
              <span className="label">{t("form.organizers")}</span>
              <Checks name={t("form.organizers")} items={(organizers.data ?? []).map((o) => ({ id: o.id, label: o.organizer }))} selected={f.organizerIds} onChange={(v) => set("organizerIds", v)} />
              <input className="input mt-2" placeholder={t("form.newOrganizer")} aria-label={t("form.newOrganizer")} value={f.newOrganizer} onChange={(e) => set("newOrganizer", e.target.value)} />
            </div>
          </section>
        </div>
        <div className="space-y-4">
          <section className="card space-y-4 p-5">
            <div>
              <label className="label" htmlFor="ev-status">{t("form.status")}</label>
              <select id="ev-status" className="input" value={f.status} onChange={(e) => set("status", e.target.value)}>
                <option value="publish">{t("form.publish")}</option>
                <option value="draft">{t("form.draft")}</option>
                {!["publish", "draft"].includes(f.status) && <option value={f.status}>{f.status}</option>}
              </select>
            </div>
            <fieldset className="space-y-2">
              <legend className="label">{t("form.flags")}</legend>
              {([["featured", "form.featured"], ["sticky", "form.sticky"], ["hide", "form.hide"]] as const).map(([k, label]) => (
                <label key={k} className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" checked={f[k]} onChange={(e) => set(k, e.target.checked)} /> {t(label)}
                </label>
              ))}
            </fieldset>
            <div>
              <label className="label" htmlFor="ev-cost">{t("form.cost")}</label>
              <input id="ev-cost" className="input" value={f.cost} onChange={(e) => set("cost", e.target.value)} placeholder="$45.000" />
              <p className="mt-1 text-xs text-slate-600">{t("form.costHint")}</p>
            </div>
            <div>
              <label className="label" htmlFor="ev-website">{t("form.website")}</label>
              <input id="ev-website" type="url" className="input" value={f.website} onChange={(e) => set("website", e.target.value)} placeholder="https://" />
            </div>
          </section>
          <section className="card space-y-3 p-5">
            <span className="label">{t("form.categories")}</span>
            <Checks name={t("form.categories")} items={(categories.data ?? []).map((c) => ({ id: c.id, label: c.name }))} selected={f.categoryIds} onChange={(v) => set("categoryIds", v)} />
            <input className="input" placeholder={t("form.newTerms")} aria-label={`${t("form.categories")}: ${t("form.newTerms")}`} value={f.newCategories} onChange={(e) => set("newCategories", e.target.value)} />
            <span className="label pt-2">{t("form.tags")}</span>
            <Checks name={t("form.tags")} items={(tags.data ?? []).map((c) => ({ id: c.id, label: c.name }))} selected={f.tagIds} onChange={(v) => set("tagIds", v)} />
            <input className="input" placeholder={t("form.newTerms")} aria-label={`${t("form.tags")}: ${t("form.newTerms")}`} value={f.newTags} onChange={(e) => set("newTags", e.target.value)} />
          </section>
          <section className="card space-y-3 p-5">
            <span className="label">{t("form.image")}</span>
            {f.image && (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={f.image.url} alt="" className="max-h-48 w-full rounded-md object-cover" />
            )}
            <label className="btn-secondary inline-flex cursor-pointer">
              {uploading ? t("form.uploading") : t("form.upload")}
              <input type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="sr-only" data-testid="image-input" onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
            </label>
            {f.image && (
              <button type="button" className="ml-2 text-sm text-red-600 hover:underline" onClick={() => set("image", null)}>{t("form.removeImage")}</button>
            )}
          </section>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <button type="submit" className="btn-primary" disabled={busy || uploading}>{busy ? t("form.saving") : t("form.save")}</button>
        {notice && (
          <span className="text-sm font-medium text-emerald-700" data-testid="event-saved">
            ✓ {notice}
          </span>
        )}
        {id && (
          <button type="button" className="btn-danger" onClick={() => setAskTrash(true)} disabled={busy}>{t("form.delete")}</button>
        )}
      </div>
      <ConfirmDialog
        open={askTrash}
        title={t("form.confirmDelete")}
        body={t("form.confirmDeleteBody", { title: f.title.trim() })}
        confirmLabel={t("form.delete")}
        cancelLabel={t("linked.cancel")}
        danger
        busy={busy}
        onCancel={() => setAskTrash(false)}
        onConfirm={() => void trash()}
      />
    </form>
  );
}
