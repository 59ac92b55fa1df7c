// Issue 28: the availability engine answers 4.2 and 4.3 from memory byte for byte as the SQL search does
// (availability.ts through the channel manager), over a city with every case a search reads (per-adult and
// general prices with cents, missing nights and prices, stop sell, minimum stay, closed to arrival / departure,
// retired room types and plans, an inactive hotel, names whose order is the database's collation, a Channex
// hotel with per-plan restrictions); each kind of write reloads the hotel it touched and only that one; and two
// instances (two engines over one PostgreSQL database) never answer from an old snapshot. PGlite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/open";
import { openDatabase } from "@/lib/db/open";
import { openTestDatabase, testTarget, urlFor } from "@/lib/testing/db";
import { addDays, bogotaDate } from "@/lib/time";
import { agencySearchAnswer, hotelSearchAnswer, type AgencySearch, type HotelSearch } from "./availability";
import { cityVersion, engineAgencyAnswer, engineHotelAnswer, hotelVersion } from "./search-cache";
import { AvailabilityEngine, availabilityEngine } from "./engine";

let db: Database;
const base = addDays(bogotaDate(new Date()), 10);
const DAYS = 20;
let seq = 0;

// A small deterministic generator: the same data on both databases, every run.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function q<T = unknown>(sql: string, params: unknown[] = []) {
  return db.sql.query<T>(sql, params);
}

