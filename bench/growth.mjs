#!/usr/bin/env node
// How the cost of a search grows with the city (issue 28): 4.2 with varied questions (every request another
// check-in, stay and party) on cities of 40, 200 and 1,000 hotels (5 room types x 3 rate plans each, 75 nights of
// inventory, seeded through SQL), lone and at 20 connections, for the engine and for the SQL search, both
// servers of this build on the same database (the second with SEARCH_ENGINE=off). Also the answer's size and the
// first (cold) search, which loads every hotel of the city into the engine.
//
//   npx next build && node bench/growth.mjs
//
// Env: BENCH_PORT (engine server; the SQL one is BENCH_PORT+1), BENCH_PG_ADMIN, BENCH_GROWTH_SIZES (40,200,1000),
// BENCH_GROWTH_SECONDS (8 at 20 connections, lone runs 5).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { PORT, admin, urlFor, startServer, waitHealthy, cannon, withCpu, machineLine, bogotaToday, CHECKIN } from "./lib.mjs";
import { variedLoad, variedQuestion } from "./availability.mjs";

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? "40,200,1000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_GROWTH_SECONDS ?? 8);
const CITY = "VILLA_CURVA";

async function seedCity(client, n) {
  await client.query("BEGIN");
  await client.query(`INSERT INTO hotels (name, city, channel_manager_id) SELECT 'Hotel Curva ' || g, $1, 'CM-CURVA-' || g FROM generate_series(1, $2::int) g`, [CITY, n]);
  await client.query(`INSERT INTO room_types (hotel_id, room_id, room_name, room_type, beds, max_adults, max_children)
    SELECT h.id, h.channel_manager_id || '-' || r.s, r.name, r.type, r.beds, r.ma, r.mc FROM hotels h CROSS JOIN (VALUES
      ('DBL', 'DOUBLE', 'Habitación Doble', 2, 2, 1), ('TPL', 'TRIPLE', 'Habitación Triple', 3, 3, 1), ('QUA', 'QUADRUPLE', 'Habitación Cuádruple', 4, 4, 2),
      ('STE', 'SUITE', 'Suite Junior', 1, 2, 2), ('FAM', 'FAMILY', 'Habitación Familiar', 3, 4, 3)) AS r(s, type, name, beds, ma, mc)
    WHERE h.city = $1`, [CITY]);
  await client.query(`INSERT INTO rate_plans (hotel_id, rate_id, rate_description, board_type, board_type_description, refundable, cancellation_policy, currency)
    SELECT h.id, h.channel_manager_id || '-' || p.s, p.d, p.b, p.bd, p.r::"Refundable", p.c, 'COP' FROM hotels h CROSS JOIN (VALUES
      ('RO', 'Tarifa flexible solo alojamiento', 'RO', 'Solo alojamiento', 'full', 'Cancelación gratuita hasta 48 horas antes de la llegada; después se cobra la primera noche.'),
      ('BB', 'Alojamiento y desayuno', 'BB', 'Desayuno incluido', 'partial', 'Cancelación con cargo del 50% de la primera noche hasta 72 horas antes de la llegada.'),
      ('HB', 'Media pensión no reembolsable', 'HB', 'Desayuno y cena incluidos', 'none', 'Tarifa no reembolsable: no admite cambios ni cancelaciones.')) AS p(s, d, b, bd, r, c)
    WHERE h.city = $1`, [CITY]);
  const today = bogotaToday();
  await client.query(
    `INSERT INTO inventory_nights (room_type_id, date, rooms, sold) SELECT rt.id, d::date, 5 + rt.id % 7, rt.id % 3
     FROM room_types rt CROSS JOIN generate_series($1::date, $1::date + 90, interval '1 day') d`, [today]);
  await client.query(
    `INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax)
     SELECT rp.id, rt.id, d::date, 0, 150000 + (rt.id * 7919 + rp.id * 104729) % 300000 + 0.50
     FROM room_types rt JOIN rate_plans rp ON rp.hotel_id = rt.hotel_id CROSS JOIN generate_series($1::date, $1::date + 90, interval '1 day') d`, [today]);
  const { rows } = await client.query(
    `INSERT INTO agencies (name, phone, country_code, email_for_notifications, document_type, document_number, agency_type, payout_account_id)
     VALUES ('Agencia Curva', '3000000000', '+57', 'curva@example.co', 'NIT', $1, 'retailer', 'payout_curva') RETURNING id`, [String(800000000 + n)]);
  const key = "hbk_" + crypto.randomBytes(32).toString("base64url");
  await client.query("INSERT INTO api_keys (id, prefix, hash, role, agency_id, label) VALUES ($1, $2, $3, 'agency', $4, 'bench')", [
    `key_curva_${n}_${process.pid}`, key.slice(0, 12), crypto.createHash("sha256").update(key).digest("hex"), rows[0].id]);
  await client.query("COMMIT");
  await client.query("ANALYZE");
  return key;
}

// Questions within the 75 seeded nights: the varied generator's first 60 check-ins only.
function questionsWithin(start) {
  let i = start;
  return () => {
    for (;;) {
      const q = variedQuestion(i++);
      if (Number(q.key.split("|")[0]) < 60) return q;
    }
  };
}

