#!/usr/bin/env node
// Availability benchmark (issue 3): the production build on PostgreSQL, one city of 40 hotels x 5 room types
// x 3 rate plans, 7 nights, 2 layout items. autocannon with 20 connections for 20 s on 4.2 and on 4.3,
// and the equivalent hand-written SQL (the floor) timed with plain `pg`.
//
//   npx next build
//   node bench/availability.mjs            # creates database hb_bench_<pid>, starts `next start` on BENCH_PORT
//
// Env: BENCH_PORT (3211), BENCH_PG_ADMIN (postgresql://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (20),
// BENCH_CONNECTIONS (20), BENCH_KEEP_DB=1 to keep the database. Prints a markdown block for bench/RESULTS.md.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3211);
const ADMIN = process.env.BENCH_PG_ADMIN ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DB = process.env.BENCH_DB ?? `hb_bench_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(ADMIN);
  u.pathname = `/${DB}`;
  return u.toString();
})();
const CITY = "VILLA_BENCH";
const NIGHTS = 7;
const HORIZON = 365; // a year of nights, like the demo data

const bogotaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota" }).format(new Date());
const addDays = (s, n) => {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const CHECKIN = addDays(bogotaToday(), 14);

async function admin(sql) {
  const c = new pg.Client({ connectionString: ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hb-bench-"));
  const child = spawn("npx", ["next", "start", "-p", String(PORT)], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      DEMO_SEED: "off",
      SCHEDULER: "off",
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_REQUESTS: "off",
      LOG_LEVEL: "silent",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    detached: true,
  });
  return { child, dataDir };
}

async function waitHealthy() {
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become healthy");
}

/** 40 hotels x 5 room types x 3 rate plans, HORIZON nights of inventory and prices, an agency and its key. */
async function seed(client) {
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
     SELECT rt.id, d::date, 5 + rt.id % 7, rt.id % 3, false, 1
     FROM room_types rt CROSS JOIN generate_series($1::date, $1::date + $2::int, interval '1 day') d`,
    [today, HORIZON],
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

// The floor: one hand-written statement returning the same facts (rooms sellable over the stay, with each
// rate plan's nightly prices for each adult count asked for), no JSON shaping.
const FLOOR_SQL = `
WITH occ AS (SELECT DISTINCT unnest($4::int[]) AS adults),
inv AS (
  SELECT i.room_type_id, min(i.rooms - i.sold) AS cnt
  FROM hotels h JOIN room_types rt ON rt.hotel_id = h.id AND rt.is_active
  JOIN inventory_nights i ON i.room_type_id = rt.id AND i.date >= $2::date AND i.date < $2::date + $3::int
  WHERE h.city = $1 AND h.is_active
  GROUP BY i.room_type_id
  HAVING count(*) = $3 AND bool_and(NOT i.stop_sell) AND min(i.rooms - i.sold) > 0
     AND coalesce(max(i.min_stay) FILTER (WHERE i.date = $2::date), 1) <= $3
),
p AS (
  SELECT r.room_type_id, r.rate_plan_id, o.adults, r.date,
         coalesce(max(r.amount_before_tax) FILTER (WHERE r.adults = o.adults), max(r.amount_before_tax) FILTER (WHERE r.adults = 0)) AS amount
  FROM inv JOIN rate_nights r ON r.room_type_id = inv.room_type_id AND r.date >= $2::date AND r.date < $2::date + $3::int
  JOIN occ o ON r.adults = 0 OR r.adults = o.adults
  GROUP BY 1, 2, 3, 4
)
SELECT p.room_type_id, p.rate_plan_id, p.adults, inv.cnt, array_agg(p.amount ORDER BY p.date) AS amounts, sum(p.amount) AS total
FROM p JOIN inv USING (room_type_id)
GROUP BY p.room_type_id, p.rate_plan_id, p.adults, inv.cnt
HAVING count(*) = $3`;

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function sqlFloor(seconds) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: CONNECTIONS });
  const params = [CITY, CHECKIN, NIGHTS, [2, 1]];
  for (let i = 0; i < 20; i++) await pool.query(FLOOR_SQL, params);
  // One at a time: the latency of the statement itself.
  const single = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await pool.query(FLOOR_SQL, params);
    single.push(performance.now() - t);
  }
  single.sort((a, b) => a - b);
  // CONNECTIONS at once for `seconds`: the throughput the database gives this statement on this machine.
  const lat = [];
  const end = Date.now() + seconds * 1000;
  let rows = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const r = await pool.query(FLOOR_SQL, params);
        rows = r.rowCount;
        lat.push(performance.now() - t);
      }
    }),
  );
  lat.sort((a, b) => a - b);
  await pool.end();
  return {
    rows,
    single: { p50: pct(single, 50), p99: pct(single, 99) },
    loaded: { rps: lat.length / seconds, p50: pct(lat, 50), p99: pct(lat, 99) },
  };
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

