// The pipeline's parse and error steps (lib/api/handler.ts), also used by the MCP engine (lib/mcp/engine.ts) so a
// tool call is parsed and its errors answered exactly as the REST request it stands for.
import { z } from "zod";
import { formatZodError } from "./zod";
import { HttpError, notFound, STATUS_MESSAGES } from "./errors";
import { DomainError, type DomainCode } from "@/lib/domain/errors";
import { InputError } from "./input";
import type { Logger } from "./log";
import type { StoredResponse } from "./idempotency";
import { busyReason, BUSY_RETRY_AFTER_S } from "@/lib/db/busy";
import { noteDbBusy } from "@/lib/metrics/registry";

/** The HTTP status of each domain error (lib/domain/errors.ts); MCP answers the same body. The one table. */
export const DOMAIN_STATUS: Record<DomainCode, number> = {
  not_found: 404,
  invalid: 400,
  not_allowed: 403,
  wrong_state: 409,
  changed_meanwhile: 409,
  over_limit: 409,
  not_supported: 409,
  already_exists: 409,
};

/** What a thrown error answers (HTTP, and MCP through the same table): the error's own status, 400 for refused or out-of-range input, 503 when the database is busy, else 500 with nothing of the error in the body. */
export function errorData(e: unknown, log: Logger): StoredResponse {
  if (e instanceof HttpError) return { status: e.status, body: e.toBody(), headers: e.headers };
  if (e instanceof DomainError) {
    const status = DOMAIN_STATUS[e.code];
    return { status, body: { code: String(status), message: STATUS_MESSAGES[status], detail: e.detail }, headers: {} };
  }
  if (e instanceof InputError) return { status: 400, body: { code: "400", message: "Solicitud inválida", detail: e.detail } };
  if (e instanceof z.ZodError) return { status: 400, body: { code: "400", message: "Solicitud inválida", detail: formatZodError(e) } };
  const err = e as { name?: string; code?: string; message?: string };
  if (isOutOfRange(e)) {
    // A value beyond a column's range (a sum past Decimal(14,2)): the request asked for too much; its
    // transaction rolled back, so nothing changed. The documented maxima (lib/http/limits.ts) make this rare.
    log.warn("value_out_of_range", { error: err?.name, code: err?.code });
    return { status: 400, body: { code: "400", message: "Solicitud inválida", detail: "Un valor supera el máximo permitido" } };
  }
  const busy = busyReason(e);
  if (busy) {
    // A row lock, a statement or a pool connection not had in time (lib/db/busy.ts): nothing changed, retry soon.
    log.warn("database_busy", { reason: busy });
    noteDbBusy(busy, e);
    return {
      status: 503,
      body: { code: "503", message: "Servicio no disponible", detail: `Otra operación está usando estos datos en este momento; reintente en ${BUSY_RETRY_AFTER_S} segundos` },
      headers: { "Retry-After": String(BUSY_RETRY_AFTER_S) },
    };
  }
  // Only the error's kind and first line: no stack, no SQL, no request data.
  log.error("unhandled_error", { error: err?.name, code: err?.code, message: String(err?.message ?? "").split("\n")[0].slice(0, 200) });
  return { status: 500, body: { code: "500", message: "Error interno del servidor", detail: "Ocurrió un error inesperado; intente de nuevo" } };
}

/** Prisma P2020 / PostgreSQL 22003 (numeric value out of range), however the driver wraps it. */
function isOutOfRange(e: unknown): boolean {
  for (let x = e as { code?: unknown; meta?: { code?: unknown }; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++) {
    if (x.code === "P2020" || x.code === "22003" || x.meta?.code === "22003") return true;
  }
  return false;
}

/**
 * Path parameters name a resource: one whose shape is wrong names nothing, so it is 404 like any unknown id
 * (decisions: a resource that does not exist is 404). A parameter out of a closed list (an enum) is 400.
 */
export function parseParams(schema: z.ZodType, value: unknown): unknown {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  if (r.error.issues.some((i) => i.code === "invalid_value")) throw new HttpError(400, formatZodError(r.error));
  throw notFound();
}

export function parseWith(schema: z.ZodType, value: unknown): unknown {
  const r = schema.safeParse(value);
  if (!r.success) throw new HttpError(400, formatZodError(r.error));
  return r.data;
}
