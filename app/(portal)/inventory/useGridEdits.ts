"use client";
// The grid's unsaved cells over the stored nights and prices, and the save that sends them (inventory, then rates).
import { useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { dmy, friendlyError, NIGHT_DEFAULTS, type InvField, type NightRow } from "@/lib/inventory/bulk-edit";
import { gridUpdates, invKey, rateKey, withEdit, type GridEdits } from "@/lib/inventory/grid-edits";
import { messages } from "./messages";

export type NightsData = ApiAnswer<"/v2/hotels/{id}/inventory">;
export type Notice = { tone: "ok" | "error"; text: string };
export type CellValue = number | boolean | string;

export function useGridEdits(hotelId: number, data: NightsData | undefined) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const [edits, setEdits] = useState<GridEdits>({});
  const [saving, setSaving] = useState(false);

  const stored = useMemo(() => {
    const inv = new Map<string, NightRow>();
    const price = new Map<string, number>();
    for (const n of data?.inventory ?? []) inv.set(`${n.roomId}|${n.day}`, n);
    for (const r of data?.rates ?? []) if (r.adults === null) price.set(rateKey(r.roomId, r.rateId, r.day), r.amountBeforeTax);
    return { inv, price };
  }, [data]);

  function original(roomId: string, day: string, f: InvField) {
    return stored.inv.get(`${roomId}|${day}`)?.[f] ?? NIGHT_DEFAULTS[f];
  }
  function invValue(roomId: string, day: string, f: InvField) {
    const k = invKey(roomId, day, f);
    return k in edits ? edits[k] : original(roomId, day, f);
  }
  function setEdit(k: string, v: CellValue, orig: CellValue | undefined) {
    setEdits((e) => withEdit(e, k, v, orig));
  }

  async function save(notify: (n: Notice | null) => void) {
    setSaving(true);
    notify(null);
    try {
      const { inventory, rates, badPrice } = gridUpdates(edits);
      if (badPrice) {
        const room = data?.room_types.find((r) => r.roomId === badPrice.roomId)?.roomName ?? badPrice.roomId;
        throw new Error(t("badPrice", { room, day: dmy(badPrice.day) }));
      }
      if (inventory.length > 0) await ok(api.PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId } }, body: { updates: inventory } }));
      if (rates.length > 0) await ok(api.PUT("/v2/hotels/{id}/rates", { params: { path: { id: hotelId } }, body: { updates: rates } }));
      setEdits({});
      notify({ tone: "ok", text: t("saved") });
      await qc.invalidateQueries({ queryKey: ["hotel-nights", hotelId] });
    } catch (e) {
      notify({ tone: "error", text: e instanceof ApiError ? friendlyError(e.detail) : e instanceof Error ? e.message : String(e) });
    } finally {
      setSaving(false);
    }
  }

  return { edits, stored, original, invValue, setEdit, saving, save, discard: () => setEdits({}) };
}

export type GridState = ReturnType<typeof useGridEdits>;
