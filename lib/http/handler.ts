// The one request pipeline for /api: match -> size -> authenticate -> authorize -> rate limit -> parse
// -> (idempotency) -> service -> standard body. Route modules only declare; this file does the rest once.
import crypto from "node:crypto";
import { z } from "zod";
import "./zod";
import { formatZodError } from "./zod";
import { HttpError, methodNotAllowed, notFound, unauthorized, forbidden, tooManyRequests, badRequest } from "./errors";
import { readBodyText, parseBody, queryObject, MAX_BODY_BYTES } from "./body";
import { InputError, pathProblem } from "./input";
import { RawResponse, type AnyRoute, type Method } from "./route";
import { logger, log as rootLog } from "./log";
import { withIdempotency, requestFingerprint, type StoredResponse } from "./idempotency";
import { encodedResponse, Precompressed } from "./compress";
import { getDatabase, Prisma, type Database } from "@/lib/db";
import { systemClock, type Clock } from "@/lib/clock";
import { config } from "@/lib/config";
import { resolveApiKey, safeEqual } from "@/lib/auth/api-keys";
import { sessionPrincipal } from "@/lib/auth/session";
import { takeLimits, apiRule } from "@/lib/auth/rate-limit";
import { clientIp } from "@/lib/auth/client-ip";
import { routeLimits } from "@/lib/auth/route-limits";
import { allowedOriginHosts } from "@/lib/auth/origin";
import { principalKey, type Principal } from "@/lib/auth/principal";

interface CompiledRoute {
  def: AnyRoute;
  regex: RegExp;
  names: string[];
}

