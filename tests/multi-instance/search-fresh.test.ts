// Issue 17 across instances: two production servers (server.mjs) on one PostgreSQL database, each with its own
// in-process search cache. Every kind of write made through instance A (a booking's hold, a cancellation, the
// expiry job, ARI inventory and prices, a room type closed by direct SQL, a hotel renamed) is seen by the very
// next search through instance B, whose cache held the previous answer, and by a question B never answered
// before (issue 28: from its engine's snapshot of the hotel, reloaded after the write). Also checks that cached answers go out
// compressed exactly once (br / gzip negotiated, no double encoding). Instance A serves everything through Next.js
// (API_FAST_PATH=off); instance B answers the searches on its fast path (lib/http/node.ts, before Next.js), so
// the freshness checks run on the fast path, and the same requests to both compare the fast path with Next.js
// byte for byte. Last, each instance gets SIGTERM while bookings it started run on after their clients hung up:
// each finishes (or gives its rooms back) before the pool closes, and the instance exits 0. Needs `next build` first.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { day, startServer, stopServers, testDatabase, until, type Instance } from "./harness";

const BASE_PORT = Number(process.env.SEARCH_MULTI_PORT ?? 3186);
const A = BASE_PORT;
const B = BASE_PORT + 1;
const DATABASE = testDatabase("hbsearch");
const OPERATOR_KEY = "hbk_search_multi_operator_key_0123456789";
const CRON_SECRET = "search-multi-cron-secret";
let db: pg.Pool;
const instances: Instance[] = [];

function startInstance(port: number, extra: Record<string, string> = {}) {
  instances.push(
    startServer({
      port,
      databaseUrl: DATABASE.url,
      logName: `search-instance-${port}`,
      env: { SECRETS_MASTER_KEY: "search-multi-test-master-key-0123456789", OPERATOR_API_KEY: OPERATOR_KEY, CRON_SECRET, RATE_LIMIT_PER_MINUTE: "0", ...extra },
    }),
  );
}

interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A request to one instance with node:http, so the bytes on the wire (and their encoding) are visible. */
function call(port: number, method: string, p: string, opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Res> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(payload));
    }
    const req = http.request({ host: "127.0.0.1", port, method, path: p, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers["content-encoding"];
        const text = (enc === "br" ? zlib.brotliDecompressSync(raw) : enc === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8");
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

function ok(r: Res, what: string): Res {
  if (r.status < 200 || r.status >= 300) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r;
}

const CHECKIN = day(20);
const NIGHTS = 2;
const CITY = "Villa Busqueda";
const LAYOUT = { layout: [{ adults: 2 }] };
const ctx: { key: string; hotelId: number } = { key: "", hotelId: 0 };

beforeAll(async () => {
  await DATABASE.create();
  db = new pg.Pool({ connectionString: DATABASE.url, max: 2 });
  startInstance(A, { API_FAST_PATH: "off" });
  startInstance(B);
  for (const port of [A, B]) {
    await until(`instance ${port} ready`, async () => (await call(port, "GET", "/api/health/ready")).status, (s) => s === 200, 150_000, 500);
  }
  const op = (m: string, p: string, body?: unknown) => call(A, m, `/api${p}`, { key: OPERATOR_KEY, body });
  const hotel = ok(await op("POST", "/v2/hotels", { name: "Hotel Fresco", city: CITY }), "hotel");
  ctx.hotelId = hotel.body.id;
  for (const roomId of ["DBL", "TWN"]) {
    ok(await op("POST", `/v2/hotels/${ctx.hotelId}/room-types`, { roomId, roomName: `Habitación ${roomId}`, roomType: "DOUBLE", beds: 2, max_adults: 2, max_children: 1 }), "room type");
  }
  ok(await op("POST", `/v2/hotels/${ctx.hotelId}/rate-plans`, { rateId: "RO", rateDescription: "Solo alojamiento", boardType: null, boardTypeDescription: "Sin comidas", refundable: "full", cancellationPolicy: "Gratis", currency: "COP" }), "plan");
  ok(await op("PUT", `/v2/hotels/${ctx.hotelId}/inventory`, { updates: ["DBL", "TWN"].map((roomId) => ({ roomId, from: day(19), to: day(25), rooms: 5 })) }), "inventory");
  ok(await op("PUT", `/v2/hotels/${ctx.hotelId}/rates`, { updates: ["DBL", "TWN"].map((roomId) => ({ roomId, rateId: "RO", from: day(19), to: day(25), amountBeforeTax: "100000" })) }), "rates");
  const doc = String(900000000 + Math.floor(Math.random() * 9_999_999));
  const agency = ok(
    await op("POST", "/v2/agencies", {
      name: `Agencia Búsqueda ${doc}`, email_for_notifications: "busqueda@example.co", phone: "3001234567", country_code: "+57", document_type: "NIT", document_number: doc,
      is_preloaded: false, payout_account_id: "acct_search",
    }),
    "agency",
  );
  ctx.key = ok(await op("POST", `/v2/agencies/${agency.body.id}/api-keys`, { label: "search" }), "key").body.key;
}, 200_000);

afterAll(async () => {
  await stopServers(instances);
  await db?.end();
  await DATABASE.drop();
}, 60_000);

const cityPath = () => `/api/v2/bookings/agencies/retailer/availability?checkin=${CHECKIN}&nights=${NIGHTS}&city=${encodeURIComponent(CITY)}`;
const hotelPath = () => `/api/v2/bookings/availability?hotel_id=${ctx.hotelId}&checkin=${CHECKIN}&nights=${NIGHTS}&adults=2`;

/** Rooms per room id seen by a city search through `port` (twice: the second answer comes from its cache). */
async function cityRooms(port: number): Promise<Record<string, number>> {
  const r = ok(await call(port, "POST", cityPath(), { key: ctx.key, body: LAYOUT, headers: { "accept-encoding": "gzip, br" } }), "4.2");
  const again = ok(await call(port, "POST", cityPath(), { key: ctx.key, body: LAYOUT, headers: { "accept-encoding": "gzip, br" } }), "4.2");
  expect(again.body).toEqual(r.body);
  if (r.body.length === 0) return {};
  return Object.fromEntries(r.body[0].availability[0].available_rooms.map((x: { roomId: string; count: number }) => [x.roomId, x.count]));
}
async function hotelRooms(port: number): Promise<Record<string, number>> {
  const r = ok(await call(port, "GET", hotelPath(), { key: ctx.key }), "4.3");
  return Object.fromEntries(r.body.available_rooms.map((x: { roomId: string; count: number }) => [x.roomId, x.count]));
}
const booking = (roomId: string) => ({
  reservation: {
    checkin: CHECKIN, checkout: day(20 + NIGHTS), nights: String(NIGHTS), rooms: "1", adults: "2", children: "0", children_ages: "", firstName: "Laura", lastName: "Gómez",
    city: "Medellín", country: "COL", email: "laura@example.co", telephone: "573001234567", currency: "COP", notes: "",
    roomsData: [{ id: roomId, checkin: CHECKIN, checkout: day(20 + NIGHTS), rateId: "RO", quantity: "1", currency: "COP", adults: "2", children: "0" }],
  },
});

describe("search answers stay exact across two instances (writes through A, searches through B)", () => {
  it("hold, cancellation and expiry", async () => {
    expect(await cityRooms(B)).toEqual({ DBL: 5, TWN: 5 });
    expect(await hotelRooms(B)).toEqual({ DBL: 5, TWN: 5 });
    const first = ok(await call(A, "POST", `/api/v2/bookings/hotel_id=${ctx.hotelId}`, { key: ctx.key, body: booking("DBL") }), "booking");
    expect(await cityRooms(B)).toEqual({ DBL: 4, TWN: 5 });
    expect(await hotelRooms(B)).toEqual({ DBL: 4, TWN: 5 });
    ok(await call(A, "POST", `/api/v2/bookings/chatbot/${first.body.chatbot_id}/cancel`, { key: ctx.key }), "cancel");
    expect(await cityRooms(B)).toEqual({ DBL: 5, TWN: 5 });
    expect(await hotelRooms(B)).toEqual({ DBL: 5, TWN: 5 });

    const second = ok(await call(A, "POST", `/api/v2/bookings/hotel_id=${ctx.hotelId}`, { key: ctx.key, body: booking("TWN") }), "booking");
    expect(await cityRooms(B)).toEqual({ DBL: 5, TWN: 4 });
    await db.query(`UPDATE reservations SET payment_deadline = now() - interval '1 minute' WHERE code = $1`, [second.body.chatbot_id]);
    // The read above cached TWN: 4; the deadline change alone does not touch what a search reads.
    expect(await cityRooms(B)).toEqual({ DBL: 5, TWN: 4 });
    const expired = ok(await call(A, "POST", "/api/cron/reservations-expiry", { headers: { authorization: `Bearer ${CRON_SECRET}` } }), "expiry");
    expect(expired.body.processed).toBe(1);
    expect(await cityRooms(B)).toEqual({ DBL: 5, TWN: 5 });
    expect(await hotelRooms(B)).toEqual({ DBL: 5, TWN: 5 });
  });

  it("ARI inventory and prices, a room type closed by direct SQL, the hotel renamed", async () => {
    const op = (m: string, p: string, body?: unknown) => call(A, m, `/api${p}`, { key: OPERATOR_KEY, body });
    await cityRooms(B);
    ok(await op("PUT", `/v2/hotels/${ctx.hotelId}/inventory`, { updates: [{ roomId: "DBL", from: CHECKIN, to: CHECKIN, rooms: 2 }] }), "inventory");
    expect(await cityRooms(B)).toEqual({ DBL: 2, TWN: 5 });
    expect(await hotelRooms(B)).toEqual({ DBL: 2, TWN: 5 });

    const price = async (port: number) => (await call(port, "POST", cityPath(), { key: ctx.key, body: LAYOUT })).body[0].availability[0].available_rooms[0].products[0].baseRate.amountBeforeTax;
    expect(await price(B)).toBe(200_000);
    ok(await op("PUT", `/v2/hotels/${ctx.hotelId}/rates`, { updates: [{ roomId: "DBL", rateId: "RO", from: CHECKIN, to: CHECKIN, amountBeforeTax: "123456.78" }] }), "rates");
    expect(await price(B)).toBe(223_456.78);

    await db.query(`UPDATE room_types SET is_active = false WHERE hotel_id = $1 AND room_id = 'TWN'`, [ctx.hotelId]);
    expect(await cityRooms(B)).toEqual({ DBL: 2 });
    expect(await hotelRooms(B)).toEqual({ DBL: 2 });

    ok(await op("PATCH", `/v2/hotels/${ctx.hotelId}`, { name: "Hotel Renombrado" }), "rename");
    expect((await call(B, "POST", cityPath(), { key: ctx.key, body: LAYOUT })).body[0].hotel.name).toBe("Hotel Renombrado");
  });

  it("the engine (issue 28): a question B never answered before reflects each write through A", async () => {
    // Every search here is a new question (one more layout item each time), so no cached answer can serve it:
    // what B answers comes from its engine's snapshot of the hotel, which must be reloaded after each write.
    let items = 0;
    const fresh = async () => {
      items += 1;
      const layout = { layout: Array.from({ length: items }, () => ({ adults: 2 })) };
      const r = ok(await call(B, "POST", cityPath(), { key: ctx.key, body: layout, headers: { "accept-encoding": "gzip, br" } }), "4.2");
      const room = r.body[0]?.availability[0].available_rooms.find((x: { roomId: string }) => x.roomId === "DBL");
      return { count: room?.count ?? 0, total: room?.products[0].baseRate.amountBeforeTax ?? null };
    };
    const expected = async () => {
      const { rows } = await db.query(
        `SELECT min(i.rooms - i.sold)::int AS count FROM inventory_nights i JOIN room_types rt ON rt.id = i.room_type_id
         WHERE rt.hotel_id = $1 AND rt.room_id = 'DBL' AND i.date >= $2::date AND i.date < $2::date + $3::int`,
        [ctx.hotelId, CHECKIN, NIGHTS],
      );
      return rows[0].count;
    };
    const op = (m: string, p: string, body?: unknown) => call(A, m, `/api${p}`, { key: OPERATOR_KEY, body });
    ok(await op("PUT", `/v2/hotels/${ctx.hotelId}/inventory`, { updates: [{ roomId: "DBL", from: CHECKIN, to: day(21), rooms: 3 }] }), "inventory");
    expect((await fresh()).count).toBe(3);
    const booked = ok(await call(A, "POST", `/api/v2/bookings/hotel_id=${ctx.hotelId}`, { key: ctx.key, body: booking("DBL") }), "booking");
    expect((await fresh()).count).toBe(await expected());
    expect(await expected()).toBe(2);
    ok(await call(A, "POST", `/api/v2/bookings/chatbot/${booked.body.chatbot_id}/cancel`, { key: ctx.key }), "cancel");
    expect((await fresh()).count).toBe(3);
    ok(await op("PUT", `/v2/hotels/${ctx.hotelId}/rates`, { updates: [{ roomId: "DBL", rateId: "RO", from: CHECKIN, to: CHECKIN, amountBeforeTax: "111111.11" }] }), "rates");
    const { rows } = await db.query(
      `SELECT sum(r.amount_before_tax)::text AS t FROM rate_nights r JOIN room_types rt ON rt.id = r.room_type_id
       WHERE rt.hotel_id = $1 AND rt.room_id = 'DBL' AND r.date >= $2::date AND r.date < $2::date + $3::int`,
      [ctx.hotelId, CHECKIN, NIGHTS],
    );
    expect((await fresh()).total).toBe(Number(rows[0].t));
    // A restriction by direct SQL: the arrival night closed to arrival, then opened again.
    await db.query(`UPDATE inventory_nights SET closed_to_arrival = true WHERE date = $1::date AND room_type_id IN (SELECT id FROM room_types WHERE hotel_id = $2)`, [CHECKIN, ctx.hotelId]);
    expect((await fresh()).count).toBe(0);
    await db.query(`UPDATE inventory_nights SET closed_to_arrival = false WHERE date = $1::date AND room_type_id IN (SELECT id FROM room_types WHERE hotel_id = $2)`, [CHECKIN, ctx.hotelId]);
    expect((await fresh()).count).toBe(3);
  });

  it("the cached answer goes out br or gzip as negotiated, encoded once, identical to the plain answer", async () => {
    const plain = ok(await call(B, "POST", cityPath(), { key: ctx.key, body: LAYOUT }), "plain");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const enc of ["br", "gzip"]) {
      const r = ok(await call(B, "POST", cityPath(), { key: ctx.key, body: LAYOUT, headers: { "accept-encoding": enc } }), enc);
      // Small answers (one hotel here) stay plain below the threshold; either way the body decodes once to the same JSON.
      if (plain.raw.length >= 1024) expect(r.headers["content-encoding"]).toBe(enc);
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.body).toEqual(plain.body);
    }
    // A larger JSON answer through the general pipeline: the ARI grid.
    const grid = ok(await call(A, "GET", `/api/v2/hotels/${ctx.hotelId}/inventory?from=${day(19)}&to=${day(25)}`, { key: OPERATOR_KEY, headers: { "accept-encoding": "br" } }), "grid");
    expect(grid.headers["content-encoding"]).toBe("br");
    expect(grid.body.days).toHaveLength(7);
    const gz = ok(await call(A, "GET", `/api/v2/hotels/${ctx.hotelId}/inventory?from=${day(19)}&to=${day(25)}`, { key: OPERATOR_KEY, headers: { "accept-encoding": "gzip" } }), "grid");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body).toEqual(grid.body);
  });
});

