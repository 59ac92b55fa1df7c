// Runs a tool the way lib/http runs its REST twin: the twin's roles, the twin's zod schemas, the twin's
// handler, the same Idempotency-Key records; then turns the answer (or the error body) into an MCP result.
import { z } from "zod";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Database } from "@/lib/db/open";
import type { Clock } from "@/lib/clock";
import { principalKey, type Principal } from "@/lib/auth/principal";
import { HttpError, badRequest, forbidden } from "@/lib/http/errors";
import { formatZodError } from "@/lib/http/zod";
import { RawResponse, type AnyRoute } from "@/lib/http/route";
import { toJson } from "@/lib/http/json";
import { requestFingerprint, withIdempotency, type StoredResponse } from "@/lib/http/idempotency";
import { effectKey as newEffectKey, type EffectKey } from "@/lib/http/effect-key";
import type { Logger } from "@/lib/http/log";
import { errorData, parseParams, parseWith } from "@/lib/http/steps";
import { inventoryRoutes } from "@/lib/inventory/routes";
import { reservationRoutes } from "@/lib/reservations/routes";
import { linkRoutes } from "@/lib/links/routes";
import { paymentRoutes } from "@/lib/payments/routes";
import { tools, type ToolDef, type ToolEnv } from "./tools";
import { describeSchema, labelDetail } from "./fields";

export interface McpContext {
  principal: Principal;
  database: Database;
  clock: Clock;
  /** The HTTP request that carried the call (handlers may read its headers). */
  req: Request;
  requestId: string;
  log: Logger;
  /** "/api": REST paths are fingerprinted as the pipeline sees them, so keys replay across both. */
  apiBase: string;
}

const candidates = (): AnyRoute[] => [...inventoryRoutes, ...reservationRoutes, ...linkRoutes, ...paymentRoutes];

/** The REST route a tool mirrors; a tool without one is a programming error caught by the unit tests. */
export function twinOf(tool: ToolDef): AnyRoute {
  const r = candidates().find((c) => c.method === tool.route.method && c.path === tool.route.path);
  if (!r) throw new Error(`MCP tool ${tool.name}: no REST route ${tool.route.method} ${tool.route.path}`);
  return r;
}

export function allowedFor(route: AnyRoute, principal: Principal): boolean {
  return Array.isArray(route.access) ? route.access.includes(principal.role) : route.access === "public";
}

const toJsonSchema = (schema: z.ZodType) => {
  const s = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  delete s.$schema;
  return describeSchema(s);
};

// The schemas never change while the process runs; building them once keeps tools/list cheap.
let listed: Tool[] | undefined;

/** The tools as MCP lists them; with a principal, only those its role may call. */
export function listTools(principal?: Principal): Tool[] {
  listed ??= tools.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: toJsonSchema(t.input) as Tool["inputSchema"],
    annotations: t.annotations,
  }));
  return listed.filter((_, i) => !principal || allowedFor(twinOf(tools[i]), principal));
}

export function findTool(name: string): ToolDef | undefined {
  return tools.find((t) => t.name === name);
}

/** JSON as the REST client receives it (Decimals become numbers), so structuredContent equals the REST body. */
const plain = (v: unknown) => (v === undefined ? undefined : JSON.parse(toJson(v)));

async function invoke(route: AnyRoute, ctx: McpContext, input: { params: unknown; query: unknown; body: unknown }, effect: EffectKey | null): Promise<StoredResponse> {
  const out = await route.handler({
    req: ctx.req,
    params: input.params,
    query: input.query,
    body: input.body,
    principal: ctx.principal,
    database: ctx.database,
    clock: ctx.clock,
    requestId: ctx.requestId,
    log: ctx.log,
    effectKey: effect,
  });
  if (out instanceof Response) {
    const text = await out.text();
    return { status: out.status, body: text ? JSON.parse(text) : undefined };
  }
  if (out instanceof RawResponse) {
    return { status: out.status, body: typeof out.body === "string" ? JSON.parse(out.body) : plain(out.body), headers: out.headers };
  }
  return { status: out === undefined ? 204 : 200, body: plain(out) };
}

/** `/v2/bookings/hotel_id={hotel_id}` with its parameters filled in, as it appears in a REST URL. */
function concretePath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (_, n: string) => encodeURIComponent(String(params[n] ?? "")));
}

