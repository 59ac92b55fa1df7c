// Shared pieces of the load benchmarks: a fresh PostgreSQL database, the production server on it, a city of
// 40 hotels x 5 room types x 3 rate plans with inventory and prices, an agency and its API key, autocannon.
import { execSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import autocannon from "autocannon";

export const PORT = Number(process.env.BENCH_PORT ?? 3211);
export const ADMIN = process.env.BENCH_PG_ADMIN ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const DB = process.env.BENCH_DB ?? `hb_bench_${process.pid}`;
export const dbUrl = (() => {
  const u = new URL(ADMIN);
  u.pathname = `/${DB}`;
  return u.toString();
})();
export const CITY = "VILLA_BENCH";
export const NIGHTS = 7;
export const HORIZON = 365; // a year of nights, like the demo data

export const bogotaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota" }).format(new Date());
export const addDays = (s, n) => {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
export const CHECKIN = addDays(bogotaToday(), 14);

export async function admin(sql) {
  const c = new pg.Client({ connectionString: ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export const urlFor = (name) => {
  const u = new URL(ADMIN);
  u.pathname = `/${name}`;
  return u.toString();
};
export const BENCH_OPERATOR_KEY = "hbk_bench_operator_key_0123456789abcdef";

/** The production server (server.mjs) of the checkout at `root` (this one by default) on database `url`. */
export function startServer(extraEnv = {}, { root = process.cwd(), url = dbUrl, port = PORT } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hb-bench-"));
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "server.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      OPERATOR_API_KEY: BENCH_OPERATOR_KEY,
      DATA_DIR: dataDir,
      DEMO_SEED: "off",
      SCHEDULER: "off",
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_REQUESTS: "off",
      LOG_LEVEL: "silent",
      NEXT_TELEMETRY_DISABLED: "1",
      SECRETS_MASTER_KEY: "bench-master-key-0123456789-abcdefghijk",
      ...extraEnv,
    },
    detached: true,
  });
  return { child, dataDir };
}

export async function waitHealthy(port = PORT) {
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become healthy");
}

/** 40 hotels x 5 room types x 3 rate plans, HORIZON nights of inventory and prices, an agency and its key. */
export async function seed(client, opts = {}) {
  const rooms = [
    ["DBL", "DOUBLE", "Habitación Doble", 2, 2, 1],
    ["TPL", "TRIPLE", "Habitación Triple", 3, 3, 1],
    ["QUA", "QUADRUPLE", "Habitación Cuádruple", 4, 4, 2],
    ["STE", "SUITE", "Suite Junior", 1, 2, 2],
    ["FAM", "FAMILY", "Habitación Familiar", 3, 4, 3],
  ];
  const rates = [
    ["RO", "Tarifa flexible solo alojamiento", "RO", "Solo alojamiento", "full", "Cancelación gratuita hasta 48 horas antes de la llegada; después se cobra la primera noche."],
    ["BB", "Alojamiento y desayuno", "BB", "Desayuno incluido", "partial", "Cancelación con cargo del 50% de la primera noche hasta 72 horas antes de la llegada."],
    ["HB", "Media pensión no reembolsable", "HB", "Desayuno y cena incluidos", "none", "Tarifa no reembolsable: no admite cambios ni cancelaciones."],
  ];
  await client.query("BEGIN");
  for (let h = 1; h <= 40; h++) {
    const cm = `CM-BENCH-${String(h).padStart(3, "0")}`;
    const { rows } = await client.query("INSERT INTO hotels (name, city, channel_manager_id) VALUES ($1, $2, $3) RETURNING id", [`Hotel Bench ${h}`, CITY, cm]);
    const hotelId = rows[0].id;
    for (const [s, type, name, beds, ma, mc] of rooms) {
      await client.query("INSERT INTO room_types (hotel_id, room_id, room_name, room_type, beds, max_adults, max_children) VALUES ($1,$2,$3,$4,$5,$6,$7)", [hotelId, `${cm}-${s}`, name, type, beds, ma, mc]);
    }
    for (const [s, desc, board, boardDesc, refundable, policy] of rates) {
      await client.query(
        "INSERT INTO rate_plans (hotel_id, rate_id, rate_description, board_type, board_type_description, refundable, cancellation_policy, currency) VALUES ($1,$2,$3,$4,$5,$6,$7,'COP')",
        [hotelId, `${cm}-${s}`, desc, board, boardDesc, refundable, policy],
      );
    }
  }
  const today = bogotaToday();
  await client.query(
    `INSERT INTO inventory_nights (room_type_id, date, rooms, sold, stop_sell, min_stay)
     SELECT rt.id, d::date, coalesce($3::int, 5 + rt.id % 7), CASE WHEN $3::int IS NULL THEN rt.id % 3 ELSE 0 END, false, 1
     FROM room_types rt CROSS JOIN generate_series($1::date, $1::date + $2::int, interval '1 day') d`,
    [today, HORIZON, opts.rooms ?? null],
  );
  await client.query(
    `INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax)
     SELECT rp.id, rt.id, d::date, 0, 150000 + (rt.id * 7919 + rp.id * 104729) % 300000 + 0.50
     FROM room_types rt JOIN rate_plans rp ON rp.hotel_id = rt.hotel_id
     CROSS JOIN generate_series($1::date, $1::date + $2::int, interval '1 day') d`,
    [today, HORIZON],
  );
  // One-adult prices on the double rooms (the per-adult override path).
  await client.query(
    `INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax)
     SELECT r.rate_plan_id, r.room_type_id, r.date, 1, r.amount_before_tax - 20000
     FROM rate_nights r JOIN room_types rt ON rt.id = r.room_type_id WHERE rt.room_type = 'DOUBLE' AND r.adults = 0`,
  );
  const { rows } = await client.query(
    `INSERT INTO agencies (name, phone, country_code, email_for_notifications, document_type, document_number, agency_type, payout_account_id)
     VALUES ('Agencia Bench', '3000000000', '+57', 'bench@example.co', 'NIT', $1, 'retailer', 'payout_bench') RETURNING id`,
    [String(900000000 + (process.pid % 99999))],
  );
  const key = "hbk_" + crypto.randomBytes(32).toString("base64url");
  await client.query("INSERT INTO api_keys (id, prefix, hash, role, agency_id, label) VALUES ($1, $2, $3, 'agency', $4, 'bench')", [
    `key_bench_${process.pid}`,
    key.slice(0, 12),
    crypto.createHash("sha256").update(key).digest("hex"),
    rows[0].id,
  ]);
  await client.query("COMMIT");
  await client.query("ANALYZE");
  const hotel = await client.query("SELECT min(id) AS id FROM hotels WHERE city = $1", [CITY]);
  return { key, hotelId: hotel.rows[0].id };
}


export function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

/** Creates the database, starts the server on it, seeds it; returns what the run needs and a stop(). */
export async function benchServer(seedOpts, { root, name = DB, env = {} } = {}) {
  const url = urlFor(name);
  await admin(`CREATE DATABASE "${name}"`);
  const { child, dataDir } = startServer(env, { root, url });
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP_DB) {
      await new Promise((r) => setTimeout(r, 1000));
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    }
  };
  try {
    await waitHealthy();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const seeded = await seed(client, seedOpts);
    await client.end();
    return { ...seeded, stop, url, pid: child.pid };
  } catch (e) {
    await stop();
    throw e;
  }
}

