// Issue 17, the search fast path (lib/http/node.ts): the node:http front that server.mjs puts before Next.js
// answers 4.2, 4.3 and 4.1 exactly as the handler behind Next.js does (status, body bytes, headers, request id), and
// every rule holds on it: a revoked key, the wrong agency type, a closed portal session, the rate limit (one
// counter for both paths) and the version check (a write is seen by the very next answer). Runs on PGlite and
// PostgreSQL. tests/multi-instance/search-fresh.test.ts compares the front with Next.js itself.
import http from "node:http";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createUser, sessionCookieFor } from "@/lib/testing/factories";
import { parseTrustedProxies, stampClient } from "@/server/forwarding.mjs";
import { fastApi, FAST_ROUTES } from "@/lib/fast-api";
import { routes } from "@/lib/routes";
import { securityHeaders } from "@/lib/security-headers";
import { addDays, bogotaDate } from "@/lib/time";
import { sellableHotel, reservationBody } from "@/lib/testing/booking-fixtures";
import { NEXT_VARY } from "./node";

let api: TestServer;
let front: http.Server;
let frontUrl: string;
let key: string;
let city: string;
let hotelId: number;
let roomId: string;
let rateId: string;
const checkin = addDays(bogotaDate(new Date()), 6);
const NIGHTS = 2;
const saved = { ...process.env };

