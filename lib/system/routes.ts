import { z } from "zod";
import { defineRoute, json, type AnyRoute } from "@/lib/http/route";
import { buildOpenApi } from "@/lib/http/openapi";
import { config } from "@/lib/config";

export const healthRoute = defineRoute({
  method: "GET",
  path: "/health",
  access: "public",
  summary: "Estado del servicio y de la base de datos",
  tags: ["Sistema"],
  responses: [
    { status: 200, description: "Todo bien", schema: z.object({ status: z.literal("ok"), db: z.literal("ok") }) },
    { status: 503, description: "Base de datos inalcanzable" },
  ],
  async handler({ database }) {
    try {
      await database.sql.query("SELECT 1");
      return { status: "ok", db: "ok" };
    } catch {
      return json(503, { status: "error", db: "error" });
    }
  },
});

/** The OpenAPI route needs the final list of routes, so it is built from it. */
export function openApiRoute(all: () => AnyRoute[]): AnyRoute {
  return defineRoute({
    method: "GET",
    path: "/openapi.json",
    access: "public",
    summary: "Documento OpenAPI 3.1 de todas las rutas /api",
    tags: ["Sistema"],
    handler() {
      return buildOpenApi(all(), `${config().publicBaseUrl}/api`);
    },
  });
}
