// GET /api/metrics: this instance's metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN
// (docs/deploy.md "Metrics"). Without METRICS_TOKEN the route does not exist (404, as any unknown path).
import { defineRoute, RawResponse } from "@/lib/http/route";
import { HttpError, notFound } from "@/lib/http/errors";
import { config } from "@/lib/config";
import { safeEqual } from "@/lib/auth/api-keys";
import { renderMetrics } from "@/lib/metrics/collect";

export const metricsRoute = defineRoute({
  method: "GET",
  path: "/metrics",
  access: "public",
  summary: "Métricas de esta instancia (formato de texto de Prometheus)",
  description:
    "Requiere `Authorization: Bearer $METRICS_TOKEN`; sin METRICS_TOKEN configurado la ruta no existe (404). Cada instancia informa las suyas: solicitudes y latencia por ruta y estado, conexiones de la base de datos, tiempos de espera, trabajos programados, colas de salida, pagos por conciliar y registros de idempotencia en curso.",
  tags: ["Sistema"],
  responses: [
    { status: 200, description: "Métricas en formato de texto de Prometheus", contentType: "text/plain; version=0.0.4" },
    { status: 401, description: "Falta el token o no es el de METRICS_TOKEN" },
    { status: 404, description: "METRICS_TOKEN no está configurado" },
  ],
  async handler({ req, database }) {
    const token = config().metricsToken;
    if (!token) throw notFound("No existe la ruta GET /api/metrics");
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
    // Hash-then-compare: as slow for a near miss as for garbage (no timing hint about the token).
    if (!safeEqual(m?.[1] ?? "", token)) {
      throw new HttpError(401, "Se requiere Authorization: Bearer $METRICS_TOKEN", { headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } });
    }
    const out = await renderMetrics(database);
    return new RawResponse(200, out.text, { "content-type": out.contentType });
  },
});
