// The WordPress REST request pipeline the calendar interface reproduces (docs/calendar.md "The request pipeline"):
// route match -> missing required args -> validate_callback of every present arg (defaults included)
// -> sanitize / type checks -> permission (401 anonymous, 403 logged in) -> handler, with the WordPress
// error envelope {code, message, data: {status, ...}}.
import crypto from "node:crypto";
import { getDatabase, type Database } from "@/lib/db";
import { busyReason, BUSY_RETRY_AFTER_S } from "@/lib/db/busy";
import { noteDbBusy, observeRequest } from "@/lib/metrics/registry";
import { systemClock, fixedClock, type Clock } from "@/lib/clock";
import { config } from "@/lib/config";
import { authenticate } from "@/lib/auth/authenticate";
import { readBodyText } from "@/lib/http/body";
import { HttpError } from "@/lib/http/errors";
import { InputError, bareObject, checkKey, checkString, checkValue, parseJson, pathProblem, MAX_VALUES } from "@/lib/http/input";
import { MAX_DB_ID } from "@/lib/http/limits";
import { log as rootLog } from "@/lib/http/log";
import { principalKey, type Principal } from "@/lib/auth/principal";
import { takeLimits, apiRule } from "@/lib/auth/rate-limit";
import { clientIp } from "@/lib/auth/client-ip";

export const NAMESPACE = "calendar/events/v1";
export const BASE_PATH = `/wp-json/${NAMESPACE}`;

export type WpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const READABLE: WpMethod[] = ["GET"];
export const CREATABLE: WpMethod[] = ["POST"];
export const EDITABLE: WpMethod[] = ["POST", "PUT", "PATCH"];
export const DELETABLE: WpMethod[] = ["DELETE"];

