// Channex with two production instances on one PostgreSQL (issue 30): the last room of a Channex hotel booked
// through both at once is sold once and reaches Channex once, and an instance killed (kill -9) while its push is
// in flight leaves the booking to the other, which finds it at Channex instead of posting it again.
// Needs `next build` first (scripts/test-all.sh runs it before this project).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { day, isAlive, startServer, stopServers, testDatabase, until, type Instance } from "./harness";
import { startFakeChannex, type FakeChannex } from "@/lib/testing/fake-channex";

const BASE_PORT = Number(process.env.CHANNEX_MULTI_PORT ?? 3260);
const A = BASE_PORT + 1;
const B = BASE_PORT + 2;
const FAKE_PORT = BASE_PORT + 5;
const OPERATOR_KEY = "hbk_multi_channex_operator_key_0123456789";
const CRON_SECRET = "multi-channex-cron-secret";
const WEBHOOK_SECRET = "multi-channex-webhook-secret";
const DATABASE = testDatabase("hb_multi_channex");

let fake: FakeChannex;
let db: pg.Pool;
const instances: Instance[] = [];

interface Res {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(port: number, method: string, path: string, opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: r.status, body };
}

function start(port: number, name: string) {
  const i = startServer({
    port,
    databaseUrl: DATABASE.url,
    logName: name,
    env: {
      SECRETS_MASTER_KEY: "multi-channex-test-master-key-0123456789",
      RATE_LIMIT_PER_MINUTE: "0",
      OPERATOR_API_KEY: OPERATOR_KEY,
      CRON_SECRET,
      CHANNEL_MANAGER: "channex",
      CHANNEX_API_URL: fake.url,
      CHANNEX_API_KEY: fake.apiKey,
      CHANNEX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CHANNEX_TIMEOUT_MS: "3000",
      // Channex calls back the first instance; the scheduler stays off: the test runs the jobs through the cron route.
      PUBLIC_BASE_URL: `http://127.0.0.1:${A}`,
      WEBHOOK_ALLOW_PRIVATE: "1",
    },
  });
  instances.push(i);
  return i;
}

/** Ready, or fails at once with the instance's exit (a start-up error is in its log under test-results/multi-instance). */
const ready = (i: Instance) =>
  until(
    `instance ${i.port} ready`,
    async () => {
      if (!isAlive(i)) throw new Error(`instance ${i.port} exited during start-up (see ${i.logFile})`);
      return (await call(i.port, "GET", "/api/health/ready")).status;
    },
    (s) => s === 200,
    150_000,
    500,
  );

async function agencyKey(port: number, name: string): Promise<string> {
  const doc = String(900000000 + Math.floor(Math.random() * 9_999_999));
  const agency = await call(port, "POST", "/api/v2/agencies", {
    key: OPERATOR_KEY,
    body: { name: `${name} ${doc}`, email_for_notifications: "multi@example.co", phone: "3001234567", country_code: "+57", document_type: "NIT", document_number: doc, is_preloaded: false, payout_account_id: "acct_multi" },
  });
  expect(agency.status, JSON.stringify(agency.body)).toBe(200);
  const issued = await call(port, "POST", `/api/v2/agencies/${agency.body.id}/api-keys`, { key: OPERATOR_KEY, body: { label: "multi" } });
  expect(issued.status).toBe(201);
  return issued.body.key as string;
}

function bookingBody(roomId: string, rateId: string, checkin: string, checkout: string, firstName: string) {
  return {
    reservation: {
      checkin, checkout, nights: "2", rooms: "1", adults: "2", children: "0", children_ages: "", firstName, lastName: "Gómez", city: "Medellín",
      country: "COL", email: "laura@example.co", telephone: "573001234567", currency: "COP", notes: "",
      roomsData: [{ id: roomId, checkin, checkout, rateId, quantity: "1", currency: "COP", adults: "2", children: "0" }],
    },
  };
}

const cron = (port: number, job: string) => call(port, "POST", `/api/cron/${job}`, { headers: { authorization: `Bearer ${CRON_SECRET}` }, body: {} });

const bookingRow = async (code: string) =>
  (await db.query(`SELECT cb.state FROM channex_bookings cb JOIN reservations r ON r.id::text = cb.key WHERE r.code = $1`, [code])).rows[0]?.state as string | undefined;

beforeAll(async () => {
  fake = await startFakeChannex({ port: FAKE_PORT });
  await DATABASE.create();
  db = new pg.Pool({ connectionString: DATABASE.url, max: 2 });
  const a = start(A, "channex-a");
  const b = start(B, "channex-b");
  await ready(a);
  await ready(b);
}, 180_000);

afterAll(async () => {
  await stopServers(instances);
  await db?.end();
  await fake?.close();
  await DATABASE.drop();
}, 60_000);

