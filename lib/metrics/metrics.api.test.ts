// GET /api/metrics (issue 24): behind METRICS_TOKEN (404 without it, 401 for a wrong one), the Prometheus text of
// this instance: requests by route pattern (never the raw path) and status, also through the fast path, the
// database pool, outboxes, payments owed a reconciliation, idempotency records in progress, and job runs and lag.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey } from "@/lib/testing/factories";
import { parseTrustedProxies, stampClient } from "@/server/forwarding.mjs";
import { fastApi } from "@/lib/fast-api";
import { enqueueWebhook } from "@/lib/webhooks/outbox";
import { registerOutbox, OUTBOXES } from "./outboxes";
import { runLocked } from "@/lib/cron/job";
import { log } from "@/lib/http/log";

const TOKEN = "metrics-token-de-prueba-0123456789";
let api: TestServer;
const saved = process.env.METRICS_TOKEN;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  if (saved === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = saved;
});

async function scrape(token = TOKEN): Promise<string> {
  const r = await fetch(`${api.url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.text();
}

/** The value of one series, e.g. value(text, 'hotelpay_outbox_depth{outbox="webhooks"}'); 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /api/metrics access", () => {
  it("does not exist without METRICS_TOKEN, and refuses a missing or wrong token", async () => {
    delete process.env.METRICS_TOKEN;
    const hidden = await fetch(`${api.url}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain("hotelpay_");
    process.env.METRICS_TOKEN = TOKEN;
    for (const headers of [{}, { authorization: "Bearer otro-token" }, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }] as Array<Record<string, string>>) {
      const r = await fetch(`${api.url}/api/metrics`, { headers });
      expect(r.status, JSON.stringify(headers)).toBe(401);
      expect(r.headers.get("www-authenticate")).toMatch(/^Bearer/);
      const body = await r.text();
      expect(body).not.toContain("hotelpay_");
      expect(JSON.parse(body).detail).toMatch(/METRICS_TOKEN/);
    }
    expect((await scrape()).length).toBeGreaterThan(0);
  });
});