beforeAll(async () => {
  api = await startApi();
  // The front as server.mjs mounts it: the client stamped from the socket, then claimed or not.
  const trusted = parseTrustedProxies("");
  front = http.createServer((req, res) => {
    stampClient(req, trusted);
    if (!fastApi.claims(req)) {
      res.statusCode = 421; // not claimed: server.mjs would hand it to Next.js
      res.end();
      return;
    }
    fastApi.serve(req, res).catch((e) => {
      res.statusCode = 599;
      res.end(String(e));
    });
  });
  await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  key = (await agencyWithKey(api.db, { agencyType: "retailer" })).key;
  const h = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 5, price: 100_000, roomTypes: 2 });
  city = `FAST_CITY_${h.hotel.id}`;
  await api.db.sql.query("UPDATE hotels SET city = $1 WHERE id = $2", [city, h.hotel.id]);
  hotelId = h.hotel.id;
  roomId = h.roomTypes[0].roomId;
  rateId = h.rate.rateId;
});
afterAll(async () => {
  front?.closeAllConnections();
  await new Promise((r) => front?.close(r));
  await api?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  if (saved.RATE_LIMIT_PER_MINUTE === undefined) delete process.env.RATE_LIMIT_PER_MINUTE;
  else process.env.RATE_LIMIT_PER_MINUTE = saved.RATE_LIMIT_PER_MINUTE;
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const h = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    const req = http.request(new URL(path, base), { method, headers: h }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const cityPath = (c = city, agency = "retailer") => `/api/v2/bookings/agencies/${agency}/availability?checkin=${checkin}&nights=${NIGHTS}&city=${c}`;
const hotelPath = (id = hotelId) => `/api/v2/bookings/availability?hotel_id=${id}&checkin=${checkin}&nights=${NIGHTS}&adults=2`;
const LAYOUT = JSON.stringify({ layout: [{ adults: 2 }, { adults: 1, children_ages: [7] }] });
const bearer = (k = key) => ({ authorization: `Bearer ${k}`, "content-type": "application/json" });

// Framing (Content-Length or chunked) and connection headers belong to each server, not to the answer.
const FRAMING = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
const answerHeaders = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => !FRAMING.has(k)));

function decoded(r: Raw): Buffer {
  const enc = r.headers["content-encoding"];
  return enc === "br" ? zlib.brotliDecompressSync(r.bytes) : enc === "gzip" ? zlib.gunzipSync(r.bytes) : r.bytes;
}

/**
 * The same request through the pipeline behind a web front (what Next.js runs) and through the node front; the
 * front's answer must be the same bytes with the same headers, plus what Next.js adds to every answer.
 */
async function expectSameAnswer(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  const h = { ...headers, "x-request-id": `fast-${Math.random().toString(36).slice(2)}` };
  const slow = await send(api.url, method, path, h, body);
  const fast = await send(frontUrl, method, path, h, body);
  expect(fast.status).toBe(slow.status);
  // Compressed answers are compared decoded: an answer reused is re-encoded at a better level in the background,
  // so two asks of one question may be encoded differently (lib/http/compress.ts).
  expect(decoded(fast).equals(decoded(slow)), `body of ${method} ${path} differs`).toBe(true);
  const expected: Record<string, unknown> = { ...answerHeaders(slow.headers) };
  for (const { key: k, value } of securityHeaders(false)) expected[k.toLowerCase()] = value;
  expected.vary = slow.headers.vary ? `${NEXT_VARY}, ${slow.headers.vary}` : NEXT_VARY;
  expect(answerHeaders(fast.headers)).toEqual(expected);
  expect(fast.headers["x-request-id"]).toBe(h["x-request-id"]);
  return fast;
}

describe("the node front answers as the pipeline behind Next.js does", () => {
  it("names only routes that exist", () => {
    const declared = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const r of FAST_ROUTES) expect(declared.has(r), r).toBe(true);
  });

  it("4.2 and 4.3: the same bytes and headers, compressed or not, fresh and cached", async () => {
    for (const ae of ["gzip, br", "gzip", null]) {
      const h = ae ? { ...bearer(), "accept-encoding": ae } : bearer();
      for (let i = 0; i < 2; i++) {
        const r = await expectSameAnswer("POST", cityPath(), h, LAYOUT);
        expect(r.status).toBe(200);
        expect(r.headers["content-encoding"]).toBe(ae === null ? undefined : ae.startsWith("gzip,") ? "br" : "gzip");
        const g = await expectSameAnswer("GET", hotelPath(), ae ? { authorization: h.authorization, "accept-encoding": ae } : { authorization: h.authorization });
        expect(g.status).toBe(200);
      }
    }
  });

  it("refusals are the same: no key, an unknown key, the wrong agency type, a bad body, an unknown city or hotel", async () => {
    const cases: Array<[string, string, Record<string, string>, string | undefined, number]> = [
      ["POST", cityPath(), { "content-type": "application/json" }, LAYOUT, 401],
      ["POST", cityPath(), bearer("hbk_not_a_key_at_all_0123456789"), LAYOUT, 401],
      ["POST", cityPath(city, "wholesale"), bearer(), LAYOUT, 403],
      ["POST", cityPath(), bearer(), "{nope", 400],
      ["POST", cityPath(), bearer(), JSON.stringify({ layout: [] }), 400],
      ["POST", cityPath("NO_SUCH_CITY_ANYWHERE"), bearer(), LAYOUT, 404],
      ["GET", hotelPath(987654321), { authorization: bearer().authorization }, undefined, 404],
      ["GET", `/api/v2/bookings/availability?hotel_id=${hotelId}&checkin=ayer&nights=2&adults=2`, { authorization: bearer().authorization }, undefined, 400],
    ];
    for (const [method, path, headers, body, status] of cases) {
      const r = await expectSameAnswer(method, path, headers, body);
      expect(r.status, `${method} ${path}`).toBe(status);
      expect(JSON.parse(r.bytes.toString("utf8")).code).toBe(String(status));
    }
  });

  it("4.1: a booking made on either path replays byte for byte on the other (one Idempotency-Key store)", async () => {
    const body = (n: number) => JSON.stringify(reservationBody({ roomId }, { rateId }, { checkin: addDays(checkin, 3), checkout: addDays(checkin, 4), nights: 1 }, { notes: `Reserva ${n}` }));
    const path = `/api/v2/bookings/hotel_id=${hotelId}`;
    for (const first of [frontUrl, api.url]) {
      const idem = `fast-booking-${Math.random().toString(36).slice(2)}`;
      const h = { ...bearer(), "idempotency-key": idem, "x-request-id": `${idem}-1` };
      const b = body(first === frontUrl ? 1 : 2);
      const made = await send(first, "POST", path, h, b);
      expect(made.status).toBe(200);
      expect(JSON.parse(made.bytes.toString("utf8")).chatbot_id).toMatch(/^HB/);
      // Both replays: the same stored answer through each path.
      const again = { ...h, "x-request-id": `${idem}-2` };
      const r = await expectSameAnswer("POST", path, again, b);
      expect(r.headers["idempotent-replayed"]).toBe("true");
      expect(r.bytes.equals(made.bytes)).toBe(true);
    }
    // Refusals too: a bad body, no credentials.
    expect((await expectSameAnswer("POST", path, bearer(), "{")).status).toBe(400);
    expect((await expectSameAnswer("POST", path, { "content-type": "application/json" }, body(3))).status).toBe(401);
  });

  it("writes the same request log line", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((l: unknown) => void lines.push(String(l)));
    const prev = { LOG_REQUESTS: process.env.LOG_REQUESTS, LOG_LEVEL: process.env.LOG_LEVEL };
    delete process.env.LOG_REQUESTS;
    delete process.env.LOG_LEVEL;
    try {
      await send(frontUrl, "POST", cityPath(), { ...bearer(), "x-request-id": "fast-log-1" }, LAYOUT);
    } finally {
      for (const [k, v] of Object.entries(prev)) if (v !== undefined) process.env[k] = v;
    }
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.request_id === "fast-log-1");
    expect(line).toMatchObject({ level: "info", msg: "request", method: "POST", route: "POST /v2/bookings/agencies/{agency_type}/availability", status: 200 });
  });
});

