// What the multi-instance tests share: a fresh PostgreSQL database, production servers (server.mjs) started on it
// with a clean environment and their own empty DATA_DIR, a polling wait, and the teardown. Needs `next build` first.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const LOG_DIR = path.join(ROOT, "test-results", "multi-instance");
const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** Settings of the test runner's own environment that must not leak into a server under test. */
const INHERITED_OUT = ["TEST_CLOCK", "REDIS_URL", "AUTH_SECRET", "CARD_ENCRYPTION_PRIVATE_KEY", "VIRTUAL_CARD_ENCRYPTION_KEY", "CARD_HASH_KEY", "NEXTAUTH_URL", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID", "SEARCH_CACHE", "API_FAST_PATH"];

export async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A uniquely named database (created by `create()`, dropped with its connections by `drop()`). */
export function testDatabase(prefix: string) {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    name,
    url,
    create: () => admin(`CREATE DATABASE "${name}"`),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export interface Instance {
  port: number;
  child: ChildProcess;
  dataDir: string;
  exited: Promise<number | null>;
  logFile: string;
}

export const isAlive = (i: Instance) => i.child.exitCode === null && i.child.signalCode === null;

/** Starts `node server.mjs` on `port` against `databaseUrl`, scheduler, demo data and request logs off unless `env` says otherwise. */
export function startServer(opts: { port: number; databaseUrl: string; logName: string; env: Record<string, string> }): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hb-${opts.logName}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    DATABASE_POOL_SIZE: "5",
    PUBLIC_BASE_URL: `http://localhost:${opts.port}`,
    SCHEDULER: "off",
    DEMO_SEED: "off",
    LOG_REQUESTS: "off",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  for (const k of INHERITED_OUT) delete env[k];
  Object.assign(env, opts.env);
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${opts.logName}.log`);
  const log = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, ["server.mjs"], { cwd: ROOT, env, stdio: ["ignore", log, log] });
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { port: opts.port, child, dataDir, exited, logFile };
}

/** SIGTERM (graceful), then SIGKILL after 20 s; removes each DATA_DIR. */
export async function stopServers(instances: Instance[]) {
  for (const i of instances) if (isAlive(i)) i.child.kill("SIGTERM");
  await Promise.all(instances.map((i) => Promise.race([i.exited, new Promise((r) => setTimeout(r, 20_000))])));
  for (const i of instances) {
    if (isAlive(i)) i.child.kill("SIGKILL");
    fs.rmSync(i.dataDir, { recursive: true, force: true });
  }
}

/** Polls `fn` until `ok` holds; fails with the last value seen. */
export async function until<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await fn();
      if (ok(last)) return last;
    } catch (e) {
      lastError = e;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}; last value ${JSON.stringify(last)} ${lastError ? String(lastError) : ""}`);
}

/** A day `offset` days from today, AAAA-MM-DD. */
export const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
