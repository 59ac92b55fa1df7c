// The one request pipeline for /api: match -> size -> authenticate -> authorize -> rate limit -> (verify) -> parse
// -> (idempotency) -> service -> standard body, one named step each (pipeline()). Route modules only declare;
// this file does the rest once. It composes the HTTP kit (lib/http) and the callers' identity (lib/auth), and
// lives above both so that neither imports the other's way back (docs/architecture.md "Imports").
import crypto from "node:crypto";
import "@/lib/http/zod";
import { HttpError, methodNotAllowed, notFound, unauthorized, forbidden, tooManyRequests, badRequest } from "@/lib/http/errors";
import { readBodyText, parseBody, queryObject, MAX_BODY_BYTES } from "@/lib/http/body";
import { InputError, pathProblem } from "@/lib/http/input";
import { RawResponse, type AnyRoute, type Method } from "@/lib/http/route";
import { logger, log as rootLog, type Logger } from "@/lib/http/log";
import { errorData, parseParams, parseWith } from "@/lib/http/steps";
import { withIdempotency, requestFingerprint, checkIdempotencyKey, type StoredResponse } from "@/lib/http/idempotency";
import { effectKey as newEffectKey, type EffectKey } from "@/lib/http/effect-key";
import { encodedResponse, Precompressed } from "@/lib/http/compress";
import { getDatabase, type Database } from "@/lib/db";
import { observeRequest } from "@/lib/metrics/registry";
import { toJson } from "@/lib/http/json";
import { compilePath } from "@/lib/http/path-pattern";
import { systemClock, type Clock } from "@/lib/clock";
import { authenticate, authenticateCron } from "@/lib/auth/authenticate";
import { takeLimits, apiRule } from "@/lib/auth/rate-limit";
import { clientIp } from "@/lib/auth/client-ip";
import { routeLimits } from "@/lib/auth/route-limits";
import { principalKey, type Principal } from "@/lib/auth/principal";

interface CompiledRoute {
  def: AnyRoute;
  regex: RegExp;
  names: string[];
}

export interface ApiHandlerOptions {
  basePath: string;
  routes: AnyRoute[];
  /** Overrides for tests. */
  database?: () => Promise<Database>;
  clock?: Clock;
}

export type ApiHandler = (req: Request) => Promise<Response>;

async function jsonResponse(req: Request, status: number, body: unknown, headers: Record<string, string>): Promise<Response> {
  if (status === 204 || body === undefined) return new Response(null, { status: status === 200 ? 204 : status, headers });
  return encodedResponse(req, status, toJson(body), { "content-type": "application/json; charset=utf-8", ...headers });
}

/** What the pipeline knows of a request before it is matched: its id, its path under basePath, its log. */
interface Incoming {
  req: Request;
  url: URL;
  path: string;
  method: Method;
  requestId: string;
  log: Logger;
  baseHeaders: Record<string, string>;
  /** Filled as the steps learn them, for the access log. */
  routeLabel: string;
  /** The route's pattern for metrics (never the raw path: ids would make a series per resource). */
  route: string;
  principalLabel: string | null;
}

interface Matched {
  route: CompiledRoute;
  m: RegExpExecArray;
}

type Outcome = StoredResponse & { replayed?: boolean };

export function createApiHandler(opts: ApiHandlerOptions): ApiHandler {
  const compiled: CompiledRoute[] = opts.routes.map((def) => ({ def, ...compilePath(def.path) }));
  const getDb = opts.database ?? getDatabase;

  return async function handle(req: Request): Promise<Response> {
    const started = performance.now();
    const incoming = receive(req, opts.basePath);
    const result = await (async (): Promise<Outcome> => {
      try {
        return await pipeline(incoming, compiled, opts, getDb);
      } catch (e) {
        return errorData(e, incoming.log);
      }
    })();
    const response = await respond(req, result, incoming.baseHeaders);
    logRequest(incoming, response, started);
    observeRequest(req.method, incoming.route, response.status, (performance.now() - started) / 1000);
    return response;
  };
}