describe("what /api/metrics reports", () => {
  it("requests by route pattern and status, never the raw path, including the fast path", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const { key } = await agencyWithKey(api.db, { agencyType: "retailer" });
    const series = 'hotelpay_http_request_duration_seconds_count{method="GET",route="/v2/bookings/chatbot/{booking_id}",status="404"}';
    const before = value(await scrape(), series);
    for (const code of ["ZZSECRETO1", "ZZSECRETO2"]) {
      expect((await fetch(`${api.url}/api/v2/bookings/chatbot/${code}`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(404);
    }
    let text = await scrape();
    expect(value(text, series)).toBe(before + 2);
    expect(text).not.toContain("ZZSECRETO");
    expect(text).toMatch(/hotelpay_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/v2\/bookings\/chatbot\/\{booking_id\}",status="404"\}/);

    // The fast path (server.mjs -> lib/http/node.ts) answers with the same pipeline and is counted the same way.
    const trusted = parseTrustedProxies("");
    const front = http.createServer((req, res) => {
      stampClient(req, trusted);
      if (!fastApi.claims(req)) {
        res.statusCode = 421;
        res.end();
        return;
      }
      void fastApi.serve(req, res);
    });
    await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
    try {
      const fastSeries = 'hotelpay_http_request_duration_seconds_count{method="GET",route="/v2/bookings/availability",status="400"}';
      const was = value(text, fastSeries);
      const port = (front.address() as AddressInfo).port;
      const r = await fetch(`http://127.0.0.1:${port}/api/v2/bookings/availability?hotel_id=abc`, { headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(400);
      expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      text = await scrape();
      expect(value(text, fastSeries)).toBe(was + 1);
    } finally {
      front.closeAllConnections();
      await new Promise((r) => front.close(r));
    }
    // An unknown path is one series, whatever was asked.
    await fetch(`${api.url}/api/v2/no-existe/ZZOTRO`);
    text = await scrape();
    expect(text).toMatch(/route="\(unmatched\)",status="404"/);
    expect(text).not.toContain("ZZOTRO");
  });

  it("the pool, outboxes, payments owed a reconciliation, idempotency records in progress", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    let text = await scrape();
    expect(value(text, "hotelpay_db_up")).toBe(1);
    expect(value(text, 'hotelpay_db_pool_connections{state="max"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain("hotelpay_db_pool_waiting ");
    expect(text).toContain('hotelpay_db_transactions{state="running"}');
    expect(text).toContain('hotelpay_db_busy_total');

    const depth = value(text, 'hotelpay_outbox_depth{outbox="webhooks"}');
    const { agency } = await agencyWithKey(api.db);
    for (let i = 0; i < 3; i++) {
      await api.db.prisma.$transaction((tx) => enqueueWebhook(tx, { agencyId: agency.id, event: "reservation.expired", url: "https://hooks.example.com/in", payload: { i } }, new Date(Date.now() + 3_600_000)));
    }
    await api.db.sql.query(`UPDATE webhook_deliveries SET next_attempt_at = now() + interval '1 hour', created_at = now() - interval '90 seconds' WHERE agency_id = $1`, [agency.id]);
    const running = value(text, 'hotelpay_idempotency_records{state="in_progress"}');
    const abandoned = value(text, 'hotelpay_idempotency_records{state="abandoned"}');
    await api.db.sql.query(
      `INSERT INTO idempotency_records (scope, key, route, request_hash, state, created_at, expires_at, lease_until, lease_token)
       VALUES ('metrics:test', 'k1', '/x', 'h', 'in_progress', now(), now() + interval '1 day', now() + interval '1 minute', 't1'),
              ('metrics:test', 'k2', '/x', 'h', 'in_progress', now(), now() + interval '1 day', now() - interval '1 minute', 't2')`,
    );
    text = await scrape();
    expect(value(text, 'hotelpay_outbox_depth{outbox="webhooks"}')).toBe(depth + 3);
    expect(value(text, 'hotelpay_outbox_oldest_seconds{outbox="webhooks"}')).toBeGreaterThanOrEqual(89);
    expect(value(text, 'hotelpay_idempotency_records{state="in_progress"}')).toBe(running + 1);
    expect(value(text, 'hotelpay_idempotency_records{state="abandoned"}')).toBe(abandoned + 1);
    for (const kind of ["card", "reversal", "refund"]) expect(text).toContain(`hotelpay_payments_pending_reconciliation{kind="${kind}"}`);
    for (const outbox of ["channel_releases", "channel_guest_syncs", "channex_pushes", "emails"]) expect(text).toContain(`hotelpay_outbox_depth{outbox="${outbox}"}`);
  });

  it("a new outbox is one line: registerOutbox(name, sql)", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    registerOutbox("prueba", `SELECT 7 AS depth, 12.5::float8 AS oldest`);
    try {
      const text = await scrape();
      expect(value(text, 'hotelpay_outbox_depth{outbox="prueba"}')).toBe(7);
      expect(value(text, 'hotelpay_outbox_oldest_seconds{outbox="prueba"}')).toBe(12.5);
    } finally {
      OUTBOXES.splice(OUTBOXES.findIndex((o) => o.name === "prueba"), 1);
    }
  });

  it("job runs and failures per job on this instance, and the job's lag in the cluster", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const before = await scrape();
    const ok = 'hotelpay_job_runs_total{job="webhooks",outcome="ok"}';
    const cron = await fetch(`${api.url}/api/cron/webhooks`, { method: "POST", headers: { authorization: "Bearer test-cron-secret" } });
    expect(cron.status).toBe(200);
    const text = await scrape();
    expect(value(text, ok)).toBe(value(before, ok) + 1);
    expect(value(text, 'hotelpay_job_lag_seconds{job="webhooks"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'hotelpay_job_lag_seconds{job="webhooks"}')).toBeLessThan(60);
    expect(value(text, 'hotelpay_job_consecutive_failures{job="webhooks"}')).toBe(0);
    expect(text).toMatch(/hotelpay_job_duration_seconds_count\{job="webhooks"\} \d+/);
    const row = await api.db.prisma.jobRun.findUniqueOrThrow({ where: { name: "webhooks" } });
    expect(row.lastSuccessAt).not.toBeNull();
    expect(row.lastError).toBeNull();
  });

  it("a failing job is counted as failed here and as a consecutive failure in the cluster, until it succeeds", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    let fail = true;
    const job = { name: "prueba-falla", summary: "x", run: async () => { if (fail) throw new Error("el socio no respondió"); return 3; } };
    const ctx = { db: api.db.prisma, database: api.db, now: new Date(), log };
    await expect(runLocked(job, ctx)).rejects.toThrow("el socio no respondió");
    await expect(runLocked(job, ctx)).rejects.toThrow();
    let text = await scrape();
    expect(value(text, 'hotelpay_job_runs_total{job="prueba-falla",outcome="failed"}')).toBe(2);
    expect(value(text, 'hotelpay_job_consecutive_failures{job="prueba-falla"}')).toBe(2);
    expect(text).not.toContain('hotelpay_job_lag_seconds{job="prueba-falla"}');
    expect((await api.db.prisma.jobRun.findUniqueOrThrow({ where: { name: "prueba-falla" } })).lastError).toBe("el socio no respondió");
    fail = false;
    expect(await runLocked(job, ctx)).toBe(3);
    text = await scrape();
    expect(value(text, 'hotelpay_job_consecutive_failures{job="prueba-falla"}')).toBe(0);
    expect(text).toContain('hotelpay_job_lag_seconds{job="prueba-falla"}');
  });
});
