// Issue 24: kill -9 a real instance in the middle of a card payment, a link payment, a booking, a cash order and a Nequi payment,
// retry the same request with the same Idempotency-Key on the other instance once the dead one's lease ran out,
// and prove that the retry ends with what the first attempt did: one effect for the key, at most one charge at the
// gateway, the answer from that effect (replayed; 202 "en verificación" while the charge's outcome is unknown, then
// the final answer once the reconciliation job knows it). Production builds on PostgreSQL; needs `next build` first.
// Instance A runs with TEST_CRASH_AT (lib/http/crash-points.ts) and dies there; instance B answers the retries.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { day, isAlive, startServer, stopServers, testDatabase, until, type Instance } from "./harness";

const BASE_PORT = Number(process.env.MULTI_PORT ?? 3230) + 10;
const PORT_A = BASE_PORT + 1;
const PORT_B = BASE_PORT + 2;
const DATABASE = testDatabase("hbcrash");
const OPERATOR_KEY = "hbk_multi_instance_operator_key_0123456789";
const CRON = "crash-cron-secret";
let db: pg.Pool;
const instances: Instance[] = [];
let b: Instance;

function start(port: number, crashAt?: string): Instance {
  const i = startServer({
    port,
    databaseUrl: DATABASE.url,
    logName: `crash-${port}-${crashAt ?? "none"}`.replace(/[^\w-]/g, "_"),
    env: {
      SECRETS_MASTER_KEY: "multi-instance-test-master-key-0123456789",
      OPERATOR_API_KEY: OPERATOR_KEY,
      CRON_SECRET: CRON,
      TEST_CLOCK: "1",
      // A short lease, so the retry may take a dead request's record over in seconds (production: 60 s).
      IDEMPOTENCY_LEASE_SECONDS: "2",
      ...(crashAt ? { TEST_CRASH_AT: crashAt, TEST_CRASH_POINTS: "1" } : {}),
    },
  });
  instances.push(i);
  return i;
}

