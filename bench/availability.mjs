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
import pg from "pg";
import { CITY, NIGHTS, CHECKIN, CONNECTIONS, SECONDS, PORT, dbUrl, pct, cannon, benchServer, machineLine } from "./lib.mjs";

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

async function main() {
  const { key, hotelId, stop } = await benchServer();
  try {
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

    const f = (n) => (typeof n === "number" ? n.toFixed(1) : n);
    const out = `
### ${new Date().toISOString()} (${machineLine()})

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
