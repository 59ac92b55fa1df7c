// Opens the database: embedded PostgreSQL (PGlite, in DATA_DIR) when no DATABASE_URL is given,
// a PostgreSQL server otherwise. Migrations are applied before the Prisma client is handed out.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PrismaClient } from "./generated/client";
import { applyMigrations, type SqlRunner } from "./migrate";
import { busyReason, TxSlots } from "./busy";
import { noteDbBusy } from "@/lib/metrics/registry";
import type { PrismaPg } from "@prisma/adapter-pg";
import type { Transaction } from "@electric-sql/pglite";
import type { PoolClient } from "pg";

export type DbKind = "pglite" | "postgres";

/** Counts a transaction given up for a bound (/api/metrics hotelpay_db_busy_total), once per error. */
function countBusy(e: unknown) {
  const reason = busyReason(e);
  if (reason) noteDbBusy(reason, e);
}

export interface Database {
  kind: DbKind;
  prisma: PrismaClient;
  /** Plain SQL for hot paths and tests (positional $1 parameters). */
  sql: SqlRunner;
  /**
   * Runs `fn` holding a cluster-wide lock named `name` (a PostgreSQL advisory lock on its own connection), so
   * at most one instance runs it at a time. Without `wait`, a lock held elsewhere skips `fn` ({ran: false}).
   * On PGlite one process owns the database: `fn` just runs.
   */
  withLock<T>(name: string, fn: () => Promise<T>, opts?: { wait?: boolean }): Promise<{ ran: true; value: T } | { ran: false }>;
  /**
   * Runs `fn` in one transaction with plain SQL on one connection: committed when `fn` resolves, rolled back when
   * it throws. For hot paths where Prisma's per-query cost would be most of the work (a booking's hold and
   * write, docs/architecture.md). On PostgreSQL every statement in it is bounded (`statement_timeout`) and a
   * transaction its caller abandoned ends by itself (`idle_in_transaction_session_timeout`), so row locks are
   * never kept by a request that is gone. A row lock is waited for at most TX_LOCK_TIMEOUT_MS, and at most
   * txSlotsFor(poolSize) transactions run at once (a turn waited for at most the pool wait): both end in an error
   * busyReason() recognises (503 with Retry-After). Wrap it in withTxRetry to retry deadlocks.
   */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** The pool as it is now (for /api/metrics): connections open, in use and requests waiting for one. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections the pool may open. */
  max: number;
  /** Connections open now. */
  total: number;
  /** Connections checked out now. */
  inUse: number;
  /** Requests waiting for a connection. */
  waiting: number;
  /** `transaction` calls running, and waiting for a slot (TxSlots). */
  txInUse: number;
  txWaiting: number;
}

/** A json/jsonb column's value: parsed by one driver, text from another. */
export function jsonColumn<T>(v: T | string): T {
  return typeof v === "string" ? (JSON.parse(v) as T) : v;
}

/** Bound on each statement of a `transaction` and on its idle time (a hold queued behind a popular room waits). */
export const TX_STATEMENT_TIMEOUT_MS = 20_000;
/**
 * Bound on waiting for a row lock inside a `transaction`, well under the statement timeout: a booking whose rows
 * another session holds gives up after this (503 with Retry-After, lib/db/busy.ts) instead of keeping its pool
 * connection for the whole statement timeout. A popular room's queue of ordinary holds (milliseconds each)
 * passes long before it.
 */
export const TX_LOCK_TIMEOUT_MS = 3_000;
/** Default bound on waiting for a pool connection or a transaction slot (DATABASE_POOL_WAIT_MS). */
export const POOL_WAIT_MS = 5_000;

/**
 * How many `transaction`s may run at once on a pool of `poolSize`: the rest of the pool (a fifth, at least one
 * connection) stays for requests that do not lock rows, so health, lists and reads keep answering.
 */
export function txSlotsFor(poolSize: number): number {
  return Math.max(1, poolSize - Math.max(1, Math.floor(poolSize / 5)));
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite folder; "memory://" for an in-memory database. */
  dataDir?: string;
  /** A migrated PGlite data folder dumped with dumpDataDir(), to skip start-up work in tests. */
  loadDataDir?: Blob | File;
  migrate?: boolean;
  poolSize?: number;
  /** Bound on waiting for a pool connection or a transaction slot, in ms (PostgreSQL). */
  poolWaitMs?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize, opts.migrate !== false, opts.poolWaitMs);
  const db = await openPglite(opts);
  if (opts.migrate !== false) await applyMigrations(db.sql);
  return db;
}

const statementNames = new Map<string, string>();

