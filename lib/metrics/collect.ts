// The gauges read from the database at each scrape of /api/metrics: pool, outboxes, payments the reconciliation
// job owes, idempotency records in progress, job lag. A few counts on indexed columns, run only when scraped.
import type { Database } from "@/lib/db/open";
import { metrics } from "./registry";
import { readOutboxes } from "./outboxes";

const PAYMENTS_SQL = `
SELECT
  (SELECT count(*)::int FROM payment_transactions WHERE status = 'pending' AND method = 'card' AND created_at <= now() - interval '2 minutes') AS card,
  (SELECT count(*)::int FROM payment_transactions WHERE status = 'refunded' AND reversed_at IS NULL) AS reversal,
  (SELECT count(*)::int FROM payment_refunds WHERE status = 'pending') AS refund`;

const IDEMPOTENCY_SQL = `
SELECT count(*) FILTER (WHERE lease_until IS NULL OR lease_until > now())::int AS running,
       count(*) FILTER (WHERE lease_until <= now())::int AS abandoned
FROM idempotency_records WHERE state = 'in_progress'`;

const JOBS_SQL = `SELECT name, extract(epoch FROM now() - last_success_at)::float8 AS lag, failures FROM job_runs`;

/** The Prometheus text of this instance, with the database gauges read now. */
export async function renderMetrics(database: Database | null): Promise<{ contentType: string; text: string }> {
  const m = metrics();
  const s = m.scrape;
  if (database) {
    const p = database.poolStats();
    s.pool.labels("max").set(p.max);
    s.pool.labels("open").set(p.total);
    s.pool.labels("in_use").set(p.inUse);
    s.poolWaiting.set(p.waiting);
    s.transactions.labels("running").set(p.txInUse);
    s.transactions.labels("waiting").set(p.txWaiting);
    try {
      const [outboxes, [pay], [idem], jobs] = await Promise.all([
        readOutboxes(database),
        database.sql.query<{ card: number; reversal: number; refund: number }>(PAYMENTS_SQL),
        database.sql.query<{ running: number; abandoned: number }>(IDEMPOTENCY_SQL),
        database.sql.query<{ name: string; lag: number | null; failures: number }>(JOBS_SQL),
      ]);
      for (const o of outboxes) {
        s.outboxDepth.labels(o.name).set(o.depth);
        s.outboxOldest.labels(o.name).set(o.oldest);
      }
      s.paymentsPending.labels("card").set(Number(pay.card));
      s.paymentsPending.labels("reversal").set(Number(pay.reversal));
      s.paymentsPending.labels("refund").set(Number(pay.refund));
      s.idempotency.labels("in_progress").set(Number(idem.running));
      s.idempotency.labels("abandoned").set(Number(idem.abandoned));
      for (const j of jobs) {
        if (j.lag !== null) s.jobLag.labels(j.name).set(Number(j.lag));
        s.jobFailures.labels(j.name).set(Number(j.failures));
      }
      s.dbUp.set(1);
    } catch {
      s.dbUp.set(0);
    }
  } else {
    s.dbUp.set(0);
  }
  return { contentType: m.registry.contentType, text: await m.registry.metrics() };
}