describe("the fast path (B: 4.2, 4.3, 4.1) answers exactly what Next.js (A) answers", () => {
  it("runs on B and not on A", () => {
    const [a, b] = instances.map((i) => fs.readFileSync(i.logFile, "utf8"));
    expect(b).toMatch(/escuchando.*búsqueda rápida activa/);
    expect(a).toMatch(/escuchando/);
    expect(a).not.toMatch(/búsqueda rápida activa/);
  });

  it("the same status, headers and bytes for answers and refusals, however encoded", async () => {
    const wholesale = cityPath().replace("/retailer/", "/wholesale/");
    const cases: Array<{ method: string; path: string; key?: string; body?: unknown; headers?: Record<string, string> }> = [];
    for (const ae of ["gzip, br", "br", "gzip", "deflate", "gzip;q=0.5, deflate", "identity", undefined]) {
      const headers: Record<string, string> = ae === undefined ? {} : { "accept-encoding": ae };
      cases.push(
        { method: "POST", path: cityPath(), key: ctx.key, body: LAYOUT, headers },
        { method: "POST", path: cityPath(), key: ctx.key, body: { layout: [{ adults: 2 }, { adults: 1, children_ages: [4, 9] }] }, headers },
        { method: "GET", path: hotelPath(), key: ctx.key, headers },
        { method: "POST", path: cityPath(), body: LAYOUT, headers },
        { method: "POST", path: cityPath(), key: "hbk_revocada_o_inexistente_0123456789", body: LAYOUT, headers },
        { method: "POST", path: wholesale, key: ctx.key, body: LAYOUT, headers },
        { method: "POST", path: cityPath(), key: ctx.key, body: { layout: "dos" }, headers },
        { method: "POST", path: cityPath().replace(encodeURIComponent(CITY), "Ninguna"), key: ctx.key, body: LAYOUT, headers },
        { method: "GET", path: hotelPath().replace(`hotel_id=${ctx.hotelId}`, "hotel_id=987654"), key: ctx.key, headers },
      );
    }
    let n = 0;
    for (const c of cases) {
      n += 1;
      const headers = { ...c.headers, "x-request-id": `same-${n}` };
      const a = await call(A, c.method, c.path, { key: c.key, body: c.body, headers });
      const b = await call(B, c.method, c.path, { key: c.key, body: c.body, headers });
      const what = `${c.method} ${c.path} ${JSON.stringify(c.headers)} ${c.key ? "key" : "no key"}`;
      expect(b.status, what).toBe(a.status);
      const { date: _da, ...ha } = a.headers;
      const { date: _db, ...hb } = b.headers;
      expect(hb, what).toEqual(ha);
      expect(b.raw.equals(a.raw), `${what}: bytes differ`).toBe(true);
    }
  });

  it("4.1: a booking made on either instance replays byte for byte through both", async () => {
    const later = (b: ReturnType<typeof booking>) => {
      const r = structuredClone(b);
      Object.assign(r.reservation, { checkin: day(23), checkout: day(24), nights: "1" });
      Object.assign(r.reservation.roomsData[0], { checkin: day(23), checkout: day(24) });
      return r;
    };
    for (const first of [B, A]) {
      const idem = `multi-booking-${first}-${crypto.randomBytes(4).toString("hex")}`;
      const body = later(booking("DBL"));
      const made = ok(await call(first, "POST", `/api/v2/bookings/hotel_id=${ctx.hotelId}`, { key: ctx.key, body, headers: { "idempotency-key": idem } }), "booking");
      expect(made.body.chatbot_id).toMatch(/^HB/);
      const headers = { "idempotency-key": idem, "x-request-id": `${idem}-replay` };
      const a = await call(A, "POST", `/api/v2/bookings/hotel_id=${ctx.hotelId}`, { key: ctx.key, body, headers });
      const b = await call(B, "POST", `/api/v2/bookings/hotel_id=${ctx.hotelId}`, { key: ctx.key, body, headers });
      expect(a.headers["idempotent-replayed"]).toBe("true");
      const { date: _da, ...ha } = a.headers;
      const { date: _db, ...hb } = b.headers;
      expect(hb).toEqual(ha);
      expect(b.raw.equals(a.raw)).toBe(true);
      expect(a.body).toEqual(made.body);
    }
  });
});