interface Res {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(port: number, method: string, p: string, opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(`http://127.0.0.1:${port}/api${p}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: r.status, headers: r.headers, body };
}

const ready = (port: number) => until(`instance ${port} ready`, async () => (await call(port, "GET", "/health/ready")).status, (s) => s === 200, 150_000, 500);

/** Sends the request to a fresh instance A armed to die at `point`; resolves once A is dead (the request got no answer). */
async function crashOn(point: string, method: string, p: string, opts: { key?: string; body?: unknown; headers?: Record<string, string> }) {
  const a = start(PORT_A, point);
  await ready(PORT_A);
  const answer = await call(PORT_A, method, p, opts).then(
    (r) => r,
    () => null,
  );
  expect(answer, `instance A answered instead of dying at ${point}`).toBeNull();
  await a.exited;
  expect(a.child.signalCode).toBe("SIGKILL");
}

/** The retry on B, repeated while the dead request's lease runs ("en curso", 409); the first other answer. */
const retryOnB = (method: string, p: string, opts: { key?: string; body?: unknown; headers?: Record<string, string> }) =>
  until(`retry of ${p} after the lease`, () => call(PORT_B, method, p, opts), (r) => r.status !== 409, 30_000, 300);

const reconcile = () => call(PORT_B, "POST", "/cron/payment-reconcile", { headers: { authorization: `Bearer ${CRON}` }, body: { now: new Date(Date.now() + 10 * 60_000).toISOString() } });
const rowsFor = async (table: string, key: string) => (await db.query(`SELECT * FROM ${table} WHERE idem_key = $1`, [key])).rows;
const charges = async (transactionId: string) =>
  Number((await db.query(`SELECT count(*)::int AS n FROM sandbox_gateway_operations WHERE payment_ref = $1 AND kind = 'charge'`, [transactionId])).rows[0].n);

const ctx: { key: string; agencyId: number; hotelId: number; pem: string } = { key: "", agencyId: 0, hotelId: 0, pem: "" };
const enc = (v: string) => crypto.publicEncrypt({ key: ctx.pem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(v)).toString("base64");
const year = String(new Date().getUTCFullYear() + 2);
const cardItem = () => ({ cc_number: enc("4242424242424242"), cc_code: enc("123"), cc_expire_month: enc("12"), cc_expire_year: enc(year), cc_holder: enc("Laura Gómez") });

beforeAll(async () => {
  await DATABASE.create();
  db = new pg.Pool({ connectionString: DATABASE.url, max: 2 });
  b = start(PORT_B);
  await ready(PORT_B);
  const op = (m: string, p: string, body?: unknown) => call(PORT_B, m, p, { key: OPERATOR_KEY, body });
  const hotel = await op("POST", "/v2/hotels", { name: "Hotel Caída", city: "Cartagena" });
  ctx.hotelId = hotel.body.id;
  await op("POST", `/v2/hotels/${ctx.hotelId}/room-types`, { roomId: "DBL", roomName: "Doble", roomType: "DOUBLE", beds: 2, max_adults: 2, max_children: 1 });
  await op("POST", `/v2/hotels/${ctx.hotelId}/rate-plans`, { rateId: "RO", rateDescription: "Solo alojamiento", boardType: null, boardTypeDescription: "Sin comidas", refundable: "full", cancellationPolicy: "Gratis", currency: "cop" });
  await op("PUT", `/v2/hotels/${ctx.hotelId}/inventory`, { updates: [{ roomId: "DBL", from: day(20), to: day(25), rooms: 5 }] });
  await op("PUT", `/v2/hotels/${ctx.hotelId}/rates`, { updates: [{ roomId: "DBL", rateId: "RO", from: day(20), to: day(25), amountBeforeTax: "250000" }] });
  const doc = String(900000000 + Math.floor(Math.random() * 9_999_999));
  const agency = await op("POST", "/v2/agencies", {
    name: `Agencia Caída ${doc}`, email_for_notifications: "caida@example.co", phone: "3001234567", country_code: "+57", document_type: "NIT", document_number: doc,
    is_preloaded: false, payout_account_id: "acct_crash",
  });
  ctx.agencyId = agency.body.id;
  ctx.key = (await op("POST", `/v2/agencies/${ctx.agencyId}/api-keys`, { label: "crash" })).body.key;
  ctx.pem = (await call(PORT_B, "GET", "/v2/virtual-terminal/public-key")).body.pem;
}, 200_000);

afterAll(async () => {
  await stopServers(instances);
  await db?.end();
  await DATABASE.drop();
}, 60_000);

describe("kill -9 in the middle of a creating POST, retry with the same key on the other instance", () => {
  const cardBody = (ref: string) => ({
    order: { ref_name: "Laura", ref_lastname: "Gómez", ref_number: ref, detail: "Reserva", amount: 150000, installments: 1, hotel_id: ctx.hotelId, email: "laura@example.co", ip: "181.50.3.7" },
    card_item: cardItem(),
  });

  it("card payment (4.9), killed after its row committed and before the gateway: 202, then declined as never charged; no charge", async () => {
    const req = { key: ctx.key, body: cardBody("CRASH-CARD-1"), headers: { "Idempotency-Key": "crash-card-record" } };
    await crashOn("card:after-record", "POST", "/v2/virtual-terminal/credit-card", req);
    const [row] = await rowsFor("payment_transactions", "crash-card-record");
    expect(row.status).toBe("pending");
    const retry = await retryOnB("POST", "/v2/virtual-terminal/credit-card", req);
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ msg: "Pago en verificación", transaction_id: row.id });
    expect((await reconcile()).status).toBe(200);
    const final = await call(PORT_B, "POST", "/v2/virtual-terminal/credit-card", req);
    expect(final.status).toBe(400);
    expect(final.body).toMatchObject({ code: 0, detail: expect.stringContaining("no se realizó ningún cobro") });
    expect(await rowsFor("payment_transactions", "crash-card-record")).toHaveLength(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM payment_transactions WHERE ref_number = 'CRASH-CARD-1'`)).rows[0].n).toBe(1);
    expect(await charges(row.id)).toBe(0);
  });

  it("card payment (4.9), killed after the gateway charged: 202, then approved once reconciled; one charge", async () => {
    const req = { key: ctx.key, body: cardBody("CRASH-CARD-2"), headers: { "Idempotency-Key": "crash-card-charge" } };
    await crashOn("card:after-charge", "POST", "/v2/virtual-terminal/credit-card", req);
    const [row] = await rowsFor("payment_transactions", "crash-card-charge");
    const retry = await retryOnB("POST", "/v2/virtual-terminal/credit-card", req);
    expect(retry.status).toBe(202);
    expect(retry.body.transaction_id).toBe(row.id);
    await reconcile();
    const final = await call(PORT_B, "POST", "/v2/virtual-terminal/credit-card", req);
    expect(final.status).toBe(200);
    expect(final.body).toMatchObject({ msg: "Pago aprobado", transaction_id: row.id });
    // The final answer is stored now: the next retry replays it.
    const again = await call(PORT_B, "POST", "/v2/virtual-terminal/credit-card", req);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(final.body);
    expect((await db.query(`SELECT count(*)::int AS n FROM payment_transactions WHERE ref_number = 'CRASH-CARD-2'`)).rows[0].n).toBe(1);
    expect(await charges(row.id)).toBe(1);
  });

  it("link paid by card, killed after the gateway charged: the same payment, the link paid once; one charge", async () => {
    const link = await call(PORT_B, "POST", "/v2/links/schedule", {
      key: ctx.key,
      body: { hotel_id: ctx.hotelId, guest_name: "Laura Gómez", email: "laura@example.co", phone: "+57 300 123 4567", amount: "500000.00", description: "Dos noches", available_hours: 12, agency_id: ctx.agencyId },
    });
    const code = link.body.code as string;
    const req = { body: { method: "card", card_item: cardItem() }, headers: { "Idempotency-Key": "crash-link-pay" } };
    await crashOn("card:after-charge", "POST", `/v2/links/${code}/pay`, req);
    const [row] = await rowsFor("payment_transactions", "crash-link-pay");
    const retry = await retryOnB("POST", `/v2/links/${code}/pay`, req);
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ status: "pending", transaction_id: row.id });
    await reconcile();
    const final = await call(PORT_B, "POST", `/v2/links/${code}/pay`, req);
    expect(final.status).toBe(200);
    expect(final.body).toMatchObject({ status: "approved", transaction_id: row.id });
    expect((await call(PORT_B, "GET", `/v2/links/${code}`, { key: ctx.key })).body.status).toBe("paid");
    expect((await db.query(`SELECT count(*)::int AS n FROM payment_transactions WHERE link_id = $1`, [row.link_id])).rows[0].n).toBe(1);
    expect(await charges(row.id)).toBe(1);
  });

  it("booking (4.1), killed after the reservation committed: the same reservation, rooms held once", async () => {
    const req = {
      key: ctx.key,
      headers: { "Idempotency-Key": "crash-booking" },
      body: {
        reservation: {
          checkin: day(20), checkout: day(22), nights: "2", rooms: "1", adults: "2", children: "0", children_ages: "", firstName: "Laura", lastName: "Gómez", city: "Medellín",
          country: "COL", email: "laura@example.co", telephone: "573001234567", currency: "COP", notes: "",
          roomsData: [{ id: "DBL", checkin: day(20), checkout: day(22), rateId: "RO", quantity: "1", currency: "COP", adults: "2", children: "0" }],
        },
      },
    };
    await crashOn("booking:after-commit", "POST", `/v2/bookings/hotel_id=${ctx.hotelId}`, req);
    const [row] = await rowsFor("reservations", "crash-booking");
    const retry = await retryOnB("POST", `/v2/bookings/hotel_id=${ctx.hotelId}`, req);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.chatbot_id).toBe(row.code);
    expect((await db.query(`SELECT count(*)::int AS n FROM reservations WHERE hotel_id = $1`, [ctx.hotelId])).rows[0].n).toBe(1);
    const sold = (await db.query(`SELECT n.sold FROM inventory_nights n JOIN room_types r ON r.id = n.room_type_id WHERE r.hotel_id = $1 AND n.date >= $2::date AND n.date < $3::date ORDER BY n.date`, [ctx.hotelId, day(20), day(22)])).rows;
    expect(sold.map((r) => r.sold)).toEqual([1, 1]);
  });

  it("cash order (4.7), killed after the order committed: the same order", async () => {
    const req = {
      key: ctx.key,
      headers: { "Idempotency-Key": "crash-cash" },
      body: {
        order: { ref_name: "Laura", ref_lastname: "Gómez", ref_number: "CRASH-CASH-1", detail: "Reserva", amount: 70000, hotel_id: ctx.hotelId, email: "laura@example.co", fiscal_number: "1020304050", phone: "3001234567", ip: "181.50.3.7" },
        cash: { address: "Calle 10 # 5-20", user_type: "0", fiscal_number_type: "CC", payment_type: "EFECTY", response_url: "https://agencia.example.co/retorno" },
      },
    };
    await crashOn("order:after-record", "POST", "/v2/apms/cash", req);
    const [row] = await rowsFor("payment_transactions", "crash-cash");
    const retry = await retryOnB("POST", "/v2/apms/cash", req);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.transaction_id).toBe(row.id);
    expect((await db.query(`SELECT count(*)::int AS n FROM payment_transactions WHERE ref_number = 'CRASH-CASH-1'`)).rows[0].n).toBe(1);
    expect(isAlive(b)).toBe(true);
  });

  it("Nequi, killed after its row committed and before Nequi was asked: the retry asks Nequi once and answers the same payment", async () => {
    const req = {
      key: ctx.key,
      headers: { "Idempotency-Key": "crash-nequi" },
      body: {
        order: { ref_name: "Laura", ref_lastname: "Gómez", ref_number: "CRASH-NEQUI-1", detail: "Reserva", amount: 90000, hotel_id: ctx.hotelId, email: "laura@example.co" },
        // 3991111111: the sandbox payer approves in the app.
        payment_method: { type: "NEQUI", phone_number: "3991111111" },
      },
    };
    await crashOn("nequi:after-record", "POST", "/v2/apms/nequi", req);
    const [row] = await rowsFor("payment_transactions", "crash-nequi");
    expect(row).toMatchObject({ method: "nequi", status: "pending", payment_reference: null });
    expect(await charges(row.id)).toBe(0);
    const retry = await retryOnB("POST", "/v2/apms/nequi", req);
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ transaction_id: row.id, status: "pending" });
    expect(await charges(row.id)).toBe(1);
    // The payer approved in the app: the status route settles it; the same key answers that payment, approved.
    const status = await call(PORT_B, "GET", `/v2/apms/transactions/${row.id}`, { key: ctx.key });
    expect(status.body).toMatchObject({ transaction_id: row.id, status: "approved" });
    const again = await call(PORT_B, "POST", "/v2/apms/nequi", req);
    expect(again.body).toMatchObject({ transaction_id: row.id, status: "approved" });
    expect(await rowsFor("payment_transactions", "crash-nequi")).toHaveLength(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM payment_transactions WHERE ref_number = 'CRASH-NEQUI-1'`)).rows[0].n).toBe(1);
    expect(await charges(row.id)).toBe(1);
  });
});
