#!/usr/bin/env node
// Availability benchmark (issues 3 and 17), in one run on PostgreSQL: the production server (server.mjs) on a
// fresh database with one city of 40 hotels x 5 room types x 3 rate plans, 7 nights, 2 layout items.
//
//   npx next build
//   node bench/availability.mjs
//   BENCH_BEFORE_ROOT=/path/to/older/checkout node bench/availability.mjs   # also measures that build, same run
//   (without BENCH_BEFORE_ROOT, "before" is this build with SEARCH_ENGINE=off, i.e. the SQL search; BENCH_ENGINE_OFF_BEFORE=0 skips it)
//
// For each server (this checkout and, with BENCH_BEFORE_ROOT, an older built checkout) it measures with autocannon:
// 4.2 at 20 connections with `Accept-Encoding: gzip, br` and without, 4.2 with 1 connection, 4.2 with varied questions
// (issue 28: every request another check-in, stay and party, the distinct count reported) lone and at 20
// connections, 4.3 at 20
// connections, 4.1 (booking) at 20 connections, and freshness under load (bookings and price changes made while
// 4.2 runs at 20 connections; each write is followed by searches that must reflect it: the stale count must be
// 0). Once per run: the hand-written SQL floor with plain `pg`, and a static node:http server (its own process)
// sending the gzip of the same 4.2 answer (the physical limit); it prints the ratio API / static. Each row also
// gives the CPU time per request of the server process and of the database backends (Linux /proc), which a busy
// machine disturbs far less than req/s: compare before and after on it.
//
// Env: BENCH_PORT (3211; the static server uses BENCH_PORT+1), BENCH_PG_ADMIN, BENCH_SECONDS (20),
// BENCH_CONNECTIONS (20), BENCH_KEEP_DB=1, BENCH_BEFORE_ROOT. Prints a markdown block for bench/RESULTS.md.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import pg from "pg";
import { CITY, NIGHTS, CHECKIN, CONNECTIONS, SECONDS, PORT, DB, BENCH_OPERATOR_KEY, addDays, pct, cannon, benchServer, machineLine, withCpu } from "./lib.mjs";

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

const FLOOR_SECONDS = Math.min(SECONDS, 10);
const FRESH_SECONDS = Math.min(SECONDS, 15);
const BOOK_CHECKIN = addDays(CHECKIN, 100); // 4.1 books far from the searched stay, on nights with plenty of rooms
const BOOK_NIGHTS = 2;

async function sqlFloor(url) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const params = [CITY, CHECKIN, NIGHTS, [2, 1]];
  for (let i = 0; i < 20; i++) await pool.query(FLOOR_SQL, params);
  const single = [];
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    await pool.query(FLOOR_SQL, params);
    single.push(performance.now() - t);
  }
  single.sort((a, b) => a - b);
  const lat = [];
  const end = Date.now() + FLOOR_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await pool.query(FLOOR_SQL, params);
        lat.push(performance.now() - t);
      }
    }),
  );
  lat.sort((a, b) => a - b);
  await pool.end();
  return { single: { p50: pct(single, 50), p99: pct(single, 99) }, loaded: { rps: lat.length / FLOOR_SECONDS, p50: pct(lat, 50), p99: pct(lat, 99) } };
}

