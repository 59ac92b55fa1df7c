// Bulk edits of the inventory grid, as pure functions: what a bulk change will do (old -> new per room type,
// rate plan and run of nights with the same old value), the requests that save it, and the requests that undo it.
import type { ApiAnswer, ApiBody } from "@/lib/client/api";

type Nights = ApiAnswer<"/v2/hotels/{id}/inventory">;
export type NightRow = Nights["inventory"][number];
export type RateRow = Nights["rates"][number];

export type InvField = "rooms" | "stop_sell" | "min_stay" | "closed_to_arrival" | "closed_to_departure";
export const INV_FIELDS: InvField[] = ["rooms", "stop_sell", "min_stay", "closed_to_arrival", "closed_to_departure"];

/** What a night is when no row exists yet (not for sale). */
export const NIGHT_DEFAULTS: Record<InvField, number | boolean> = { rooms: 0, stop_sell: false, min_stay: 1, closed_to_arrival: false, closed_to_departure: false };

export interface BulkRequest {
  roomIds: string[];
  rateIds: string[];
  from: string;
  to: string;
  values: Partial<Record<InvField, number | boolean>>;
  /** Price per night for every chosen rate plan; null: prices unchanged. */
  price: number | null;
}

export type Value = number | boolean | null;

export interface Change {
  roomId: string;
  /** Set for a price change. */
  rateId?: string;
  field: InvField | "price";
  from: string;
  to: string;
  old: Value;
  next: Value;
}

export type InventoryUpdate = ApiBody<"/v2/hotels/{id}/inventory", "put">["updates"][number];
export type RateUpdate = ApiBody<"/v2/hotels/{id}/rates", "put">["updates"][number];

export function addDays(s: string, n: number) {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Runs of consecutive days with the same old value, each with what it becomes. */
function runs(days: string[], oldOf: (day: string) => Value, next: Value, base: Omit<Change, "from" | "to" | "old" | "next">): Change[] {
  const out: Change[] = [];
  for (const day of days) {
    const old = oldOf(day);
    const last = out[out.length - 1];
    if (last && last.old === old && addDays(last.to, 1) === day) last.to = day;
    else out.push({ ...base, from: day, to: day, old, next });
  }
  return out.filter((c) => c.old !== c.next);
}

/** Every change a bulk request makes, given the stored nights and prices of its range. */
export function planBulk(req: BulkRequest, nights: NightRow[], rates: RateRow[]): Change[] {
  const days = daysOf(req.from, req.to);
  const night = new Map(nights.map((n) => [`${n.roomId}|${n.day}`, n]));
  const price = new Map(rates.filter((r) => r.adults === null).map((r) => [`${r.roomId}|${r.rateId}|${r.day}`, r.amountBeforeTax]));
  const out: Change[] = [];
  for (const roomId of req.roomIds) {
    for (const field of INV_FIELDS) {
      const next = req.values[field];
      if (next === undefined) continue;
      out.push(...runs(days, (d) => night.get(`${roomId}|${d}`)?.[field] ?? NIGHT_DEFAULTS[field], next, { roomId, field }));
    }
    if (req.price !== null) {
      for (const rateId of req.rateIds) {
        out.push(...runs(days, (d) => price.get(`${roomId}|${rateId}|${d}`) ?? null, req.price, { roomId, rateId, field: "price" }));
      }
    }
  }
  return out;
}

/** The requests that apply a set of changes (new values) or undo them (old values). */
export function requestsFor(changes: Change[], which: "next" | "old"): { inventory: InventoryUpdate[]; rates: RateUpdate[] } {
  const inventory: InventoryUpdate[] = [];
  const rates: RateUpdate[] = [];
  for (const c of changes) {
    const v = c[which];
    if (c.field === "price") {
      rates.push({ roomId: c.roomId, rateId: c.rateId!, from: c.from, to: c.to, amountBeforeTax: v === null ? null : String(v) });
    } else {
      inventory.push({ roomId: c.roomId, from: c.from, to: c.to, [c.field]: v } as InventoryUpdate);
    }
  }
  return { inventory, rates };
}

/** "2026-12-24" -> "24/12/2026". */
export const dmy = (d: string) => d.split("-").reverse().join("/");

const FIELD_LABELS: Record<string, string> = {
  rooms: "Habitaciones a la venta",
  stop_sell: "Cierre de venta",
  min_stay: "Estancia mínima",
  closed_to_arrival: "Cierre a llegadas",
  closed_to_departure: "Cierre a salidas",
  amountBeforeTax: "Precio",
  roomId: "Habitación",
  rateId: "Tarifa",
  from: "Desde",
  to: "Hasta",
  updates: "Cambios",
};

/** A server message as a person reads it: the field path ("updates.0.amountBeforeTax:") becomes its label. */
export function friendlyError(detail: string): string {
  const m = /^([\w.]+):\s*(.*)$/s.exec(detail);
  if (!m) return detail;
  const path = m[1].split(".").filter((p) => !/^\d+$/.test(p));
  const label = FIELD_LABELS[path[path.length - 1]] ?? "Dato";
  // Messages naming the wire fields they need ("debe incluir rooms, stop_sell…") say it in words.
  const message = m[2].replace(/debe incluir .*$/, "indique al menos un valor que cambiar");
  return `${label}: ${message}`;
}
