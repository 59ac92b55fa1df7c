"use client";
// The right column of the event form (EventForm.tsx): status and flags, cost and website, categories and tags,
// the image.
import { useDict } from "@/lib/i18n/client";
import type { WpTerm } from "@/app/_client/calendar";
import { messages } from "./messages";
import type { FormState } from "./event-form-state";

export function Checks({ items, selected, onChange, name }: { items: Array<{ id: number; label: string }>; selected: number[]; onChange: (ids: number[]) => void; name: string }) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={name}>
      {items.map((i) => {
        const on = selected.includes(i.id);
        return (
          <label key={i.id} className={`cursor-pointer rounded-full px-3 py-1 text-sm ring-1 ring-inset ${on ? "bg-sky-700 text-white ring-sky-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}>
            <input type="checkbox" className="sr-only" checked={on} onChange={() => onChange(on ? selected.filter((x) => x !== i.id) : [...selected, i.id])} />
            {i.label}
          </label>
        );
      })}
    </div>
  );
}

export function EventSidePanel({
  f,
  set,
  categories,
  tags,
  uploading,
  upload,
}: {
  f: FormState;
  set: <K extends keyof FormState>(k: K, v: FormState[K]) => void;
  categories: WpTerm[];
  tags: WpTerm[];
  uploading: boolean;
  upload: (file: File) => void;
}) {
  const t = useDict(messages);
  return (
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
        <Checks name={t("form.categories")} items={categories.map((c) => ({ id: c.id, label: c.name }))} selected={f.categoryIds} onChange={(v) => set("categoryIds", v)} />
        <input className="input" placeholder={t("form.newTerms")} aria-label={`${t("form.categories")}: ${t("form.newTerms")}`} value={f.newCategories} onChange={(e) => set("newCategories", e.target.value)} />
        <span className="label pt-2">{t("form.tags")}</span>
        <Checks name={t("form.tags")} items={tags.map((c) => ({ id: c.id, label: c.name }))} selected={f.tagIds} onChange={(v) => set("tagIds", v)} />
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
  );
}