describe("SIGTERM with bookings in flight whose clients hung up", () => {
  /** Sends a booking and hangs up without waiting for the answer; resolves once the request left. */
  function bookAndHangUp(port: number, roomId: string, offset: number): http.ClientRequest {
    const body = booking(roomId);
    Object.assign(body.reservation, { checkin: day(offset), checkout: day(offset + 1), nights: "1" });
    Object.assign(body.reservation.roomsData[0], { checkin: day(offset), checkout: day(offset + 1) });
    const payload = JSON.stringify(body);
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: `/api/v2/bookings/hotel_id=${ctx.hotelId}`,
      headers: { authorization: `Bearer ${ctx.key}`, "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) },
      agent: false,
    });
    req.on("error", () => undefined); // we hang up on purpose
    req.end(payload);
    return req;
  }

  // Every room-night sold belongs to a reservation that still holds it, and no hold is left half done.
  async function ledgerConsistent() {
    const { rows } = await db.query(
      `SELECT (SELECT coalesce(sum(i.sold), 0)::int FROM inventory_nights i JOIN room_types rt ON rt.id = i.room_type_id WHERE rt.hotel_id = $1) AS sold,
              (SELECT coalesce(sum(rr.quantity * (rr.checkout - rr.checkin)), 0)::int FROM reservation_rooms rr JOIN reservations r ON r.id = rr.reservation_id
                 WHERE r.hotel_id = $1 AND r.status IN ('pending_payment', 'confirmed')) AS held,
              (SELECT count(*)::int FROM channel_holds WHERE hotel_id = $1 AND state IN ('holding', 'releasing')) AS unfinished`,
      [ctx.hotelId],
    );
    return rows[0];
  }

  for (const [name, port] of [["B (fast path)", B], ["A (Next.js)", A]] as const) {
    it(`${name}: every booking started is finished (reservation written or rooms given back), then the instance exits 0`, async () => {
      const inventory = { updates: ["DBL", "TWN"].map((roomId) => ({ roomId, from: day(19), to: day(25), rooms: 40 })) };
      if (port === B) ok(await call(A, "PUT", `/api/v2/hotels/${ctx.hotelId}/inventory`, { key: OPERATOR_KEY, body: inventory }), "inventory");
      const instance = instances.find((i) => i.port === port)!;
      const started = (await db.query(`SELECT count(*)::int AS n FROM channel_holds`)).rows[0].n as number;
      const requests = Array.from({ length: 12 }, (_, i) => bookAndHangUp(port, i % 2 ? "DBL" : "TWN", 19 + (i % 6)));
      // Wait until the instance is holding rooms for some of them, then hang up on all and stop it.
      await until("a hold in flight", async () => (await db.query(`SELECT count(*)::int AS n FROM channel_holds`)).rows[0].n as number, (n) => n > started, 30_000, 5);
      for (const r of requests) r.destroy();
      instance.child.kill("SIGTERM");
      const code = await Promise.race([instance.exited, new Promise((r) => setTimeout(() => r("still running after 40 s"), 40_000))]);
      expect(code).toBe(0);
      const log = fs.readFileSync(instance.logFile, "utf8");
      expect(log).toContain("shutdown_complete");
      expect(log).not.toContain("unhandled_request_error");
      const state = await ledgerConsistent();
      expect(state.unfinished).toBe(0);
      expect(state.sold).toBe(state.held);
      expect((await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'idle in transaction'`, [DATABASE.name])).rows[0].n).toBe(0);
    }, 60_000);
  }
});