async function main() {
  await admin(`CREATE DATABASE "${DB}"`);
  const { child, dataDir } = startServer();
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP_DB) {
      await new Promise((r) => setTimeout(r, 1000));
      await admin(`DROP DATABASE IF EXISTS "${DB}" WITH (FORCE)`).catch(() => undefined);
    }
  };
  try {
    await waitHealthy();
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const { key, hotelId } = await seed(client);
    await client.end();

    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const agencyUrl = `http://127.0.0.1:${PORT}/api/v2/bookings/agencies/retailer/availability?checkin=${CHECKIN}&nights=${NIGHTS}&city=Villa%20Bench`;
    const agencyBody = JSON.stringify({ layout: [{ adults: 2 }, { adults: 1, children_ages: [7] }] });
    const hotelUrl = `http://127.0.0.1:${PORT}/api/v2/bookings/availability?hotel_id=${hotelId}&checkin=${CHECKIN}&nights=${NIGHTS}&adults=2&children=`;

    const probe = await fetch(agencyUrl, { method: "POST", headers, body: agencyBody });
    const probeText = await probe.text();
    if (probe.status !== 200) throw new Error(`4.2 probe: ${probe.status} ${probeText}`);
    const hotels = JSON.parse(probeText);
    const products = hotels.reduce((s, h) => s + h.availability.reduce((a, i) => a + i.available_rooms.reduce((b, r) => b + r.products.length, 0), 0), 0);
    // Warm-up (JIT, connection pool).
    await cannon({ url: agencyUrl, method: "POST", headers, body: agencyBody, duration: 3 });

    const a1 = await cannon({ url: agencyUrl, method: "POST", headers, body: agencyBody, connections: 1, duration: 10 });
    const a = await cannon({ url: agencyUrl, method: "POST", headers, body: agencyBody });
    const h = await cannon({ url: hotelUrl, headers: { authorization: headers.authorization } });
    const floor = await sqlFloor(Math.min(SECONDS, 10));

    const load = os.loadavg().map((x) => x.toFixed(2)).join(" / ");
    const f = (n) => (typeof n === "number" ? n.toFixed(1) : n);
    const out = `
### ${new Date().toISOString()} (nproc ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, load avg 1/5/15 min after the run: ${load})

City of 40 hotels x 5 room types x 3 rate plans, ${NIGHTS} nights from ${CHECKIN}, layout [{adults:2},{adults:1,children_ages:[7]}];
4.2 response: ${hotels.length} hotels, ${products} products, ${(probeText.length / 1024).toFixed(0)} KiB. autocannon ${CONNECTIONS} connections x ${SECONDS} s.

| What | req/s | p50 ms | p99 ms | errors / non-2xx |
|---|---|---|---|---|
| 4.2 POST agencies/retailer/availability, 1 connection x 10 s | ${f(a1.requests.average)} | ${a1.latency.p50} | ${a1.latency.p99} | ${a1.errors} / ${a1.non2xx} |
| 4.2 POST agencies/retailer/availability | ${f(a.requests.average)} | ${a.latency.p50} | ${a.latency.p99} | ${a.errors} / ${a.non2xx} |
| 4.3 GET bookings/availability (one hotel) | ${f(h.requests.average)} | ${h.latency.p50} | ${h.latency.p99} | ${h.errors} / ${h.non2xx} |
| SQL floor, one statement at a time (pg) | ${f(1000 / floor.single.p50)} | ${f(floor.single.p50)} | ${f(floor.single.p99)} | - |
| SQL floor, ${CONNECTIONS} at once for ${Math.min(SECONDS, 10)} s (pg) | ${f(floor.loaded.rps)} | ${f(floor.loaded.p50)} | ${f(floor.loaded.p99)} | - |
`;
    console.log(out);
  } finally {
    await stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