export class WpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
  toBody() {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

export class WpResponse {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export interface WpContext {
  /** The one database handle: `database.prisma` for Prisma, the calendar's plain SQL in store.ts. */
  database: Database;
  clock: Clock;
  now: Date;
  principal: Principal | null;
  /** operator or hotel admin: WordPress "editor" (edit, delete, see drafts). */
  isEditor: boolean;
  /** Effective arguments after defaults and sanitizing. */
  params: Record<string, unknown>;
  /** Names the request actually carried (not filled from a default). */
  sent: Set<string>;
  /** Path variables from the route match. */
  path: Record<string, string>;
  method: WpMethod;
  url: URL;
  /** REST root with a trailing slash: {PUBLIC_BASE_URL}/wp-json/calendar/events/v1/ */
  root: string;
  site: string;
  /** Values set by validators for the handler (e.g. resolved rows). */
  memo: Map<string, unknown>;
}

export type ArgType = "integer" | "number" | "string" | "boolean" | "array" | "object";
export type ValidateResult = boolean | string | WpError;

export interface ArgSpec {
  type?: ArgType;
  /** Swagger type when it differs from `type`. */
  swaggerType?: string;
  required?: boolean;
  default?: unknown | ((ctx: WpContext) => unknown);
  description?: string;
  items?: { type: string };
  enum?: string[];
  in?: "query" | "path" | "body";
  /** CSV lists get style=form, explode=false in the Swagger document. */
  csv?: boolean;
  validate?: (value: unknown, ctx: WpContext, name: string) => ValidateResult | Promise<ValidateResult>;
  sanitize?: (value: unknown, ctx: WpContext) => unknown;
}

export interface Endpoint {
  methods: WpMethod[];
  args: Record<string, ArgSpec>;
  permission?: (ctx: WpContext) => boolean | Promise<boolean>;
  handler: (ctx: WpContext) => Promise<WpResponse | unknown>;
}

export interface WpRoute {
  /** The WordPress route regex, as the namespace index shows it, e.g. "/events/(?P<id>\\d+)". */
  pattern: string;
  endpoints: Endpoint[];
  /** Swagger path key, e.g. "/events/{id}" (absent: not documented). */
  docPath?: string;
}

interface Compiled {
  route: WpRoute;
  regex: RegExp;
}

function compile(route: WpRoute): Compiled {
  const src = route.pattern.replace(/\(\?P<([a-z_]+)>/g, "(?<$1>");
  return { route, regex: new RegExp(`^${src}$`) };
}

// ---------------------------------------------------------------- body parsing

/**
 * Form bodies with PHP bracket keys: `organizer[0][organizer]=A&venue[venue]=B&tags[]=x`. Objects have no
 * prototype and every key and value goes through the input gate (lib/http/input.ts): `__proto__[x]=y` is
 * refused, never written into Object.prototype.
 */
export function parsePhpForm(text: string, place: "consulta" | "cuerpo" = "cuerpo"): Record<string, unknown> {
  return parsePhpPairs(new URLSearchParams(text), place);
}

export function parsePhpPairs(pairs: Iterable<[string, string]>, place: "consulta" | "cuerpo"): Record<string, unknown> {
  const out = bareObject();
  let count = 0;
  for (const [rawKey, value] of pairs) {
    if (++count > MAX_VALUES) throw new InputError(place, "tamano");
    checkString(rawKey, place);
    checkString(value, place);
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!m) {
      out[checkKey(rawKey, place)] = value;
      continue;
    }
    const keys = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
    let node: Record<string, unknown> = out;
    for (let i = 0; i < keys.length; i++) {
      let k = checkKey(keys[i], place);
      const last = i === keys.length - 1;
      if (k === "") k = String(Object.keys(node).length);
      if (last) node[k] = value;
      else {
        if (typeof node[k] !== "object" || node[k] === null) node[k] = bareObject();
        node = node[k] as Record<string, unknown>;
      }
    }
  }
  const result = listify(out) as Record<string, unknown>;
  checkValue(result, place);
  return result;
}

/**
 * The gated value as ordinary objects for the handlers (which print values with String()): copied by own
 * data properties only, after the gate refused `__proto__`, `constructor` and `prototype`, so nothing can
 * reach Object.prototype. Parsing itself only ever writes into null-prototype objects.
 */
export function toPlain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(toPlain);
  if (v === null || typeof v !== "object") return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: toPlain((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Objects whose keys are 0..n-1 become arrays, as PHP arrays serialise to JSON. */
function listify(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  const obj = v as Record<string, unknown>;
  for (const k of Object.keys(obj)) obj[k] = listify(obj[k]);
  const keys = Object.keys(obj);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => obj[k]);
  return obj;
}

// ---------------------------------------------------------------- value helpers

export function isTruthyBoolString(v: unknown): boolean | null {
  if (typeof v === "boolean") return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === "string") {
    const s = v.toLowerCase();
    if (s === "true" || s === "1") return true;
    if (s === "false" || s === "0") return false;
  }
  return null;
}

/** PHP FILTER_VALIDATE_BOOLEAN / tribe_is_truthy. */
export function truthy(v: unknown): boolean {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") return ["1", "true", "yes", "on"].includes(v.trim().toLowerCase());
  return false;
}

/** Tribe's list_to_array: CSV split on /\s*,\s*\/ after urldecode, or an array as is. */
export function listToArray(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v === null || v === undefined || v === "") return [];
  if (typeof v === "number") return [v];
  if (typeof v === "string") {
    let s = v;
    try {
      s = decodeURIComponent(v.replace(/\+/g, " "));
    } catch {
      /* keep as sent */
    }
    return s
      .split(/\s*,\s*/)
      .filter((x) => x !== "")
      .map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  }
  return [v];
}

/** A positive integer that can be a database id (int4: at most MAX_DB_ID, lib/http/limits.ts). */
export function isPositiveInt(v: unknown): boolean {
  if (typeof v === "number") return Number.isInteger(v) && v > 0 && v <= MAX_DB_ID;
  return typeof v === "string" && /^\s*\d+\s*$/.test(v) && Number(v) > 0 && Number(v) <= MAX_DB_ID;
}

export function isNonEmptyString(v: unknown): boolean {
  return typeof v === "string" ? v !== "" : typeof v === "number";
}

function typeCheck(name: string, type: ArgType, v: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const fail = { ok: false as const, message: `${name} no es de tipo ${type}.` };
  switch (type) {
    case "integer": {
      if (typeof v === "number" && Number.isInteger(v)) return { ok: true, value: v };
      if (typeof v === "string" && /^\s*-?\d+\s*$/.test(v)) return { ok: true, value: Number(v) };
      return fail;
    }
    case "number": {
      if (typeof v === "number" && Number.isFinite(v)) return { ok: true, value: v };
      if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return { ok: true, value: Number(v) };
      return fail;
    }
    case "boolean": {
      const b = isTruthyBoolString(v);
      return b === null ? fail : { ok: true, value: b };
    }
    case "string":
      if (typeof v === "string") return { ok: true, value: v };
      if (typeof v === "number") return { ok: true, value: String(v) };
      return fail;
    case "array":
      if (Array.isArray(v)) return { ok: true, value: v };
      if (typeof v === "string") return { ok: true, value: v.split(/[\s,]+/).filter(Boolean) };
      return fail;
    case "object":
      return typeof v === "object" && v !== null ? { ok: true, value: v } : fail;
  }
}

// ---------------------------------------------------------------- the pipeline

export interface CalendarHandlerOptions {
  routes: WpRoute[];
  database?: () => Promise<Database>;
  clock?: Clock;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=UTF-8", ...headers } });
}

export function noRoute(): WpError {
  return new WpError(404, "rest_no_route", "No se encontró ninguna ruta que coincida con la URL y el método de la solicitud.");
}

type RouteMatch = { c: Compiled; m: RegExpExecArray | null };
type Hit = { c: Compiled; m: RegExpExecArray; e: Endpoint };

/** OPTIONS: every method of the matching routes, in an Allow header. */
function optionsResponse(matches: RouteMatch[]): Response {
  const allow = [...new Set(matches.flatMap((x) => x.c.route.endpoints.flatMap((e) => e.methods)))];
  return new Response(null, { status: 200, headers: { Allow: allow.join(", ") } });
}

/** The first matching route with an endpoint for the method, as WordPress picks it; else rest_no_route. */
function pickEndpoint(matches: RouteMatch[], method: WpMethod): Hit {
  for (const x of matches) {
    const e = x.c.route.endpoints.find((ep) => ep.methods.includes(method));
    if (e) return { c: x.c, m: x.m!, e };
  }
  throw noRoute();
}

/** The database, the clock (X-Test-Now pins it under TEST_CLOCK=1), the caller, and the caller's rate limit. */
async function admit(req: Request, getDb: () => Promise<Database>, baseClock: Clock, testClock: boolean): Promise<{ database: Database; clock: Clock; principal: Principal | null }> {
  const database = await getDb().catch(() => {
    throw new WpError(503, "rest_database_unavailable", "La base de datos no está disponible");
  });
  let clock = baseClock;
  // Test aid (TEST_CLOCK=1 only): X-Test-Now pins "now" for date-window checks.
  const testNow = req.headers.get("x-test-now");
  if (testClock && testNow && !Number.isNaN(Date.parse(testNow))) clock = fixedClock(testNow);
  let principal: Principal | null = null;
  try {
    principal = (await authenticate(req, database, clock, false)).principal;
  } catch (e) {
    if (e instanceof HttpError) throw new WpError(403, "rest_cookie_invalid_nonce", e.detail);
    throw e;
  }
  const limiterKey = principal ? principalKey(principal) : `ip:${clientIp(req)}`;
  const limits = await takeLimits(database, [{ rule: apiRule(), key: limiterKey }]);
  if (!limits.ok) {
    const retry = limits.retryAfterSeconds;
    throw new WpError(429, "rest_too_many_requests", `Demasiadas solicitudes; intente de nuevo en ${retry} s`, { retry_after: retry });
  }
  return { database, clock, principal };
}

/**
 * The endpoint's arguments into ctx.params, as WordPress binds them: missing required args, defaults,
 * validate_callback of every present arg (defaults included), then sanitize_callback or the declared type.
 */
async function bindArgs(ctx: WpContext, args: Record<string, ArgSpec>, merged: Record<string, unknown>): Promise<void> {
  const missing = Object.entries(args)
    .filter(([name, spec]) => spec.required && (merged[name] === undefined || merged[name] === null))
    .map(([name]) => name);
  if (missing.length) throw new WpError(400, "rest_missing_callback_param", `Falta(n) parámetro(s): ${missing.join(", ")}`, { params: missing });

  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(args)) {
    if (merged[name] !== undefined) values[name] = merged[name];
    else if (spec.default !== undefined) values[name] = typeof spec.default === "function" ? (spec.default as (c: WpContext) => unknown)(ctx) : spec.default;
  }
  // Non-declared params stay available (WordPress keeps them on the request).
  for (const [k, v] of Object.entries(merged)) if (!(k in args)) ctx.params[k] = v;
  ctx.params = { ...ctx.params, ...values };

  const invalid: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(args)) {
    if (!(name in values) || !spec.validate) continue;
    const r = await spec.validate(values[name], ctx, name);
    if (r === true) continue;
    if (r instanceof WpError) {
      invalid[name] = r.message;
      details[name] = { code: r.code, message: r.message, data: r.data.status !== undefined ? r.data : { status: 400, ...r.data } };
    } else invalid[name] = typeof r === "string" ? r : "Parámetro no válido.";
  }
  if (Object.keys(invalid).length) {
    throw new WpError(400, "rest_invalid_param", `Parámetro(s) no válido(s): ${Object.keys(invalid).join(", ")}`, {
      params: invalid,
      details: Object.keys(details).length ? details : [],
    });
  }
  for (const [name, spec] of Object.entries(args)) {
    if (!(name in values)) continue;
    if (spec.sanitize) ctx.params[name] = spec.sanitize(values[name], ctx);
    else if (spec.type) {
      const r = typeCheck(name, spec.type, values[name]);
      if (!r.ok) invalid[name] = r.message;
      else ctx.params[name] = r.value;
    }
  }
  if (Object.keys(invalid).length) {
    throw new WpError(400, "rest_invalid_param", `Parámetro(s) no válido(s): ${Object.keys(invalid).join(", ")}`, { params: invalid, details: [] });
  }
}