/** A prepared statement's name, from its text: the same text is the same statement on every connection. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `hb_${crypto.createHash("sha256").update(sql).digest("hex").slice(0, 24)}`));
  return name;
}

/** A pg query config: a named prepared statement when asked (see SqlRunner.query). */
function statement(sql: string, values: unknown[], opts?: { prepared?: boolean }) {
  return opts?.prepared ? { name: statementName(sql), text: sql, values } : { text: sql, values };
}

/** Plain SQL over a pg pool or one of its connections (migrations, a transaction). */
function pgRunner(q: { query: PoolClient["query"] }): SqlRunner {
  return {
    exec: async (sql) => {
      await q.query(sql);
    },
    query: async <T,>(sql: string, params: unknown[] = [], opts?: { prepared?: boolean }) => (await q.query(statement(sql, params, opts))).rows as T[],
  };
}

/** Plain SQL over PGlite or one of its transactions (no prepared statements to name: one process, one connection). */
function pgliteRunner(q: Pick<Transaction, "exec" | "query">): SqlRunner {
  return {
    exec: async (sql) => {
      await q.exec(sql);
    },
    query: async <T,>(sql: string, params: unknown[] = []) => (await q.query<T>(sql, params)).rows,
  };
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const dir = opts.dataDir ?? "memory://";
  if (!dir.startsWith("memory://")) fs.mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ dir)), { recursive: true });
  const pglite = await PGlite.create(dir.startsWith("memory://") ? undefined : dir, {
    loadDataDir: opts.loadDataDir,
  });
  // The adapter is typed against an older @prisma/driver-adapter-utils; the runtime contract is the same.
  const adapter = new PrismaPGlite(pglite) as unknown as PrismaPg;
  const prisma = new PrismaClient({ adapter });
  return {
    kind: "pglite",
    prisma,
    sql: pgliteRunner(pglite),
    async withLock(_name, fn) {
      return { ran: true, value: await fn() };
    },
    // One process owns the database: PGlite's own transaction (the same one its Prisma adapter uses) serialises it.
    transaction: (fn) => pglite.transaction((tx) => fn(pgliteRunner(tx))),
    poolStats: () => ({ max: 1, total: 1, inUse: 0, waiting: 0, txInUse: 0, txWaiting: 0 }),
    async close() {
      await prisma.$disconnect();
      // The adapter does not close PGlite; an open folder can fail to reopen.
      await pglite.close();
    },
  };
}

async function openPostgres(url: string, poolSize = 10, migrate = true, poolWaitMs = POOL_WAIT_MS): Promise<Database> {
  const pg = await import("pg");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  // Waiting for a connection is bounded: past it the request is refused (503, lib/db/busy.ts), never queued forever.
  const pool = new pg.default.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: poolWaitMs });
  const slots = new TxSlots(txSlotsFor(poolSize));
  if (migrate) {
    // One connection holds an advisory lock so two servers starting together migrate once.
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(727274)");
      await applyMigrations(pgRunner(client));
    } finally {
      await client.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
      client.release();
    }
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgres",
    prisma,
    sql: pgRunner(pool),
    async transaction(fn) {
      // A slot first (bounded wait), then a connection: lock waiters never hold the whole pool.
      await slots.acquire(poolWaitMs).catch((e) => {
        countBusy(e);
        throw e;
      });
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        slots.release();
        countBusy(e);
        throw e;
      }
      let broken = false;
      try {
        await client.query(
          `BEGIN; SET LOCAL statement_timeout = ${TX_STATEMENT_TIMEOUT_MS}; SET LOCAL lock_timeout = ${TX_LOCK_TIMEOUT_MS}; SET LOCAL idle_in_transaction_session_timeout = ${TX_STATEMENT_TIMEOUT_MS}`,
        );
        const out = await fn(pgRunner(client));
        await client.query("COMMIT");
        return out;
      } catch (e) {
        // A connection that cannot even roll back is not given back to the pool.
        await client.query("ROLLBACK").catch(() => (broken = true));
        countBusy(e);
        throw e;
      } finally {
        client.release(broken || undefined);
        slots.release();
      }
    },
    poolStats: () => ({ max: poolSize, total: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount, txInUse: slots.inUse, txWaiting: slots.waiting }),
    async withLock(name, fn, opts) {
      const client = await pool.connect();
      const key = `hotelpay:${name}`;
      let held = false;
      try {
        if (opts?.wait) {
          await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [key]);
          held = true;
        } else {
          held = (await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok", [key])).rows[0].ok;
        }
        if (!held) return { ran: false as const };
        return { ran: true as const, value: await fn() };
      } finally {
        // A lock left behind (unlock failed) dies with the connection: destroy it rather than return it to the pool.
        let unlocked = !held;
        if (held) unlocked = await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key]).then(() => true, () => false);
        client.release(unlocked ? undefined : true);
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
