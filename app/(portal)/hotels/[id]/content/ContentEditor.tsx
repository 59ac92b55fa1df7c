"use client";
// The hotel content editor: details (stars, address and coordinates, times, RNT, description, amenities) saved in
// one PATCH, and the photo gallery (upload, alt text, order, delete). Each server rule shows under its field.
import { useEffect, useRef, useState } from "react";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Field, apiErrorText, fieldA11y } from "@/components/Form";
import { FormMessages } from "@/components/ui";
import { ConfirmFor, useConfirm } from "@/components/Dialog";
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
  const [content, setContent] = useState(initial);
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <DetailsForm content={content} amenities={amenities} onSaved={setContent} />
      <Photos hotelId={content.hotel_id} photos={content.photos} onChange={(photos) => setContent((c) => ({ ...c, photos }))} />
    </div>
  );
}

type T = ReturnType<typeof useDict<typeof hotelMessages.es>>;
type Message = { error?: string | null; notice?: string | null };
type SetDraft = (patch: Partial<Draft>) => void;

/** The details' draft and its one PATCH: coordinates checked here, each server rule under its field (focused), the rest as a message. */
function useDetails(content: Content, onSaved: (c: Content) => void, t: T) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(content));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message>({});
  const [busy, setBusy] = useState(false);
  const labels = { stars: t("stars"), address: t("address"), latitude: t("latitude"), longitude: t("longitude"), check_in_time: t("checkInTime"), check_out_time: t("checkOutTime"), rnt: t("rntLabel"), description: t("description"), amenities: t("amenities") };
  const showErrors = (byField: Record<string, string>) => {
    setErrors(byField);
    const first = Object.keys(byField)[0];
    if (first) document.getElementById(`c-${first}`)?.focus();
  };

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setMessage({});
    const lat = coordinate(draft.latitude);
    const lon = coordinate(draft.longitude);
    const bad = { ...(Number.isNaN(lat) ? { latitude: t("coordInvalid") } : {}), ...(Number.isNaN(lon) ? { longitude: t("coordInvalid") } : {}) };
    if (Object.keys(bad).length > 0) return showErrors(bad);
    setBusy(true);
    try {
      const body = { stars: draft.stars ? Number(draft.stars) : null, address: draft.address.trim() || null, latitude: lat, longitude: lon, check_in_time: draft.check_in_time || null, check_out_time: draft.check_out_time || null, rnt: draft.rnt.trim() || null, description: draft.description.trim() || null, amenities: draft.amenities };
      const next = await ok(api.PATCH("/v2/hotels/{id}/content", { params: { path: { id: content.hotel_id } }, body }));
      onSaved(next);
      setDraft(draftOf(next));
      setMessage({ notice: t("saved") });
    } catch (err) {
      if (!(err instanceof ApiError)) return setMessage({ error: t("error") });
      const byField = detailByField(err.detail);
      const known = Object.fromEntries(Object.entries(byField).filter(([k]) => k in labels));
      const rest = Object.keys(byField).length > Object.keys(known).length || Object.keys(known).length === 0;
      setMessage({ error: rest ? humanizeDetail(err.detail, labels) || t("error") : null });
      showErrors(known);
    } finally {
      setBusy(false);
    }
  }

  return { draft, set: (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch })), errors, message, busy, save };
}

/** The details form: stars, RNT, address, coordinates, times, description and amenities, saved together. */
function DetailsForm({ content, amenities, onSaved }: { content: Content; amenities: Array<{ code: string; name: string }>; onSaved: (c: Content) => void }) {
  const t = useDict(hotelMessages);
  const { draft, set, errors, message, busy, save } = useDetails(content, onSaved, t);
  // Says when the form answers typing (hydrated): journeys wait on it instead of racing the page's scripts.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.setAttribute("data-ready", "true"), []);
  return (
    <form className="card min-w-0 space-y-4 p-4" onSubmit={save} noValidate ref={formRef} data-testid="content-form" aria-labelledby="details-title">
      <h2 id="details-title" className="text-base font-semibold text-slate-900">
        {t("details")}
      </h2>
      <PlaceFields draft={draft} set={set} errors={errors} t={t} />
      <DescriptionField draft={draft} set={set} error={errors.description} t={t} />
      <AmenitiesField amenities={amenities} chosen={draft.amenities} set={set} error={errors.amenities} t={t} />
      <FormMessages error={message.error} notice={message.notice} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t("saving") : t("save")}
      </button>
    </form>
  );
}