/** The permission check (401 anonymous, 403 logged in), then the handler; its result as a response. */
async function runEndpoint(e: Endpoint, ctx: WpContext): Promise<Response> {
  if (e.permission && !(await e.permission(ctx))) {
    throw new WpError(ctx.principal ? 403 : 401, "rest_forbidden", "Lo sentimos, no tiene permiso para hacer eso.");
  }
  const out = await e.handler(ctx);
  return out instanceof WpResponse ? json(out.status, out.body, out.headers) : json(200, out);
}

export function createCalendarHandler(opts: CalendarHandlerOptions) {
  const compiled = opts.routes.map(compile);
  const getDb = opts.database ?? getDatabase;

  return async function handle(req: Request): Promise<Response> {
    const started = performance.now();
    const url = new URL(req.url);
    let path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
    path = path.replace(/\/+$/, "");
    if (path === "") path = "/";
    const method = (req.method === "HEAD" ? "GET" : req.method.toUpperCase()) as WpMethod | "OPTIONS";
    const cfg = config();
    let response: Response;
    let routeLabel = "(sin ruta)";
    let metricsRoute = "(unmatched)";
    try {
      // The input gate: malformed %-encoding names no route; NUL or a lone surrogate is refused.
      const problem = pathProblem(url.pathname);
      if (problem === "codificacion") throw noRoute();
      if (problem) throw new InputError("ruta", problem);
      const decoded = decodeURIComponent(path);
      const subject = path === "/" ? "" : decoded;
      const matches = compiled.map((c) => ({ c, m: c.regex.exec(subject) })).filter((x) => x.m);
      if (matches.length === 0) throw noRoute();
      if (method === "OPTIONS") return optionsResponse(matches);
      const hit = pickEndpoint(matches, method);
      routeLabel = `${method} ${hit.c.route.pattern}`;
      metricsRoute = `/wp-json/${NAMESPACE}${hit.c.route.docPath ?? hit.c.route.pattern}`;
      const { database, clock, principal } = await admit(req, getDb, opts.clock ?? systemClock, cfg.testClock);
      const pathParams: Record<string, string> = Object.assign(bareObject<string>(), hit.m.groups ?? {});
      const merged = mergeParams(pathParams, readQuery(url), method === "GET" ? bareObject() : await readBody(req));
      const ctx: WpContext = {
        database,
        clock,
        now: clock.now(),
        principal,
        isEditor: principal !== null && (principal.role === "operator" || principal.role === "hotel_admin"),
        params: {},
        sent: new Set(Object.keys(merged)),
        path: pathParams,
        method: method as WpMethod,
        url,
        root: `${cfg.publicBaseUrl}${BASE_PATH}/`,
        site: cfg.publicBaseUrl,
        memo: new Map(),
      };
      await bindArgs(ctx, hit.e.args, merged);
      response = await runEndpoint(hit.e, ctx);
    } catch (e) {
      response = errorResponse(e);
    }
    if (process.env.LOG_REQUESTS !== "off") {
      rootLog.info("request", { request_id: crypto.randomUUID(), method: req.method, route: routeLabel, status: response.status, ms: Math.round((performance.now() - started) * 10) / 10 });
    }
    observeRequest(req.method, metricsRoute, response.status, (performance.now() - started) / 1000);
    if (req.method === "HEAD") return new Response(null, { status: response.status, headers: response.headers });
    return response;
  };
}

