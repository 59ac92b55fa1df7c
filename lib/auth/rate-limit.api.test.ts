// Rate limits: keyed on the client as the socket (or a trusted proxy) says, counted where every instance sees
// them (PostgreSQL, Redis), with the stricter limit on public payment attempts.
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "@/lib/testing/api";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { databaseStore, redisStore, takeLimits, closeRedis, type RateLimitStore } from "./rate-limit";
import { Redis } from "ioredis";

let api: TestServer;
const saved = { ...process.env };
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await closeRedis();
  await api?.close();
});
afterEach(() => {
  for (const k of ["RATE_LIMIT_PER_MINUTE", "PAY_ATTEMPTS_PER_10_MIN", "REDIS_URL"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe("the per-minute limit", () => {
  it("cannot be dodged by rotating X-Forwarded-For (no trusted proxy by default)", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "5";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api.call("GET", "/api/health", { headers: { "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `198.51.100.${i}` } })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const last = await api.call("GET", "/api/health", { headers: { "x-forwarded-for": "192.0.2.99" } });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(last.body).toMatchObject({ code: "429" });
  });

  it("through a trusted proxy, each forwarded client has its own count", async () => {
    const behindProxy = await startApi({ trustedProxies: "127.0.0.1" });
    try {
      process.env.RATE_LIMIT_PER_MINUTE = "3";
      const from = (ip: string) => behindProxy.call("GET", "/api/health", { headers: { "x-forwarded-for": ip } });
      const a = [await from("203.0.113.1"), await from("203.0.113.1"), await from("203.0.113.1"), await from("203.0.113.1")].map((r) => r.status);
      const b = [await from("203.0.113.2"), await from("203.0.113.2")].map((r) => r.status);
      expect(a).toEqual([200, 200, 200, 429]);
      expect(b).toEqual([200, 200]);
    } finally {
      await behindProxy.close();
      const { setDatabase } = await import("@/lib/db");
      setDatabase(api.db);
      const { loadSecrets } = await import("@/lib/secrets/store");
      const { config } = await import("@/lib/config");
      await loadSecrets(api.db, { dataDir: config().dataDir, production: false });
    }
  });
});

describe("payment attempts on a public link", () => {
  it("are limited per client address even when X-Forwarded-For rotates (card testing)", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "0";
    process.env.PAY_ATTEMPTS_PER_10_MIN = "4";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await api.call("POST", `/api/v2/links/LNKCARD${i}TEST/pay`, { headers: { "x-forwarded-for": `198.51.100.${i}` }, body: { method: "card" } });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 4).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it("are limited per link whoever sends them", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "0";
    process.env.PAY_ATTEMPTS_PER_10_MIN = "3";
    const viaProxy = await startApi({ trustedProxies: "loopback" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await viaProxy.call("POST", "/api/v2/links/LNKSAMELINK1/pay", { headers: { "x-forwarded-for": `192.0.2.${i + 1}` }, body: { method: "card" } })).status);
      }
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await viaProxy.close();
      const { setDatabase } = await import("@/lib/db");
      setDatabase(api.db);
      const { loadSecrets } = await import("@/lib/secrets/store");
      const { config } = await import("@/lib/config");
      await loadSecrets(api.db, { dataDir: config().dataDir, production: false });
    }
  });
});

describe("the payer's address recorded on a link payment", () => {
  it("is the socket's, not a client-sent X-Forwarded-For", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "0";
    process.env.PAY_ATTEMPTS_PER_10_MIN = "0";
    const a = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db);
    const link = await apiClient(api, a.key).POST("/v2/links/schedule", {
      body: { hotel_id: hotel.id, guest_name: "Laura Gómez", email: "l@example.co", phone: "3001234567", amount: "1000", description: "d", available_hours: 1, agency_id: a.agency.id },
    });
    expect(link.response.status).toBe(200);
    const payer = { fiscal_number: "1020304050", fiscal_number_type: "CC", user_type: "0", address: "Calle 10 # 5-20" };
    const cash = await api.call("POST", `/api/v2/links/${link.data!.code}/pay`, { headers: { "x-forwarded-for": "8.8.8.8" }, body: { method: "cash", payment_type: "EFECTY", payer } });
    expect(cash.status).toBe(200);
    const tx = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: cash.body.transaction_id } });
    expect(tx.ip).toBe("127.0.0.1");
  });
});

async function concurrentCounts(store: RateLimitStore, key: string, n: number) {
  const now = Date.now();
  const hits = await Promise.all(Array.from({ length: n }, () => store.hit(key, 60_000, now)));
  return hits.map((h) => h.count).sort((a, b) => a - b);
}

describe("shared counters", () => {
  it("the database store counts every concurrent hit exactly once (one UPSERT per hit)", async () => {
    const counts = await concurrentCounts(databaseStore(api.db), `test:${Math.random()}`, 25);
    expect(counts).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("two stores on one database (two instances) share one count", async () => {
    const key = `test:${Math.random()}`;
    const a = databaseStore(api.db);
    const b = databaseStore({ ...api.db });
    const now = Date.now();
    const seen = [(await a.hit(key, 60_000, now)).count, (await b.hit(key, 60_000, now)).count, (await a.hit(key, 60_000, now)).count];
    expect(seen).toEqual([1, 2, 3]);
  });
});

const redisUrl = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(redisUrl);
  const s = net.connect(Number(u.port || 6379), u.hostname);
  s.once("connect", () => (s.destroy(), resolve(true)));
  s.once("error", () => resolve(false));
  s.setTimeout(500, () => (s.destroy(), resolve(false)));
});

describe.skipIf(!redisUp)("the Redis store (REDIS_URL)", () => {
  it("counts concurrent hits from two clients (two instances) exactly once", async () => {
    const c1 = new Redis(redisUrl);
    const c2 = new Redis(redisUrl);
    try {
      const key = `test:${process.pid}:${Math.random()}`;
      const now = Date.now();
      const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => redisStore(i % 2 ? c1 : c2).hit(key, 60_000, now)));
      expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      const ttl = await c1.pttl(`hotelpay:rl:${key}:${Math.floor(now / 60_000) * 60_000}`);
      expect(ttl).toBeGreaterThan(60_000);
      expect(ttl).toBeLessThanOrEqual(120_000);
    } finally {
      c1.disconnect();
      c2.disconnect();
    }
  });

  it("is what the API uses when REDIS_URL is set", async () => {
    process.env.REDIS_URL = redisUrl;
    process.env.RATE_LIMIT_PER_MINUTE = "2";
    const key = `unit-${Math.random()}`;
    const verdicts = [];
    for (let i = 0; i < 3; i++) verdicts.push(await takeLimits(api.db, [{ rule: { name: "api", limit: 2, windowMs: 60_000 }, key }]));
    expect(verdicts.map((v) => v.ok)).toEqual([true, true, false]);
    const c = new Redis(redisUrl);
    try {
      expect(Number(await c.get(`hotelpay:rl:api:${key}:${Math.floor(Date.now() / 60_000) * 60_000}`))).toBe(3);
    } finally {
      c.disconnect();
    }
  });
});