function errorResult(body: unknown): CallToolResult {
  const b = (body && typeof body === "object" ? body : { message: String(body) }) as { message?: string; detail?: string };
  const detail = typeof b.detail === "string" && b.detail ? labelDetail(b.detail) : "";
  const text = [b.message ?? "Error", detail].filter(Boolean).join(": ");
  return { isError: true, content: [{ type: "text", text }], structuredContent: body as Record<string, unknown> };
}

/** The summary never turns a done action into an error: the model would retry it. */
async function spoken(tool: ToolDef, body: unknown, parsed: Parameters<ToolDef["say"]>[1], env: ToolEnv, log: Logger): Promise<string> {
  try {
    return await tool.say(body, parsed, env);
  } catch (e) {
    log.warn("mcp_summary_failed", { tool: tool.name, error: (e as Error)?.name });
    const msg = (body as { msg?: unknown } | undefined)?.msg;
    return typeof msg === "string" ? msg : "Listo.";
  }
}

/** One tools/call. Business errors are results with isError, never protocol errors. */
export async function callTool(ctx: McpContext, tool: ToolDef, rawArgs: Record<string, unknown> | undefined): Promise<CallToolResult> {
  const started = performance.now();
  let status = 200;
  try {
    const route = twinOf(tool);
    if (!allowedFor(route, ctx.principal)) throw forbidden(`Esta operación no está permitida para el rol ${ctx.principal.role}`);
    const args = rawArgs ?? {};
    const checked = tool.input.safeParse(args);
    if (!checked.success) throw badRequest(formatZodError(checked.error));
    const now = ctx.clock.now();
    const env: ToolEnv = { principal: ctx.principal, db: ctx.database, now };
    const rest = tool.toRest(args, env);
    const parsed = {
      params: (route.params ? parseParams(route.params, rest.params ?? {}) : (rest.params ?? {})) as Record<string, unknown>,
      query: (route.query ? parseWith(route.query, rest.query ?? {}) : (rest.query ?? {})) as Record<string, unknown>,
      body: (route.body ? parseWith(route.body, rest.body) : undefined) as Record<string, unknown> | undefined,
    };
    const key = args.idempotency_key;
    const keyed = route.idempotent && typeof key === "string";
    // The same record and effect key as the REST Idempotency-Key: same scope, route and request fingerprint.
    const fingerprint = keyed ? requestFingerprint(route.method, `${ctx.apiBase}${concretePath(route.path, rest.params)}`, rest.body === undefined ? "" : JSON.stringify(rest.body)) : "";
    const effect = keyed ? newEffectKey(principalKey(ctx.principal), key, fingerprint) : null;
    const run = async (): Promise<StoredResponse> => {
      try {
        return await invoke(route, ctx, parsed, effect);
      } catch (e) {
        return errorData(e, ctx.log);
      }
    };
    let res: StoredResponse & { replayed?: boolean };
    if (keyed) {
      try {
        res = await withIdempotency(ctx.database, { scope: principalKey(ctx.principal), key, route: route.path, fingerprint, now }, run);
        if (effect?.replayed) res = { ...res, replayed: true };
      } catch (e) {
        if (e instanceof HttpError && e.detail.startsWith("Idempotency-Key:")) {
          throw new HttpError(e.status, e.detail.replace(/^Idempotency-Key:/, "idempotency_key:"), { message: e.message });
        }
        throw e;
      }
    } else {
      res = await run();
    }
    status = res.status;
    if (res.status >= 400) return errorResult(res.body);
    const structuredContent = (Array.isArray(res.body) ? { results: res.body } : (res.body ?? {})) as Record<string, unknown>;
    const text = await spoken(tool, res.body, parsed, env, ctx.log);
    return {
      content: [{ type: "text", text }],
      structuredContent,
      ...(res.replayed ? { _meta: { "idempotent-replayed": true } } : {}),
    };
  } catch (e) {
    const stored = errorData(e, ctx.log);
    status = stored.status;
    return errorResult(stored.body);
  } finally {
    ctx.log.info("mcp_tool", { tool: tool.name, status, ms: Math.round((performance.now() - started) * 10) / 10 });
  }
}
