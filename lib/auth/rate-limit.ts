// Fixed-window rate limits shared by every instance: counted in PostgreSQL (one UPSERT ... RETURNING per
// request on an UNLOGGED table), in Redis when REDIS_URL is set, and in memory on PGlite (one process owns
// the database there, so memory is already shared). Numbers and keys: docs/security.md ("Rate limits").
import type { Database } from "@/lib/db/open";
import { log } from "@/lib/http/log";

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
}

export interface RateLimitStore {
  readonly kind: "memory" | "database" | "redis";
  hit(key: string, windowMs: number, now: number): Promise<Hit>;
}

const windowOf = (windowMs: number, now: number) => Math.floor(now / windowMs) * windowMs;

export function memoryStore(): RateLimitStore {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    kind: "memory",
    async hit(key, windowMs, now) {
      const start = windowOf(windowMs, now);
      const id = `${windowMs}:${key}`;
      const w = windows.get(id);
      if (!w || w.start !== start) {
        if (windows.size > 50_000) for (const [k, v] of windows) if (v.start + windowMs <= now) windows.delete(k);
        windows.set(id, { start, count: 1 });
        return { count: 1, resetAt: start + windowMs };
      }
      w.count += 1;
      return { count: w.count, resetAt: start + windowMs };
    },
  };
}

export function databaseStore(database: Database): RateLimitStore {
  return {
    kind: "database",
    async hit(key, windowMs, now) {
      const start = windowOf(windowMs, now);
      const rows = await database.sql.query<{ count: number }>(
        `INSERT INTO rate_limit_counters (key, window_start, count, expires_at) VALUES ($1, $2::timestamptz, 1, $3::timestamptz)
         ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
         RETURNING count`,
        [key, new Date(start).toISOString(), new Date(start + windowMs).toISOString()],
        { prepared: true },
      );
      return { count: Number(rows[0].count), resetAt: start + windowMs };
    },
  };
}

interface RedisLike {
  multi(): { incr(k: string): unknown; pexpire(k: string, ms: number): unknown; exec(): Promise<Array<[Error | null, unknown]> | null> };
}

export function redisStore(client: RedisLike): RateLimitStore {
  return {
    kind: "redis",
    async hit(key, windowMs, now) {
      const start = windowOf(windowMs, now);
      const k = `hotelpay:rl:${key}:${start}`;
      const tx = client.multi();
      tx.incr(k);
      tx.pexpire(k, windowMs * 2);
      const res = await tx.exec();
      const [err, count] = res?.[0] ?? [new Error("redis: no answer"), 0];
      if (err) throw err;
      return { count: Number(count), resetAt: start + windowMs };
    },
  };
}

const g = globalThis as unknown as { __hbRedis?: Promise<RedisLike>; __hbMemoryLimits?: RateLimitStore };

/** One Redis client per process (ioredis, pure JS), created on first use. */
export function redisClient(url: string): Promise<RedisLike> {
  g.__hbRedis ??= import("ioredis").then(({ Redis }) => {
    const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
    client.on("error", (e) => log.warn("redis_error", { message: String(e?.message ?? e).slice(0, 200) }));
    return client as unknown as RedisLike;
  });
  return g.__hbRedis;
}

export async function closeRedis() {
  const p = g.__hbRedis;
  g.__hbRedis = undefined;
  if (p) await ((await p) as unknown as { quit(): Promise<unknown> }).quit().catch(() => undefined);
}

/** The store for this process: Redis when REDIS_URL is set, else the database (memory on PGlite). */
export async function limitStore(database: Database): Promise<RateLimitStore> {
  const url = process.env.REDIS_URL?.trim();
  if (url) return redisStore(await redisClient(url));
  if (database.kind === "pglite") return (g.__hbMemoryLimits ??= memoryStore());
  return databaseStore(database);
}

export interface LimitRule {
  /** Counter name, part of the key. */
  name: string;
  limit: number;
  windowMs: number;
}

export type LimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number; rule: string };

/**
 * Counts one hit for each (rule, key) and refuses when any is over its limit. A store that fails (Redis down)
 * falls back to the database so limits keep holding rather than open or break requests.
 */
export async function takeLimits(database: Database, hits: Array<{ rule: LimitRule; key: string }>, now = Date.now()): Promise<LimitVerdict> {
  const active = hits.filter((h) => h.rule.limit > 0);
  if (active.length === 0) return { ok: true };
  let store = await limitStore(database);
  let refused: LimitVerdict = { ok: true };
  for (const { rule, key } of active) {
    let hit: Hit;
    try {
      hit = await store.hit(`${rule.name}:${key}`, rule.windowMs, now);
    } catch (e) {
      if (store.kind !== "redis") throw e;
      log.warn("rate_limit_store_fallback", { message: String((e as Error)?.message ?? e).slice(0, 200) });
      store = database.kind === "pglite" ? (g.__hbMemoryLimits ??= memoryStore()) : databaseStore(database);
      hit = await store.hit(`${rule.name}:${key}`, rule.windowMs, now);
    }
    if (hit.count > rule.limit) {
      const retry = Math.max(1, Math.ceil((hit.resetAt - now) / 1000));
      if (refused.ok || retry > refused.retryAfterSeconds) refused = { ok: false, retryAfterSeconds: retry, rule: rule.name };
    }
  }
  return refused;
}

/** Requests per minute per caller on /api; RATE_LIMIT_PER_MINUTE=0 disables it (benchmarks). */
export function apiRule(): LimitRule {
  const n = Number(process.env.RATE_LIMIT_PER_MINUTE ?? 1200);
  return { name: "api", limit: Number.isFinite(n) ? n : 1200, windowMs: 60_000 };
}

/**
 * Payment attempts on a public link, on top of the per-minute limit: per client IP and per link, so a stolen
 * card list cannot be tested through one link or from one address. PAY_ATTEMPTS_PER_10_MIN (0 disables).
 */
export function payAttemptRules(): { perIp: LimitRule; perLink: LimitRule } {
  const n = Number(process.env.PAY_ATTEMPTS_PER_10_MIN ?? 10);
  const limit = Number.isFinite(n) ? n : 10;
  return {
    perIp: { name: "pay-ip", limit, windowMs: 10 * 60_000 },
    perLink: { name: "pay-link", limit, windowMs: 10 * 60_000 },
  };
}

/** Removes windows that ended (the `security-cleanup` job). */
export async function purgeRateLimitCounters(database: Database, now: Date): Promise<number> {
  const rows = await database.sql.query<{ n: number }>(
    `WITH d AS (DELETE FROM rate_limit_counters WHERE expires_at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM d`,
    [now.toISOString()],
  );
  return Number(rows[0]?.n ?? 0);
}