/** The physical limit: a node:http server in its own process answering every request with the same gzip bytes. */
async function staticLimit(gz) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hb-static-")), "answer.gz");
  fs.writeFileSync(file, gz);
  const port = PORT + 1;
  const code = `
    const http = require("node:http"); const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => { req.resume(); req.on("end", () => { res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-encoding": "gzip", "content-length": body.length, vary: "Accept-Encoding" }); res.end(body); }); })
      .listen(${port}, "127.0.0.1", () => process.send("up"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  await new Promise((r) => child.once("message", r));
  try {
    await cannon({ url: `http://127.0.0.1:${port}/`, method: "POST", body: "{}", headers: { "accept-encoding": "gzip, br" }, duration: 3 });
    return await cannon({ url: `http://127.0.0.1:${port}/`, method: "POST", body: "{}", headers: { "accept-encoding": "gzip, br" } });
  } finally {
    child.kill("SIGTERM");
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

async function fetchAnswer(url, init) {
  const res = await fetch(url, init); // fetch decodes gzip / br
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

function bookingBody(room, rate, checkin, nights) {
  const checkout = addDays(checkin, nights);
  return JSON.stringify({
    reservation: {
      checkin, checkout, nights: String(nights), rooms: "1", adults: "2", children: "0", firstName: "Carga", lastName: "De Prueba", country: "COL",
      email: "carga@example.co", telephone: "573000000000", currency: "COP",
      roomsData: [{ id: room, checkin, checkout, rateId: rate, quantity: "1", currency: "COP", adults: "2", children: "0" }],
    },
  });
}

/**
 * Freshness under load: 4.2 runs at CONNECTIONS connections while one writer books a room (4.1) or changes a
 * night's price (PUT rates) of a tracked room type, one write at a time; after each write returns, 3 searches
 * must show exactly the state it left (the writer is the only one changing it). Stale = any that does not.
 */
async function freshness({ base, key, agencyUrl, agencyInit, hotel }) {
  const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const room = `${hotel.cm}-DBL`;
  const rate = `${hotel.cm}-RO`;
  const look = async () => {
    const body = JSON.parse(await fetchAnswer(agencyUrl, agencyInit));
    const h = body.find((x) => x.hotel.id === hotel.id);
    const r = h?.availability[0].available_rooms.find((x) => x.roomId === room);
    const p = r?.products.find((x) => x.rateId === rate);
    return { count: r?.count ?? null, total: p?.baseRate.amountBeforeTax ?? null, firstNight: p?.baseDailyAmounts[0].amountBeforeTax ?? null };
  };
  const start = await look();
  let count = start.count;
  let total = start.total;
  let firstNight = start.firstNight;
  let writes = { bookings: 0, prices: 0, failed: 0 };
  let probes = 0;
  let stale = 0;
  const staleSamples = [];
  const load = cannon({ ...agencyInit, url: agencyUrl, duration: FRESH_SECONDS });
  const end = Date.now() + (FRESH_SECONDS - 1) * 1000;
  let n = 0;
  while (Date.now() < end) {
    n += 1;
    if (n % 2 === 1) {
      const r = await fetch(`${base}/api/v2/bookings/hotel_id=${hotel.id}`, { method: "POST", headers: auth, body: bookingBody(room, rate, CHECKIN, NIGHTS) });
      await r.text();
      if (r.status !== 200) {
        writes.failed += 1;
        continue;
      }
      writes.bookings += 1;
      count -= 1;
    } else {
      const amount = 100000 + n * 7 + 0.25;
      const r = await fetch(`${base}/api/v2/hotels/${hotel.id}/rates`, {
        method: "PUT",
        headers: { authorization: `Bearer ${BENCH_OPERATOR_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ updates: [{ roomId: room, rateId: rate, from: CHECKIN, to: CHECKIN, amountBeforeTax: amount }] }),
      });
      await r.text();
      if (r.status !== 200) {
        writes.failed += 1;
        continue;
      }
      writes.prices += 1;
      total = Math.round((total - firstNight + amount) * 100) / 100;
      firstNight = amount;
    }
    for (let i = 0; i < 3; i++) {
      const seen = await look();
      probes += 1;
      if (seen.count !== count || Math.abs(seen.total - total) > 0.001 || seen.firstNight !== firstNight) {
        stale += 1;
        if (staleSamples.length < 3) staleSamples.push({ expected: { count, total, firstNight }, seen });
      }
    }
  }
  const loaded = await load;
  return { writes, probes, stale, staleSamples, loaded };
}

// Varied questions (issue 28): every request another check-in (300 days), stay (1-7 nights) and party (8
// layouts): 16,800 distinct questions, walked in an order that repeats none before all were asked.
const PARTIES = [
  [{ adults: 2 }],
  [{ adults: 1 }],
  [{ adults: 2, children_ages: [7] }],
  [{ adults: 2 }, { adults: 1, children_ages: [7] }],
  [{ adults: 3 }],
  [{ adults: 2, children_ages: [4, 9] }],
  [{ adults: 1 }, { adults: 1 }],
  [{ adults: 4, children_ages: [12] }],
];
const VARIED_DAYS = 300;
export function variedQuestion(i) {
  const k = (i * 7919) % (VARIED_DAYS * 7 * PARTIES.length);
  const offset = k % VARIED_DAYS;
  const nights = 1 + (Math.floor(k / VARIED_DAYS) % 7);
  const party = Math.floor(k / (VARIED_DAYS * 7)) % PARTIES.length;
  return { checkin: addDays(CHECKIN, offset), nights, body: JSON.stringify({ layout: PARTIES[party] }), key: `${offset}|${nights}|${party}` };
}

/** autocannon options for 4.2 with a new question per request; `seen` collects the distinct questions asked. */
export function variedLoad(base, city, headers, seen, start = 0) {
  let i = start;
  return {
    url: `${base}/api/v2/bookings/agencies/retailer/availability`,
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (req) => {
          const q = variedQuestion(i++);
          seen.add(q.key);
          return { ...req, path: `/api/v2/bookings/agencies/retailer/availability?checkin=${q.checkin}&nights=${q.nights}&city=${city}`, body: q.body };
        },
      },
    ],
  };
}

/**
 * Lone varied questions timed by the client to the microsecond (autocannon's histogram keeps whole milliseconds, so
 * its "3 ms" is anything from 3.0 to 3.99): `count` questions one after another on one keep-alive connection, the
 * whole answer read (compressed as a browser asks), p50 / p90 / p99 in ms with two decimals.
 */
async function loneTimed(base, city, headers, start, count) {
  const { default: http } = await import("node:http");
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  for (let i = 0; i < count; i++) {
    const q = variedQuestion(start + i);
    const t0 = process.hrtime.bigint();
    await new Promise((resolve, reject) => {
      const req = http.request(`${base}/api/v2/bookings/agencies/retailer/availability?checkin=${q.checkin}&nights=${q.nights}&city=${city}`, { method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(q.body) } }, (res) => {
        res.on("data", () => undefined);
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      });
      req.on("error", reject);
      req.end(q.body);
    });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { count, p50: pct(times, 50), p90: pct(times, 90), p99: pct(times, 99) };
}

async function measure(label, root, name, env = {}) {
  const { key, hotelId, stop, url, pid } = await benchServer(undefined, { root, name, env });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const gzHeaders = { ...headers, "accept-encoding": "gzip, br" };
    const agencyUrl = `${base}/api/v2/bookings/agencies/retailer/availability?checkin=${CHECKIN}&nights=${NIGHTS}&city=Villa%20Bench`;
    const agencyBody = JSON.stringify({ layout: [{ adults: 2 }, { adults: 1, children_ages: [7] }] });
    const hotelUrl = `${base}/api/v2/bookings/availability?hotel_id=${hotelId}&checkin=${CHECKIN}&nights=${NIGHTS}&adults=2&children=`;
    const { rows: [hotelRow] } = await client.query("SELECT id, channel_manager_id AS cm FROM hotels WHERE id = $1", [hotelId]);

    const text = await fetchAnswer(agencyUrl, { method: "POST", headers, body: agencyBody });
    const hotels = JSON.parse(text);
    const products = hotels.reduce((s, h) => s + h.availability.reduce((a, i) => a + i.available_rooms.reduce((b, r) => b + r.products.length, 0), 0), 0);
    // What a gzip/br client receives (bytes on the wire) and the encoding chosen.
    const wire = await new Promise((resolve, reject) => {
      import("node:http").then(({ default: http }) => {
        const req = http.request(agencyUrl, { method: "POST", headers: { ...gzHeaders, "content-length": Buffer.byteLength(agencyBody) } }, (res) => {
          let n = 0;
          res.on("data", (c) => (n += c.length));
          res.on("end", () => resolve({ bytes: n, encoding: res.headers["content-encoding"] ?? "identity" }));
        });
        req.on("error", reject);
        req.end(agencyBody);
      });
    });
    const post = (h, extra = {}) => ({ url: agencyUrl, method: "POST", headers: h, body: agencyBody, ...extra });
    await cannon(post(gzHeaders, { duration: 3 })); // warm-up (JIT, pools, cache)

    const cpu = (fn) => withCpu(pid, client, fn);
    const one = await cpu(() => cannon(post(gzHeaders, { connections: 1, duration: 10 })));
    const gz = await cpu(() => cannon(post(gzHeaders)));
    const plain = await cpu(() => cannon(post(headers)));
    const h = await cpu(() => cannon({ url: hotelUrl, headers: { authorization: headers.authorization, "accept-encoding": "gzip, br" } }));
    // Varied questions: lone, then at CONNECTIONS connections, each question asked once (different start points).
    const seenOne = new Set();
    const variedOne = await cpu(() => cannon({ ...variedLoad(base, "Villa%20Bench", gzHeaders, seenOne, 15_000), connections: 1, duration: 10 }));
    variedOne.distinct = seenOne.size;
    const variedPrecise = await loneTimed(base, "Villa%20Bench", gzHeaders, 30_000, 600);
    const seen = new Set();
    const varied = await cpu(() => cannon(variedLoad(base, "Villa%20Bench", gzHeaders, seen, 0)));
    varied.distinct = seen.size;

    // 4.1 on far nights with rooms to spare, spread over every room type (the booking bench's second shape).
    await client.query("UPDATE inventory_nights SET rooms = 1000000 WHERE date >= $1::date AND date < $1::date + $2::int", [BOOK_CHECKIN, BOOK_NIGHTS]);
    const { rows: rooms } = await client.query(
      `SELECT h.id AS hotel_id, rt.room_id, rp.rate_id FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id
       JOIN rate_plans rp ON rp.hotel_id = h.id AND rp.rate_id LIKE '%-RO' WHERE rt.max_adults >= 2 ORDER BY h.id, rt.id`,
    );
    // Reservations written, counted once the server settled (autocannon stops with bookings still running).
    const reservations = async () => {
      let last = -1;
      for (let k = 0; k < 60; k++) {
        const n = (await client.query("SELECT count(*)::int AS n FROM reservations")).rows[0].n;
        if (n === last) return n;
        last = n;
        await new Promise((r) => setTimeout(r, 300));
      }
      return last;
    };
    const reservationsBefore = await reservations();
    let i = 0;
    const book = await cpu(() => cannon({
      url: `${base}/api/v2/bookings/hotel_id=${rooms[0].hotel_id}`,
      requests: [
        {
          method: "POST",
          headers,
          setupRequest: (req) => {
            const r = rooms[i++ % rooms.length];
            return { ...req, path: `/api/v2/bookings/hotel_id=${r.hotel_id}`, body: bookingBody(r.room_id, r.rate_id, BOOK_CHECKIN, BOOK_NIGHTS) };
          },
        },
      ],
    }));

    book.written = (await reservations()) - reservationsBefore;

    // Freshness: the tracked room type gets rooms to sell for every booking the writer makes.
    await client.query(
      "UPDATE inventory_nights SET rooms = 100000 WHERE room_type_id = (SELECT id FROM room_types WHERE room_id = $1) AND date >= $2::date AND date < $2::date + $3::int",
      [`${hotelRow.cm}-DBL`, CHECKIN, NIGHTS],
    );
    const fresh = await freshness({ base, key, agencyUrl, agencyInit: { method: "POST", headers: gzHeaders, body: agencyBody }, hotel: hotelRow });
    const floor = root === process.cwd() ? await sqlFloor(url) : null;
    return { label, text, hotels, products, wire, one, gz, plain, h, variedOne, variedPrecise, varied, book, fresh, floor, load: os.loadavg() };
  } finally {
    await client.end();
    await stop();
  }
}

const f = (n) => (typeof n === "number" ? n.toFixed(1) : n);
const cpuCell = (r) => (r.cpu ? `${r.cpu.server.toFixed(2)} + ${r.cpu.partial ? "≥" : ""}${r.cpu.db.toFixed(2)}` : "-");
const row = (what, r) => `| ${what} | ${f(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors} / ${r.non2xx} | ${cpuCell(r)} |`;

/** CPU per request (server + database), before / after: less sensitive than req/s to what else runs on the machine. */
function cpuRatios(a, b) {
  const total = (r) => (r.cpu && !r.cpu.partial ? r.cpu.server + r.cpu.db : null);
  const parts = [["4.2 gzip", "gz"], ["4.2 plain", "plain"], ["4.2 varied", "varied"], ["4.3", "h"], ["4.1", "book"]].map(([name, k]) => {
    const x = total(a[k]);
    const y = total(b[k]);
    return x && y ? `${name} ${y.toFixed(2)} -> ${x.toFixed(2)} ms (after / before x${(x / y).toFixed(2)})` : `${name} -`;
  });
  return `CPU per request (server + database), before -> after: ${parts.join(", ")}.\n`;
}

async function main() {
  const before = process.env.BENCH_BEFORE_ROOT ? path.resolve(process.env.BENCH_BEFORE_ROOT) : null;
  const loadAtStart = os.loadavg();
  const runs = [];
  runs.push(await measure("after (this checkout)", process.cwd(), `${DB}_after`));
  if (before) runs.push(await measure(`before (${before})`, before, `${DB}_before`));
  // Issue 28: the same build with the engine off (SEARCH_ENGINE=off: answers built by the SQL search, as before).
  else if (process.env.BENCH_ENGINE_OFF_BEFORE !== "0") runs.push(await measure("before (this build, SEARCH_ENGINE=off: the SQL search)", process.cwd(), `${DB}_before`, { SEARCH_ENGINE: "off" }));
  const gzAnswer = zlib.gzipSync(Buffer.from(runs[0].text, "utf8"), { level: 6 });
  const stat = await staticLimit(gzAnswer);
  const a = runs[0];

  let out = `
### ${new Date().toISOString()} (${machineLine()}; at the start: ${loadAtStart.map((x) => x.toFixed(2)).join(" / ")})

City of 40 hotels x 5 room types x 3 rate plans, ${NIGHTS} nights from ${CHECKIN}, layout [{adults:2},{adults:1,children_ages:[7]}];
4.2 answer: ${a.hotels.length} hotels, ${a.products} products, ${(a.text.length / 1024).toFixed(0)} KiB of JSON, ${(gzAnswer.length / 1024).toFixed(1)} KiB gzip;
to a \`gzip, br\` client this server sent ${(a.wire.bytes / 1024).toFixed(1)} KiB (${a.wire.encoding}). autocannon ${CONNECTIONS} connections x ${SECONDS} s unless noted.
`;
  for (const r of runs) {
    out += `
${r.label} (load avg after its runs: ${r.load.map((x) => x.toFixed(2)).join(" / ")}; 4.2 sent ${(r.wire.bytes / 1024).toFixed(1)} KiB ${r.wire.encoding} to a \`gzip, br\` client):

| What | req/s | p50 ms | p99 ms | errors / non-2xx | CPU ms/req server + db |
|---|---|---|---|---|---|
${row("4.2 city, `Accept-Encoding: gzip, br`, 20 connections", r.gz)}
${row("4.2 city, no compression, 20 connections", r.plain)}
${row("4.2 city, `gzip, br`, 1 connection x 10 s", r.one)}
${row("4.3 one hotel, `gzip, br`, 20 connections", r.h)}
${row(`4.2 varied questions (every request another check-in, stay and party), 1 connection x 10 s: ${r.variedOne.distinct} distinct`, r.variedOne)}
${row(`4.2 varied questions, 20 connections: ${r.varied.distinct} distinct of ${r.varied.requests.total} requests`, r.varied)}
| 4.2 varied questions, one at a time, timed by the client to 0.01 ms (${r.variedPrecise.count} distinct): p50 / p90 / p99 ms | | ${r.variedPrecise.p50.toFixed(2)} | ${r.variedPrecise.p99.toFixed(2)} (p90 ${r.variedPrecise.p90.toFixed(2)}) | | |
${row(`4.1 booking, spread over 200 room types, 20 connections`, r.book)}
${row(`4.2 during the freshness run (${FRESH_SECONDS} s, writes below)`, r.fresh.loaded)}

4.1: ${r.book.written} reservations written, ${r.book.requests.total} bookings answered within the run (up to ${CONNECTIONS} more were still running when it stopped; every booking holds a room: rooms to spare on its nights).

Freshness under load: ${r.fresh.writes.bookings} bookings and ${r.fresh.writes.prices} price changes (${r.fresh.writes.failed} failed) while 4.2 ran; ${r.fresh.probes} searches right after a write; **stale answers: ${r.fresh.stale}**${r.fresh.stale ? ` ${JSON.stringify(r.fresh.staleSamples)}` : ""}.
`;
  }
  out += `
Once per run:

| What | req/s | p50 ms | p99 ms | errors / non-2xx | CPU ms/req server + db |
|---|---|---|---|---|---|
${row("static node:http server, same answer as gzip (physical limit)", stat)}
| SQL floor, one statement at a time (pg) | ${f(1000 / a.floor.single.p50)} | ${f(a.floor.single.p50)} | ${f(a.floor.single.p99)} | - | - |
| SQL floor, ${CONNECTIONS} at once for ${FLOOR_SECONDS} s (pg) | ${f(a.floor.loaded.rps)} | ${f(a.floor.loaded.p50)} | ${f(a.floor.loaded.p99)} | - | - |

Ratio API / static (4.2 gzip, 20 connections): cached ${((a.gz.requests.average / stat.requests.average) * 100).toFixed(1)} %, varied questions ${(a.varied.requests.average / stat.requests.average).toFixed(3)}${
    runs[1] ? ` (before: cached ${((runs[1].gz.requests.average / stat.requests.average) * 100).toFixed(1)} %, varied ${(runs[1].varied.requests.average / stat.requests.average).toFixed(3)})` : ""
  }${
    runs[1] ? `; after / before: 4.2 varied x${(a.varied.requests.average / runs[1].varied.requests.average).toFixed(1)}, 4.2 gzip x${(a.gz.requests.average / runs[1].gz.requests.average).toFixed(1)}, 4.2 plain x${(a.plain.requests.average / runs[1].plain.requests.average).toFixed(1)}, 4.3 x${(a.h.requests.average / runs[1].h.requests.average).toFixed(1)}, 4.1 x${(a.book.requests.average / runs[1].book.requests.average).toFixed(2)}` : ""
  }.
${runs[1] ? cpuRatios(a, runs[1]) : ""}`;
  console.log(out);
  if (runs.some((r) => r.fresh.stale > 0)) process.exitCode = 1;
}

// Run as a script (bench/growth.mjs imports the varied questions from here).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
