// Reports (issue 16 item 5, issue 27; docs/reports.md).
import { defineRoute } from "@/lib/http/route";
import { reportHotelsOut, summaryOut, summaryQuery } from "./schema";
import { summaryReport } from "./service";
import { summaryCsv } from "./export";
import { reportHotels } from "./hotels";

export const reportRoutes = [
  defineRoute({
    method: "GET",
    path: "/v2/reports/summary",
    access: ["operator", "hotel_admin", "agency"],
    summary: "Resumen del periodo: ocupación, ADR, RevPAR, ingresos por método, reembolsos y reservas por resultado, día a día; comparación y CSV",
    description:
      "`from` y `to` (AAAA-MM-DD, días de Bogotá, incluidos; como mucho 366 días). El operador ve todos los hoteles, un administrador de hotel los suyos " +
      "(`hotel_id` de otro hotel: 404) y una agencia sus propias reservas y pagos (sin los campos de ocupación). Con `compare=previous` añade `previous`, " +
      "el periodo anterior de la misma duración; con `format=csv` responde la tabla comparativa en CSV para Excel en español. Definiciones en docs/reports.md.",
    tags: ["Reportes"],
    query: summaryQuery,
    responses: [
      { status: 200, description: "Resumen", schema: summaryOut },
      { status: 200, description: "CSV (format=csv)", contentType: "text/csv" },
      { status: 400, description: "Fechas inválidas o rango mayor a 366 días" },
      { status: 404, description: "El hotel no existe o no es del llamador" },
    ],
    handler: ({ database, principal, query }) => (query.format === "csv" ? summaryCsv(database, principal, query) : summaryReport(database, principal, query)),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/reports/hotels",
    access: ["operator", "hotel_admin", "agency"],
    summary: "Hoteles que el llamador puede elegir en los reportes",
    description: "El operador, los hoteles activos; un administrador de hotel, los suyos; una agencia, los hoteles en los que ha reservado.",
    tags: ["Reportes"],
    responses: [{ status: 200, description: "Hoteles", schema: reportHotelsOut }],
    handler: async ({ database, principal }) => ({ data: await reportHotels(database, principal) }),
  }),
];
