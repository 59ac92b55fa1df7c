// Reports (issue 16 item 5; docs/reports.md).
import { defineRoute } from "@/lib/http/route";
import { summaryOut, summaryQuery } from "./schema";
import { summaryReport } from "./service";

export const reportRoutes = [
  defineRoute({
    method: "GET",
    path: "/v2/reports/summary",
    access: ["operator", "hotel_admin", "agency"],
    summary: "Resumen del periodo: ocupación, ADR, RevPAR, ingresos por método, reembolsos y reservas por resultado, día a día",
    description:
      "`from` y `to` (AAAA-MM-DD, días de Bogotá, incluidos; como mucho 366 días). El operador ve todos los hoteles, un administrador de hotel los suyos " +
      "(`hotel_id` de otro hotel: 404) y una agencia sus propias reservas y pagos (sin los campos de ocupación). Definiciones en docs/reports.md.",
    tags: ["Reportes"],
    query: summaryQuery,
    responses: [
      { status: 200, description: "Resumen", schema: summaryOut },
      { status: 400, description: "Fechas inválidas o rango mayor a 366 días" },
      { status: 404, description: "El hotel no existe o no es del llamador" },
    ],
    handler: ({ database, principal, query }) => summaryReport(database, principal, query),
  }),
];
