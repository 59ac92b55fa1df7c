// When the database cannot serve a request in time (issue 24: one locked row must not stall the instance):
// a row lock not granted within the transaction's lock_timeout, a statement past its statement_timeout, no
// pool connection (or transaction slot) within DATABASE_POOL_WAIT_MS. The caller answers 503 with Retry-After
// and changed nothing (the transaction rolled back); the client retries. docs/reservations.md "Locks and retries".

export type BusyReason = "lock_timeout" | "statement_timeout" | "pool_timeout" | "deadlock";

/** Seconds a client is told to wait before retrying a request refused for a busy database. */
export const BUSY_RETRY_AFTER_S = 2;

/** No pool connection or transaction slot was free within the bound (lib/db/open.ts). */
export class DatabaseBusyError extends Error {
  readonly reason: BusyReason = "pool_timeout";
  constructor(message = "no database connection became free in time") {
    super(message);
    this.name = "DatabaseBusyError";
  }
}

interface Shape {
  name?: string;
  code?: unknown;
  message?: unknown;
  meta?: { code?: unknown; driverAdapterError?: { cause?: Shape } };
  cause?: unknown;
}

// 40P01: PostgreSQL broke a deadlock by cancelling this transaction (rolled back, nothing changed): retry as for a busy row.
const SQLSTATE: Record<string, BusyReason> = { "55P03": "lock_timeout", "57014": "statement_timeout", "40P01": "deadlock" };

/** Why the database was too busy for this error, in any shape it reaches us (pg, the Prisma adapter, Prisma); else null. */
export function busyReason(e: unknown): BusyReason | null {
  let x = e as Shape | undefined;
  for (let i = 0; x && typeof x === "object" && i < 5; i++) {
    if (x instanceof DatabaseBusyError) return x.reason;
    for (const code of [x.code, x.meta?.code, (x as { originalCode?: unknown }).originalCode]) {
      if (typeof code === "string" && SQLSTATE[code]) return SQLSTATE[code];
    }
    // node-postgres's pool: `connectionTimeoutMillis` elapsed while every connection was in use.
    if (typeof x.message === "string" && /timeout exceeded when trying to connect/i.test(x.message)) return "pool_timeout";
    const adapter = x.meta?.driverAdapterError?.cause;
    x = (adapter ?? x.cause) as Shape | undefined;
  }
  return null;
}

/**
 * At most `max` transactions of `Database.transaction` at once, waiting at most `waitMs` for a turn (FIFO). A
 * transaction may wait on row locks while holding its connection; the slots keep some of the pool for everything
 * else (health, lists, other hotels), whatever one locked row does.
 */
export class TxSlots {
  private used = 0;
  private readonly queue: Array<() => void> = [];

  constructor(readonly max: number) {}

  get inUse(): number {
    return this.used;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async acquire(waitMs: number): Promise<void> {
    if (this.used < this.max) {
      this.used += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const i = this.queue.indexOf(grant);
        if (i >= 0) this.queue.splice(i, 1);
        reject(new DatabaseBusyError("no transaction slot became free in time"));
      }, waitMs);
      this.queue.push(grant);
    });
  }

  /** Hands the slot to the next in line, or frees it. */
  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.used -= 1;
  }
}
