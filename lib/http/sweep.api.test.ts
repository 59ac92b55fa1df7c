/* eslint-disable @typescript-eslint/no-explicit-any -- parsed JSON of any shape */
// The hostile sweep (issue 13, item 6): every route of the route table and every calendar route, called with
// generated hostile paths, queries and bodies (NUL, lone surrogates, __proto__ keys, huge and negative
// numbers, deep nesting, wrong types, malformed percent-encoding, huge strings), as the operator, as an
// agency and anonymously. Never a 5xx, and a rejected request (4xx) changes nothing in the main tables.
// Seeded (SWEEP_SEED) so a failure replays; the counts per status go to test-results/sweep-<db>.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleApi } from "@/lib/api";
import { handleCalendar } from "@/lib/calendar/api";
import { calendarRoutes } from "@/lib/calendar/routes";
import { routes } from "@/lib/routes";
import type { AnyRoute } from "@/lib/http/route";
import { startTestServer, type TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { OPERATOR_KEY } from "@/lib/testing/api";
import { seedDemo } from "@/lib/seed/demo";

const DB = process.env.TEST_DB ?? "pglite";
const SEED = Number(process.env.SWEEP_SEED ?? 20261123);
const CAL = "/wp-json/calendar/events/v1";
/** A request that takes longer than this counts as a failure (status 599): a hang is as bad as a 500. */
const REQUEST_TIMEOUT_MS = Number(process.env.SWEEP_TIMEOUT_MS ?? 15_000);

let api: TestServer;
let agencyKey = "";
let ids: { hotel: number; agency: number; user: number; card: string; link: string; booking: string; tx: string; delivery: number; event: number } = {
  hotel: 1,
  agency: 1,
  user: 1,
  card: "1",
  link: "X",
  booking: "1",
  tx: "1",
  delivery: 1,
  event: 1,
};

beforeAll(async () => {
  api = await startTestServer([
    { prefix: "/api", handler: handleApi },
    { prefix: "/wp-json", handler: handleCalendar },
  ]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hb-sweep-"));
  const summary = await seedDemo(api.db, { now: new Date(), dataDir, nights: 5 });
  agencyKey = summary!.keys.retailer;
  const p = api.db.prisma;
  const hotel = await p.hotel.findFirst({ orderBy: { id: "asc" } });
  const agency = await p.agency.findFirst({ orderBy: { id: "asc" } });
  const user = await p.user.findFirst({ orderBy: { id: "asc" } });
  const event = await p.calendarEvent.findFirst({ orderBy: { id: "asc" } });
  ids = { ...ids, hotel: hotel!.id, agency: agency!.id, user: user!.id, event: event?.id ?? 1 };
}, 180_000);
afterAll(async () => {
  await api?.close();
});

// ------------------------------------------------------------------------------------------- hostile values

const HOSTILE_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "",
  " ",
  "%ZZ",
  "%00",
  "__proto__",
  "constructor",
  "NaN",
  "Infinity",
  "-1",
  "1.5",
  "1e309",
  "99999999999999999999",
  "2147483648",
  "9007199254740993",
  "0x10",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "http://127.0.0.1/",
  "2026-02-30",
  "9999-12-31",
  "0000-01-01",
  "x".repeat(70_000),
];

const HOSTILE_NUMBERS = [0, -1, -0.5, 1.5, 2147483648, 9007199254740993, 1e20, 1e308, -1e308, 99999999999999, 1e-9];

const deep = (n: number): unknown => (n === 0 ? { a: 1 } : { a: deep(n - 1) });

/** Raw JSON texts: things JSON.stringify would not write. */
const HOSTILE_RAW_BODIES = [
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":{"__proto__":{"polluted":1}}}',
  '{"prototype":1}',
  '"\\u0000"',
  '{"x":"\\ud800"}',
  '{"x":"a\\u0000b"}',
  JSON.stringify(deep(200)),
  `${"[".repeat(5000)}1${"]".repeat(5000)}`,
  `${"{\"a\":".repeat(3000)}1${"}".repeat(3000)}`,
  `[${Array.from({ length: 30_000 }, () => "0").join(",")}]`,
  "[]",
  "null",
  "1e999",
  "true",
  '"x"',
  "{",
  "{\"a\":1,\"a\":2}",
];

/** A fast-check arbitrary of hostile leaf values, sampled with a fixed seed. */
const hostileLeaf = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], { "": "" }, deep(40), ["\u0000"]),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
  fc.double({ noNaN: true }),
  fc.bigInt({ min: 10n ** 15n, max: 10n ** 30n }).map((b) => Number(b)),
);