/** A city of `names.length` hotels with random inventory, prices and restrictions; the last one inactive. */
async function randomCity(names: string[], seed: number) {
  seq += 1;
  const city = `ENGINE_CITY_${seq}_${seed}`;
  const r = rng(seed);
  const hotels: Array<{ id: number; rts: number[]; plans: number[] }> = [];
  for (let h = 0; h < names.length; h++) {
    const [hotel] = await q<{ id: number }>(
      `INSERT INTO hotels (name, city, channel_manager_id, is_active) VALUES ($1, $2, $3, $4) RETURNING id`,
      [names[h], city, `cm_eng_${seq}_${h}_${seed}`, h < names.length - 1],
    );
    const rts: number[] = [];
    for (let k = 0; k < 3; k++) {
      const [rt] = await q<{ id: number }>(
        `INSERT INTO room_types (hotel_id, room_id, room_name, room_type, beds, max_adults, max_children, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [hotel.id, `R${k}-${hotel.id}`, `Habitación "${k}" ñandú`, k === 1 ? "suite" : "DOUBLE", 1 + k, 1 + k, k, k !== 2 || h % 2 === 0],
      );
      rts.push(rt.id);
    }
    const plans: number[] = [];
    for (let k = 0; k < 3; k++) {
      const [rp] = await q<{ id: number }>(
        `INSERT INTO rate_plans (hotel_id, rate_id, rate_description, board_type, board_type_description, refundable, cancellation_policy, is_active)
         VALUES ($1, $2, $3, $4, $5, $6::"Refundable", $7, $8) RETURNING id`,
        [hotel.id, `P${k}-${hotel.id}`, `Tarifa ${k} \\ "especial"`, k === 0 ? null : "BB", "Desayuno\nincluido", ["full", "partial", "none"][k], "Sin reembolso", k !== 2 || h === 0],
      );
      plans.push(rp.id);
    }
    const inv = { rt: [] as number[], d: [] as string[], rooms: [] as number[], sold: [] as number[], stop: [] as boolean[], ms: [] as number[], cta: [] as boolean[], ctd: [] as boolean[] };
    const rate = { rp: [] as number[], rt: [] as number[], d: [] as string[], a: [] as number[], m: [] as string[] };
    for (const rt of rts) {
      for (let i = 0; i < DAYS; i++) {
        const d = addDays(base, i);
        if (r() < 0.04) continue; // a missing night
        const rooms = Math.floor(r() * 5);
        inv.rt.push(rt);
        inv.d.push(d);
        inv.rooms.push(rooms);
        inv.sold.push(Math.min(rooms, Math.floor(r() * 2)));
        inv.stop.push(r() < 0.06);
        inv.ms.push(r() < 0.1 ? 2 + Math.floor(r() * 2) : 1);
        inv.cta.push(r() < 0.06);
        inv.ctd.push(r() < 0.06);
        for (const rp of plans) {
          for (const a of [0, 1, 2]) {
            if (a === 0 ? r() < 0.05 : r() < 0.7) continue;
            rate.rp.push(rp);
            rate.rt.push(rt);
            rate.d.push(d);
            rate.a.push(a);
            rate.m.push((50_000 + Math.floor(r() * 100_000_00) / 100).toFixed(2));
          }
        }
      }
    }
    await q(
      `INSERT INTO inventory_nights (room_type_id, date, rooms, sold, stop_sell, min_stay, closed_to_arrival, closed_to_departure)
       SELECT * FROM unnest($1::int[], $2::date[], $3::int[], $4::int[], $5::bool[], $6::int[], $7::bool[], $8::bool[])`,
      [inv.rt, inv.d, inv.rooms, inv.sold, inv.stop, inv.ms, inv.cta, inv.ctd],
    );
    await q(
      `INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax) SELECT * FROM unnest($1::int[], $2::int[], $3::date[], $4::int[], $5::numeric[])`,
      [rate.rp, rate.rt, rate.d, rate.a, rate.m],
    );
    hotels.push({ id: hotel.id, rts, plans });
  }
  return { city, hotels };
}

/** Links a hotel to a Channex property and stores random per-plan restrictions for it. */
async function channexRestrictions(hotel: { id: number; plans: number[] }, seed: number) {
  const r = rng(seed);
  await q(`INSERT INTO channex_properties (hotel_id, property_id, title, linked_at) VALUES ($1, $2, 'Propiedad', now())`, [hotel.id, `prop-${hotel.id}`]);
  const x = { rp: [] as number[], d: [] as string[], msa: [] as number[], mst: [] as number[], mx: [] as number[], cta: [] as boolean[], ctd: [] as boolean[] };
  for (const rp of hotel.plans) {
    for (let i = 0; i < DAYS; i++) {
      if (r() < 0.2) continue;
      x.rp.push(rp);
      x.d.push(addDays(base, i));
      x.msa.push(r() < 0.15 ? 3 : 1);
      x.mst.push(r() < 0.1 ? 2 : 1);
      x.mx.push(r() < 0.1 ? 3 : 0);
      x.cta.push(r() < 0.1);
      x.ctd.push(r() < 0.1);
    }
  }
  await q(
    `INSERT INTO channex_restrictions (rate_plan_id, date, min_stay_arrival, min_stay_through, max_stay, closed_to_arrival, closed_to_departure, read_at)
     SELECT x.*, now() FROM unnest($1::int[], $2::date[], $3::int[], $4::int[], $5::int[], $6::bool[], $7::bool[]) AS x`,
    [x.rp, x.d, x.msa, x.mst, x.mx, x.cta, x.ctd],
  );
}

const LAYOUTS = [
  [{ adults: 2, childrenAges: [] }],
  [{ adults: 1, childrenAges: [5] }, { adults: 2, childrenAges: [] }],
  [{ adults: 3, childrenAges: [4, 9] }, { adults: 1, childrenAges: [] }, { adults: 2, childrenAges: [] }],
];

/** Every stay of 1..4 nights over the window (and just outside it), each layout: engine text === SQL text. */
async function expectSameAnswers(city: string, hotelIds: number[]) {
  let compared = 0;
  let nonEmpty = 0;
  for (let i = -1; i < DAYS; i += 1) {
    for (const nights of [1, 2, 4]) {
      const checkin = addDays(base, i);
      for (const layout of LAYOUTS) {
        const qa: AgencySearch = { city, cityAsSent: city, checkin, nights, layout };
        const sql = JSON.stringify(await agencySearchAnswer(db, qa));
        const engine = (await engineAgencyAnswer(db, qa, await cityVersion(db, city))).toString();
        expect(engine).toBe(sql);
        compared += 1;
        if (sql !== "[]") nonEmpty += 1;
      }
      for (const id of hotelIds) {
        for (const [adults, childrenAges, roomType] of [
          [2, [], null],
          [1, [3], "SUITE"],
          [1, [], `R0-${id}`],
        ] as Array<[number, number[], string | null]>) {
          const qh: HotelSearch = { hotelId: id, checkin, nights, adults, childrenAges, roomType };
          const v = (await hotelVersion(db, id))!;
          const sql = await hotelSearchAnswer(db, qh).then(JSON.stringify, (e: Error) => `error ${e.message}`);
          const engine = await engineHotelAnswer(db, qh, v).then(String, (e: Error) => `error ${e.message}`);
          expect(engine).toBe(sql);
        }
      }
    }
  }
  // The data is varied enough that many answers have something and some have nothing.
  expect(nonEmpty).toBeGreaterThan(compared / 4);
  expect(nonEmpty).toBeLessThan(compared);
}

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});
afterEach(() => {
  delete process.env.CHANNEL_MANAGER;
  delete process.env.CHANNEX_API_KEY;
  delete process.env.CHANNEX_WEBHOOK_SECRET;
});

function channexMode() {
  process.env.CHANNEL_MANAGER = "channex";
  process.env.CHANNEX_API_KEY = "test-key";
  process.env.CHANNEX_WEBHOOK_SECRET = "channex-test-secret-0123456789abcdef";
}

describe("the availability engine", () => {
  it("answers byte for byte as the SQL search, for every stay, layout and occupancy (Channex per-plan restrictions included)", async () => {
    // Names whose order depends on the collation (case, accents): the engine takes the order from the database.
    const { city, hotels } = await randomCity(["hotel b", "Hotel A", "Ágata", "hotel a", "Zeta cerrado"], 7);
    await channexRestrictions(hotels[1], 11);
    await expectSameAnswers(city, hotels.map((h) => h.id));
    // With Channex as the channel manager, the linked hotel's plans are filtered by their own restrictions.
    channexMode();
    await expectSameAnswers(city, hotels.map((h) => h.id));
  });

  it("reloads only the hotel a write touched, for every kind of write, and answers as the SQL search after each", async () => {
    const { city, hotels } = await randomCity(["Uno", "Dos", "Tres"], 21);
    const [a, b, c] = hotels;
    const engine = availabilityEngine(db);
    const stayQ: AgencySearch = { city, cityAsSent: city, checkin: addDays(base, 3), nights: 2, layout: LAYOUTS[1] };
    const check = async () => {
      const engineText = (await engineAgencyAnswer(db, stayQ, await cityVersion(db, city))).toString();
      expect(engineText).toBe(JSON.stringify(await agencySearchAnswer(db, stayQ)));
      return engineText;
    };
    await check();
    const snap = async (id: number) => (await engine.snapshots([[id, 0n]])).get(id)!;
    const writes: Array<[string, number, () => Promise<unknown>]> = [
      ["hold (sold + 1)", a.id, () => q(`UPDATE inventory_nights SET sold = sold + 1 WHERE room_type_id = $1 AND rooms > sold`, [a.rts[0]])],
      ["release (sold - 1)", a.id, () => q(`UPDATE inventory_nights SET sold = sold - 1 WHERE room_type_id = $1 AND sold > 0`, [a.rts[0]])],
      ["rooms (ARI)", b.id, () => q(`UPDATE inventory_nights SET rooms = rooms + 3 WHERE room_type_id = $1`, [b.rts[1]])],
      ["price", b.id, () => q(`UPDATE rate_nights SET amount_before_tax = amount_before_tax + 0.01 WHERE room_type_id = $1`, [b.rts[0]])],
      ["stop sell", c.id, () => q(`UPDATE inventory_nights SET stop_sell = NOT stop_sell WHERE room_type_id = $1 AND date = $2::date`, [c.rts[0], stayQ.checkin])],
      ["closed to arrival", c.id, () => q(`UPDATE inventory_nights SET closed_to_arrival = NOT closed_to_arrival WHERE room_type_id = $1`, [c.rts[1]])],
      ["minimum stay", a.id, () => q(`UPDATE inventory_nights SET min_stay = 3 WHERE room_type_id = $1`, [a.rts[1]])],
      ["room type retired", b.id, () => q(`UPDATE room_types SET is_active = NOT is_active WHERE id = $1`, [b.rts[0]])],
      ["rate plan renamed", c.id, () => q(`UPDATE rate_plans SET rate_description = 'Nueva' WHERE id = $1`, [c.plans[0]])],
      ["hotel renamed (order)", a.id, () => q(`UPDATE hotels SET name = 'ZZ Último' WHERE id = $1`, [a.id])],
      ["price deleted", b.id, () => q(`DELETE FROM rate_nights WHERE room_type_id = $1 AND date = $2::date`, [b.rts[1], addDays(stayQ.checkin, 1)])],
    ];
    for (const [what, hotelId, write] of writes) {
      const before = new Map(await Promise.all(hotels.map(async (h) => [h.id, await snap(h.id)] as const)));
      const loads = engine.loads;
      await write();
      await check();
      expect(engine.loads, what).toBe(loads + 1);
      for (const h of hotels) {
        const now = await snap(h.id);
        if (h.id === hotelId) expect(now, what).not.toBe(before.get(h.id));
        else expect(now, what).toBe(before.get(h.id));
      }
    }
    // A rolled-back write reloads nothing.
    const loads = engine.loads;
    await db.sql.exec(`BEGIN; UPDATE inventory_nights SET rooms = 0 WHERE room_type_id = ${a.rts[0]}; ROLLBACK`);
    await check();
    expect(engine.loads).toBe(loads);
  });

  it("a Channex mirror write (per-plan restrictions) reloads the hotel and filters its plans", async () => {
    channexMode();
    const { city, hotels } = await randomCity(["Mirror", "Vecino"], 33);
    const [m] = hotels;
    await q(`INSERT INTO channex_properties (hotel_id, property_id, title, linked_at) VALUES ($1, $2, 'Propiedad', now())`, [m.id, `prop-${m.id}`]);
    // A stay the mirror's plans all allow, then plan 0 closed to arrival on its check-in.
    await q(`UPDATE inventory_nights SET rooms = 4, sold = 0, stop_sell = false, min_stay = 1, closed_to_arrival = false, closed_to_departure = false WHERE room_type_id = $1`, [m.rts[0]]);
    await q(`INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax)
             SELECT $1, $2, d::date, 0, 90000 FROM generate_series($3::date, $3::date + 19, interval '1 day') d
             ON CONFLICT (room_type_id, rate_plan_id, date, adults) DO UPDATE SET amount_before_tax = 90000`, [m.plans[0], m.rts[0], base]);
    const checkin = addDays(base, 5);
    const qh: HotelSearch = { hotelId: m.id, checkin, nights: 2, adults: 1, childrenAges: [], roomType: null };
    const plansOffered = async () => {
      const text = (await engineHotelAnswer(db, qh, (await hotelVersion(db, m.id))!)).toString();
      expect(text).toBe(JSON.stringify(await hotelSearchAnswer(db, qh)));
      const body = JSON.parse(text) as { available_rooms: Array<{ roomId: string; products: Array<{ rateId: string }> }> };
      return body.available_rooms.find((r) => r.roomId === `R0-${m.id}`)?.products.map((p) => p.rateId) ?? [];
    };
    expect(await plansOffered()).toContain(`P0-${m.id}`);
    const loads = availabilityEngine(db).loads;
    await q(
      `INSERT INTO channex_restrictions (rate_plan_id, date, closed_to_arrival, read_at) VALUES ($1, $2::date, true, now())
       ON CONFLICT (rate_plan_id, date) DO UPDATE SET closed_to_arrival = true`,
      [m.plans[0], checkin],
    );
    expect(await plansOffered()).not.toContain(`P0-${m.id}`);
    expect(availabilityEngine(db).loads).toBe(loads + 1);
    // Minimum stay through, then maximum stay, on another plan.
    await q(`UPDATE channex_restrictions SET closed_to_arrival = false WHERE rate_plan_id = $1`, [m.plans[0]]);
    expect(await plansOffered()).toContain(`P0-${m.id}`);
    await q(`INSERT INTO channex_restrictions (rate_plan_id, date, min_stay_through, read_at) VALUES ($1, $2::date, 3, now())
             ON CONFLICT (rate_plan_id, date) DO UPDATE SET min_stay_through = 3`, [m.plans[0], addDays(checkin, 1)]);
    expect(await plansOffered()).not.toContain(`P0-${m.id}`);
    // The neighbour's answers never needed a reload.
    await engineAgencyAnswer(db, { city, cityAsSent: city, checkin, nights: 2, layout: LAYOUTS[0] }, await cityVersion(db, city));
  });

  it("stays within its memory bound, least recently used hotel out first", async () => {
    const { hotels } = await randomCity(["M1", "M2", "M3", "M4"], 44);
    const small = new AvailabilityEngine(db, 1);
    for (const h of hotels) await small.snapshots([[h.id, 0n]]);
    // Always at least the hotel in use; never more than the bound allows beyond it.
    expect(small.size).toBe(1);
    const roomy = new AvailabilityEngine(db, 64 * 1024 * 1024);
    for (const h of hotels) await roomy.snapshots([[h.id, 0n]]);
    expect(roomy.size).toBe(4);
    // The documented size per hotel (engine.ts): about R x D x 9 + R x P x A x D x 8 bytes plus the strings.
    const perHotel = roomy.memoryBytes / 4;
    expect(perHotel).toBeGreaterThan(2 * 20 * 9);
    expect(perHotel).toBeLessThan(3 * 3 * 3 * 20 * 8 + 3 * 20 * 9 + 8 * 1024);
  });

  it.runIf(testTarget() === "postgres")("two instances over one database: a write through one is in the other's next answer", async () => {
    const { city, hotels } = await randomCity(["Instancia A", "Instancia B"], 55);
    const [{ name }] = await q<{ name: string }>("SELECT current_database() AS name");
    const other = await openDatabase({ databaseUrl: urlFor(name), migrate: false, poolSize: 2 });
    channexMode();
    try {
      const stayQ: AgencySearch = { city, cityAsSent: city, checkin: addDays(base, 2), nights: 1, layout: LAYOUTS[0] };
      const answer = async (d: Database) => (await engineAgencyAnswer(d, stayQ, await cityVersion(d, city))).toString();
      expect(await answer(other)).toBe(await answer(db));
      for (const sql of [
        `UPDATE inventory_nights SET rooms = rooms + 5, stop_sell = false, min_stay = 1, closed_to_arrival = false WHERE room_type_id = ${hotels[0].rts[0]}`,
        `UPDATE inventory_nights SET sold = sold + 1 WHERE room_type_id = ${hotels[0].rts[0]} AND date = '${stayQ.checkin}'`,
        `UPDATE rate_nights SET amount_before_tax = amount_before_tax * 2 WHERE room_type_id = ${hotels[0].rts[0]}`,
        `UPDATE rate_plans SET is_active = false WHERE id = ${hotels[1].plans[0]}`,
        // Channex: the hotel linked (its plans' restrictions apply from then on), then a mirrored restriction.
        `INSERT INTO channex_restrictions (rate_plan_id, date, closed_to_arrival, read_at) VALUES (${hotels[0].plans[1]}, '${stayQ.checkin}', true, now())`,
        `INSERT INTO channex_properties (hotel_id, property_id, title, linked_at) VALUES (${hotels[0].id}, 'prop-two-${hotels[0].id}', 'P', now())`,
        `UPDATE channex_restrictions SET closed_to_arrival = false, min_stay_arrival = 2 WHERE rate_plan_id = ${hotels[0].plans[1]}`,
        `DELETE FROM channex_properties WHERE hotel_id = ${hotels[0].id}`,
      ]) {
        // The write goes through the first instance; the second, which has its own snapshots, sees it at once.
        await db.sql.exec(sql);
        const expected = JSON.stringify(await agencySearchAnswer(db, stayQ));
        expect(await answer(other)).toBe(expected);
        expect(await answer(db)).toBe(expected);
      }
    } finally {
      await other.close();
    }
  });
});
