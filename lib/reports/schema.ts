// Wire format of GET /api/v2/reports/summary (issue 16 item 5; docs/reports.md).
import { z } from "zod";
import { isoDate } from "@/lib/http/zod-helpers";
export { MAX_RANGE_DAYS } from "./range";

export const summaryQuery = z.object({
  from: isoDate.meta({ description: "Primer día (AAAA-MM-DD, hora de Bogotá), incluido" }),
  to: isoDate.meta({ description: "Último día (AAAA-MM-DD), incluido; como mucho 366 días después de from" }),
  hotel_id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").optional(),
  compare: z.enum(["previous"], { error: "debe ser previous" }).optional().meta({ description: "previous: añade `previous`, el periodo anterior de la misma duración (termina el día antes de from)" }),
  format: z.enum(["json", "csv"], { error: "debe ser json o csv" }).optional().meta({ description: "csv: la tabla comparativa (periodo, anterior, variación %) para Excel en español (docs/reports.md)" }),
});
export type SummaryQuery = z.output<typeof summaryQuery>;

const money = z.number();
const periodFields = {
  from: z.string(),
  to: z.string(),
  room_nights_available: z.number().int().optional().meta({ description: "Habitaciones-noche cargadas en el inventario (tipos activos); no se informa a agencias" }),
  room_nights_sold: z.number().int(),
  occupancy: z.number().optional().meta({ description: "room_nights_sold / room_nights_available (0 a 1); no se informa a agencias" }),
  adr: money.meta({ description: "Tarifa media: ingreso por habitación-noche vendida" }),
  revpar: money.optional().meta({ description: "Ingreso por habitación-noche disponible; no se informa a agencias" }),
  revenue: z.object({
    total: money,
    by_method: z.object({ card: money, cash: money, bank_transfer: money, balance: money, nequi: money }),
  }),
  refunds_total: money,
  reservations: z.object({ created: z.number().int(), confirmed: z.number().int(), expired: z.number().int(), cancelled: z.number().int() }),
};
export const periodOut = z.object(periodFields);
export type Period = z.output<typeof periodOut>;
export const summaryOut = z.object({
  ...periodFields,
  daily: z.array(z.object({ date: z.string(), room_nights_sold: z.number().int(), occupancy: z.number().optional(), revenue: money })),
  previous: periodOut.optional().meta({ description: "Con compare=previous: las mismas cifras del periodo anterior de la misma duración" }),
});
export type Summary = z.output<typeof summaryOut>;

export const reportHotelsOut = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), city: z.string() })),
});