/** Stars, RNT, address, coordinates and check-in/out times, each with its error underneath. */
function PlaceFields({ draft, set, errors, t }: { draft: Draft; set: SetDraft; errors: Record<string, string>; t: T }) {
  const text = (name: "latitude" | "longitude" | "check_in_time" | "check_out_time", label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <Field id={`c-${name}`} label={label} error={errors[name]}>
      <input {...fieldA11y(`c-${name}`, errors[name])} className="input" {...props} value={draft[name]} onChange={(e) => set({ [name]: e.target.value })} />
    </Field>
  );
  return (
    <>
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
        {text("latitude", t("latitude"), { inputMode: "decimal" })}
        {text("longitude", t("longitude"), { inputMode: "decimal" })}
      </div>
      <p className="-mt-2 text-xs text-slate-600">{t("coordsHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("check_in_time", t("checkInTime"), { type: "time" })}
        {text("check_out_time", t("checkOutTime"), { type: "time" })}
      </div>
    </>
  );
}

function DescriptionField({ draft, set, error, t }: { draft: Draft; set: SetDraft; error?: string; t: T }) {
  const left = MAX_DESCRIPTION - draft.description.length;
  return (
    <Field id="c-description" label={t("description")} error={error} hint={t("descriptionHint", { max: MAX_DESCRIPTION.toLocaleString("es-CO"), left: left.toLocaleString("es-CO") })}>
      <textarea {...fieldA11y("c-description", error, true)} className="input min-h-32" maxLength={MAX_DESCRIPTION} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
    </Field>
  );
}

function AmenitiesField({ amenities, chosen, set, error, t }: { amenities: Array<{ code: string; name: string }>; chosen: string[]; set: SetDraft; error?: string; t: T }) {
  return (
    <fieldset aria-describedby={error ? "c-amenities-error" : undefined}>
      <legend className="label">{t("amenities")}</legend>
      <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2" data-testid="amenities-editor">
        {amenities.map((a) => (
          <label key={a.code} className="flex items-center gap-2 py-0.5 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4" checked={chosen.includes(a.code)} onChange={(e) => set({ amenities: e.target.checked ? [...chosen, a.code] : chosen.filter((c) => c !== a.code) })} />
            {a.name}
          </label>
        ))}
      </div>
      {error && (
        <p id="c-amenities-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The gallery: the upload form (while there is room), the photos in order, and deleting one asked first in the portal's dialog. */
function Photos({ hotelId, photos, onChange }: { hotelId: number; photos: Photo[]; onChange: (p: Photo[]) => void }) {
  const t = useDict(hotelMessages);
  const [message, setMessage] = useState<Message>({});
  const { move, remove, saveAlt } = usePhotoActions(hotelId, photos, onChange, setMessage, t);
  const removing = useConfirm<Photo>();
  return (
    <section className="card min-w-0 space-y-4 p-4" aria-labelledby="photos-title" data-testid="photos-editor">
      <div>
        <h2 id="photos-title" className="text-base font-semibold text-slate-900">
          {t("photos")}
        </h2>
        <p className="text-xs text-slate-600">{t("photosHint", { max: MAX_PHOTOS })}</p>
      </div>
      {photos.length < MAX_PHOTOS && (
        <PhotoUpload
          hotelId={hotelId}
          onUploaded={(p) => {
            onChange([...photos, p]);
            setMessage({ notice: t("uploaded") });
          }}
          setMessage={setMessage}
        />
      )}
      <FormMessages error={message.error} notice={message.notice} />
      <ol className="space-y-3" data-testid="photo-list">
        {photos.map((p, i) => (
          <PhotoRow key={p.id} photo={p} index={i} count={photos.length} onMove={(by) => move(i, by)} onRemove={() => removing.ask(p)} onSaveAlt={(text) => saveAlt(p, text)} />
        ))}
      </ol>
      <ConfirmFor flow={removing} title={() => t("confirmRemove")} body={(p) => (p.alt ? t("confirmRemoveBodyAlt", { alt: p.alt }) : t("confirmRemoveBody"))} confirmLabel={t("remove")} cancelLabel={t("cancel")} danger onConfirm={remove} />
    </section>
  );
}

/** Reordering, deleting and describing the photos; each outcome goes to the gallery's message. */
function usePhotoActions(hotelId: number, photos: Photo[], onChange: (p: Photo[]) => void, setMessage: (m: Message) => void, t: T) {
  const failed = (err: unknown, labels?: Record<string, string>) => setMessage({ error: apiErrorText(err, labels, t("error")) });
  return {
    async move(i: number, by: -1 | 1) {
      const ids = photos.map((p) => p.id);
      [ids[i], ids[i + by]] = [ids[i + by], ids[i]];
      try {
        onChange(await ok(api.PUT("/v2/hotels/{id}/photo-order", { params: { path: { id: hotelId } }, body: { ids } })));
        setMessage({});
      } catch (err) {
        failed(err);
      }
    },
    async remove(p: Photo) {
      try {
        await ok(api.DELETE("/v2/hotels/{id}/photos/{photo_id}", { params: { path: { id: hotelId, photo_id: p.id } } }));
        onChange(photos.filter((x) => x.id !== p.id));
        setMessage({ notice: t("removed") });
      } catch (err) {
        failed(err);
      }
    },
    async saveAlt(p: Photo, text: string) {
      try {
        const next = await ok(api.PATCH("/v2/hotels/{id}/photos/{photo_id}", { params: { path: { id: hotelId, photo_id: p.id } }, body: { alt: text } }));
        onChange(photos.map((x) => (x.id === p.id ? next : x)));
        setMessage({ notice: t("altSaved") });
      } catch (err) {
        failed(err, { alt: t("alt") });
      }
    },
  };
}

/** The upload form: the file (type and size checked before sending) and its description. */
function PhotoUpload({ hotelId, onUploaded, setMessage }: { hotelId: number; onUploaded: (p: Photo) => void; setMessage: (m: Message) => void }) {
  const t = useDict(hotelMessages);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
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
      if (!r.ok) return setFileError(humanizeDetail(body?.detail ?? "", { archivo: t("file"), alt: t("alt") }) || t("error"));
      onUploaded(body as Photo);
      setFile(null);
      setAlt("");
      setInputKey((k) => k + 1);
    } catch {
      setMessage({ error: t("error") });
    } finally {
      setBusy(false);
    }
  }

  return (
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
