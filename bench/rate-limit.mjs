#!/usr/bin/env node
// Cost of the shared rate limit on the hot path (issue 14): the same server (server.mjs, PostgreSQL) answering
// GET /api/health with the limit off (RATE_LIMIT_PER_MINUTE=0) and on but never reached, so the only difference is
// the one UPSERT per request on rate_limit_counters; then the statement alone with plain `pg`.
import fs from "node:fs";
import pg from "pg";
import { admin, DB, dbUrl, PORT, startServer, waitHealthy, cannon, machineLine } from "./lib.mjs";

async function serverRun(limit) {
  const { child, dataDir } = startServer({ RATE_LIMIT_PER_MINUTE: String(limit) });
  try {
    await waitHealthy();
    await cannon({ url: `http://127.0.0.1:${PORT}/api/health`, duration: 3 });
    const r = await cannon({ url: `http://127.0.0.1:${PORT}/api/health` });
    return { limit, rps: r.requests.average, avg: r.latency.average, p99: r.latency.p99, non2xx: r.non2xx };
  } finally {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // gone
    }
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function statementRun() {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  const q = `INSERT INTO rate_limit_counters (key, window_start, count, expires_at) VALUES ($1, $2::timestamptz, 1, $3::timestamptz)
             ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + 1 RETURNING count`;
  const w = Math.floor(Date.now() / 60_000) * 60_000;
  const args = (k) => [k, new Date(w).toISOString(), new Date(w + 60_000).toISOString()];
  const time = async (n, conc, fn) => {
    let i = 0;
    const t = performance.now();
    await Promise.all(Array.from({ length: conc }, async () => {
      while (i < n) await fn(i++);
    }));
    return (performance.now() - t) / n;
  };
  await time(500, 1, () => pool.query("SELECT 1"));
  const out = {
    select1: await time(3000, 1, () => pool.query("SELECT 1")),
    hotSeq: await time(3000, 1, () => pool.query(q, args("ip:hot"))),
    manySeq: await time(3000, 1, (i) => pool.query(q, args(`ip:${i}`))),
    hotPar: await time(6000, 10, () => pool.query(q, args("ip:hot-par"))),
    manyPar: await time(6000, 10, (i) => pool.query(q, args(`k:${i % 500}`))),
  };
  await pool.end();
  return out;
}

await admin(`CREATE DATABASE "${DB}"`);
try {
  const off = await serverRun(0);
  const on = await serverRun(1_000_000_000);
  const s = await statementRun();
  const f = (x) => x.toFixed(2);
  console.log(`
| GET /api/health, server.mjs on PostgreSQL | req/s | avg ms | p99 ms |
|---|---|---|---|
| RATE_LIMIT_PER_MINUTE=0 (no counter) | ${f(off.rps)} | ${f(off.avg)} | ${off.p99} |
| limit on, never reached (one UPSERT per request, one hot key) | ${f(on.rps)} | ${f(on.avg)} | ${on.p99} |

| The UPSERT alone (plain pg) | ms per statement |
|---|---|
| SELECT 1 (round-trip floor), one connection | ${f(s.select1)} |
| one hot key, one connection | ${f(s.hotSeq)} |
| distinct keys, one connection | ${f(s.manySeq)} |
| one hot key, 10 connections (wall time / statements) | ${f(s.hotPar)} |
| 500 keys, 10 connections (wall time / statements) | ${f(s.manyPar)} |

${machineLine()}`);
} finally {
  if (!process.env.BENCH_KEEP_DB) await admin(`DROP DATABASE IF EXISTS "${DB}" WITH (FORCE)`).catch(() => undefined);
}
