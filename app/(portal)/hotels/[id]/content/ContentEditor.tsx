"use client";
// The hotel content editor: details (stars, address and coordinates, times, RNT, description, amenities) saved in
// one PATCH, and the photo gallery (upload, alt text, order, delete). Each server rule shows under its field.
import { useEffect, useRef, useState } from "react";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Field, fieldA11y } from "@/components/Form";
import { FormMessages } from "@/components/ui";
import { detailByField, humanizeDetail } from "@/lib/format";
import { hotelMessages } from "../messages";

type Content = ApiAnswer<"/v2/hotels/{id}/content">;
type Photo = Content["photos"][number];

const MAX_DESCRIPTION = 2000;
const MAX_PHOTOS = 12;
const MAX_BYTES = 8 * 1024 * 1024;
const TYPES = ["image/jpeg", "image/png", "image/webp"];

interface Draft {
  stars: string;
  address: string;
  latitude: string;
  longitude: string;
  check_in_time: string;
  check_out_time: string;
  rnt: string;
  description: string;
  amenities: string[];
}

const draftOf = (c: Content): Draft => ({
  stars: c.stars ? String(c.stars) : "",
  address: c.address ?? "",
  latitude: c.latitude === null ? "" : String(c.latitude),
  longitude: c.longitude === null ? "" : String(c.longitude),
  check_in_time: c.check_in_time ?? "",
  check_out_time: c.check_out_time ?? "",
  rnt: c.rnt ?? "",
  description: c.description ?? "",
  amenities: c.amenities.map((a) => a.code),
});

/** A coordinate as typed ("4,6" or "4.6"); NaN when it is not a number, null when empty. */
const coordinate = (s: string) => (s.trim() === "" ? null : Number(s.trim().replace(",", ".")));

