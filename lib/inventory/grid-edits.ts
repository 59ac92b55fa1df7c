// The inventory grid's unsaved cells, as pure functions: one key per edited cell, and the PUT bodies the keys and
// their typed values turn into when the person saves (app/(portal)/inventory/useGridEdits.ts).
import { parseMoneyText } from "@/lib/money/input";
import { NIGHT_DEFAULTS, type InvField, type InventoryUpdate, type RateUpdate } from "./bulk-edit";

/** Edited cells by key: a number or flag for an inventory cell, the typed money text for a price. */
export type GridEdits = Record<string, number | boolean | string>;

export const invKey = (roomId: string, day: string, f: InvField) => `inv|${roomId}|${day}|${f}`;
export const rateKey = (roomId: string, rateId: string, day: string) => `rate|${roomId}|${rateId}|${day}`;

/**
 * The bodies of the two PUTs (inventory, one update per room and night; rates, one per price cell); an empty price
 * removes it. A price that does not parse stops the save: `badPrice` names the first one.
 */
export function gridUpdates(edits: GridEdits): { inventory: InventoryUpdate[]; rates: RateUpdate[]; badPrice?: { roomId: string; day: string } } {
  const inv = new Map<string, InventoryUpdate>();
  const rates: RateUpdate[] = [];
  for (const [k, v] of Object.entries(edits)) {
    const parts = k.split("|");
    if (parts[0] === "inv") {
      const [, roomId, day, f] = parts;
      const u = inv.get(`${roomId}|${day}`) ?? { roomId, from: day, to: day };
      inv.set(`${roomId}|${day}`, { ...u, [f]: typeof NIGHT_DEFAULTS[f as InvField] === "boolean" ? Boolean(v) : Number(v) });
    } else {
      const [, roomId, rateId, day] = parts;
      const text = String(v).trim();
      const amount = text === "" ? null : parseMoneyText(text);
      if (text !== "" && amount === null) return { inventory: [], rates: [], badPrice: { roomId, day } };
      rates.push({ roomId, rateId, from: day, to: day, amountBeforeTax: amount === null ? null : String(amount) });
    }
  }
  return { inventory: [...inv.values()], rates };
}

/** The edits after one cell is typed: a value back to the stored one is no longer a change. */
export function withEdit(edits: GridEdits, k: string, v: number | boolean | string, original: number | boolean | string | undefined): GridEdits {
  const next = { ...edits };
  if (v === original) delete next[k];
  else next[k] = v;
  return next;
}
