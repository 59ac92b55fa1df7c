// GET /api/v2/reports/summary?format=csv: the comparison table of the report page (period, previous period of the
// same length, change in percent), for Excel es-CO like every export (lib/http/csv.ts, docs/reports.md).
import type { Database } from "@/lib/db/open";
import type { Principal } from "@/lib/auth/principal";
import { amountCell, csvLine, csvResponse, dateCell, textCell } from "@/lib/http/csv";
import { ROW_LABELS, comparisonRows } from "./compare";
import type { SummaryQuery } from "./schema";
import { summaryReport } from "./service";

export const CSV_HEADER = ["Indicador", "Periodo", "Periodo anterior", "Variación %"];

export async function summaryCsv(database: Database, p: Principal, q: SummaryQuery) {
  const s = await summaryReport(database, p, { ...q, compare: "previous" });
  const prev = s.previous!;
  const hotel = q.hotel_id === undefined ? null : await database.prisma.hotel.findUnique({ where: { id: q.hotel_id }, select: { name: true } });
  const hotelName = hotel?.name ?? "Todos los hoteles";
  const lines = [
    csvLine([textCell("Desde"), dateCell(s.from), dateCell(prev.from), ""]),
    csvLine([textCell("Hasta"), dateCell(s.to), dateCell(prev.to), ""]),
    csvLine([textCell("Hotel"), textCell(hotelName), textCell(hotelName), ""]),
  ];
  for (const r of comparisonRows(s, prev)) {
    // Occupancy as a percentage number (25,5), so Excel can sum and chart it like the other figures.
    const value = (n: number | null) => (n === null ? "" : amountCell(r.kind === "ratio" ? Math.round(n * 1000) / 10 : n));
    const label = r.kind === "ratio" ? `${ROW_LABELS[r.id]} (%)` : ROW_LABELS[r.id];
    lines.push(csvLine([textCell(label), value(r.current), value(r.previous), r.change === null ? "" : amountCell(r.change)]));
  }
  return csvResponse(`reporte-${s.from}-a-${s.to}.csv`, CSV_HEADER, lines);
}
