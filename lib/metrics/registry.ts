// The process's Prometheus metrics (GET /api/metrics, docs/deploy.md "Metrics"). Each instance counts its own.
// Kept on globalThis: under `npm start` the fast path (server.mjs, loaded by instrumentation) and Next.js's route
// bundles each load this module, and they must share one set of counters. Only prom-client is imported here, so
// the database layer and the pipeline can record into it without pulling anything else in.
import client from "prom-client";

export const PREFIX = "hotelpay_";

interface Metrics {
  registry: client.Registry;
  requests: client.Histogram<"method" | "route" | "status">;
  /** Children by "method route status": the hot path looks one up instead of hashing a label object. */
  requestChildren: Map<string, client.Histogram.Internal<"method" | "route" | "status">>;
  dbBusy: client.Counter<"reason">;
  jobRuns: client.Counter<"job" | "outcome">;
  jobDuration: client.Histogram<"job">;
  jobLastSuccess: client.Gauge<"job">;
  /** Read from the database at each scrape (lib/metrics/collect.ts). */
  scrape: {
    dbUp: client.Gauge;
    pool: client.Gauge<"state">;
    poolWaiting: client.Gauge;
    transactions: client.Gauge<"state">;
    outboxDepth: client.Gauge<"outbox">;
    outboxOldest: client.Gauge<"outbox">;
    paymentsPending: client.Gauge<"kind">;
    idempotency: client.Gauge<"state">;
    jobLag: client.Gauge<"job">;
    jobFailures: client.Gauge<"job">;
  };
}

const g = globalThis as unknown as { __hbMetrics?: Metrics };

function create(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: PREFIX });
  return {
    registry,
    requests: new client.Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: "Requests answered and their latency, by route pattern (never the raw path), method and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    requestChildren: new Map(),
    dbBusy: new client.Counter({
      name: `${PREFIX}db_busy_total`,
      help: "Database work given up for a bound: lock_timeout, statement_timeout or pool_timeout (answered 503)",
      labelNames: ["reason"],
      registers: [registry],
    }),
    jobRuns: new client.Counter({
      name: `${PREFIX}job_runs_total`,
      help: "Scheduled job runs on this instance: ok, failed, or skipped (another instance held its lock)",
      labelNames: ["job", "outcome"],
      registers: [registry],
    }),
    jobDuration: new client.Histogram({
      name: `${PREFIX}job_duration_seconds`,
      help: "Duration of the scheduled job runs this instance made",
      labelNames: ["job"],
      buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300],
      registers: [registry],
    }),
    jobLastSuccess: new client.Gauge({
      name: `${PREFIX}job_last_success_timestamp_seconds`,
      help: "When this instance last ran the job successfully (Unix time)",
      labelNames: ["job"],
      registers: [registry],
    }),
    scrape: {
      dbUp: gauge(registry, "db_up", "1 when the database answered this scrape's queries, 0 otherwise"),
      pool: gauge(registry, "db_pool_connections", "Database pool connections: max (allowed), open, in_use", ["state"]),
      poolWaiting: gauge(registry, "db_pool_waiting", "Requests waiting for a database pool connection"),
      transactions: gauge(registry, "db_transactions", "Row-locking transactions (Database.transaction): running, waiting for a turn", ["state"]),
      outboxDepth: gauge(registry, "outbox_depth", "Items waiting in an outbox (webhooks, channel releases, ...)", ["outbox"]),
      outboxOldest: gauge(registry, "outbox_oldest_seconds", "How long the oldest item of an outbox has waited", ["outbox"]),
      paymentsPending: gauge(registry, "payments_pending_reconciliation", "Payments the reconciliation job still owes an outcome: card (pending past 2 min), reversal, refund", ["kind"]),
      idempotency: gauge(registry, "idempotency_records", "Idempotency records in progress: in_progress (lease running), abandoned (lease over)", ["state"]),
      jobLag: gauge(registry, "job_lag_seconds", "Seconds since a job last succeeded anywhere in the cluster", ["job"]),
      jobFailures: gauge(registry, "job_consecutive_failures", "Consecutive failed runs of a job in the cluster", ["job"]),
    },
  };
}

function gauge<T extends string>(registry: client.Registry, name: string, help: string, labelNames: T[] = []): client.Gauge<T> {
  return new client.Gauge({ name: `${PREFIX}${name}`, help, labelNames, registers: [registry] });
}

export function metrics(): Metrics {
  return (g.__hbMetrics ??= create());
}

/** One answered request. `route` is the route's pattern (`/v2/bookings/hotel_id={hotel_id}`), never the path. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const m = metrics();
  const key = `${method} ${route} ${status}`;
  let child = m.requestChildren.get(key);
  if (!child) m.requestChildren.set(key, (child = m.requests.labels(method, route, String(status))));
  child.observe(seconds);
}

const counted = new WeakSet<object>();

/** A request or job given up because the database was busy (lib/db/busy.ts); each error is counted once. */
export function noteDbBusy(reason: string, error?: unknown): void {
  if (error && typeof error === "object") {
    if (counted.has(error)) return;
    counted.add(error);
  }
  metrics().dbBusy.labels(reason).inc();
}

/** One run of a scheduled job by this instance (wall-clock time: this is operations, not business). */
export function recordJobRun(job: string, outcome: "ok" | "failed" | "skipped", seconds: number): void {
  const m = metrics();
  m.jobRuns.labels(job, outcome).inc();
  if (outcome === "skipped") return;
  m.jobDuration.labels(job).observe(seconds);
  if (outcome === "ok") m.jobLastSuccess.labels(job).set(Date.now() / 1000);
}
