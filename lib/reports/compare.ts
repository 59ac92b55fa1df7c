// The report's comparison table (docs/reports.md): each figure of the period next to the previous period of the
// same length and the change in percent. The page shows these rows and the CSV export writes the same rows,
// so what is downloaded is what is on screen.
import type { Period } from "./schema";
import { percentChange } from "./range";

export type RowKind = "money" | "count" | "ratio";

export interface ComparisonRow {
  id: RowId;
  kind: RowKind;
  current: number;
  previous: number | null;
  /** Percent, one decimal; null when the previous period has nothing to compare with. */
  change: number | null;
}

/** Spanish names of the rows (the page's Spanish dictionary and the CSV use these). */
export const ROW_LABELS = {
  occupancy: "Ocupación",
  room_nights_available: "Habitaciones-noche disponibles",
  room_nights_sold: "Habitaciones-noche vendidas",
  adr: "Tarifa media (ADR)",
  revpar: "RevPAR",
  revenue: "Ingresos cobrados",
  revenue_card: "Cobrado con tarjeta",
  revenue_cash: "Cobrado en efectivo",
  revenue_bank_transfer: "Cobrado por PSE",
  revenue_balance: "Cobrado con saldo",
  refunds: "Reembolsos",
  created: "Reservas creadas",
  confirmed: "Reservas confirmadas",
  expired: "Reservas vencidas",
  cancelled: "Reservas canceladas",
} as const;
export type RowId = keyof typeof ROW_LABELS;

type Picker = (p: Period) => number | undefined;
const FIGURES: Array<[RowId, RowKind, Picker]> = [
  ["occupancy", "ratio", (p) => p.occupancy],
  ["room_nights_available", "count", (p) => p.room_nights_available],
  ["room_nights_sold", "count", (p) => p.room_nights_sold],
  ["adr", "money", (p) => p.adr],
  ["revpar", "money", (p) => p.revpar],
  ["revenue", "money", (p) => p.revenue.total],
  ["revenue_card", "money", (p) => p.revenue.by_method.card],
  ["revenue_cash", "money", (p) => p.revenue.by_method.cash],
  ["revenue_bank_transfer", "money", (p) => p.revenue.by_method.bank_transfer],
  ["revenue_balance", "money", (p) => p.revenue.by_method.balance],
  ["refunds", "money", (p) => p.refunds_total],
  ["created", "count", (p) => p.reservations.created],
  ["confirmed", "count", (p) => p.reservations.confirmed],
  ["expired", "count", (p) => p.reservations.expired],
  ["cancelled", "count", (p) => p.reservations.cancelled],
];

/** The rows a caller sees: figures the answer omits (occupancy for an agency) are left out. */
export function comparisonRows(current: Period, previous?: Period): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const [id, kind, pick] of FIGURES) {
    const cur = pick(current);
    if (cur === undefined) continue;
    const prev = previous ? (pick(previous) ?? null) : null;
    rows.push({ id, kind, current: cur, previous: prev, change: prev === null ? null : percentChange(cur, prev) });
  }
  return rows;
}