async function one(n) {
  const name = `hb_bench_curva_${n}_${process.pid}`;
  const url = urlFor(name);
  await admin(`CREATE DATABASE "${name}"`);
  const servers = [];
  const client = new pg.Client({ connectionString: url });
  try {
    const a = startServer({}, { url, port: PORT });
    servers.push(a);
    await waitHealthy(PORT);
    const b = startServer({ SEARCH_ENGINE: "off" }, { url, port: PORT + 1 });
    servers.push(b);
    await waitHealthy(PORT + 1);
    await client.connect();
    const t0 = performance.now();
    const key = await seedCity(client, n);
    const seedMs = performance.now() - t0;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json", "accept-encoding": "gzip, br" };
    const out = { n, seedMs };
    for (const [which, port, pid] of [["engine", PORT, a.child.pid], ["sql", PORT + 1, b.child.pid]]) {
      const base = `http://127.0.0.1:${port}`;
      const next = questionsWithin(which === "engine" ? 0 : 5000);
      const ask = async () => {
        const q = next();
        const t = performance.now();
        const res = await fetch(`${base}/api/v2/bookings/agencies/retailer/availability?checkin=${q.checkin}&nights=${q.nights}&city=Villa%20Curva`, { method: "POST", headers: { ...headers, "accept-encoding": "identity" }, body: q.body });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${res.status} ${text.slice(0, 200)}`);
        return { ms: performance.now() - t, bytes: Buffer.byteLength(text), hotels: JSON.parse(text).length };
      };
      const cold = await ask();
      const warm = [];
      for (let k = 0; k < 5; k++) warm.push(await ask());
      const load = (start, connections, duration) => {
        const seen = new Set();
        const o = variedLoad(base, "Villa%20Curva", headers, seen, start);
        const nq = questionsWithin(start);
        o.requests[0].setupRequest = (req) => {
          const q = nq();
          seen.add(q.key);
          return { ...req, path: `/api/v2/bookings/agencies/retailer/availability?checkin=${q.checkin}&nights=${q.nights}&city=Villa%20Curva`, body: q.body };
        };
        return withCpu(pid, client, () => cannon({ ...o, connections, duration })).then((r) => ((r.distinct = seen.size), r));
      };
      const lone = await load(which === "engine" ? 20_000 : 30_000, 1, Math.min(5, SECONDS));
      const loaded = await load(which === "engine" ? 40_000 : 60_000, 20, SECONDS);
      out[which] = { cold, bytes: warm.reduce((s, w) => s + w.bytes, 0) / warm.length, hotels: warm[0].hotels, lone, loaded };
    }
    return out;
  } finally {
    await client.end().catch(() => undefined);
    for (const s of servers) {
      try {
        process.kill(-s.child.pid, "SIGTERM");
      } catch {
        // gone
      }
      await new Promise((r) => (s.child.exitCode !== null || s.child.signalCode !== null ? r() : s.child.once("exit", r)));
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
    await new Promise((r) => setTimeout(r, 1000));
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  }
}

const cpu = (r) => (r.cpu ? `${r.cpu.server.toFixed(2)} + ${r.cpu.partial ? "≥" : ""}${r.cpu.db.toFixed(2)}` : "-");
async function main() {
  const start = os.loadavg();
  const rows = [];
  for (const n of SIZES) rows.push(await one(n));
  let out = `
### Growth: ${new Date().toISOString()} (${machineLine()}; at the start: ${start.map((x) => x.toFixed(2)).join(" / ")})

4.2, varied questions (check-ins from ${CHECKIN} over 60 days, 1-7 nights, 8 parties), \`gzip, br\`; lone = 1 connection x ${Math.min(5, SECONDS)} s, loaded = 20 connections x ${SECONDS} s. CPU ms/req = server + database.

| Hotels | answer KiB (JSON) | hotels in answer | first search (cold) ms | engine lone p50 ms | engine 20 conn req/s | p50 / p99 ms | CPU ms/req | µs CPU per answer KiB | SQL lone p50 ms | SQL 20 conn req/s | p50 / p99 ms | CPU ms/req |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
`;
  for (const r of rows) {
    const e = r.engine;
    const s = r.sql;
    const perKiB = e.loaded.cpu ? ((e.loaded.cpu.server + e.loaded.cpu.db) * 1000) / (e.bytes / 1024) : null;
    out += `| ${r.n} | ${(e.bytes / 1024).toFixed(0)} | ${e.hotels} | ${e.cold.ms.toFixed(0)} | ${e.lone.latency.p50} | ${e.loaded.requests.average.toFixed(1)} | ${e.loaded.latency.p50} / ${e.loaded.latency.p99} | ${cpu(e.loaded)} | ${perKiB === null ? "-" : perKiB.toFixed(1)} | ${s.lone.latency.p50} | ${s.loaded.requests.average.toFixed(1)} | ${s.loaded.latency.p50} / ${s.loaded.latency.p99} | ${cpu(s.loaded)} |\n`;
  }
  out += `\nDistinct questions per run (engine lone / loaded, SQL lone / loaded): ${rows.map((r) => `${r.n}: ${r.engine.lone.distinct} / ${r.engine.loaded.distinct}, ${r.sql.lone.distinct} / ${r.sql.loaded.distinct}`).join("; ")}. Seeding: ${rows.map((r) => `${r.n}: ${(r.seedMs / 1000).toFixed(1)} s`).join(", ")}.\n`;
  console.log(out);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