/** Request id (the caller's when it is sane), the path under basePath without trailing slashes, the method. */
function receive(req: Request, basePath: string): Incoming {
  const incomingId = req.headers.get("x-request-id");
  const requestId = incomingId && /^[\w.-]{1,64}$/.test(incomingId) ? incomingId : crypto.randomUUID();
  const url = new URL(req.url);
  let path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "");
  if (path === "") path = "/";
  return {
    req,
    url,
    path,
    method: (req.method === "HEAD" ? "GET" : req.method) as Method,
    requestId,
    log: logger({ request_id: requestId }),
    baseHeaders: { "x-request-id": requestId, "cache-control": "no-store" },
    routeLabel: "(sin ruta)",
    route: "(unmatched)",
    principalLabel: null,
  };
}

/** The steps in order: match, authenticate, rate limit, parse, then the call (through Idempotency-Key if sent). */
async function pipeline(incoming: Incoming, compiled: CompiledRoute[], opts: ApiHandlerOptions, getDb: () => Promise<Database>): Promise<Outcome> {
  const matched = match(incoming, compiled, opts.basePath);
  if ("status" in matched) return matched;
  const { def } = matched.route;
  incoming.routeLabel = `${def.method} ${def.path}`;
  incoming.route = def.path;
  const database = await getDb().catch(() => {
    throw new HttpError(503, "La base de datos no está disponible");
  });
  const clock = opts.clock ?? systemClock;
  const principal = await authenticateFor(def, incoming.req, database, clock);
  if (principal) incoming.principalLabel = principalKey(principal);
  await rateLimit(incoming, matched, database);
  def.verify?.(incoming.req);
  const { params, query, body, bodyText } = await parseInput(incoming, matched);
  const keyed = idempotencyOf(incoming, def, bodyText);
  const run = () =>
    call(def, { req: incoming.req, params, query, body, principal: principal as Principal, database, clock, requestId: incoming.requestId, log: incoming.log, effectKey: keyed?.effect ?? null, bodyText: def.rawBody ? bodyText : undefined });
  return idempotent(keyed, def, database, clock, run);
}

/** The route for the path and method; an OPTIONS answer; or 404/405/413 (and 400 for a path that does not decode). */
function match(incoming: Incoming, compiled: CompiledRoute[], basePath: string): Matched | Outcome {
  const { req, url, path, method } = incoming;
  // The input gate, first: a path with malformed %-encoding, NUL or a lone surrogate is refused.
  const problem = pathProblem(url.pathname);
  if (problem) throw new InputError("ruta", problem);
  const candidates = compiled.map((route) => ({ route, m: route.regex.exec(path) })).filter((x): x is Matched => x.m !== null);
  if (candidates.length === 0) throw notFound(`No existe la ruta ${req.method} ${basePath}${path}`);
  const found = candidates.find((x) => x.route.def.method === method);
  if (!found) {
    const allowed = [...new Set(candidates.map((x) => x.route.def.method))];
    if (req.method === "OPTIONS") return { status: 204, body: undefined, headers: { Allow: [...allowed, "OPTIONS"].join(", ") } };
    throw methodNotAllowed(allowed);
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, `El cuerpo supera el límite de ${MAX_BODY_BYTES} bytes`);
  return found;
}

/** The principal the route's access asks for: none for public routes (but read when given), the cron secret, or a role. */
async function authenticateFor(def: AnyRoute, req: Request, database: Database, clock: Clock): Promise<Principal | null> {
  if (def.access === "cron") {
    authenticateCron(req);
    return null;
  }
  const required = def.access !== "public";
  const { principal } = await authenticate(req, database, clock, required);
  if (required) {
    if (!principal) throw unauthorized();
    if (!(def.access as readonly string[]).includes(principal.role)) throw forbidden(`Esta operación no está permitida para el rol ${principal.role}`);
  }
  return principal;
}

/** The caller's overall budget (by principal, else by address) and the route's own limits; 429 when spent. */
async function rateLimit(incoming: Incoming, matched: Matched, database: Database) {
  const ip = clientIp(incoming.req);
  const { route, m } = matched;
  const limits = await takeLimits(database, [{ rule: apiRule(), key: incoming.principalLabel ?? `ip:${ip}` }, ...routeLimits(route.def.path, incoming.method, route.names, m, ip)]);
  if (!limits.ok) throw tooManyRequests(limits.retryAfterSeconds);
}

