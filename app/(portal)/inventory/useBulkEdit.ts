"use client";
// The bulk editor's state: what the person picked and typed, the preview of old -> new read from the stored
// nights, the save in chunks of 500 and the undo of the last bulk change (lib/inventory/bulk-edit.ts). One `busy`
// for all three: while one runs, the others wait.
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import type { Translate } from "@/lib/i18n";
import { daysOf, friendlyError, planBulk, requestsFor, type BulkRequest, type Change, type InvField } from "@/lib/inventory/bulk-edit";
import { messages } from "./messages";
import type { DayRange } from "./useDayRange";

/** A restriction's choice: leave it, close it or open it. */
export type Tri = "" | "close" | "open";

/** What the person picked and typed; an empty box or "Sin cambio" leaves that value alone. */
export interface BulkValues {
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
export type SetBulkValues = (patch: Partial<BulkValues>) => void;

const NO_VALUES: BulkValues = { rooms: [], rates: [], roomsValue: "", stop: "", cta: "", ctd: "", minStay: "", price: null, priceText: false };

/** The bulk change the form asks for, or the sentence of the first thing wrong with it. */
function bulkRequest(v: BulkValues, range: DayRange, t: Translate<typeof messages.es>): BulkRequest | string {
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

export function useBulkEdit(hotelId: number, range: DayRange, notify: (tone: "ok" | "error", text: string) => void) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const [values, setValues] = useState<BulkValues>(NO_VALUES);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Change[] | null>(null);
  const [undo, setUndo] = useState<{ hotelId: number; changes: Change[] } | null>(null);

  /** Runs one step with the form busy; the flag always comes down, whatever happens. */
  async function whileBusy(step: () => Promise<void>) {
    setBusy(true);
    try {
      await step();
    } finally {
      setBusy(false);
    }
  }

  async function review(e: React.FormEvent) {
    e.preventDefault();
    const req = bulkRequest(values, range, t);
    if (typeof req === "string") return setError(req);
    setError(null);
    await whileBusy(async () => {
      try {
        // The stored values of the whole range (it may lie outside the grid's window) give the "before" column.
        const data = await ok(api.GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId }, query: { from: req.from, to: req.to } } }));
        setPreview(planBulk(req, data.inventory, data.rates));
      } catch (err) {
        setError(failure(err));
      }
    });
  }

  async function send(changes: Change[], which: "next" | "old") {
    const { inventory, rates } = requestsFor(changes, which);
    let nights = 0;
    for (let i = 0; i < inventory.length; i += 500) {
      nights += (await ok(api.PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId } }, body: { updates: inventory.slice(i, i + 500) } }))).nights;
    }
    for (let i = 0; i < rates.length; i += 500) {
      nights += (await ok(api.PUT("/v2/hotels/{id}/rates", { params: { path: { id: hotelId } }, body: { updates: rates.slice(i, i + 500) } }))).nights;
    }
    await qc.invalidateQueries({ queryKey: ["hotel-nights", hotelId] });
    return nights;
  }

  async function confirm() {
    if (!preview) return;
    await whileBusy(async () => {
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
      }
    });
  }

  async function runUndo() {
    if (!undo) return;
    await whileBusy(async () => {
      try {
        await send(undo.changes, "old");
        setUndo(null);
        notify("ok", t("undone"));
      } catch (err) {
        notify("error", failure(err));
      }
    });
  }

  const set: SetBulkValues = (patch) => setValues((v) => ({ ...v, ...patch }));
  return { values, set, error, busy, preview, canUndo: undo !== null && undo.hotelId === hotelId, review, confirm, runUndo, closePreview: () => setPreview(null) };
}
