"use client";
// Bulk edits of the grid: the person picks room types and rate plans explicitly, sees old -> new per room type
// and run of dates in a preview, confirms, and can undo the last bulk change (lib/inventory/bulk-edit.ts).
import { useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import type { Translate } from "@/lib/i18n";
import { Dialog } from "@/components/Dialog";
import { MoneyInput } from "@/components/MoneyInput";
import { formatMoney } from "@/lib/format";
import { daysOf, dmy, friendlyError, planBulk, requestsFor, type BulkRequest, type Change, type InvField } from "@/lib/inventory/bulk-edit";
import { messages } from "./messages";

export type GridMeta = Pick<ApiAnswer<"/v2/hotels/{id}/inventory">, "room_types" | "rate_plans">;

type Tri = "" | "close" | "open";
type T = Translate<typeof messages.es>;
type Range = { from: string; to: string };

/** What the person typed and picked in the form (empty: leave that value as it is). */
interface BulkValues {
  rooms: string[];
  rates: string[];
  roomsValue: string;
  stop: Tri;
  cta: Tri;
  ctd: Tri;
  minStay: string;
  price: number | null;
  /** Something is typed in the price box (a price that does not parse is refused, not dropped). */
  priceText: boolean;
}
const NO_VALUES: BulkValues = { rooms: [], rates: [], roomsValue: "", stop: "", cta: "", ctd: "", minStay: "", price: null, priceText: false };

/** The bulk change the form asks for, or the message of the first thing that is wrong. */
function bulkRequest(v: BulkValues, range: Range, t: T): BulkRequest | string {
  if (v.rooms.length === 0) return t("errNoRooms");
  if (range.to < range.from) return t("errRange");
  if (daysOf(range.from, range.to).length > 62) return t("errLong");
  const values: BulkRequest["values"] = {};
  if (v.roomsValue.trim() !== "") {
    const n = Number(v.roomsValue.replace(/\./g, ""));
    if (!Number.isInteger(n) || n < 0 || n > 10_000) return t("errRoomsValue");
    values.rooms = n;
  }
  if (v.minStay.trim() !== "") {
    const n = Number(v.minStay);
    if (!Number.isInteger(n) || n < 1 || n > 30) return t("errMinStay");
    values.min_stay = n;
  }
  const tri = (x: Tri, f: InvField) => {
    if (x !== "") values[f] = x === "close";
  };
  tri(v.stop, "stop_sell");
  tri(v.cta, "closed_to_arrival");
  tri(v.ctd, "closed_to_departure");
  if (v.priceText && v.price === null) return t("errPrice");
  if (v.price !== null && v.rates.length === 0) return t("errNoRates");
  if (Object.keys(values).length === 0 && v.price === null) return t("errNothing");
  return { roomIds: v.rooms, rateIds: v.price === null ? [] : v.rates, from: range.from, to: range.to, values, price: v.price };
}

const failure = (err: unknown) => (err instanceof ApiError ? friendlyError(err.detail) : String(err));

/** Preview, apply and undo of a bulk change: the stored "before" values, the PUTs in chunks, the last change kept for undo. */
function useBulkRun(hotelId: number, notify: (tone: "ok" | "error", text: string) => void) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Change[] | null>(null);
  const [undo, setUndo] = useState<{ hotelId: number; changes: Change[] } | null>(null);

  async function review(req: BulkRequest | string) {
    if (typeof req === "string") return setError(req);
    setError(null);
    setBusy(true);
    try {
      // The stored values of the whole range (it may lie outside the grid's window) give the "before" column.
      const data = await ok(api.GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId }, query: { from: req.from, to: req.to } } }));
      setPreview(planBulk(req, data.inventory, data.rates));
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  async function send(changes: Change[], which: "next" | "old") {
    const { inventory, rates: rateUpdates } = requestsFor(changes, which);
    let nights = 0;
    for (let i = 0; i < inventory.length; i += 500) {
      nights += (await ok(api.PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId } }, body: { updates: inventory.slice(i, i + 500) } }))).nights;
    }
    for (let i = 0; i < rateUpdates.length; i += 500) {
      nights += (await ok(api.PUT("/v2/hotels/{id}/rates", { params: { path: { id: hotelId } }, body: { updates: rateUpdates.slice(i, i + 500) } }))).nights;
    }
    await qc.invalidateQueries({ queryKey: ["hotel-nights", hotelId] });
    return nights;
  }

  async function confirm() {
    if (!preview) return;
    setBusy(true);
    try {
      const nights = await send(preview, "next");
      setUndo({ hotelId, changes: preview });
      setPreview(null);
      notify("ok", nights === 1 ? t("applied1") : t("applied", { n: nights }));
    } catch (err) {
      // What was saved before the failure can still be undone.
      setUndo({ hotelId, changes: preview });
      setPreview(null);
      notify("error", failure(err));
    } finally {
      setBusy(false);
    }
  }

  async function runUndo() {
    if (!undo) return;
    setBusy(true);
    try {
      await send(undo.changes, "old");
      setUndo(null);
      notify("ok", t("undone"));
    } catch (err) {
      notify("error", failure(err));
    } finally {
      setBusy(false);
    }
  }

  const canUndo = undo !== null && undo.hotelId === hotelId;
  return { error, busy, preview, canUndo, review, confirm, runUndo, closePreview: () => setPreview(null) };
}