/** The query string as PHP reads it (`a[]=1&a[]=2`, `a[b]=1`), through the input gate. */
function readQuery(url: URL): Record<string, unknown> {
  const query = bareObject();
  let count = 0;
  for (const [k, v] of url.searchParams) {
    if (++count > MAX_VALUES) throw new InputError("consulta", "tamano");
    checkString(v, "consulta");
    const m = /^([^[\]]+)\[\]$/.exec(k);
    if (m) query[checkKey(m[1], "consulta")] = [...((query[m[1]] as unknown[]) ?? []), v];
    else if (/\[/.test(k)) Object.assign(query, parsePhpPairs([[k, v]], "consulta"));
    else query[checkKey(k, "consulta")] = v;
  }
  checkValue(query, "consulta");
  return toPlain(query) as Record<string, unknown>;
}

/** A form or JSON body (a JSON array or scalar counts as empty, as in WordPress); bad JSON is rest_invalid_json. */
async function readBody(req: Request): Promise<Record<string, unknown>> {
  const text = await readBodyText(req).catch(() => {
    throw new WpError(413, "rest_request_too_large", "El cuerpo de la solicitud es demasiado grande");
  });
  const ct = (req.headers.get("content-type") ?? "").toLowerCase();
  if (text.trim() === "") return bareObject();
  if (ct.includes("application/x-www-form-urlencoded")) return parsePhpForm(text, "cuerpo");
  if (!ct.includes("json") && !/^\s*[{[]/.test(text)) return bareObject();
  try {
    const parsed = parseJson(text, "cuerpo");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : bareObject();
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new WpError(400, "rest_invalid_json", "El cuerpo JSON no es válido.", { json_error_code: 4, json_error_message: "Syntax error" });
  }
}

/**
 * Parameters: JSON body, form body, query string, then URL (first found wins), as WordPress merges them. The
 * path names the item (decision 11): a body `slug` renames it instead of choosing it (kept as `__body_slug`).
 */
function mergeParams(pathParams: Record<string, string>, query: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  const merged = bareObject();
  Object.assign(merged, pathParams, query, toPlain(body));
  for (const [k, v] of Object.entries(pathParams)) {
    if (merged[k] !== v) merged[`__body_${k}`] = merged[k];
    merged[k] = v;
  }
  return merged;
}

/** WordPress's error envelope for what a step threw; anything unexpected is a logged rest_internal_error. */
function errorResponse(e: unknown): Response {
  if (e instanceof WpError) return json(e.status, e.toBody());
  if (e instanceof InputError) return json(400, { code: "rest_invalid_param", message: `Solicitud no válida: ${e.detail}`, data: { status: 400 } });
  const busy = busyReason(e);
  if (busy) {
    noteDbBusy(busy, e);
    // lib/db/busy.ts: nothing changed; the client retries (WordPress has no code for it: ours, in its envelope).
    return json(503, { code: "rest_database_busy", message: `La base de datos está ocupada; reintente en ${BUSY_RETRY_AFTER_S} segundos`, data: { status: 503 } }, { "Retry-After": String(BUSY_RETRY_AFTER_S) });
  }
  const err = e as { name?: string; code?: string; message?: string };
  rootLog.error("unhandled_error", { error: err?.name, code: err?.code, message: String(err?.message ?? "").split("\n")[0].slice(0, 200) });
  return json(500, { code: "rest_internal_error", message: "Ocurrió un error inesperado; intente de nuevo", data: { status: 500 } });
}
