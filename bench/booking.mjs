#!/usr/bin/env node
// Booking benchmark (issue 4): 4.1 create reservation against the production build on PostgreSQL, 20 connections.
// Two shapes: every request books the same room type of one hotel (the hot row: holds serialise on it), and
// requests spread over the 200 room types of 40 hotels. After each run it checks that inventory matches the
// reservations written (no lost or double holds).
//
//   npx next build
//   node bench/booking.mjs          # creates hb_bench_<pid>, starts `next start` on BENCH_PORT (3211)
//
// Env as bench/availability.mjs: BENCH_PORT, BENCH_PG_ADMIN, BENCH_SECONDS (20), BENCH_CONNECTIONS (20), BENCH_KEEP_DB.
import pg from "pg";
import { CHECKIN, CONNECTIONS, SECONDS, PORT, dbUrl, addDays, cannon, benchServer, machineLine } from "./lib.mjs";

const NIGHTS = 2;
const CHECKOUT = addDays(CHECKIN, NIGHTS);

function reservation(room) {
  return JSON.stringify({
    reservation: {
      checkin: CHECKIN,
      checkout: CHECKOUT,
      nights: String(NIGHTS),
      rooms: "1",
      adults: "2",
      children: "0",
      firstName: "Carga",
      lastName: "De Prueba",
      country: "COL",
      email: "carga@example.co",
      telephone: "573000000000",
      currency: "COP",
      roomsData: [{ id: room.room_id, checkin: CHECKIN, checkout: CHECKOUT, rateId: room.rate_id, quantity: "1", currency: "COP", adults: "2", children: "0" }],
    },
  });
}

/**
 * Reservations and room-nights sold once the server finished: autocannon stops at its duration with up to
 * CONNECTIONS bookings still running on the server (held, not yet written), so this waits until no hold is
 * half done and two readings agree.
 */
async function integrity(client) {
  let last = null;
  for (let i = 0; i < 120; i++) {
    const { rows } = await client.query(
      `SELECT (SELECT count(*)::int FROM reservations) AS reservations,
              (SELECT coalesce(sum(sold), 0)::int FROM inventory_nights) AS sold_nights,
              (SELECT count(*)::int FROM channel_holds WHERE state IN ('holding', 'releasing')) AS unfinished`,
    );
    const now = rows[0];
    if (last && now.unfinished === 0 && now.reservations === last.reservations && now.sold_nights === last.sold_nights) return now;
    last = now;
    await new Promise((r) => setTimeout(r, 250));
  }
  return last;
}

async function main() {
  const { key, stop } = await benchServer({ rooms: 1_000_000 });
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows: rooms } = await client.query(
      `SELECT h.id AS hotel_id, rt.room_id, rp.rate_id
       FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id JOIN rate_plans rp ON rp.hotel_id = h.id AND rp.rate_id LIKE '%-RO'
       WHERE rt.max_adults >= 2 ORDER BY h.id, rt.id`,
    );
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const url = (room) => `http://127.0.0.1:${PORT}/api/v2/bookings/hotel_id=${room.hotel_id}`;

    const probe = await fetch(url(rooms[0]), { method: "POST", headers, body: reservation(rooms[0]) });
    const probeBody = await probe.json();
    if (!probeBody.chatbot_id) throw new Error(`probe: ${probe.status} ${JSON.stringify(probeBody)}`);
    await cannon({ url: url(rooms[0]), method: "POST", headers, body: reservation(rooms[0]), duration: 3 });

    const before = await integrity(client);
    const hot = await cannon({ url: url(rooms[0]), method: "POST", headers, body: reservation(rooms[0]) });
    const afterHot = await integrity(client);

    let i = 0;
    const spread = await cannon({
      url: url(rooms[0]),
      requests: [
        {
          method: "POST",
          headers,
          setupRequest: (req) => {
            const room = rooms[i++ % rooms.length];
            return { ...req, path: `/api/v2/bookings/hotel_id=${room.hotel_id}`, body: reservation(room) };
          },
        },
      ],
    });
    const afterSpread = await integrity(client);

    // Every reservation holds 1 room for NIGHTS nights; nothing else sells in this database.
    const ok = afterSpread.sold_nights === afterSpread.reservations * NIGHTS;
    const f = (n) => n.toFixed(1);
    console.log(`
### ${new Date().toISOString()} (${machineLine()})

4.1 \`POST /api/v2/bookings/hotel_id={id}\`, 1 room x ${NIGHTS} nights from ${CHECKIN}, agency API key, autocannon ${CONNECTIONS} connections x ${SECONDS} s.

| What | req/s | p50 ms | p99 ms | errors / non-2xx | reservations written |
|---|---|---|---|---|---|
| same room type of one hotel (hot rows) | ${f(hot.requests.average)} | ${hot.latency.p50} | ${hot.latency.p99} | ${hot.errors} / ${hot.non2xx} | ${afterHot.reservations - before.reservations} |
| spread over ${rooms.length} room types of 40 hotels | ${f(spread.requests.average)} | ${spread.latency.p50} | ${spread.latency.p99} | ${spread.errors} / ${spread.non2xx} | ${afterSpread.reservations - afterHot.reservations} |

Integrity after the runs: ${afterSpread.reservations} reservations, ${afterSpread.sold_nights} room-nights sold (expected ${afterSpread.reservations * NIGHTS}): ${ok ? "consistent" : "MISMATCH"}.
`);
    if (!ok) process.exitCode = 1;
  } finally {
    await client.end();
    await stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