export function BulkEditor({
  hotelId,
  meta,
  range,
  setRange,
  notify,
}: {
  hotelId: number;
  meta: GridMeta;
  range: Range;
  setRange: (r: Range) => void;
  notify: (tone: "ok" | "error", text: string) => void;
}) {
  const t = useDict(messages);
  const [values, setValues] = useState<BulkValues>(NO_VALUES);
  const set = (patch: Partial<BulkValues>) => setValues((v) => ({ ...v, ...patch }));
  const run = useBulkRun(hotelId, notify);
  // The dialog gives the focus back here on Escape or Cancel (the button is disabled while the preview loads).
  const reviewButton = useRef<HTMLButtonElement>(null);
  const currency = meta.rate_plans[0]?.currency ?? "COP";

  function review(e: React.FormEvent) {
    e.preventDefault();
    void run.review(bulkRequest(values, range, t));
  }

  return (
    <form className="card p-4" onSubmit={review} data-testid="bulk-form" noValidate>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-64">
          <h2 className="text-sm font-semibold text-slate-800">{t("bulkTitle")}</h2>
          <p className="mb-3 text-xs text-slate-500">{t("bulkHint")}</p>
        </div>
        {run.canUndo && (
          <button type="button" className="btn-secondary" onClick={run.runUndo} disabled={run.busy} data-testid="bulk-undo">
            {run.busy ? t("undoing") : t("undo")}
          </button>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Picker legend={t("bulkRooms")} name="bulk-room" items={meta.room_types.map((r) => ({ id: r.roomId, label: r.roomName }))} picked={values.rooms} set={(rooms) => set({ rooms })} />
        <Picker legend={t("bulkRates")} name="bulk-rate" items={meta.rate_plans.map((r) => ({ id: r.rateId, label: r.rateDescription }))} picked={values.rates} set={(rates) => set({ rates })} />
      </div>
      <BulkValueFields values={values} set={set} range={range} setRange={setRange} currency={currency} />
      {run.error && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-2 text-sm text-red-700">
          {run.error}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <button type="submit" className="btn-primary" disabled={run.busy} ref={reviewButton}>
          {run.busy && !run.preview ? t("reviewing") : t("review")}
        </button>
      </div>
      <PreviewDialog preview={run.preview} busy={run.busy} meta={meta} currency={currency} returnFocus={reviewButton} onClose={run.closePreview} onConfirm={run.confirm} />
    </form>
  );
}

/** The dates and the values to set: an empty box or "Sin cambios" leaves that value alone. */
function BulkValueFields({ values, set, range, setRange, currency }: { values: BulkValues; set: (p: Partial<BulkValues>) => void; range: Range; setRange: (r: Range) => void; currency: string }) {
  const t = useDict(messages);
  return (
    <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
      <div>
        <label className="label text-xs" htmlFor="bulk-from">
          {t("bulkFrom")}
        </label>
        <input id="bulk-from" type="date" className="input" value={range.from} onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })} />
      </div>
      <div>
        <label className="label text-xs" htmlFor="bulk-to">
          {t("bulkTo")}
        </label>
        <input id="bulk-to" type="date" className="input" value={range.to} onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })} />
      </div>
      <div>
        <label className="label text-xs" htmlFor="bulk-rooms">
          {t("bulkRoomsValue")}
        </label>
        <input id="bulk-rooms" inputMode="numeric" className="input" value={values.roomsValue} onChange={(e) => set({ roomsValue: e.target.value })} />
      </div>
      <div>
        <label className="label text-xs" htmlFor="bulk-min">
          {t("bulkMinStay")}
        </label>
        <input id="bulk-min" inputMode="numeric" className="input" value={values.minStay} onChange={(e) => set({ minStay: e.target.value })} />
      </div>
      <TriSelect id="bulk-stop" label={t("bulkStopSell")} value={values.stop} set={(stop) => set({ stop })} />
      <TriSelect id="bulk-cta" label={t("bulkCta")} value={values.cta} set={(cta) => set({ cta })} />
      <TriSelect id="bulk-ctd" label={t("bulkCtd")} value={values.ctd} set={(ctd) => set({ ctd })} />
      <div>
        <label className="label text-xs" htmlFor="bulk-price">
          {t("bulkPrice")}
        </label>
        <MoneyInput
          id="bulk-price"
          value={values.price}
          currency={currency}
          onValueChange={(price) => set({ price })}
          onInput={(e) => set({ priceText: (e.target as HTMLInputElement).value.trim() !== "" })}
        />
      </div>
    </div>
  );
}

