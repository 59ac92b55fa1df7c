"use client";
// Bulk edits of the grid: the person picks room types and rate plans explicitly, sees old -> new per room type
// and run of dates in a preview, confirms, and can undo the last bulk change (lib/inventory/bulk-edit.ts).
import { useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Dialog } from "@/components/Dialog";
import { MoneyInput } from "@/components/MoneyInput";
import { formatMoney } from "@/lib/format";
import { daysOf, dmy, friendlyError, planBulk, requestsFor, type BulkRequest, type Change, type InvField } from "@/lib/inventory/bulk-edit";
import { messages } from "./messages";

export type GridMeta = Pick<ApiAnswer<"/v2/hotels/{id}/inventory">, "room_types" | "rate_plans">;

type Tri = "" | "close" | "open";

export function BulkEditor({
  hotelId,
  meta,
  range,
  setRange,
  notify,
}: {
  hotelId: number;
  meta: GridMeta;
  range: { from: string; to: string };
  setRange: (r: { from: string; to: string }) => void;
  notify: (tone: "ok" | "error", text: string) => void;
}) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const [rooms, setRooms] = useState<string[]>([]);
  const [rates, setRates] = useState<string[]>([]);
  const [roomsValue, setRoomsValue] = useState("");
  const [stop, setStop] = useState<Tri>("");
  const [cta, setCta] = useState<Tri>("");
  const [ctd, setCtd] = useState<Tri>("");
  const [minStay, setMinStay] = useState("");
  const [price, setPrice] = useState<number | null>(null);
  const [priceText, setPriceText] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Change[] | null>(null);
  const [undo, setUndo] = useState<{ hotelId: number; changes: Change[] } | null>(null);
  // The dialog gives the focus back here on Escape or Cancel (the button is disabled while the preview loads).
  const reviewButton = useRef<HTMLButtonElement>(null);

  const roomName = (id: string) => meta.room_types.find((r) => r.roomId === id)?.roomName ?? id;
  const rateName = (id: string) => meta.rate_plans.find((r) => r.rateId === id)?.rateDescription ?? id;
  const currency = meta.rate_plans[0]?.currency ?? "COP";

  function request(): BulkRequest | string {
    if (rooms.length === 0) return t("errNoRooms");
    if (range.to < range.from) return t("errRange");
    if (daysOf(range.from, range.to).length > 62) return t("errLong");
    const values: BulkRequest["values"] = {};
    if (roomsValue.trim() !== "") {
      const n = Number(roomsValue.replace(/\./g, ""));
      if (!Number.isInteger(n) || n < 0 || n > 10_000) return t("errRoomsValue");
      values.rooms = n;
    }
    if (minStay.trim() !== "") {
      const n = Number(minStay);
      if (!Number.isInteger(n) || n < 1 || n > 30) return t("errMinStay");
      values.min_stay = n;
    }
    const tri = (v: Tri, f: InvField) => {
      if (v !== "") values[f] = v === "close";
    };
    tri(stop, "stop_sell");
    tri(cta, "closed_to_arrival");
    tri(ctd, "closed_to_departure");
    if (priceText && price === null) return t("errPrice");
    if (price !== null && rates.length === 0) return t("errNoRates");
    if (Object.keys(values).length === 0 && price === null) return t("errNothing");
    return { roomIds: rooms, rateIds: price === null ? [] : rates, from: range.from, to: range.to, values, price };
  }

  async function review(e: React.FormEvent) {
    e.preventDefault();
    const req = request();
    if (typeof req === "string") return setError(req);
    setError(null);
    setBusy(true);
    try {
      // The stored values of the whole range (it may lie outside the grid's window) give the "before" column.
      const data = await ok(api.GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId }, query: { from: req.from, to: req.to } } }));
      setPreview(planBulk(req, data.inventory, data.rates));
    } catch (err) {
      setError(err instanceof ApiError ? friendlyError(err.detail) : String(err));
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
      notify("error", err instanceof ApiError ? friendlyError(err.detail) : String(err));
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
      notify("error", err instanceof ApiError ? friendlyError(err.detail) : String(err));
    } finally {
      setBusy(false);
    }
  }

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
    <form className="card p-4" onSubmit={review} data-testid="bulk-form" noValidate>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-64">
          <h2 className="text-sm font-semibold text-slate-800">{t("bulkTitle")}</h2>
          <p className="mb-3 text-xs text-slate-500">{t("bulkHint")}</p>
        </div>
        {undo && undo.hotelId === hotelId && (
          <button type="button" className="btn-secondary" onClick={runUndo} disabled={busy} data-testid="bulk-undo">
            {busy ? t("undoing") : t("undo")}
          </button>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Picker legend={t("bulkRooms")} name="bulk-room" items={meta.room_types.map((r) => ({ id: r.roomId, label: r.roomName }))} picked={rooms} set={setRooms} />
        <Picker legend={t("bulkRates")} name="bulk-rate" items={meta.rate_plans.map((r) => ({ id: r.rateId, label: r.rateDescription }))} picked={rates} set={setRates} />
      </div>
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
          <input id="bulk-rooms" inputMode="numeric" className="input" value={roomsValue} onChange={(e) => setRoomsValue(e.target.value)} />
        </div>
        <div>
          <label className="label text-xs" htmlFor="bulk-min">
            {t("bulkMinStay")}
          </label>
          <input id="bulk-min" inputMode="numeric" className="input" value={minStay} onChange={(e) => setMinStay(e.target.value)} />
        </div>
        <TriSelect id="bulk-stop" label={t("bulkStopSell")} value={stop} set={setStop} />
        <TriSelect id="bulk-cta" label={t("bulkCta")} value={cta} set={setCta} />
        <TriSelect id="bulk-ctd" label={t("bulkCtd")} value={ctd} set={setCtd} />
        <div>
          <label className="label text-xs" htmlFor="bulk-price">
            {t("bulkPrice")}
          </label>
          <MoneyInput
            id="bulk-price"
            value={price}
            currency={currency}
            onValueChange={(v) => setPrice(v)}
            onInput={(e) => setPriceText((e.target as HTMLInputElement).value.trim() !== "")}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy} ref={reviewButton}>
          {busy && !preview ? t("reviewing") : t("review")}
        </button>
      </div>

      <Dialog
        open={preview !== null}
        title={t("previewTitle")}
        size="lg"
        returnFocus={reviewButton}
        onClose={() => !busy && setPreview(null)}
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setPreview(null)} disabled={busy}>
              {t("cancel")}
            </button>
            {preview && preview.length > 0 && (
              <button type="button" className="btn-primary" onClick={confirm} disabled={busy} autoFocus>
                {busy ? t("saving") : preview.length === 1 ? t("confirm1") : t("confirm", { n: preview.length })}
              </button>
            )}
          </>
        }
      >
        {preview && preview.length === 0 && <p>{t("nothingChanges")}</p>}
        {preview && preview.length > 0 && <PreviewTable preview={preview} roomName={roomName} what={what} show={show} nightsOf={nightsOf} />}
      </Dialog>
    </form>
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
function PreviewTable({
  preview,
  roomName,
  what,
  show,
  nightsOf,
}: {
  preview: Change[];
  roomName: (id: string) => string;
  what: (c: Change) => string;
  show: (c: Change, v: Change["old"]) => string;
  nightsOf: (c: Change) => string;
}) {
  const t = useDict(messages);
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