describe("Channex with two instances on one PostgreSQL", () => {
  const ctx: { hotelId?: number; roomId?: string; rateId?: string } = {};
  const checkin = day(30);
  const checkout = day(32);

  it("the last room of a Channex hotel, booked through both instances at once, is sold once and reaches Channex once", async () => {
    const propertyId = fake.addProperty({ title: "Hotel Dos Instancias Channex", city: "Cartagena" });
    ctx.roomId = fake.addRoomType(propertyId, { title: "Doble", occAdults: 2, occChildren: 1, countOfRooms: 3 });
    ctx.rateId = fake.addRatePlan(propertyId, ctx.roomId, { title: "Flexible", options: [{ occupancy: 2, is_primary: true, rate: "200000.00" }] });
    fake.setAvailability(ctx.roomId, [day(30), day(31)], 1, { silent: true });
    const linked = await call(A, "POST", "/api/v2/channex/properties", { key: OPERATOR_KEY, body: { property_id: propertyId } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    ctx.hotelId = linked.body.hotel_id;

    const keys = [await agencyKey(A, "Agencia Uno"), await agencyKey(B, "Agencia Dos")];
    const attempts = await Promise.all(
      [0, 1, 2, 3].map((i) => call(i % 2 === 0 ? A : B, "POST", `/api/v2/bookings/hotel_id=${ctx.hotelId}`, { key: keys[i % 2], body: bookingBody(ctx.roomId!, ctx.rateId!, checkin, checkout, `Huésped ${i}`) })),
    );
    expect(attempts.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const sold = attempts.filter((r) => typeof r.body.chatbot_id === "string");
    expect(sold).toHaveLength(1);
    expect(attempts.filter((r) => Array.isArray(r.body.no_available_rooms))).toHaveLength(3);
    const code = sold[0].body.chatbot_id as string;

    // Whatever the inline push did, the job on either instance finishes it; one booking at Channex.
    await until("the booking pushed", async () => {
      await cron(B, "channex-bookings");
      return bookingRow(code);
    }, (s) => s === "pushed" || s === "confirmed", 30_000, 500);
    await fake.processAll();
    const ours = fake.bookings(propertyId).filter((b) => b.revisions[0].ota_reservation_code === code);
    expect(ours).toHaveLength(1);
    expect(fake.bookings(propertyId)).toHaveLength(1);
  }, 120_000);

  it("kill -9 of the instance whose push is in flight: the other finds the booking at Channex and never posts it again", async () => {
    const propertyId = fake.addProperty({ title: "Hotel Caída Channex", city: "Cartagena" });
    const roomId = fake.addRoomType(propertyId, { title: "Doble", occAdults: 2, occChildren: 1, countOfRooms: 3 });
    const rateId = fake.addRatePlan(propertyId, roomId, { title: "Flexible", options: [{ occupancy: 2, is_primary: true, rate: "210000.00" }] });
    const linked = await call(B, "POST", "/api/v2/channex/properties", { key: OPERATOR_KEY, body: { property_id: propertyId } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    const key = await agencyKey(B, "Agencia Tres");

    // Channex takes the POST but answers only after 20 s: instance A dies while waiting for it.
    fake.stallNext("POST /bookings", { ms: 20_000, execute: true });
    const a = instances.find((i) => i.port === A)!;
    const inFlight = call(A, "POST", `/api/v2/bookings/hotel_id=${linked.body.hotel_id}`, { key, body: bookingBody(roomId, rateId, checkin, checkout, "Laura") }).catch((e) => e as Error);
    // The reservation is committed and its push recorded as sent (uncertain) before the POST leaves.
    const [{ code }] = await until(
      "the push in flight",
      async () => (await db.query(`SELECT r.code FROM reservations r JOIN channex_bookings cb ON cb.key = r.id::text WHERE r.hotel_id = $1 AND cb.state = 'uncertain'`, [linked.body.hotel_id])).rows,
      (rows) => rows.length === 1,
      20_000,
      100,
    );
    a.child.kill("SIGKILL");
    await a.exited;
    expect(isAlive(a)).toBe(false);
    expect(await inFlight).toBeInstanceOf(Error);

    // The POST still lands at Channex (the fake executes it after the stall); the lease of the dead instance
    // runs out (60 s), and B's job looks the booking up by its code before any second POST.
    await until("the stalled POST executed at Channex", async () => fake.bookings(propertyId).length, (n) => n === 1, 30_000, 250);
    await until(
      "B takes the booking over",
      async () => {
        await cron(B, "channex-bookings");
        return bookingRow(code);
      },
      (s) => s === "pushed" || s === "confirmed",
      120_000,
      2_000,
    );
    await fake.processAll();
    expect(fake.bookings(propertyId).filter((b) => b.revisions[0].ota_reservation_code === code)).toHaveLength(1);
    expect(fake.bookings(propertyId)).toHaveLength(1);
  }, 200_000);
});