function sample<T>(arb: fc.Arbitrary<T>, n: number, seed: number): T[] {
  return fc.sample(arb, { seed, numRuns: n });
}

// ------------------------------------------------------------------------------------ plausible values

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
  example?: unknown;
}

function futureDate(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A value the schema would likely accept, so a single hostile field reaches past the first check. */
function plausible(s: JsonSchema | undefined, name = "", depth = 0): unknown {
  if (!s || depth > 6) return "x";
  if (s.example !== undefined) return s.example;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) return plausible(alt[0], name, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  const n = name.toLowerCase();
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausible(v, k, depth + 1);
      return out;
    }
    case "array":
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => plausible(s.items, name, depth + 1));
    case "integer":
    case "number":
      if (/hotel/.test(n)) return ids.hotel;
      if (/agency/.test(n)) return ids.agency;
      if (/amount|price|total/.test(n)) return 150000;
      return Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return true;
    default: {
      if (s.pattern === "^\\d{1,4}$") return "1";
      if (s.pattern?.includes("[A-Za-z]{3}")) return /country/.test(n) ? "COL" : "COP";
      if (/checkout|end|to$|until/.test(n)) return futureDate(4);
      if (/date|checkin|start|from$/.test(n)) return futureDate(3);
      if (/email/.test(n)) return "sweep@example.co";
      if (/phone/.test(n)) return "3001234567";
      if (/url/.test(n)) return "https://example.co/hook";
      if (/hotel/.test(n)) return String(ids.hotel);
      if (/amount|price/.test(n)) return "150000";
      if (s.format === "date") return futureDate(3);
      if (s.format === "email") return "sweep@example.co";
      return "Sweep";
    }
  }
}

/** Every leaf path of a plausible value, for one-field-at-a-time mutation. */
function leafPaths(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (v && typeof v === "object") {
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
    if (entries.length === 0) out.push(prefix);
    for (const [k, x] of entries) leafPaths(x, [...prefix, k], out);
  } else out.push(prefix);
  return out;
}

function setAt(v: unknown, p: (string | number)[], value: unknown): unknown {
  if (p.length === 0) return value;
  const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, unknown>;
  copy[p[0]] = setAt(copy[p[0]], p.slice(1), value);
  return copy;
}

// ------------------------------------------------------------------------------------------- the sweep

interface Req {
  method: string;
  path: string;
  body?: string;
  auth: "operator" | "agency" | "anon";
  idem?: string;
}

const HOSTILE_SEGMENTS = ["%ZZ", "%E0%A4%A", "%00", "a%00b", "%ED%A0%80", "NOPE123", "-1", "1.5", "0", "99999999999", "2147483648", "1e3", "__proto__", "constructor", "%2e%2e", "x".repeat(3000), "%F0%9F%98%80"];
const HOSTILE_QUERIES = [
  "q=%00",
  "q=a%00b",
  "page=-1&limit=1e9",
  "page=99999999999999999999&per_page=99999999999",
  "limit=abc",
  "__proto__[x]=y",
  "constructor[prototype][x]=y",
  "a[b][c][d][e][f][g]=1",
  "x=%ZZ",
  "%ZZ=1",
  "status=%00&from=2026-02-30&to=0000-00-00",
  `q=${"x".repeat(10_000)}`,
];

function fillPath(template: string, value: (name: string) => string) {
  return template.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (_, name: string) => value(name));
}