describe("every rule holds on the node front", () => {
  it("a key revoked after its answer was cached is refused at once", async () => {
    const own = await agencyWithKey(api.db, { agencyType: "retailer" });
    expect((await send(frontUrl, "POST", cityPath(), bearer(own.key), LAYOUT)).status).toBe(200);
    expect((await send(frontUrl, "POST", cityPath(), bearer(own.key), LAYOUT)).status).toBe(200);
    const revoke = await api.call("DELETE", `/api/v2/api-keys/${own.keyId}`, { key: OPERATOR_KEY });
    expect(revoke.status).toBe(200);
    const r = await expectSameAnswer("POST", cityPath(), bearer(own.key), LAYOUT);
    expect(r.status).toBe(401);
  });

  it("an agency deactivated after its answer was cached is refused", async () => {
    const own = await agencyWithKey(api.db, { agencyType: "retailer" });
    expect((await send(frontUrl, "POST", cityPath(), bearer(own.key), LAYOUT)).status).toBe(200);
    await api.db.prisma.agency.update({ where: { id: own.agency.id }, data: { isActive: false } });
    const r = await expectSameAnswer("POST", cityPath(), bearer(own.key), LAYOUT);
    expect(r.status).toBe(403);
  });

  it("a portal session works, and stops working once signed out", async () => {
    const own = await agencyWithKey(api.db, { agencyType: "retailer" });
    const user = await createUser(api.db, "agency", { agencyId: own.agency.id });
    const cookie = await sessionCookieFor(api.db, user.id);
    const ok = await expectSameAnswer("POST", cityPath(), { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" }, LAYOUT);
    expect(ok.status).toBe(200);
    // A session may only write from our own pages; a search is a POST, so a foreign Origin is refused.
    const foreign = await expectSameAnswer("POST", cityPath(), { cookie, "content-type": "application/json", origin: "https://evil.example" }, LAYOUT);
    expect(foreign.status).toBe(403);
    // Without Origin and without Sec-Fetch-Site: same-origin, a cookie write is not taken as ours (issue 24).
    expect((await expectSameAnswer("POST", cityPath(), { cookie, "content-type": "application/json" }, LAYOUT)).status).toBe(403);
    await api.db.prisma.authSession.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    const gone = await expectSameAnswer("POST", cityPath(), { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" }, LAYOUT);
    expect(gone.status).toBe(401);
  });

  it("the rate limit counts both paths on one counter", async () => {
    const own = await agencyWithKey(api.db, { agencyType: "retailer" });
    // Four hits must fall in one fixed one-minute window.
    while (Date.now() % 60_000 > 50_000) await new Promise((r) => setTimeout(r, 250));
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    const statuses = [
      (await send(frontUrl, "POST", cityPath(), bearer(own.key), LAYOUT)).status,
      (await send(api.url, "POST", cityPath(), bearer(own.key), LAYOUT)).status,
      (await send(frontUrl, "GET", hotelPath(), { authorization: bearer(own.key).authorization })).status,
    ];
    const over = await send(frontUrl, "POST", cityPath(), bearer(own.key), LAYOUT);
    const slowOver = await send(api.url, "POST", cityPath(), bearer(own.key), LAYOUT);
    expect(statuses).toEqual([200, 200, 200]);
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(over.bytes.toString("utf8")).toBe(slowOver.bytes.toString("utf8"));
  });

  it("a write is seen by the very next answer (the version check runs on every request)", async () => {
    const rooms = async () => {
      const r = await send(frontUrl, "POST", cityPath(), bearer(), LAYOUT);
      expect(r.status).toBe(200);
      const body = JSON.parse(r.bytes.toString("utf8"));
      const room = body[0].availability[0].available_rooms.find((x: { roomId: string }) => x.roomId === roomId);
      return { count: room?.count ?? 0, total: room?.products.find((p: { rateId: string }) => p.rateId === rateId)?.baseRate.amountBeforeTax };
    };
    const before = await rooms();
    expect(await rooms()).toEqual(before); // cached
    // A price change through the API (the slow path) ...
    const put = await api.call("PUT", `/api/v2/hotels/${hotelId}/rates`, {
      key: OPERATOR_KEY,
      body: { updates: [{ roomId, rateId, from: checkin, to: checkin, amountBeforeTax: 123_456.5 }] },
    });
    expect(put.status).toBe(200);
    const priced = await rooms();
    expect(priced.total).toBe(123_456.5 + 100_000 * (NIGHTS - 1));
    // ... and a direct SQL write: the database's triggers raise the version either way.
    await api.db.sql.query("UPDATE inventory_nights SET rooms = rooms - 2 WHERE room_type_id = (SELECT id FROM room_types WHERE room_id = $1)", [roomId]);
    expect((await rooms()).count).toBe(before.count - 2);
    // 4.3 too.
    const hotel = await send(frontUrl, "GET", hotelPath(), { authorization: bearer().authorization });
    const room = JSON.parse(hotel.bytes.toString("utf8")).available_rooms.find((x: { roomId: string }) => x.roomId === roomId);
    expect(room.count).toBe(before.count - 2);
  });
});

describe("what the node front leaves to Next.js", () => {
  const cases: Array<[string, string, Record<string, string>]> = [
    ["HEAD", "/api/v2/bookings/availability?hotel_id=1", {}],
    ["OPTIONS", "/api/v2/bookings/availability", {}],
    ["GET", "/api/v2/bookings/availability/", {}],
    ["GET", "/api/v2/bookings/%61vailability?hotel_id=1", {}],
    ["GET", "/api/health", {}],
    ["PUT", "/api/v2/bookings/agencies/retailer/availability", {}],
    ["GET", "/api/v2/bookings/availability?hotel_id=1", { rsc: "1" }],
    ["GET", "/api/v2/bookings/availability?hotel_id=1", { "next-router-state-tree": "x" }],
    ["GET", "/api/v2/bookings/availability?hotel_id=1", { "accept-encoding": "deflate" }],
    ["GET", "/api/v2/bookings/availability?hotel_id=1", { "accept-encoding": "br;q=0, gzip;q=0, *" }],
  ];
  it.each(cases)("%s %s %j", async (method, path, headers) => {
    const r = await send(frontUrl, method, path, headers);
    expect(r.status).toBe(421);
  });
});
