// Bounded retry of a transaction that PostgreSQL aborted to break a deadlock (40P01) or to keep a
// serializable schedule (40001). Both leave nothing behind (the whole transaction was rolled back), so
// running it again is safe; any other error is thrown at once. See docs/reservations.md "Locks and retries".

/** How many times a transaction runs at most (the first run included). */
export const TX_MAX_ATTEMPTS = 5;

const RETRYABLE_SQLSTATES = new Set(["40P01", "40001"]);

interface ErrorShape {
  name?: string;
  code?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: string; code?: string; kind?: string } }; code?: string };
  cause?: { originalCode?: string; code?: string; kind?: string };
}

/**
 * True for a deadlock or serialization failure in any of the shapes it reaches us:
 * - Prisma over a driver adapter: `PrismaClientKnownRequestError` P2010 (raw query) with
 *   `meta.driverAdapterError.cause.originalCode` "40P01"/"40001" (or `kind: "TransactionWriteConflict"`);
 * - Prisma's own P2034 ("write conflict or a deadlock");
 * - the adapter's `DriverAdapterError` with `cause.originalCode`; node-postgres errors with `code`.
 */
export function isRetryableTxError(e: unknown): boolean {
  const err = e as ErrorShape | null;
  if (!err || typeof err !== "object") return false;
  if (err.code === "P2034") return true;
  if (typeof err.code === "string" && RETRYABLE_SQLSTATES.has(err.code)) return true;
  const causes = [err.meta?.driverAdapterError?.cause, err.cause];
  for (const c of causes) {
    if (!c) continue;
    if (c.kind === "TransactionWriteConflict") return true;
    if ((c.originalCode && RETRYABLE_SQLSTATES.has(c.originalCode)) || (c.code && RETRYABLE_SQLSTATES.has(c.code))) return true;
  }
  if (err.meta?.code && RETRYABLE_SQLSTATES.has(err.meta.code)) return true;
  return false;
}

export interface RetryOptions {
  attempts?: number;
  /** First back-off in ms; doubles each time, with full jitter. */
  baseDelayMs?: number;
  /** Called before each new attempt (for logs and tests). */
  onRetry?: (attempt: number, error: unknown) => void;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Runs `fn` (which must run a whole transaction, so a retry starts from scratch) up to `attempts` times while it
 * fails with a deadlock or serialization failure; the last failure is thrown as it came.
 */
export async function withTxRetry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, opts.attempts ?? TX_MAX_ATTEMPTS);
  const base = opts.baseDelayMs ?? 15;
  const sleep = opts.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (attempt >= attempts || !isRetryableTxError(e)) throw e;
      opts.onRetry?.(attempt, e);
      await sleep(Math.random() * base * 2 ** (attempt - 1));
    }
  }
}