function realParam(name: string): string {
  if (name === "hotel_id") return String(ids.hotel);
  if (name === "agency_type") return "retailer";
  if (name === "id") return String(ids.hotel);
  if (name === "card_id") return ids.card;
  if (name === "code") return ids.link;
  if (name === "booking_id") return ids.booking;
  if (name === "transaction_id") return ids.tx;
  return "1";
}

function bodySchema(doc: Record<string, any>, r: AnyRoute): JsonSchema | undefined {
  const op = doc.paths?.[r.path]?.[r.method.toLowerCase()];
  return op?.requestBody?.content?.["application/json"]?.schema;
}

function querySchemaNames(doc: Record<string, any>, r: AnyRoute): string[] {
  const op = doc.paths?.[r.path]?.[r.method.toLowerCase()];
  return ((op?.parameters ?? []) as Array<{ in: string; name: string }>).filter((p) => p.in === "query").map((p) => p.name);
}

/** Every item of `list` when `full`, else every `step`-th one (the other callers get a thinner slice). */
const pick = <T,>(list: T[], full: boolean, step = 4) => (full ? list : list.filter((_, i) => i % step === 0));

function apiRequests(doc: Record<string, any>, seed: number): Req[] {
  const out: Req[] = [];
  let s = seed;
  for (const r of routes) {
    if (r.path === "/openapi.json") continue;
    const roles = r.access === "public" || r.access === "cron" ? [] : (r.access as readonly string[]);
    // The caller that gets the full treatment: the operator when allowed, else the agency, else anonymous.
    const main: Req["auth"] = roles.includes("operator") ? "operator" : roles.includes("agency") ? "agency" : "anon";
    const auths: Req["auth"][] = ["operator", "agency", "anon"];
    const base = `/api${fillPath(r.path, realParam)}`;
    const schema = bodySchema(doc, r);
    const good = schema ? plausible(schema) : undefined;
    const hasBody = r.method !== "GET" && r.method !== "DELETE";
    const names = [...r.path.matchAll(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g)].map((m) => m[1]);
    for (const auth of auths) {
      const full = auth === main;
      const goodBody = hasBody && good !== undefined ? JSON.stringify(good) : undefined;
      // Paths: each parameter replaced by a hostile segment.
      if (names.length) {
        for (const seg of pick(HOSTILE_SEGMENTS, full && auth !== "anon", 6)) out.push({ method: r.method, path: `/api${fillPath(r.path, () => seg)}`, auth, body: goodBody });
      }
      if (hasBody) out.push({ method: r.method, path: base, auth, body: HOSTILE_RAW_BODIES[0] });
      if (!full) continue;
      // Queries: the fixed hostile ones and each declared name with hostile values.
      for (const q of r.method === "GET" ? HOSTILE_QUERIES : HOSTILE_QUERIES.slice(0, 2)) out.push({ method: r.method, path: `${base}?${q}`, auth });
      for (const name of querySchemaNames(doc, r)) {
        for (const v of sample(hostileLeaf, 2, s++)) {
          const text = typeof v === "string" ? v : JSON.stringify(v) ?? "";
          let enc: string;
          try {
            enc = encodeURIComponent(text.slice(0, 5000));
          } catch {
            enc = "%ED%A0%80"; // a lone surrogate cannot be percent-encoded: send its UTF-8 form
          }
          out.push({ method: r.method, path: `${base}?${encodeURIComponent(name)}=${enc}`, auth });
        }
      }
      if (!hasBody) continue;
      // Bodies: whole hostile bodies, then the plausible body with one field hostile at a time.
      for (const raw of HOSTILE_RAW_BODIES.slice(1, 12)) out.push({ method: r.method, path: base, auth, body: raw, idem: r.idempotent ? `sweep-${s++}` : undefined });
      if (good !== undefined) {
        out.push({ method: r.method, path: base, auth, body: JSON.stringify(good) });
        const paths = leafPaths(good).slice(0, 8);
        for (const [i, p] of paths.entries()) {
          for (const v of sample(hostileLeaf, 1, s++)) {
            out.push({ method: r.method, path: base, auth, body: JSON.stringify(setAt(good, p, v)), idem: r.idempotent && s % 3 === 0 ? `sweep-${s}` : undefined });
          }
          out.push({ method: r.method, path: base, auth, body: JSON.stringify(setAt(good, p, i % 2 === 0 ? "a\u0000b" : "\ud800")) });
        }
        // A __proto__ key inside the plausible body.
        out.push({ method: r.method, path: base, auth, body: JSON.stringify(good).replace(/^\{/, '{"__proto__":{"admin":true},') });
      }
      if (r.idempotent) out.push({ method: r.method, path: base, auth, body: JSON.stringify(good ?? {}), idem: "bad key with spaces" });
    }
  }
  return out;
}

function calendarRequests(seed: number): Req[] {
  const out: Req[] = [];
  let s = seed;
  const paths = [
    "",
    "/doc",
    "/events",
    `/events/${ids.event}`,
    "/events/by-slug/x",
    "/venues",
    "/venues/1",
    "/organizers",
    "/organizers/1",
    "/categories",
    "/categories/1",
    "/tags",
    "/tags/1",
  ];
  const auths = ["operator", "agency", "anon"] as const;
  const argNames = [...new Set(calendarRoutes.flatMap((r) => r.endpoints.flatMap((e) => Object.keys(e.args))))];
  for (const [i, p] of paths.entries()) {
    const auth = auths[i % 3];
    for (const seg of ["%ZZ", "%E0%A4%A", "%00", "99999999999"]) out.push({ method: "GET", path: `${CAL}${p}/${seg}`, auth });
    for (const q of ["__proto__[x]=y", "categories[__proto__][x]=1", "a[b][c]=%00", "tags[]=%00", "per_page=1e9", "categories[a]=1&tags[b][c]=2"]) {
      out.push({ method: "GET", path: `${CAL}${p}?${q}`, auth });
    }
    for (const method of ["POST", "PUT", "DELETE"]) {
      for (const raw of HOSTILE_RAW_BODIES.slice(0, 4)) out.push({ method, path: `${CAL}${p}`, auth: "operator", body: raw });
    }
  }
  for (const [i, name] of argNames.entries()) {
    const auth = auths[i % 3];
    for (const v of sample(hostileLeaf, 1, s++)) {
      const text = typeof v === "string" ? v : JSON.stringify(v) ?? "";
      let enc: string;
      try {
        enc = encodeURIComponent(text.slice(0, 3000));
      } catch {
        enc = "%ED%A0%80";
      }
      out.push({ method: "GET", path: `${CAL}/events?${name}=${enc}`, auth });
      out.push({ method: "POST", path: `${CAL}/events`, auth: "operator", body: JSON.stringify({ title: "Sweep", start_date: "2026-12-01 10:00:00", end_date: "2026-12-01 12:00:00", [name]: v }) });
    }
    out.push({ method: "GET", path: `${CAL}/events?${name}[x]=1`, auth });
    out.push({ method: "POST", path: `${CAL}/events`, auth: "operator", body: JSON.stringify({ title: "Sweep", [name]: i % 2 ? "a\u0000b" : "\udc00" }) });
  }
  return out;
}

const WATCHED = [
  "users",
  "agencies",
  "balance_entries",
  "hotels",
  "room_types",
  "rate_plans",
  "inventory_nights",
  "rate_nights",
  "reservations",
  "reservation_rooms",
  "payment_links",
  "payment_transactions",
  "vouchers",
  "account_holders",
  "organizations",
  "virtual_cards",
  "webhook_deliveries",
  "calendar_events",
  "calendar_venues",
  "calendar_organizers",
  "calendar_terms",
];

/** Row count and the sum of row versions (xmin) of each watched table: an insert, update or delete moves it. */
async function snapshot(): Promise<string> {
  const version = (t: string) =>
    t === "webhook_deliveries"
      ? "0" // delivered in the background after an accepted request: rows only
      : t === "agencies"
        ? "sum(hashtext(row(id, name, phone, email_for_notifications, document_number, agency_type, is_active, is_archived, webhook_url, balance)::text)::bigint)"
        : "sum(xmin::text::bigint)";
  const sql = WATCHED.map((t) => `SELECT '${t}' AS t, count(*)::text AS n, coalesce(${version(t)}, 0)::text AS v FROM ${t}`).join(" UNION ALL ");
  const rows = await api.db.sql.query<{ t: string; n: string; v: string }>(sql);
  return rows.map((r) => `${r.t}:${r.n}:${r.v}`).join("|");
}

function diff(a: string, b: string) {
  const x = a.split("|");
  const y = b.split("|");
  return x.filter((v, i) => v !== y[i]).map((v, i) => `${v} -> ${y[x.indexOf(v)] ?? y[i]}`);
}

describe(`hostile sweep (${DB})`, () => {
  it("never answers 5xx, and a rejected request changes nothing", async () => {
    const docRes = await apiClient(api).GET("/openapi.json");
    expect(docRes.response.status).toBe(200);
    const requests = [...apiRequests(docRes.data!, SEED), ...calendarRequests(SEED + 1_000_000)];
    const counts: Record<string, number> = {};
    const failures: string[] = [];
    const changed: string[] = [];
    const started = Date.now();
    if (process.env.SWEEP_DRY) {
      const per: Record<string, number> = {};
      for (const r of requests) per[r.path.split("?")[0].slice(0, 60)] = (per[r.path.split("?")[0].slice(0, 60)] ?? 0) + 1;
      console.log(requests.length, JSON.stringify(Object.entries(per).sort((a, b) => b[1] - a[1]).slice(0, 30)));
      return;
    }
    let done = 0;
    let last: string | null = null;
    for (const r of requests) {
      if (++done % 500 === 0) console.log(`sweep ${DB}: ${done}/${requests.length} in ${Date.now() - started} ms`);
      const headers: Record<string, string> = {};
      if (r.auth === "operator") headers.authorization = `Bearer ${OPERATOR_KEY}`;
      if (r.auth === "agency") headers.authorization = `Bearer ${agencyKey}`;
      if (r.body !== undefined) headers["content-type"] = "application/json";
      if (r.idem) headers["idempotency-key"] = r.idem;
      const write = r.method !== "GET";
      // The state before this write: the snapshot taken after the previous write when nothing else ran since.
      const before: string = write ? (last ?? (await snapshot())) : "";
      last = null;
      let status: number;
      let text = "";
      try {
        const res = await fetch(`${api.url}${r.path}`, { method: r.method, headers, body: r.body, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        status = res.status;
        text = await res.text();
      } catch (e) {
        status = 599;
        text = String(e);
      }
      counts[status] = (counts[status] ?? 0) + 1;
      const label = `${r.method} ${r.path.slice(0, 160)} [${r.auth}] ${r.body ? r.body.slice(0, 160) : ""}`;
      if (status >= 500) failures.push(`${status} ${label} -> ${text.slice(0, 200)}`);
      if (write && status >= 400 && status < 500) {
        const after = await snapshot();
        if (after !== before) changed.push(`${status} ${label}: ${diff(before, after).join(", ")}`);
        last = after;
      }
    }
    const ms = Date.now() - started;
    const report = { db: DB, seed: SEED, requests: requests.length, statuses: counts, server_errors: failures.length, changed_by_rejected: changed.length, ms };
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync(`test-results/sweep-${DB}.json`, JSON.stringify({ ...report, failures: failures.slice(0, 200), changed: changed.slice(0, 50) }, null, 2));
    console.log(`sweep ${DB}: ${JSON.stringify(report)}`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(changed.slice(0, 20)).toEqual([]);

    // Nothing was polluted: the prototype is clean and the everyday routes still answer.
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await apiClient(api, agencyKey).GET("/v2/me")).response.status).toBe(200);
    expect((await apiClient(api, agencyKey).GET("/v2/links")).response.status).toBe(200);
    expect((await api.call("GET", `${CAL}/events`)).status).toBe(200);
  }, 600_000);
});