/** Path parameters, query and body, each through its schema; the field is named in `detail`. */
async function parseInput(incoming: Incoming, matched: Matched) {
  const { req, url, method } = incoming;
  const { def, names } = matched.route;
  const rawParams: Record<string, string> = {};
  names.forEach((n, i) => {
    rawParams[n] = decodeURIComponent(matched.m[i + 1]); // the gate in match() proved it decodes
  });
  const params = def.params ? parseParams(def.params, rawParams) : rawParams;
  const query = def.query ? parseWith(def.query, queryObject(url)) : queryObject(url);
  let bodyText = "";
  let body: unknown = undefined;
  if (method !== "GET" && method !== "DELETE") {
    bodyText = await readBodyText(req);
    if (def.body && !def.rawBody) {
      const raw = parseBody(bodyText, req.headers.get("content-type"));
      if (raw === undefined && !def.optionalBody) throw badRequest("cuerpo: se requiere un cuerpo JSON");
      body = raw === undefined ? undefined : parseWith(def.body, raw);
    }
  }
  return { params, query, body, bodyText };
}

/** The route's handler; what it returns or throws becomes the stored response (replayable by idempotency). */
async function call(def: AnyRoute, ctx: Parameters<AnyRoute["handler"]>[0]): Promise<StoredResponse> {
  try {
    const out = await def.handler(ctx);
    if (out instanceof Response) return { status: out.status, body: out, headers: {} };
    if (out instanceof RawResponse) return { status: out.status, body: out.body, headers: out.headers };
    return { status: out === undefined ? 204 : 200, body: out, headers: {} };
  } catch (e) {
    return errorData(e, ctx.log);
  }
}

interface Keyed {
  scope: string;
  key: string;
  fingerprint: string;
  effect: EffectKey;
}

/** The request's Idempotency-Key, caller and fingerprint on a route that takes one (null otherwise). */
function idempotencyOf(incoming: Incoming, def: AnyRoute, bodyText: string): Keyed | null {
  const key = incoming.req.headers.get("idempotency-key");
  if (!def.idempotent || key === null) return null;
  checkIdempotencyKey(key);
  const scope = incoming.principalLabel ?? `ip:${clientIp(incoming.req)}`;
  const fingerprint = requestFingerprint(incoming.method, incoming.url.pathname.replace(/\/+$/, ""), bodyText);
  return { scope, key, fingerprint, effect: newEffectKey(scope, key, fingerprint) };
}

/**
 * With an Idempotency-Key on a route that takes one, the first answer is stored and replayed; else just run. The
 * service also writes the key on the row it creates and answers from that row when an earlier attempt made it
 * (a crashed request whose lease was taken over): that answer is a replay too.
 */
async function idempotent(keyed: Keyed | null, def: AnyRoute, database: Database, clock: Clock, run: () => Promise<StoredResponse>): Promise<Outcome> {
  if (!keyed) return run();
  const { scope, key, fingerprint, effect } = keyed;
  const out = await withIdempotency(database, { scope, key, route: def.path, fingerprint, now: clock.now(), clock }, run);
  return effect.replayed ? { ...out, replayed: true } : out;
}

/** The HTTP response: a route's own Response, bytes or text, or JSON; always with the request id. */
async function respond(req: Request, result: Outcome, baseHeaders: Record<string, string>): Promise<Response> {
  const headers = { ...baseHeaders, ...(result.headers ?? {}) };
  if (result.replayed) headers["idempotent-replayed"] = "true";
  if (result.body instanceof Response) {
    const response = result.body;
    for (const [k, v] of Object.entries(baseHeaders)) if (!response.headers.has(k)) response.headers.set(k, v);
    return response;
  }
  if (result.body instanceof Uint8Array || typeof result.body === "string" || result.body instanceof Precompressed) {
    return encodedResponse(req, result.status, result.body, headers);
  }
  return jsonResponse(req, result.status, result.body, headers);
}

function logRequest(incoming: Incoming, response: Response, started: number) {
  if (process.env.LOG_REQUESTS === "off") return;
  const ms = Math.round((performance.now() - started) * 10) / 10;
  rootLog.info("request", { request_id: incoming.requestId, method: incoming.req.method, route: incoming.routeLabel, status: response.status, ms, principal: incoming.principalLabel });
}