export function compilePath(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path
    .split(/(\{[a-zA-Z_][a-zA-Z0-9_]*\})/)
    .map((part) => {
      const m = /^\{([a-zA-Z_][a-zA-Z0-9_]*)\}$/.exec(part);
      if (m) {
        names.push(m[1]);
        return "([^/]+)";
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return { regex: new RegExp(`^${pattern}$`), names };
}

export interface ApiHandlerOptions {
  basePath: string;
  routes: AnyRoute[];
  /** Overrides for tests. */
  database?: () => Promise<Database>;
  clock?: Clock;
}

export type ApiHandler = (req: Request) => Promise<Response>;

/** JSON that turns Prisma Decimals into numbers (money is exact until this last step). */
export function toJson(body: unknown): string {
  return JSON.stringify(body, function (this: Record<string, unknown>, key, value) {
    const original = this[key];
    if (Prisma.Decimal.isDecimal(original)) return (original as Prisma.Decimal).toNumber();
    return value;
  });
}

async function jsonResponse(req: Request, status: number, body: unknown, headers: Record<string, string>): Promise<Response> {
  if (status === 204 || body === undefined) return new Response(null, { status: status === 200 ? 204 : status, headers });
  return encodedResponse(req, status, toJson(body), { "content-type": "application/json; charset=utf-8", ...headers });
}

function errorData(e: unknown, log: ReturnType<typeof logger>): StoredResponse {
  if (e instanceof HttpError) return { status: e.status, body: e.toBody(), headers: e.headers };
  if (e instanceof InputError) return { status: 400, body: { code: "400", message: "Solicitud inválida", detail: e.detail } };
  if (e instanceof z.ZodError) return { status: 400, body: { code: "400", message: "Solicitud inválida", detail: formatZodError(e) } };
  const err = e as { name?: string; code?: string; message?: string };
  if (isOutOfRange(e)) {
    // A value beyond a column's range (a sum past Decimal(14,2)): the request asked for too much; its
    // transaction rolled back, so nothing changed. The documented maxima (lib/http/limits.ts) make this rare.
    log.warn("value_out_of_range", { error: err?.name, code: err?.code });
    return { status: 400, body: { code: "400", message: "Solicitud inválida", detail: "Un valor supera el máximo permitido" } };
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

interface Authenticated {
  principal: Principal | null;
}

export async function authenticate(req: Request, database: Database, clock: Clock, required: boolean): Promise<Authenticated> {
  const cfg = config();
  const header = req.headers.get("authorization");
  let lookup: { ok: true; principal: Principal; agency: { isActive: boolean; isArchived: boolean } | null } | null = null;
  if (header) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) {
      if (required) throw unauthorized("Authorization debe ser 'Bearer <clave API>'");
      return { principal: null };
    }
    const key = m[1];
    if (cfg.operatorApiKey && safeEqual(key, cfg.operatorApiKey)) {
      return {
        principal: { role: "operator", via: "bootstrap", userId: null, apiKeyId: null, agencyId: null, agencyType: null, hotelIds: [] },
      };
    }
    const r = await resolveApiKey(database, key, clock.now());
    if (!r.ok) {
      if (required) throw unauthorized("La clave API no es válida o fue revocada");
      return { principal: null };
    }
    lookup = r;
  } else {
    const r = await sessionPrincipal(database.prisma, req.headers.get("cookie"));
    if (r.ok) {
      // A browser session may only write from our own pages.
      if (req.method !== "GET" && req.method !== "HEAD") {
        const origin = req.headers.get("origin");
        if (origin && !allowedOriginHosts(req).has(originHost(origin))) throw forbidden("Origen no permitido para una sesión del portal");
      }
      lookup = r;
    } else if (required) {
      throw unauthorized(r.present ? "La sesión expiró; inicie sesión de nuevo" : undefined);
    }
  }
  if (!lookup) return { principal: null };
  if (lookup.principal.role === "agency" && lookup.agency && (!lookup.agency.isActive || lookup.agency.isArchived)) {
    if (required) throw forbidden(lookup.agency.isArchived ? "La agencia está archivada" : "La agencia está inactiva");
    return { principal: null };
  }
  return { principal: lookup.principal };
}

export function createApiHandler(opts: ApiHandlerOptions): ApiHandler {
  const compiled: CompiledRoute[] = opts.routes.map((def) => ({ def, ...compilePath(def.path) }));
  const getDb = opts.database ?? getDatabase;

  return async function handle(req: Request): Promise<Response> {
    const started = performance.now();
    const incomingId = req.headers.get("x-request-id");
    const requestId = incomingId && /^[\w.-]{1,64}$/.test(incomingId) ? incomingId : crypto.randomUUID();
    const reqLog = logger({ request_id: requestId });
    const url = new URL(req.url);
    let path = url.pathname.startsWith(opts.basePath) ? url.pathname.slice(opts.basePath.length) : url.pathname;
    if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "");
    if (path === "") path = "/";
    const method = (req.method === "HEAD" ? "GET" : req.method) as Method;
    const baseHeaders: Record<string, string> = { "x-request-id": requestId, "cache-control": "no-store" };
    let routeLabel = "(sin ruta)";
    let principalLabel: string | null = null;

    const result = await (async (): Promise<StoredResponse & { replayed?: boolean }> => {
      try {
        // The input gate, first: a path with malformed %-encoding, NUL or a lone surrogate is refused.
        const problem = pathProblem(url.pathname);
        if (problem) throw new InputError("ruta", problem);
        const candidates = compiled
          .map((c) => ({ c, m: c.regex.exec(path) }))
          .filter((x): x is { c: CompiledRoute; m: RegExpExecArray } => x.m !== null);
        if (candidates.length === 0) throw notFound(`No existe la ruta ${req.method} ${opts.basePath}${path}`);
        const match = candidates.find((x) => x.c.def.method === method);
        if (!match) {
          const allowed = [...new Set(candidates.map((x) => x.c.def.method))];
          if (req.method === "OPTIONS") return { status: 204, body: undefined, headers: { Allow: [...allowed, "OPTIONS"].join(", ") } };
          throw methodNotAllowed(allowed);
        }
        const { def } = match.c;
        routeLabel = `${def.method} ${def.path}`;
        const declared = Number(req.headers.get("content-length") ?? "0");
        if (declared > MAX_BODY_BYTES) throw new HttpError(413, `El cuerpo supera el límite de ${MAX_BODY_BYTES} bytes`);

        const database = await getDb().catch(() => {
          throw new HttpError(503, "La base de datos no está disponible");
        });
        const clock = opts.clock ?? systemClock;

        let principal: Principal | null = null;
        if (def.access === "cron") {
          const secret = config().cronSecret;
          const header = req.headers.get("authorization") ?? "";
          const m = /^Bearer\s+(\S+)$/i.exec(header);
          if (!secret) throw unauthorized("Las rutas programadas están desactivadas: CRON_SECRET no está configurado");
          if (!m || !safeEqual(m[1], secret)) throw unauthorized("Se requiere Authorization: Bearer $CRON_SECRET");
        } else {
          const required = def.access !== "public";
          principal = (await authenticate(req, database, clock, required)).principal;
          if (required) {
            if (!principal) throw unauthorized();
            if (!(def.access as readonly string[]).includes(principal.role)) {
              throw forbidden(`Esta operación no está permitida para el rol ${principal.role}`);
            }
          }
        }
        if (principal) principalLabel = principalKey(principal);
        const ip = clientIp(req);
        const limits = await takeLimits(database, [{ rule: apiRule(), key: principalLabel ?? `ip:${ip}` }, ...routeLimits(def.path, method, match.c.names, match.m, ip)]);
        if (!limits.ok) throw tooManyRequests(limits.retryAfterSeconds);

        // Path parameters, query and body, each through its schema; the field is named in `detail`.
        const rawParams: Record<string, string> = {};
        match.c.names.forEach((n, i) => {
          rawParams[n] = decodeURIComponent(match.m[i + 1]); // the gate above proved it decodes
        });
        const params = def.params ? parseParams(def.params, rawParams) : rawParams;
        const query = def.query ? parseWith(def.query, queryObject(url)) : queryObject(url);
        let bodyText = "";
        let body: unknown = undefined;
        if (method !== "GET" && method !== "DELETE") {
          bodyText = await readBodyText(req);
          if (def.body) {
            const raw = parseBody(bodyText, req.headers.get("content-type"));
            if (raw === undefined && !def.optionalBody) throw badRequest("cuerpo: se requiere un cuerpo JSON");
            body = raw === undefined ? undefined : parseWith(def.body, raw);
          }
        }

        const run = async (): Promise<StoredResponse> => {
          try {
            const out = await def.handler({ req, params, query, body, principal: principal as Principal, db: database.prisma, database, clock, requestId, log: reqLog });
            if (out instanceof Response) return { status: out.status, body: out, headers: {} };
            if (out instanceof RawResponse) return { status: out.status, body: out.body, headers: out.headers };
            return { status: out === undefined ? 204 : 200, body: out, headers: {} };
          } catch (e) {
            return errorData(e, reqLog);
          }
        };

        const idemKey = req.headers.get("idempotency-key");
        if (def.idempotent && idemKey !== null) {
          const scope = principalLabel ?? `ip:${clientIp(req)}`;
          return await withIdempotency(
            database,
            { scope, key: idemKey, route: def.path, fingerprint: requestFingerprint(method, url.pathname.replace(/\/+$/, ""), bodyText), now: clock.now(), clock },
            run,
          );
        }
        return await run();
      } catch (e) {
        return errorData(e, reqLog);
      }
    })();

    const headers = { ...baseHeaders, ...(result.headers ?? {}) };
    if (result.replayed) headers["idempotent-replayed"] = "true";
    let response: Response;
    if (result.body instanceof Response) {
      response = result.body;
      for (const [k, v] of Object.entries(baseHeaders)) if (!response.headers.has(k)) response.headers.set(k, v);
    } else if (result.body instanceof Uint8Array || typeof result.body === "string" || result.body instanceof Precompressed) {
      response = await encodedResponse(req, result.status, result.body, headers);
    } else {
      response = await jsonResponse(req, result.status, result.body, headers);
    }
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (process.env.LOG_REQUESTS !== "off") {
      rootLog.info("request", { request_id: requestId, method: req.method, route: routeLabel, status: response.status, ms, principal: principalLabel });
    }
    return response;
  };
}

/** The Origin header's host, or "" when it is not a URL (`null`, garbage): then it matches no allowed host (403). */
export function originHost(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return "";
  }
}

/**
 * Path parameters name a resource: one whose shape is wrong names nothing, so it is 404 like any unknown id
 * (decisions: a resource that does not exist is 404). A parameter out of a closed list (an enum) is 400.
 */
function parseParams(schema: z.ZodType, value: unknown): unknown {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  if (r.error.issues.some((i) => i.code === "invalid_value")) throw new HttpError(400, formatZodError(r.error));
  throw notFound();
}

function parseWith(schema: z.ZodType, value: unknown): unknown {
  const r = schema.safeParse(value);
  if (!r.success) throw new HttpError(400, formatZodError(r.error));
  return r.data;
}
