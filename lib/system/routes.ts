import { z } from "zod";
import { defineRoute, json, type AnyRoute } from "@/lib/http/route";
import { buildOpenApi } from "@/lib/http/openapi";
import { config } from "@/lib/config";
import { readMigrations } from "@/lib/db/migrate";
import { secretsLoaded } from "@/lib/secrets/store";
import { isShuttingDown } from "@/lib/runtime/instance";
import { appliedMigrations, pingDatabase } from "./store";

export const healthRoute = defineRoute({
  method: "GET",
  path: "/health",
  access: "public",
  summary: "Estado del servicio y de la base de datos",
  tags: ["Sistema"],
  responses: [
    { status: 200, description: "Todo bien", schema: z.object({ status: z.literal("ok"), db: z.literal("ok") }) },
    { status: 503, description: "Base de datos inalcanzable", schema: z.object({ status: z.literal("error"), db: z.literal("error") }) },
  ],
  async handler({ database }) {
    try {
      await pingDatabase(database);
      return { status: "ok", db: "ok" };
    } catch {
      return json(503, { status: "error", db: "error" });
    }
  },
});

let expectedMigrations: string[] | null = null;

/**
 * Readiness, for load balancers: the database answers, every migration this build ships is applied, secrets
 * are loaded, and the instance is not shutting down. Liveness (/health) only says the process and database work.
 */
export const readyRoute = defineRoute({
  method: "GET",
  path: "/health/ready",
  access: "public",
  summary: "Listo para recibir tráfico (base de datos, migraciones, secretos, sin apagado en curso)",
  tags: ["Sistema"],
  responses: [
    { status: 200, description: "Listo", schema: z.object({ status: z.literal("ready"), db: z.literal("ok"), migrations: z.literal("ok") }) },
    {
      status: 503,
      description: "No listo: `reasons` dice por qué",
      schema: z.object({ status: z.literal("not_ready"), db: z.string(), migrations: z.string(), reasons: z.array(z.string()) }),
    },
  ],
  async handler({ database }) {
    const reasons: string[] = [];
    if (isShuttingDown()) reasons.push("apagando");
    if (!secretsLoaded()) reasons.push("secretos sin cargar");
    let db = "ok";
    let migrations = "ok";
    try {
      expectedMigrations ??= readMigrations().map((m) => m.name);
      const applied = new Set(await appliedMigrations(database));
      const pending = expectedMigrations.filter((m) => !applied.has(m));
      if (pending.length > 0) {
        migrations = "pending";
        reasons.push(`migraciones pendientes: ${pending.join(", ")}`);
      }
    } catch {
      db = "error";
      migrations = "unknown";
      reasons.push("base de datos inalcanzable");
    }
    if (reasons.length > 0) return json(503, { status: "not_ready", db, migrations, reasons });
    return { status: "ready", db, migrations };
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
    responses: [
      {
        status: 200,
        description: "Documento OpenAPI",
        schema: z.looseObject({
          openapi: z.string(),
          info: z.looseObject({ title: z.string(), version: z.string() }),
          paths: z.record(z.string(), z.record(z.string(), z.unknown())),
        }),
      },
    ],
    handler() {
      return buildOpenApi(all(), `${config().publicBaseUrl}/api`);
    },
  });
}
