// Two instances of the production build (server.mjs) on one fresh PostgreSQL database, each with its own empty
// DATA_DIR, started together behind a round-robin proxy that alternates on every request. An API journey
// proves nothing lives in one instance; then one instance is killed (SIGKILL) in the middle of a webhook
// delivery and the other delivers it after the lease, with the same webhook-id. Needs `next build` first.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { ROOT, day, isAlive, startServer, stopServers, testDatabase, until, type Instance } from "./harness";

const BASE_PORT = Number(process.env.MULTI_PORT ?? 3230);
const PROXY_PORT = BASE_PORT;
const PORTS = [BASE_PORT + 1, BASE_PORT + 2];
const RECEIVER_PORT = BASE_PORT + 5;
const DATABASE = testDatabase("hbmulti");
const OPERATOR_KEY = "hbk_multi_instance_operator_key_0123456789";
const RATE_LIMIT = 60;
const LEASE_MS = 15_000;
let db: pg.Pool;
const instances: Instance[] = [];
let proxy: http.Server;
let receiver: http.Server;
const served: number[] = [];

// ---------------------------------------------------------------- the webhook receiver
interface Received {
  path: string;
  id: string;
  body: string;
  answered: boolean;
}
const received: Received[] = [];
let holdNext: ((r: Received) => void) | null = null;

function startReceiver() {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const r: Received = { path: req.url ?? "", id: String(req.headers["webhook-id"] ?? ""), body, answered: false };
      received.push(r);
      if (holdNext && req.url === "/hold") {
        // Never answer: the instance delivering this is killed while waiting.
        const notify = holdNext;
        holdNext = null;
        notify(r);
        return;
      }
      r.answered = true;
      res.writeHead(200).end("ok");
    });
  });
  return new Promise<void>((r) => receiver.listen(RECEIVER_PORT, "127.0.0.1", r));
}