/** The preview asked before anything is saved: confirm applies it, cancel or Escape closes it. */
function PreviewDialog({
  preview,
  busy,
  meta,
  currency,
  returnFocus,
  onClose,
  onConfirm,
}: {
  preview: Change[] | null;
  busy: boolean;
  meta: GridMeta;
  currency: string;
  returnFocus: React.RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useDict(messages);
  return (
    <Dialog
      open={preview !== null}
      title={t("previewTitle")}
      size="lg"
      returnFocus={returnFocus}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {t("cancel")}
          </button>
          {preview && preview.length > 0 && (
            <button type="button" className="btn-primary" onClick={onConfirm} disabled={busy} autoFocus>
              {busy ? t("saving") : preview.length === 1 ? t("confirm1") : t("confirm", { n: preview.length })}
            </button>
          )}
        </>
      }
    >
      {preview && preview.length === 0 && <p>{t("nothingChanges")}</p>}
      {preview && preview.length > 0 && <PreviewTable preview={preview} meta={meta} currency={currency} />}
    </Dialog>
  );
}

function TriSelect({ id, label, value, set }: { id: string; label: string; value: Tri; set: (v: Tri) => void }) {
  const t = useDict(messages);
  return (
    <div>
      <label className="label text-xs" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(e) => set(e.target.value as Tri)}>
        <option value="">{t("unchanged")}</option>
        <option value="close">{t("close")}</option>
        <option value="open">{t("open")}</option>
      </select>
    </div>
  );
}

/** Explicit picks (no silent "all"): checkboxes with "Todas" and "Ninguna". */
function Picker({ legend, name, items, picked, set }: { legend: string; name: string; items: Array<{ id: string; label: string }>; picked: string[]; set: (v: string[]) => void }) {
  const t = useDict(messages);
  return (
    <fieldset className="min-w-0">
      <legend className="label text-xs">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {items.map((it) => (
          <label key={it.id} className="flex items-center gap-1.5 text-sm text-slate-700">
            <input
              type="checkbox"
              name={name}
              className="h-4 w-4 accent-brand-600"
              checked={picked.includes(it.id)}
              onChange={(e) => set(e.target.checked ? [...picked, it.id] : picked.filter((x) => x !== it.id))}
            />
            {it.label}
          </label>
        ))}
      </div>
      <div className="mt-1 flex gap-3 text-xs">
        <button type="button" className="text-brand-700 underline" onClick={() => set(items.map((i) => i.id))}>
          {t("pickAll")}
        </button>
        <button type="button" className="text-brand-700 underline" onClick={() => set([])}>
          {t("pickNone")}
        </button>
      </div>
    </fieldset>
  );
}

/** What the bulk change will do, old -> new, before anything is saved. */
function PreviewTable({ preview, meta, currency }: { preview: Change[]; meta: GridMeta; currency: string }) {
  const t = useDict(messages);
  const roomName = (id: string) => meta.room_types.find((r) => r.roomId === id)?.roomName ?? id;
  const rateName = (id: string) => meta.rate_plans.find((r) => r.rateId === id)?.rateDescription ?? id;
  const show = (c: Change, v: Change["old"]) => {
    if (c.field === "price") return v === null ? t("noPrice") : formatMoney(v as number, currency);
    if (typeof v === "boolean") return v ? t("closedYes") : t("closedNo");
    return String(v);
  };
  const what = (c: Change) =>
    c.field === "price"
      ? `${t("bulkPrice")} · ${rateName(c.rateId!)}`
      : { rooms: t("bulkRoomsValue"), stop_sell: t("bulkStopSell"), min_stay: t("bulkMinStay"), closed_to_arrival: t("bulkCta"), closed_to_departure: t("bulkCtd") }[c.field];
  const nightsOf = (c: Change) => {
    const n = daysOf(c.from, c.to).length;
    return n === 1 ? t("nightsWord1") : t("nightsWord", { n });
  };
  return (
    <>
      <p className="mb-2">{t("previewIntro")}</p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("previewTable")}>
        <table className="w-full text-left text-xs" data-testid="bulk-preview">
          <thead className="text-slate-600">
            <tr>
              <th className="py-1 pr-2">{t("colRoom")}</th>
              <th className="py-1 pr-2">{t("colWhat")}</th>
              <th className="py-1 pr-2">{t("colDates")}</th>
              <th className="py-1 pr-2 text-right">{t("colOld")}</th>
              <th className="py-1 text-right">{t("colNew")}</th>
            </tr>
          </thead>
          <tbody>
            {preview.map((c, i) => (
              <tr key={i} className="border-t border-slate-100" data-testid="bulk-change">
                <td className="py-1 pr-2 font-medium text-slate-800">{roomName(c.roomId)}</td>
                <td className="py-1 pr-2">{what(c)}</td>
                <td className="whitespace-nowrap py-1 pr-2">
                  {c.from === c.to ? dmy(c.from) : `${dmy(c.from)} – ${dmy(c.to)}`} <span className="text-slate-600">({nightsOf(c)})</span>
                </td>
                <td className="whitespace-nowrap py-1 pr-2 text-right text-slate-600 line-through decoration-slate-400">{show(c, c.old)}</td>
                <td className="whitespace-nowrap py-1 text-right font-semibold text-slate-900">{show(c, c.next)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