export function ContentEditor({ initial, amenities }: { initial: Content; amenities: Array<{ code: string; name: string }> }) {
  const t = useDict(hotelMessages);
  const [content, setContent] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ error?: string | null; notice?: string | null }>({});
  const [busy, setBusy] = useState(false);
  // Says when the form answers typing (hydrated): journeys wait on it instead of racing the page's scripts.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.setAttribute("data-ready", "true"), []);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const labels = { stars: t("stars"), address: t("address"), latitude: t("latitude"), longitude: t("longitude"), check_in_time: t("checkInTime"), check_out_time: t("checkOutTime"), rnt: t("rntLabel"), description: t("description"), amenities: t("amenities") };

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setMessage({});
    const lat = coordinate(draft.latitude);
    const lon = coordinate(draft.longitude);
    const bad = { ...(Number.isNaN(lat) ? { latitude: t("coordInvalid") } : {}), ...(Number.isNaN(lon) ? { longitude: t("coordInvalid") } : {}) };
    if (Object.keys(bad).length > 0) {
      setErrors(bad);
      document.getElementById(`c-${Object.keys(bad)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const next = await ok(
        api.PATCH("/v2/hotels/{id}/content", {
          params: { path: { id: content.hotel_id } },
          body: {
            stars: draft.stars ? Number(draft.stars) : null,
            address: draft.address.trim() || null,
            latitude: lat,
            longitude: lon,
            check_in_time: draft.check_in_time || null,
            check_out_time: draft.check_out_time || null,
            rnt: draft.rnt.trim() || null,
            description: draft.description.trim() || null,
            amenities: draft.amenities,
          },
        }),
      );
      setContent(next);
      setDraft(draftOf(next));
      setMessage({ notice: t("saved") });
    } catch (err) {
      if (err instanceof ApiError) {
        const byField = detailByField(err.detail);
        const known = Object.fromEntries(Object.entries(byField).filter(([k]) => k in labels));
        setErrors(known);
        const rest = Object.keys(byField).length > Object.keys(known).length || Object.keys(known).length === 0;
        setMessage({ error: rest ? humanizeDetail(err.detail, labels) || t("error") : null });
        const first = Object.keys(known)[0];
        if (first) document.getElementById(`c-${first}`)?.focus();
      } else setMessage({ error: t("error") });
    } finally {
      setBusy(false);
    }
  }

  const left = MAX_DESCRIPTION - draft.description.length;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form className="card min-w-0 space-y-4 p-4" onSubmit={save} noValidate ref={formRef} data-testid="content-form" aria-labelledby="details-title">
        <h2 id="details-title" className="text-base font-semibold text-slate-900">
          {t("details")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="c-stars" label={t("stars")} error={errors.stars}>
            <select {...fieldA11y("c-stars", errors.stars)} className="input" value={draft.stars} onChange={(e) => set({ stars: e.target.value })}>
              <option value="">{t("starsNone")}</option>
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? t("starsOne") : t("starsN", { n })}
                </option>
              ))}
            </select>
          </Field>
          <Field id="c-rnt" label={t("rntLabel")} error={errors.rnt} hint={t("rntHint")}>
            <input {...fieldA11y("c-rnt", errors.rnt, true)} className="input" inputMode="numeric" autoComplete="off" maxLength={10} value={draft.rnt} onChange={(e) => set({ rnt: e.target.value })} />
          </Field>
        </div>
        <Field id="c-address" label={t("address")} error={errors.address} hint={t("addressHint")}>
          <input {...fieldA11y("c-address", errors.address, true)} className="input" maxLength={200} value={draft.address} onChange={(e) => set({ address: e.target.value })} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="c-latitude" label={t("latitude")} error={errors.latitude}>
            <input {...fieldA11y("c-latitude", errors.latitude)} className="input" inputMode="decimal" value={draft.latitude} onChange={(e) => set({ latitude: e.target.value })} />
          </Field>
          <Field id="c-longitude" label={t("longitude")} error={errors.longitude}>
            <input {...fieldA11y("c-longitude", errors.longitude)} className="input" inputMode="decimal" value={draft.longitude} onChange={(e) => set({ longitude: e.target.value })} />
          </Field>
        </div>
        <p className="-mt-2 text-xs text-slate-600">{t("coordsHint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="c-check_in_time" label={t("checkInTime")} error={errors.check_in_time}>
            <input {...fieldA11y("c-check_in_time", errors.check_in_time)} type="time" className="input" value={draft.check_in_time} onChange={(e) => set({ check_in_time: e.target.value })} />
          </Field>
          <Field id="c-check_out_time" label={t("checkOutTime")} error={errors.check_out_time}>
            <input {...fieldA11y("c-check_out_time", errors.check_out_time)} type="time" className="input" value={draft.check_out_time} onChange={(e) => set({ check_out_time: e.target.value })} />
          </Field>
        </div>
        <Field id="c-description" label={t("description")} error={errors.description} hint={t("descriptionHint", { max: MAX_DESCRIPTION.toLocaleString("es-CO"), left: left.toLocaleString("es-CO") })}>
          <textarea {...fieldA11y("c-description", errors.description, true)} className="input min-h-32" maxLength={MAX_DESCRIPTION} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
        </Field>
        <fieldset aria-describedby={errors.amenities ? "c-amenities-error" : undefined}>
          <legend className="label">{t("amenities")}</legend>
          <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2" data-testid="amenities-editor">
            {amenities.map((a) => (
              <label key={a.code} className="flex items-center gap-2 py-0.5 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={draft.amenities.includes(a.code)}
                  onChange={(e) => set({ amenities: e.target.checked ? [...draft.amenities, a.code] : draft.amenities.filter((c) => c !== a.code) })}
                />
                {a.name}
              </label>
            ))}
          </div>
          {errors.amenities && (
            <p id="c-amenities-error" className="mt-1 text-sm text-red-700">
              {errors.amenities}
            </p>
          )}
        </fieldset>
        <FormMessages error={message.error} notice={message.notice} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t("saving") : t("save")}
        </button>
      </form>
      <Photos hotelId={content.hotel_id} photos={content.photos} onChange={(photos) => setContent((c) => ({ ...c, photos }))} />
    </div>
  );
}

function Photos({ hotelId, photos, onChange }: { hotelId: number; photos: Photo[]; onChange: (p: Photo[]) => void }) {
  const t = useDict(hotelMessages);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ error?: string | null; notice?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    setMessage({});
    if (!file) return setFileError(t("chooseFile"));
    if (!TYPES.includes(file.type)) return setFileError(t("fileType"));
    if (file.size > MAX_BYTES) return setFileError(t("fileTooLarge"));
    setFileError(null);
    setBusy(true);
    try {
      const r = await fetch(`/media/hotels/${hotelId}/photos?alt=${encodeURIComponent(alt.trim())}`, { method: "POST", body: file, credentials: "same-origin", headers: { "content-type": "application/octet-stream" } });
      const body = await r.json().catch(() => null);
      if (!r.ok) {
        setFileError(humanizeDetail(body?.detail ?? "", { archivo: t("file"), alt: t("alt") }) || t("error"));
        return;
      }
      onChange([...photos, body as Photo]);
      setFile(null);
      setAlt("");
      setInputKey((k) => k + 1);
      setMessage({ notice: t("uploaded") });
    } catch {
      setMessage({ error: t("error") });
    } finally {
      setBusy(false);
    }
  }

  async function move(i: number, by: -1 | 1) {
    const ids = photos.map((p) => p.id);
    [ids[i], ids[i + by]] = [ids[i + by], ids[i]];
    try {
      onChange(await ok(api.PUT("/v2/hotels/{id}/photo-order", { params: { path: { id: hotelId } }, body: { ids } })));
      setMessage({});
    } catch (err) {
      setMessage({ error: err instanceof ApiError ? humanizeDetail(err.detail) || t("error") : t("error") });
    }
  }

  async function remove(p: Photo) {
    if (!window.confirm(t("confirmRemove"))) return;
    try {
      await ok(api.DELETE("/v2/hotels/{id}/photos/{photo_id}", { params: { path: { id: hotelId, photo_id: p.id } } }));
      onChange(photos.filter((x) => x.id !== p.id));
      setMessage({ notice: t("removed") });
    } catch (err) {
      setMessage({ error: err instanceof ApiError ? humanizeDetail(err.detail) || t("error") : t("error") });
    }
  }

  async function saveAlt(p: Photo, text: string) {
    try {
      const next = await ok(api.PATCH("/v2/hotels/{id}/photos/{photo_id}", { params: { path: { id: hotelId, photo_id: p.id } }, body: { alt: text } }));
      onChange(photos.map((x) => (x.id === p.id ? next : x)));
      setMessage({ notice: t("altSaved") });
    } catch (err) {
      setMessage({ error: err instanceof ApiError ? humanizeDetail(err.detail, { alt: t("alt") }) || t("error") : t("error") });
    }
  }

  return (
    <section className="card min-w-0 space-y-4 p-4" aria-labelledby="photos-title" data-testid="photos-editor">
      <div>
        <h2 id="photos-title" className="text-base font-semibold text-slate-900">
          {t("photos")}
        </h2>
        <p className="text-xs text-slate-600">{t("photosHint", { max: MAX_PHOTOS })}</p>
      </div>
      {photos.length < MAX_PHOTOS && (
        <form className="space-y-3 rounded-md border border-slate-200 p-3" onSubmit={upload} noValidate data-testid="photo-upload">
          <Field id="p-file" label={t("file")} error={fileError}>
            <input
              key={inputKey}
              {...fieldA11y("p-file", fileError)}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(null);
              }}
            />
          </Field>
          <Field id="p-alt" label={t("alt")} hint={t("altHint")}>
            <input {...fieldA11y("p-alt", null, true)} className="input" maxLength={150} value={alt} onChange={(e) => setAlt(e.target.value)} />
          </Field>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t("uploading") : t("upload")}
          </button>
        </form>
      )}
      <FormMessages error={message.error} notice={message.notice} />
      <ol className="space-y-3" data-testid="photo-list">
        {photos.map((p, i) => (
          <PhotoRow key={p.id} photo={p} index={i} count={photos.length} onMove={(by) => move(i, by)} onRemove={() => remove(p)} onSaveAlt={(text) => saveAlt(p, text)} />
        ))}
      </ol>
    </section>
  );
}

function PhotoRow({ photo, index, count, onMove, onRemove, onSaveAlt }: { photo: Photo; index: number; count: number; onMove: (by: -1 | 1) => void; onRemove: () => void; onSaveAlt: (text: string) => void }) {
  const t = useDict(hotelMessages);
  const [alt, setAlt] = useState(photo.alt);
  const small = photo.sizes[0];
  return (
    <li className="flex flex-col gap-3 rounded-md border border-slate-200 p-2 sm:flex-row" data-testid="photo-item">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={small.url} alt={photo.alt} width={160} height={Math.round((160 * photo.height) / photo.width)} className="h-24 w-36 shrink-0 rounded object-cover" />
      <div className="min-w-0 flex-1 space-y-2">
        {index === 0 && <p className="text-xs font-semibold text-brand-700">{t("cover")}</p>}
        <label className="label text-xs" htmlFor={`alt-${photo.id}`}>
          {t("alt")}
        </label>
        <div className="flex flex-wrap gap-2">
          <input id={`alt-${photo.id}`} className="input min-w-0 flex-1 py-1.5" maxLength={150} value={alt} onChange={(e) => setAlt(e.target.value)} />
          <button type="button" className="btn-secondary px-3 py-1.5" disabled={!alt.trim() || alt === photo.alt} onClick={() => onSaveAlt(alt.trim())}>
            {t("saveAlt")}
          </button>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary px-3 py-1.5 text-xs" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`${t("up")}: ${photo.alt}`}>
            ↑ {t("up")}
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5 text-xs" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`${t("down")}: ${photo.alt}`}>
            ↓ {t("down")}
          </button>
          <button type="button" className="px-3 py-1.5 text-xs font-medium text-red-700 hover:underline" onClick={onRemove} aria-label={`${t("remove")}: ${photo.alt}`}>
            {t("remove")}
          </button>
        </div>
      </div>
    </li>
  );
}