// ---------------------------------------------------------------- the round-robin proxy (a trusted proxy)
function startProxy() {
  let next = 0;
  proxy = http.createServer((req, res) => {
    const alive = PORTS.filter((p) => instances.find((i) => i.port === p && isAlive(i)));
    const port = alive[next++ % alive.length];
    served.push(port);
    const headers = { ...req.headers };
    const client = String(req.headers["x-test-client"] ?? "198.51.100.1");
    delete headers["x-test-client"];
    headers["x-forwarded-for"] = client;
    headers["x-forwarded-proto"] = "http";
    const up = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent: false }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  return new Promise<void>((r) => proxy.listen(PROXY_PORT, "127.0.0.1", r));
}

function startInstance(port: number) {
  instances.push(
    startServer({
      port,
      databaseUrl: DATABASE.url,
      logName: `instance-${port}`,
      env: {
        PUBLIC_BASE_URL: `http://localhost:${PROXY_PORT}`,
        SECRETS_MASTER_KEY: "multi-instance-test-master-key-0123456789",
        OPERATOR_API_KEY: OPERATOR_KEY,
        CRON_SECRET: "multi-cron-secret",
        TRUSTED_PROXIES: "loopback",
        SCHEDULER: "on",
        SCHEDULER_INTERVAL_MS: "1000",
        WEBHOOK_LEASE_MS: String(LEASE_MS),
        WEBHOOK_ALLOW_PRIVATE: "1",
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      },
    }),
  );
}

interface Res {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(method: string, p: string, opts: { key?: string; body?: unknown; headers?: Record<string, string>; base?: string } = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(`${opts.base ?? `http://127.0.0.1:${PROXY_PORT}`}${p}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), redirect: "manual" });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: r.status, headers: r.headers, body };
}

/** A 2xx answer, or a failure that shows what came back. */
function ok(r: Res, what: string): Res {
  if (r.status < 200 || r.status >= 300) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r;
}

beforeAll(async () => {
  await DATABASE.create();
  db = new pg.Pool({ connectionString: DATABASE.url, max: 2 });
  await startReceiver();
  await startProxy();
  // Started together on an empty database: both race for the migrations.
  for (const port of PORTS) startInstance(port);
  for (const port of PORTS) {
    await until(`instance ${port} ready`, async () => (await call("GET", "/api/health/ready", { base: `http://127.0.0.1:${port}` })).status, (s) => s === 200, 150_000, 500);
  }
}, 180_000);

afterAll(async () => {
  await stopServers(instances);
  await new Promise((r) => proxy?.close(r));
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
  await db?.end();
  await DATABASE.drop();
}, 60_000);

describe("two instances on one PostgreSQL behind a round-robin proxy", () => {
  const ctx: { agencyId?: number; key?: string; hotelId?: number; code?: string; voucher?: string } = {};

  it("applied each migration exactly once while starting together", async () => {
    const rows = (await db.query(`SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1`)).rows;
    const shipped = fs.readdirSync(path.join(ROOT, "prisma", "migrations")).filter((n) => fs.existsSync(path.join(ROOT, "prisma", "migrations", n, "migration.sql")));
    expect(rows.map((r) => r.migration_name).sort()).toEqual(shipped.sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  it("an API journey alternating instances on every request: agency, key, booking, link paid by card, virtual card details, calendar image", async () => {
    const op = (m: string, p: string, body?: unknown) => call(m, `/api${p}`, { key: OPERATOR_KEY, body });
    const start = served.length;
    const hotel = ok(await op("POST", "/v2/hotels", { name: "Hotel Dos Instancias", city: "Cartagena" }), "hotel");
    ctx.hotelId = hotel.body.id;
    ok(await op("POST", `/v2/hotels/${ctx.hotelId}/room-types`, { roomId: "DBL", roomName: "Doble", roomType: "DOUBLE", beds: 2, max_adults: 2, max_children: 1 }), "setup");
    ok(await op("POST", `/v2/hotels/${ctx.hotelId}/rate-plans`, { rateId: "RO", rateDescription: "Solo alojamiento", boardType: null, boardTypeDescription: "Sin comidas", refundable: "full", cancellationPolicy: "Gratis", currency: "cop" }), "setup");
    ok(await op("PUT", `/v2/hotels/${ctx.hotelId}/inventory`, { updates: [{ roomId: "DBL", from: day(20), to: day(25), rooms: 5 }] }), "setup");
    ok(await op("PUT", `/v2/hotels/${ctx.hotelId}/rates`, { updates: [{ roomId: "DBL", rateId: "RO", from: day(20), to: day(25), amountBeforeTax: "250000" }] }), "setup");

    const doc = String(900000000 + Math.floor(Math.random() * 9_999_999));
    const agency = await op("POST", "/v2/agencies", {
      name: `Agencia Multi ${doc}`, email_for_notifications: "multi@example.co", phone: "3001234567", country_code: "+57", document_type: "NIT", document_number: doc,
      is_preloaded: false, payout_account_id: "acct_multi", webhook_url: `http://127.0.0.1:${RECEIVER_PORT}/agency`,
    });
    ok(agency, "agency");
    ctx.agencyId = agency.body.id;
    const issued = await op("POST", `/v2/agencies/${ctx.agencyId}/api-keys`, { label: "multi" });
    ok(issued, "issued");
    ctx.key = issued.body.key;
    const ag = (m: string, p: string, body?: unknown) => call(m, `/api${p}`, { key: ctx.key, body });
    expect((await ag("GET", "/v2/me")).body).toMatchObject({ role: "agency", agency_id: ctx.agencyId });

    const booking = await ag("POST", `/v2/bookings/hotel_id=${ctx.hotelId}`, {
      reservation: {
        checkin: day(20), checkout: day(22), nights: "2", rooms: "1", adults: "2", children: "0", children_ages: "", firstName: "Laura", lastName: "Gómez", city: "Medellín",
        country: "COL", email: "laura@example.co", telephone: "573001234567", currency: "COP", notes: "",
        roomsData: [{ id: "DBL", checkin: day(20), checkout: day(22), rateId: "RO", quantity: "1", currency: "COP", adults: "2", children: "0" }],
      },
    });
    ok(booking, "booking");
    const chatbotId = booking.body.chatbot_id as string;
    expect((await ag("GET", `/v2/bookings/chatbot/${chatbotId}`)).body.status).toBe("pending_payment");

    const link = await ag("POST", "/v2/links/schedule", {
      hotel_id: ctx.hotelId, guest_name: "Laura Gómez", email: "laura@example.co", phone: "+57 300 123 4567", amount: "500000.00", description: "Dos noches",
      available_hours: 12, temp_webhook_url: `http://127.0.0.1:${RECEIVER_PORT}/link`, agency_id: ctx.agencyId,
    });
    ok(link, "link");
    ctx.code = link.body.code;
    // The card is encrypted with the public key one instance hands out and decrypted by the other.
    const pub = await call("GET", "/api/v2/virtual-terminal/public-key");
    const enc = (v: string) => crypto.publicEncrypt({ key: pub.body.pem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(v)).toString("base64");
    const year = String(new Date().getUTCFullYear() + 2);
    const paid = await call("POST", `/api/v2/links/${ctx.code}/pay`, {
      body: { method: "card", card_item: { cc_number: enc("4242424242424242"), cc_code: enc("123"), cc_expire_month: enc("12"), cc_expire_year: enc(year), cc_holder: enc("Laura Gómez") } },
    });
    ok(paid, "paid");
    expect(paid.body.status).toBe("approved");
    ctx.voucher = paid.body.voucher_url;
    expect((await ag("GET", `/v2/links/${ctx.code}`)).body.status).toBe("paid");

    const holder = await op("POST", "/v1/virtual-cards/account-holders", {
      agency_id: ctx.agencyId, first_name: "Laura", last_name: "Gómez", nacionality: "CO", person_type: "natural", document_number: "1020304050", document_type: "CC",
      birthdate: "1988-04-12", email: "laura@agencia.co", phone_number: "+573001234567", address: "Calle 10 # 5-20", city: "Cartagena", state: "Bolívar", country: "CO", zip_code: "130001",
    });
    ok(holder, "holder");
    const org = await ag("POST", "/v1/virtual-cards/organizations", { name: `Org ${doc}`, description: "Proveedores" });
    ok(org, "org");
    const card = await ag("POST", "/v1/virtual-cards", {
      card_name: "Laura Gómez", activation: day(1), expiration: day(30), organization_id: org.body.id, one_time_use: false, nickname: "multi",
      destination: { external_id: "h1", name: "Hotel", email: "h@example.co" }, external_reference: "ref-1",
    });
    ok(card, "card");
    // Issued by one instance, revealed by the other (and again by the first): one issuer key for both.
    for (let i = 0; i < 2; i++) {
      const details = await ag("GET", `/v1/virtual-cards/${card.body.data.card_id}/sandbox-details`);
      expect(details.status).toBe(200);
      expect(details.body.number).toMatch(/^\d{16}$/);
      expect(details.body.number.slice(-4)).toBe(card.body.data.last_four);
    }

    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    const up = await fetch(`http://127.0.0.1:${PROXY_PORT}/media/calendar?filename=afiche.png`, { method: "POST", headers: { authorization: `Bearer ${OPERATOR_KEY}`, "content-type": "image/png" }, body: png });
    expect(up.status).toBe(201);
    const img = (await up.json()) as { url: string };
    for (let i = 0; i < 2; i++) {
      const got = await fetch(`http://127.0.0.1:${PROXY_PORT}${new URL(img.url).pathname}`);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    }

    // Every request alternated: each instance served half of the journey.
    const journey = served.slice(start);
    expect(journey.length).toBeGreaterThan(20);
    for (let i = 1; i < journey.length; i++) expect(journey[i]).not.toBe(journey[i - 1]);
  }, 120_000);

  it("each webhook is delivered exactly once, whichever instance queued it", async () => {
    const deliveries = await until(
      "deliveries settled",
      async () => (await db.query(`SELECT id, url, status, attempt_count FROM webhook_deliveries WHERE agency_id = $1`, [ctx.agencyId])).rows,
      (rows) => rows.length > 0 && rows.every((r) => r.status === "succeeded"),
      30_000,
    );
    expect(deliveries.some((d) => d.url.endsWith("/link"))).toBe(true);
    // Two more completed rounds of the webhooks job (either instance) change nothing: waited on job_runs, not on time.
    for (let round = 0; round < 2; round++) {
      const since = (await db.query(`SELECT now() AS t`)).rows[0].t as Date;
      await until(
        "another webhooks round",
        async () => (await db.query(`SELECT last_finished_at FROM job_runs WHERE name = 'webhooks'`)).rows[0]?.last_finished_at as Date | undefined,
        (t) => t !== undefined && t !== null && t.getTime() > since.getTime(),
        30_000,
      );
    }
    for (const d of deliveries) {
      expect(received.filter((r) => r.id === d.id)).toHaveLength(1);
      const attempts = (await db.query(`SELECT count(*)::int AS n FROM webhook_attempts WHERE delivery_id = $1`, [d.id])).rows[0].n;
      expect(attempts).toBe(1);
    }
  });

  it("the rate limit holds at its documented total across both instances", async () => {
    // A fixed one-minute window: start the burst well inside one.
    const into = Date.now() % 60_000;
    if (into > 45_000) await new Promise((r) => setTimeout(r, 60_000 - into + 500));
    const client = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    const ports: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 20; i++) {
      ports.push(served.length);
      statuses.push((await call("GET", "/api/health", { headers: { "x-test-client": client } })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Another client behind the same proxy is not affected: the proxy is trusted, its X-Forwarded-For counts.
    expect((await call("GET", "/api/health", { headers: { "x-test-client": "203.0.113.250" } })).status).toBe(200);
  });

  it("pages carry the security headers on both instances", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`http://127.0.0.1:${PROXY_PORT}/login`);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(r.headers.get("x-frame-options")).toBe("DENY");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("strict-transport-security")).toBeNull(); // plain http here
    }
    const pay = await fetch(`http://127.0.0.1:${PROXY_PORT}/pay/${ctx.code}`);
    expect(pay.headers.get("referrer-policy")).toBe("no-referrer");
    const api = await fetch(`http://127.0.0.1:${PROXY_PORT}/api/health`, { headers: { "x-test-client": "203.0.113.251" } });
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    // The voucher PDF keeps only the framing rule, so browsers' PDF viewers open it.
    const pdf = await fetch(`http://127.0.0.1:${PROXY_PORT}/api${ctx.voucher}?format=pdf`, { headers: { "x-test-client": "203.0.113.252" } });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
  });

  it("kill -9 of the instance delivering a webhook: the other delivers it after the lease, same webhook-id, recorded once", async () => {
    await call("PATCH", `/api/v2/agencies/${ctx.agencyId}`, { key: OPERATOR_KEY, body: { webhook_url: `http://127.0.0.1:${RECEIVER_PORT}/hold` } });
    const held = new Promise<Received>((r) => (holdNext = r));
    const test = await call("POST", "/api/v2/webhooks/test", { key: ctx.key });
    expect(test.status).toBe(201);
    const webhookId = test.body.id as string;
    const first = await Promise.race([held, new Promise<never>((_, rej) => setTimeout(() => rej(new Error("no delivery arrived")), 15_000))]);
    expect(first.id).toBe(webhookId);
    const lease = (await db.query(`SELECT locked_by, locked_until, attempt_count FROM webhook_deliveries WHERE id = $1`, [webhookId])).rows[0];
    const pid = Number(String(lease.locked_by).split(":")[1]);
    const victim = instances.find((i) => i.child.pid === pid);
    expect(victim, `lease holder ${lease.locked_by} is one of ours`).toBeDefined();
    const killedAt = Date.now();
    victim!.child.kill("SIGKILL");
    await victim!.exited;

    const done = await until(
      "redelivery by the surviving instance",
      async () => (await db.query(`SELECT status, attempt_count, locked_by FROM webhook_deliveries WHERE id = $1`, [webhookId])).rows[0],
      (r) => r.status === "succeeded",
      LEASE_MS + 30_000,
      500,
    );
    // Not before the lease ran out: nobody else touched it while the dead instance held it.
    const again = received.filter((r) => r.id === webhookId);
    expect(again).toHaveLength(2);
    expect(again[0].answered).toBe(false);
    expect(again[1].answered).toBe(true);
    expect(again[1].body).toBe(again[0].body);
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(new Date(lease.locked_until).getTime() - killedAt - 1000);
    expect(done.attempt_count).toBe(2);
    const attempts = (await db.query(`SELECT attempt_no, status_code FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt_no`, [webhookId])).rows;
    expect(attempts).toEqual([{ attempt_no: 2, status_code: 200 }]);
    // The survivor still serves everything through the proxy.
    expect((await call("GET", "/api/health/ready")).status).toBe(200);
    expect((await call("GET", `/api/v2/links/${ctx.code}`, { key: ctx.key })).body.status).toBe("paid");
  }, 90_000);

  it("SIGTERM: the survivor stops taking requests, hands back its leases, closes its pool and exits 0", async () => {
    const survivor = instances.find(isAlive)!;
    const before = (await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [DATABASE.name])).rows[0].n;
    survivor.child.kill("SIGTERM");
    expect(await survivor.exited).toBe(0);
    const after = (await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [DATABASE.name])).rows[0].n;
    expect(after).toBeLessThan(before);
    const log = fs.readFileSync(survivor.logFile, "utf8");
    expect(log).toContain("shutdown_complete");
  }, 40_000);
});