// CPU time per request (issue 17): a busy machine moves req/s a lot between runs, CPU spent per request far less.
// Linux /proc only; null elsewhere (then the tables print "-").
const CLK_TCK = (() => {
  try {
    return Number(execSync("getconf CLK_TCK", { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, ms) of a process so far, or null. */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
  } catch {
    return null;
  }
}

/**
 * Runs `fn` (an autocannon run) and adds `cpu: {server, db}` to its result: ms of CPU per request of the server
 * process and of the database's backends serving it (PostgreSQL on this machine; `client` is a pg.Client on the
 * bench database, whose own backend is left out).
 */
export async function withCpu(serverPid, client, fn) {
  const backends = async () => (await client.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")).rows.map((r) => r.pid);
  const before = new Map((await backends()).map((p) => [p, cpuMs(p)]));
  const s0 = cpuMs(serverPid);
  const r = await fn();
  const s1 = cpuMs(serverPid);
  let db = 0;
  let partial = false;
  for (const p of new Set([...before.keys(), ...(await backends())])) {
    const now = cpuMs(p);
    const then = before.has(p) ? before.get(p) : 0;
    if (now === null || then === null) {
      partial = true; // a backend that went away during the run: its time is lost, the figure is a floor
      continue;
    }
    db += now - then;
  }
  const n = r.requests?.total ?? 0;
  r.cpu = s0 !== null && s1 !== null && n > 0 ? { server: (s1 - s0) / n, db: db / n, partial } : null;
  return r;
}

export function machineLine() {
  const load = os.loadavg().map((x) => x.toFixed(2)).join(" / ");
  return `nproc ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, load avg 1/5/15 min after the run: ${load}`;
}
