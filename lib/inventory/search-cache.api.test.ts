// Issue 17: cached searches answer byte for byte what an uncached search answers, and every kind of write that
// changes a search answer (hold, release, expiry, ARI, room type / rate plan / hotel changes, even a direct SQL
// update) is seen by the very next search. Runs on PGlite and PostgreSQL.
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey } from "@/lib/testing/factories";
import { addDays, bogotaDate } from "@/lib/time";
import { sellableHotel, reservationBody } from "@/lib/testing/booking-fixtures";
import { searchCache } from "./search-cache";

let api: TestServer;
let key: string;
let wholesaleKey: string;
const checkin = addDays(bogotaDate(new Date()), 6);
const stay = { checkin, checkout: addDays(checkin, 2), nights: 2 };
const CRON = { authorization: "Bearer test-cron-secret" };
let cityN = 0;

beforeAll(async () => {
  api = await startApi();
  key = (await agencyWithKey(api.db, { agencyType: "retailer" })).key;
  wholesaleKey = (await agencyWithKey(api.db, { agencyType: "wholesale" })).key;
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  delete process.env.SEARCH_CACHE;
});

/** A hotel alone in a fresh city: 2 room types x 1 rate plan, 5 rooms each, 100000 a night. */
async function hotelInOwnCity() {
  cityN += 1;
  const city = `CACHE_CITY_${cityN}`;
  const h = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 5, price: 100_000, roomTypes: 2 });
  await api.db.sql.query("UPDATE hotels SET city = $1 WHERE id = $2", [city, h.hotel.id]);
  return { ...h, city };
}

const cityPath = (city: string, agency = "retailer") => `/api/v2/bookings/agencies/${agency}/availability?checkin=${stay.checkin}&nights=${stay.nights}&city=${city}`;
const LAYOUT = { layout: [{ adults: 2 }, { adults: 1, children_ages: [7] }] };

async function citySearch(city: string) {
  const res = await api.call("POST", cityPath(city), { key, body: LAYOUT });
  expect(res.status).toBe(200);
  return res;
}
async function hotelSearch(hotelId: number) {
  const res = await api.call("GET", `/api/v2/bookings/availability?hotel_id=${hotelId}&checkin=${stay.checkin}&nights=${stay.nights}&adults=2`, { key });
  expect(res.status).toBe(200);
  return res;
}
/** Rooms offered per room id for the first layout item of the city's only hotel. */
async function cityRooms(city: string): Promise<Record<string, number>> {
  const { body } = await citySearch(city);
  if (body.length === 0) return {};
  return Object.fromEntries(body[0].availability[0].available_rooms.map((r: { roomId: string; count: number }) => [r.roomId, r.count]));
}
async function hotelRooms(hotelId: number): Promise<Record<string, number>> {
  const { body } = await hotelSearch(hotelId);
  return Object.fromEntries(body.available_rooms.map((r: { roomId: string; count: number }) => [r.roomId, r.count]));
}

