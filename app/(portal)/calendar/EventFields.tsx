"use client";
// The event form's main column (EventForm.tsx): what it is, when, and where and by whom.
import { useQuery } from "@tanstack/react-query";
import { useDict } from "@/lib/i18n/client";
import { wpFetchAll, type WpOrganizer, type WpVenue } from "@/app/_client/calendar";
import { messages } from "./messages";
import type { FormState } from "./event-form-state";
import { Checks } from "./EventSidePanel";

type Set = <K extends keyof FormState>(k: K, v: FormState[K]) => void;

/** A new venue typed in the form: its name, address and city. */
const NEW_VENUE_FIELDS = [
  ["venue", "nv-name", "form.venueName"],
  ["address", "nv-address", "form.address"],
  ["city", "nv-city", "form.city"],
] as const;

/** Title, excerpt and description. */
export function EventTextFields({ f, set }: { f: FormState; set: Set }) {
  const t = useDict(messages);
  return (
    <section className="card space-y-4 p-5">
      <div>
        <label className="label" htmlFor="ev-title">
          {t("form.title")}
        </label>
        <input id="ev-title" className="input" value={f.title} onChange={(e) => set("title", e.target.value)} required maxLength={200} />
      </div>
      <div>
        <label className="label" htmlFor="ev-excerpt">
          {t("form.excerpt")}
        </label>
        <input id="ev-excerpt" className="input" value={f.excerpt} onChange={(e) => set("excerpt", e.target.value)} maxLength={300} />
      </div>
      <div>
        <label className="label" htmlFor="ev-description">
          {t("form.description")}
        </label>
        <textarea id="ev-description" className="input min-h-32" value={f.description} onChange={(e) => set("description", e.target.value)} />
      </div>
    </section>
  );
}

/** All day or not, start and end (Bogotá's wall clock). */
export function EventWhenFields({ f, set }: { f: FormState; set: Set }) {
  const t = useDict(messages);
  const inputType = f.allDay ? "date" : "datetime-local";
  const dtValue = (v: string) => (f.allDay ? v.slice(0, 10) : v.length === 10 ? `${v}T00:00` : v);
  return (
    <section className="card space-y-4 p-5">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={f.allDay} onChange={(e) => set("allDay", e.target.checked)} /> {t("form.allDay")}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="label" htmlFor="ev-start">
            {t("form.start")}
          </label>
          <input id="ev-start" type={inputType} className="input" value={dtValue(f.start)} onChange={(e) => set("start", e.target.value)} required />
        </div>
        <div>
          <label className="label" htmlFor="ev-end">
            {t("form.end")}
          </label>
          <input id="ev-end" type={inputType} className="input" value={dtValue(f.end)} onChange={(e) => set("end", e.target.value)} required />
        </div>
      </div>
    </section>
  );
}

/** The venue (an existing one or a new one typed here) and the organizers. */
export function EventWhereFields({ f, set }: { f: FormState; set: Set }) {
  const t = useDict(messages);
  const venues = useQuery({ queryKey: ["calendar-venues-all"], queryFn: () => wpFetchAll<WpVenue>("/venues", "venues") });
  const organizers = useQuery({ queryKey: ["calendar-organizers-all"], queryFn: () => wpFetchAll<WpOrganizer>("/organizers", "organizers") });
  return (
    <section className="card space-y-4 p-5">
      <div>
        <label className="label" htmlFor="ev-venue">
          {t("form.venue")}
        </label>
        <select id="ev-venue" className="input" value={f.venueId} onChange={(e) => set("venueId", e.target.value)}>
          <option value="">{t("form.noVenue")}</option>
          {(venues.data ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {[v.venue, v.city].filter(Boolean).join(" — ")}
            </option>
          ))}
          <option value="new">{t("form.newVenue")}</option>
        </select>
      </div>
      {f.venueId === "new" && (
        <div className="grid gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-3">
          {NEW_VENUE_FIELDS.map(([key, id, label]) => (
            <div key={key}>
              <label className="label" htmlFor={id}>
                {t(label)}
              </label>
              <input id={id} className="input" value={f.newVenue[key]} onChange={(e) => set("newVenue", { ...f.newVenue, [key]: e.target.value })} required={key === "venue"} />
            </div>
          ))}
        </div>
      )}
      <div>
        <span className="label">{t("form.organizers")}</span>
        <Checks name={t("form.organizers")} items={(organizers.data ?? []).map((o) => ({ id: o.id, label: o.organizer }))} selected={f.organizerIds} onChange={(v) => set("organizerIds", v)} />
        <input className="input mt-2" placeholder={t("form.newOrganizer")} aria-label={t("form.newOrganizer")} value={f.newOrganizer} onChange={(e) => set("newOrganizer", e.target.value)} />
      </div>
    </section>
  );
}
