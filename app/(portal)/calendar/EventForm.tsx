"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDict } from "@/lib/i18n/client";
import { PageHeader } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { wpFetch, wpFetchAll, type WpEvent, type WpOrganizer, type WpTerm, type WpVenue } from "@/app/_client/calendar";
import { messages } from "./messages";
import { defaults, eventBody, fromEvent, type FormState } from "./event-form-state";
import { Checks, EventSidePanel } from "./EventSidePanel";
import { StatusBadges } from "./CalendarView";

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
    const body = eventBody(f);
    if (typeof body === "string") return setError(t(body));
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
        <EventSidePanel f={f} set={set} categories={categories.data ?? []} tags={tags.data ?? []} uploading={uploading} upload={upload} />
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
