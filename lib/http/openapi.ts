// /api/openapi.json, generated from the same zod schemas that validate requests.
import { z } from "zod";
import type { AnyRoute } from "./route";
import { STATUS_MESSAGES } from "./errors";

export const errorBodySchema = z.object({
  code: z.string().meta({ description: "Estado HTTP como texto, p. ej. \"400\"" }),
  message: z.string().meta({ description: "Frase corta en español" }),
  detail: z.string().meta({ description: "Campo y regla, p. ej. \"order.tax_percent: debe estar entre 0.00 y 1.00\"" }),
});

function toSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const s = z.toJSONSchema(schema, { unrepresentable: "any", io, target: "draft-2020-12" }) as Record<string, unknown>;
  delete s.$schema;
  return s;
}

function parametersOf(schema: z.ZodType | undefined, location: "path" | "query") {
  if (!schema) return [];
  const js = toSchema(schema, "input") as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, prop]) => ({
    name,
    in: location,
    required: location === "path" ? true : (js.required ?? []).includes(name),
    description: prop.description,
    schema: { ...prop, description: undefined },
  }));
}

export function buildOpenApi(routes: AnyRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const r of routes) {
    if (r.hidden) continue;
    r.tags.forEach((t) => tags.add(t));
    const op: Record<string, unknown> = {
      summary: r.summary,
      description: r.description,
      tags: r.tags,
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      parameters: [
        ...parametersOf(r.params, "path"),
        ...parametersOf(r.query, "query"),
        ...(r.idempotent
          ? [{ name: "Idempotency-Key", in: "header", required: false, description: "Misma clave y cuerpo en 24 h: misma respuesta sin repetir el trabajo", schema: { type: "string", maxLength: 255 } }]
          : []),
      ],
      security: r.access === "public" ? [] : r.access === "cron" ? [{ cronSecret: [] }] : [{ apiKey: [] }, { session: [] }],
      "x-roles": Array.isArray(r.access) ? r.access : [r.access],
    };
    if (r.body) {
      const raw = Object.fromEntries((r.rawContentTypes ?? []).map((t) => [t, { schema: { type: "string" } }]));
      op.requestBody = { required: !r.optionalBody, content: { "application/json": { schema: toSchema(r.body, "input") }, ...raw } };
    }
    const responses: Record<string, unknown> = {};
    for (const res of r.responses ?? [{ status: 200, description: "OK" }]) {
      // One status may be answered in several content types (a voucher as JSON or PDF): the first description, every content.
      const prev = responses[String(res.status)] as { description: string; content?: Record<string, unknown> } | undefined;
      const content = { ...prev?.content, ...(res.schema ? { [res.contentType ?? "application/json"]: { schema: toSchema(res.schema, "output") } } : {}) };
      responses[String(res.status)] = { description: prev?.description ?? res.description, ...(Object.keys(content).length ? { content } : {}) };
    }
    const errorStatuses = r.access === "public" ? [400, 404] : [400, 401, 403, 404];
    for (const s of errorStatuses) {
      if (!responses[String(s)]) responses[String(s)] = { description: STATUS_MESSAGES[s], content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    }
    op.responses = responses;
    const key = r.path;
    paths[key] ??= {};
    paths[key][r.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Hotel Booking and Payments API",
      version: "2.0.0",
      description:
        "Disponibilidad, reservas, enlaces de pago, pagos (tarjeta, efectivo, transferencia), agencias, organizaciones y tarjetas virtuales. Errores: `{code, message, detail}` en español.",
    },
    servers: [{ url: serverUrl }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: toSchema(errorBodySchema, "output") },
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "Clave API `hbk_...` (Authorization: Bearer)" },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "Sesión del portal" },
        cronSecret: { type: "http", scheme: "bearer", description: "CRON_SECRET" },
      },
    },
  };
}