/** Raw bytes of an answer with a given Accept-Encoding (fetch would decode them). */
function raw(path: string, acceptEncoding: string | null, body: unknown) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const url = new URL(path, api.url);
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) };
    if (acceptEncoding !== null) headers["accept-encoding"] = acceptEncoding;
    const req = http.request(url, { method: "POST", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

describe("cached search answers", () => {
  it("a question asked once with compression is compressed from the engine's buffer and not kept; from its second ask it is kept", async () => {
    const { city } = await hotelInOwnCity();
    const cache = searchCache(api.db);
    const size = cache.size;
    const first = await raw(cityPath(city), "gzip, br", LAYOUT);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(cache.size).toBe(size);
    const second = await raw(cityPath(city), "gzip, br", LAYOUT);
    expect(cache.size).toBe(size + 1);
    const hits = cache.hits;
    const third = await raw(cityPath(city), "gzip", LAYOUT);
    expect(cache.hits).toBe(hits + 1);
    const plain = (await raw(cityPath(city), null, LAYOUT)).bytes.toString("utf8");
    expect(JSON.parse(plain)).toHaveLength(1);
    expect(zlib.brotliDecompressSync(first.bytes).toString("utf8")).toBe(plain);
    expect(zlib.brotliDecompressSync(second.bytes).toString("utf8")).toBe(plain);
    expect(zlib.gunzipSync(third.bytes).toString("utf8")).toBe(plain);
  });

  it("one-off answers compressed at once from lent buffers are each their own question's answer", async () => {
    const { city } = await hotelInOwnCity();
    // Eight different questions (parties) at once, each compressed from the buffer it was written in.
    const layouts = Array.from({ length: 8 }, (_, i) => ({ layout: [{ adults: 1 + (i % 2) }, ...Array.from({ length: i }, () => ({ adults: 1, children_ages: [i] }))] }));
    const encoded = await Promise.all(layouts.map((l, i) => raw(cityPath(city), i % 2 ? "gzip" : "br", l)));
    for (let i = 0; i < layouts.length; i++) {
      const plain = (await raw(cityPath(city), null, layouts[i])).bytes.toString("utf8");
      const decoded = (i % 2 ? zlib.gunzipSync(encoded[i].bytes) : zlib.brotliDecompressSync(encoded[i].bytes)).toString("utf8");
      expect(decoded).toBe(plain);
      expect(JSON.parse(plain)[0].availability).toHaveLength(layouts[i].layout.length);
    }
  });

  it("are byte for byte the uncached answer, in every encoding, and are reused while nothing changes", async () => {
    const { city, hotel } = await hotelInOwnCity();
    process.env.SEARCH_CACHE = "off";
    const uncached = (await raw(cityPath(city), null, LAYOUT)).bytes.toString("utf8");
    const uncachedHotel = (await hotelSearch(hotel.id)).text;
    delete process.env.SEARCH_CACHE;
    expect(JSON.parse(uncached)).toHaveLength(1);

    const cache = searchCache(api.db);
    const misses = cache.misses;
    const first = await raw(cityPath(city), null, LAYOUT);
    const hits = cache.hits;
    const second = await raw(cityPath(city), null, LAYOUT);
    expect(cache.misses).toBe(misses + 1);
    expect(cache.hits).toBe(hits + 1);
    expect(first.bytes.toString("utf8")).toBe(uncached);
    expect(second.bytes.toString("utf8")).toBe(uncached);
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.headers.vary).toMatch(/accept-encoding/i);

    const br = await raw(cityPath(city), "gzip, br", LAYOUT);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.bytes).toString("utf8")).toBe(uncached);
    const gz = await raw(cityPath(city), "gzip", LAYOUT);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.bytes).toString("utf8")).toBe(uncached);
    expect(gz.bytes.length).toBeLessThan(uncached.length);
    const refused = await raw(cityPath(city), "br;q=0, gzip;q=0", LAYOUT);
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.bytes.toString("utf8")).toBe(uncached);

    expect((await hotelSearch(hotel.id)).text).toBe(uncachedHotel);
    expect((await hotelSearch(hotel.id)).text).toBe(uncachedHotel);
  });

  it("still authenticate and authorise every request", async () => {
    const { city } = await hotelInOwnCity();
    await citySearch(city);
    await citySearch(city);
    expect((await api.call("POST", cityPath(city), { body: LAYOUT })).status).toBe(401);
    expect((await api.call("POST", cityPath(city), { key: "hbk_nope", body: LAYOUT })).status).toBe(401);
    expect((await api.call("POST", cityPath(city), { key: wholesaleKey, body: LAYOUT })).status).toBe(403);
    expect((await api.call("POST", cityPath(city, "wholesale"), { key: wholesaleKey, body: LAYOUT })).status).toBe(200);
    // Validation still runs before the cache: a past check-in is a 400.
    const past = cityPath(city).replace(stay.checkin, addDays(bogotaDate(new Date()), -1));
    expect((await api.call("POST", past, { key, body: LAYOUT })).status).toBe(400);
  });
});

describe("every kind of write is seen by the next search", () => {
  it("hold by a booking, release by a cancellation, release by the expiry job", async () => {
    const { city, hotel, rate, room } = await hotelInOwnCity();
    expect((await cityRooms(city))[room.roomId]).toBe(5);
    expect((await hotelRooms(hotel.id))[room.roomId]).toBe(5);

    const booked = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(room, rate, stay) });
    expect(booked.status).toBe(200);
    expect((await cityRooms(city))[room.roomId]).toBe(4);
    expect((await hotelRooms(hotel.id))[room.roomId]).toBe(4);

    expect((await api.call("POST", `/api/v2/bookings/chatbot/${booked.body.chatbot_id}/cancel`, { key })).status).toBe(200);
    expect((await cityRooms(city))[room.roomId]).toBe(5);
    expect((await hotelRooms(hotel.id))[room.roomId]).toBe(5);

    const again = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(room, rate, stay) });
    expect(again.status).toBe(200);
    expect((await cityRooms(city))[room.roomId]).toBe(4);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { code: again.body.chatbot_id } });
    const expired = await api.call("POST", "/api/cron/reservations-expiry", { headers: CRON, body: { now: new Date(r.paymentDeadline.getTime() + 60_000).toISOString() } });
    expect(expired.body.processed).toBeGreaterThanOrEqual(1);
    expect((await cityRooms(city))[room.roomId]).toBe(5);
    expect((await hotelRooms(hotel.id))[room.roomId]).toBe(5);
  });

  it("ARI: rooms, stop-sell and prices through the API", async () => {
    const { city, hotel, rate, room, roomTypes } = await hotelInOwnCity();
    await cityRooms(city);
    const put = (path: string, body: unknown) => api.call("PUT", `/api/v2/hotels/${hotel.id}/${path}`, { key: OPERATOR_KEY, body });
    expect((await put("inventory", { updates: [{ roomId: room.roomId, from: checkin, to: checkin, rooms: 2 }] })).status).toBe(200);
    expect((await cityRooms(city))[room.roomId]).toBe(2);
    expect((await hotelRooms(hotel.id))[room.roomId]).toBe(2);
    expect((await put("inventory", { updates: [{ roomId: room.roomId, from: checkin, to: checkin, stop_sell: true }] })).status).toBe(200);
    expect((await cityRooms(city))[room.roomId]).toBeUndefined();
    expect((await hotelRooms(hotel.id))[room.roomId]).toBeUndefined();

    // The other room type, still open: its stay price.
    const open = roomTypes[1].roomId;
    const price = async () =>
      (await citySearch(city)).body[0].availability[0].available_rooms.find((r: { roomId: string }) => r.roomId === open).products[0].baseRate.amountBeforeTax;
    expect(await price()).toBe(200_000);
    expect((await put("rates", { updates: [{ roomId: open, rateId: rate.rateId, from: checkin, to: checkin, amountBeforeTax: 150_000.25 }] })).status).toBe(200);
    expect(await price()).toBe(250_000.25);
  });

  it("room type, rate plan and hotel changes, also by direct SQL", async () => {
    const { city, hotel, rate, roomTypes } = await hotelInOwnCity();
    const [a, b] = roomTypes;
    expect(Object.keys(await cityRooms(city)).sort()).toEqual([a.roomId, b.roomId].sort());
    await hotelRooms(hotel.id);

    await api.db.sql.query("UPDATE room_types SET is_active = false WHERE id = $1", [b.id]);
    expect(Object.keys(await cityRooms(city))).toEqual([a.roomId]);
    expect(Object.keys(await hotelRooms(hotel.id))).toEqual([a.roomId]);

    await api.db.sql.query("UPDATE room_types SET room_name = 'Nombre nuevo' WHERE id = $1", [a.id]);
    expect((await citySearch(city)).body[0].availability[0].available_rooms[0].roomName).toBe("Nombre nuevo");

    await api.db.sql.query("UPDATE rate_plans SET rate_description = 'Descripción nueva' WHERE id = $1", [rate.id]);
    expect((await hotelSearch(hotel.id)).body.available_rooms[0].products[0].rateDescription).toBe("Descripción nueva");
    expect((await citySearch(city)).body[0].availability[0].available_rooms[0].products[0].rateDescription).toBe("Descripción nueva");

    await api.db.sql.query("UPDATE rate_plans SET is_active = false WHERE id = $1", [rate.id]);
    expect(await cityRooms(city)).toEqual({});
    expect(await hotelRooms(hotel.id)).toEqual({});
    await api.db.sql.query("UPDATE rate_plans SET is_active = true WHERE id = $1", [rate.id]);
    expect(Object.keys(await cityRooms(city))).toEqual([a.roomId]);

    // A direct SQL write to the nightly rows (e.g. a new CTA/CTD column's writer) is seen too.
    await api.db.sql.query("UPDATE inventory_nights SET rooms = 1 WHERE room_type_id = $1", [a.id]);
    expect(await cityRooms(city)).toEqual({ [a.roomId]: 1 });
    await api.db.sql.query("DELETE FROM rate_nights WHERE room_type_id = $1 AND date = $2::date", [a.id, checkin]);
    expect(await cityRooms(city)).toEqual({});
    await api.db.sql.query("INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax) VALUES ($1, $2, $3::date, 0, 1)", [rate.id, a.id, checkin]);
    expect(await cityRooms(city)).toEqual({ [a.roomId]: 1 });

    // The hotel renamed, closed, moved to another city.
    expect((await api.call("PATCH", `/api/v2/hotels/${hotel.id}`, { key: OPERATOR_KEY, body: { name: "Hotel Renombrado" } })).status).toBe(200);
    expect((await citySearch(city)).body[0].hotel.name).toBe("Hotel Renombrado");
    expect((await api.call("PATCH", `/api/v2/hotels/${hotel.id}`, { key: OPERATOR_KEY, body: { is_active: false } })).status).toBe(200);
    expect((await citySearch(city)).body).toEqual([]);
    expect((await api.call("GET", `/api/v2/bookings/availability?hotel_id=${hotel.id}&checkin=${stay.checkin}&nights=${stay.nights}&adults=2`, { key })).status).toBe(404);
    expect((await api.call("PATCH", `/api/v2/hotels/${hotel.id}`, { key: OPERATOR_KEY, body: { is_active: true } })).status).toBe(200);
    const other = (await hotelInOwnCity()).city;
    const before = (await citySearch(other)).body.length;
    await api.db.sql.query("UPDATE hotels SET city = $1 WHERE id = $2", [other, hotel.id]);
    // The old city has no hotel left: 404, as for any unknown city.
    expect((await api.call("POST", cityPath(city), { key, body: LAYOUT })).status).toBe(404);
    expect((await citySearch(other)).body.length).toBe(before + 1);
  });

  it("racing bookings of one hotel across both room types, with searches in between: no deadlock, exact counts", async () => {
    const { city, hotel, rate, roomTypes } = await hotelInOwnCity();
    const [a, b] = roomTypes;
    const item = (rt: { roomId: string }) => ({ id: rt.roomId, checkin: stay.checkin, checkout: stay.checkout, rateId: rate.rateId, quantity: "1", currency: "COP", adults: "2", children: "0" });
    // 12 bookings at once for 5 rooms of each type: some take both types, some one (in either order in the body).
    const bodies = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? [item(a), item(b)] : i % 3 === 1 ? [item(b), item(a)] : [item(i % 2 ? a : b)]));
    const results = await Promise.all([
      ...bodies.map((items) => api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(a, rate, stay, {}, items) })),
      ...Array.from({ length: 6 }, () => api.call("POST", cityPath(city), { key, body: LAYOUT })),
    ]);
    // Every answer is a success or a clean "no rooms" (never a 500 from a deadlock).
    for (const r of results) expect(r.status).toBe(200);
    const sold = async (id: number) =>
      (await api.db.sql.query<{ s: number }>("SELECT max(sold)::int AS s FROM inventory_nights WHERE room_type_id = $1 AND date >= $2::date AND date < $3::date", [id, stay.checkin, stay.checkout]))[0].s;
    const rooms = await cityRooms(city);
    expect(rooms[a.roomId] ?? 0).toBe(5 - (await sold(a.id)));
    expect(rooms[b.roomId] ?? 0).toBe(5 - (await sold(b.id)));
    expect((await hotelRooms(hotel.id))[a.roomId] ?? 0).toBe(5 - (await sold(a.id)));
  });

  it("a rolled-back write changes nothing: the cached answer stays in use", async () => {
    const { city, room } = await hotelInOwnCity();
    // A compressed answer is kept from its question's second ask on (the test client accepts gzip).
    await cityRooms(city);
    await cityRooms(city);
    const cache = searchCache(api.db);
    await api.db.sql.exec(`BEGIN; UPDATE inventory_nights SET rooms = 0 WHERE room_type_id = ${room.id}; ROLLBACK`);
    const hits = cache.hits;
    expect((await cityRooms(city))[room.roomId]).toBe(5);
    expect(cache.hits).toBe(hits + 1);
  });

  // Last in the file: it empties a table every other test uses.
  it("TRUNCATE (no row triggers) is seen too", async () => {
    const { city, room } = await hotelInOwnCity();
    expect((await cityRooms(city))[room.roomId]).toBe(5);
    await api.db.sql.exec("TRUNCATE rate_nights");
    expect((await api.call("POST", cityPath(city), { key, body: LAYOUT })).body).toEqual([]);
  });
});
