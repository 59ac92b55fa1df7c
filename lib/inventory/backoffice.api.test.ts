// Issue 16 items 1 and 2: room types and rate plans edited and retired (PATCH), arrival/departure restrictions
// per night; what 4.1, 4.2 and 4.3 then offer; who may do it (another hotel's admin: 404).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createUser } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { addDays, bogotaDate } from "@/lib/time";
import { RoomsUnavailableError } from "@/lib/gateways/channel-manager";
import { channelManager } from "@/lib/gateways";
import { reservationBody } from "@/lib/reservations/fixtures";

let api: TestServer;
let hotelA: number;
let hotelB: number;
let adminA: string;
let adminB: string;
let agencyKey: string;
const D = addDays(bogotaDate(new Date()), 12);
const day = (i: number) => addDays(D, i);
const CITY = "Barichara";

async function op(method: string, path: string, body?: unknown) {
  const res = await api.call(method, path, { key: OPERATOR_KEY, body });
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${res.text}`);
  return res.body;
}

async function makeHotel(name: string) {
  const h = await op("POST", "/api/v2/hotels", { name, city: CITY });
  for (const [roomId, roomType] of [["DBL", "DOUBLE"], ["TPL", "TRIPLE"]]) {
    await op("POST", `/api/v2/hotels/${h.id}/room-types`, { roomId, roomName: `Habitación ${roomId}`, roomType, beds: 2, max_adults: 3, max_children: 1 });
  }
  for (const rateId of ["RO", "BB"]) {
    await op("POST", `/api/v2/hotels/${h.id}/rate-plans`, { rateId, rateDescription: `Tarifa ${rateId}`, boardType: rateId, boardTypeDescription: "Plan", refundable: "full", cancellationPolicy: "Gratis", currency: "COP" });
  }
  await op("PUT", `/api/v2/hotels/${h.id}/inventory`, { updates: ["DBL", "TPL"].map((roomId) => ({ roomId, from: D, to: day(30), rooms: 5 })) });
  await op("PUT", `/api/v2/hotels/${h.id}/rates`, {
    updates: ["DBL", "TPL"].flatMap((roomId) => ["RO", "BB"].map((rateId) => ({ roomId, rateId, from: D, to: day(30), amountBeforeTax: 150000 }))),
  });
  return h.id as number;
}

beforeAll(async () => {
  api = await startApi();
  hotelA = await makeHotel("Casa Barichara A");
  hotelB = await makeHotel("Casa Barichara B");
  const ua = await createUser(api.db.prisma, "hotel_admin", { hotelIds: [hotelA] });
  const ub = await createUser(api.db.prisma, "hotel_admin", { hotelIds: [hotelB] });
  adminA = (await issueApiKey(api.db.prisma, { role: "hotel_admin", userId: ua.id }, new Date())).key;
  adminB = (await issueApiKey(api.db.prisma, { role: "hotel_admin", userId: ub.id }, new Date())).key;
  agencyKey = (await agencyWithKey(api.db.prisma)).key;
});
afterAll(async () => {
  await api?.close();
});

/** 4.3 for one hotel: room id -> rate ids offered. */
async function offered43(hotelId: number, checkin: string, nights: number) {
  const res = await api.call("GET", `/api/v2/bookings/availability?hotel_id=${hotelId}&checkin=${checkin}&nights=${nights}&adults=2`, { key: agencyKey });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.available_rooms.map((r: { roomId: string; products: Array<{ rateId: string }> }) => [r.roomId, r.products.map((p) => p.rateId).sort()]));
}

/** 4.2 for the city: hotel id -> room id -> rate ids offered. */
async function offered42(checkin: string, nights: number) {
  const res = await api.call("POST", `/api/v2/bookings/agencies/retailer/availability?checkin=${checkin}&nights=${nights}&city=${CITY}`, { key: agencyKey, body: { layout: [{ adults: 2 }] } });
  expect(res.status).toBe(200);
  const out: Record<number, Record<string, string[]>> = {};
  for (const h of res.body) {
    out[h.hotel.id] = Object.fromEntries(h.availability[0].available_rooms.map((r: { roomId: string; products: Array<{ rateId: string }> }) => [r.roomId, r.products.map((p) => p.rateId).sort()]));
  }
  return out;
}

async function book(hotelId: number, roomId: string, rateId: string, checkin: string, nights: number) {
  const stay = { checkin, checkout: addDays(checkin, nights), nights };
  return api.call("POST", `/api/v2/bookings/hotel_id=${hotelId}`, { key: agencyKey, body: reservationBody({ roomId }, { rateId }, stay) });
}

async function sold(hotelId: number, roomId: string, from: string, nights: number) {
  const rows = await api.db.sql.query<{ sold: number }>(
    `SELECT n.sold FROM inventory_nights n JOIN room_types rt ON rt.id = n.room_type_id
     WHERE rt.hotel_id = $1 AND rt.room_id = $2 AND n.date >= $3::date AND n.date < $3::date + $4::int ORDER BY n.date`,
    [hotelId, roomId, from, nights],
  );
  return rows.map((r) => r.sold);
}

describe("PATCH room types and rate plans", () => {
  it("changes only the fields sent and answers the object as the GET list shows it", async () => {
    const res = await api.call("PATCH", `/api/v2/hotels/${hotelA}/room-types/TPL`, { key: adminA, body: { room_name: "Triple Superior", beds: 3, max_children: 2, room_type: "triple" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ roomId: "TPL", roomName: "Triple Superior", roomType: "TRIPLE", beds: 3, max_adults: 3, max_children: 2, is_active: true });
    const list = await api.call("GET", `/api/v2/hotels/${hotelA}/room-types`, { key: adminA });
    expect(list.body.find((r: { roomId: string }) => r.roomId === "TPL")).toEqual(res.body);

    const rp = await api.call("PATCH", `/api/v2/hotels/${hotelA}/rate-plans/BB`, {
      key: OPERATOR_KEY,
      body: { rate_description: "Con desayuno", board_type: "ad", board_type_description: "Alojamiento y desayuno", refundable: "partial", cancellation_policy: "50 % hasta 24 h antes" },
    });
    expect(rp.status).toBe(200);
    expect(rp.body).toEqual({
      rateId: "BB", rateDescription: "Con desayuno", boardType: "AD", boardTypeDescription: "Alojamiento y desayuno", refundable: "partial", cancellationPolicy: "50 % hasta 24 h antes", currency: "COP", is_active: true,
    });
    const plans = await api.call("GET", `/api/v2/hotels/${hotelA}/rate-plans`, { key: adminA });
    expect(plans.body.find((r: { rateId: string }) => r.rateId === "BB")).toEqual(rp.body);
    // The offer speaks the new words.
    const offer = await api.call("GET", `/api/v2/bookings/availability?hotel_id=${hotelA}&checkin=${D}&nights=2&adults=2`, { key: agencyKey });
    const tpl = offer.body.available_rooms.find((r: { roomId: string }) => r.roomId === "TPL");
    expect(tpl.roomName).toBe("Triple Superior");
    expect(tpl.products.find((p: { rateId: string }) => p.rateId === "BB")).toMatchObject({ rateDescription: "Con desayuno", boardType: "AD", refundable: "partial" });
  });

  it("another hotel's admin gets 404 and nothing changes; agencies 403; unknown ids 404", async () => {
    const before = await api.db.prisma.roomType.findMany({ where: { hotelId: hotelA }, orderBy: { id: "asc" } });
    const beforePlans = await api.db.prisma.ratePlan.findMany({ where: { hotelId: hotelA }, orderBy: { id: "asc" } });
    expect((await api.call("PATCH", `/api/v2/hotels/${hotelA}/room-types/DBL`, { key: adminB, body: { room_name: "Hackeada" } })).status).toBe(404);
    expect((await api.call("PATCH", `/api/v2/hotels/${hotelA}/rate-plans/RO`, { key: adminB, body: { is_active: false } })).status).toBe(404);
    expect((await api.call("PATCH", `/api/v2/hotels/${hotelA}/room-types/DBL`, { key: agencyKey, body: { room_name: "Hackeada" } })).status).toBe(403);
    expect((await api.call("PATCH", `/api/v2/hotels/${hotelA}/rate-plans/RO`, { key: agencyKey, body: { is_active: false } })).status).toBe(403);
    // A room id of the other hotel through the own hotel's path names nothing here.
    expect((await api.call("PATCH", `/api/v2/hotels/${hotelB}/room-types/NOPE`, { key: adminB, body: { beds: 1 } })).status).toBe(404);
    expect((await api.call("PATCH", `/api/v2/hotels/${hotelB}/rate-plans/NOPE`, { key: adminB, body: { refundable: "none" } })).status).toBe(404);
    expect((await api.call("PATCH", `/api/v2/hotels/999999/room-types/DBL`, { key: OPERATOR_KEY, body: { beds: 1 } })).status).toBe(404);
    // The inventory of another hotel is also out of sight.
    expect((await api.call("PUT", `/api/v2/hotels/${hotelA}/inventory`, { key: adminB, body: { updates: [{ roomId: "DBL", from: D, to: D, rooms: 0 }] } })).status).toBe(404);
    expect((await api.call("GET", `/api/v2/hotels/${hotelA}/inventory?from=${D}&to=${D}`, { key: adminB })).status).toBe(404);
    expect(await api.db.prisma.roomType.findMany({ where: { hotelId: hotelA }, orderBy: { id: "asc" } })).toEqual(before);
    expect(await api.db.prisma.ratePlan.findMany({ where: { hotelId: hotelA }, orderBy: { id: "asc" } })).toEqual(beforePlans);
  });

  it("400 with the field named for bad bodies, and nothing changes", async () => {
    const before = await api.db.prisma.roomType.findMany({ where: { hotelId: hotelA }, orderBy: { id: "asc" } });
    const cases: Array<[string, unknown, RegExp]> = [
      ["room-types/DBL", {}, /al menos un campo/],
      ["room-types/DBL", { beds: 0 }, /^beds: /],
      ["room-types/DBL", { max_adults: "2" }, /^max_adults: /],
      ["room-types/DBL", { room_name: "   " }, /^room_name: /],
      ["room-types/DBL", { is_active: "no" }, /^is_active: /],
      ["rate-plans/RO", { refundable: "maybe" }, /^refundable: /],
      ["rate-plans/RO", { cancellation_policy: "" }, /^cancellation_policy: /],
      ["rate-plans/RO", { board_type: "DEMASIADOLARGO" }, /^board_type: /],
    ];
    for (const [path, body, detail] of cases) {
      const res = await api.call("PATCH", `/api/v2/hotels/${hotelA}/${path}`, { key: adminA, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail, JSON.stringify(body)).toMatch(detail);
    }
    expect(await api.db.prisma.roomType.findMany({ where: { hotelId: hotelA }, orderBy: { id: "asc" } })).toEqual(before);
  });

  it("a retired room type is offered by neither 4.2 nor 4.3, 4.1 answers it unavailable, and reservations keep it", async () => {
    const made = await book(hotelB, "TPL", "RO", day(2), 2);
    expect(made.body.chatbot_id).toBeTruthy();
    expect(await sold(hotelB, "TPL", day(2), 2)).toEqual([1, 1]);
    expect(Object.keys(await offered43(hotelB, day(2), 2)).sort()).toEqual(["DBL", "TPL"]);

    const off = await api.call("PATCH", `/api/v2/hotels/${hotelB}/room-types/TPL`, { key: adminB, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect(Object.keys(await offered43(hotelB, day(2), 2))).toEqual(["DBL"]);
    expect(Object.keys((await offered42(day(2), 2))[hotelB])).toEqual(["DBL"]);
    const refused = await book(hotelB, "TPL", "RO", day(2), 2);
    expect(refused.status).toBe(200);
    expect(refused.body.no_available_rooms).toEqual([{ room: "TPL", product: "RO" }]);
    expect(await sold(hotelB, "TPL", day(2), 2)).toEqual([1, 1]);
    // The hotel still sees it (to bring it back); agencies do not.
    expect((await api.call("GET", `/api/v2/hotels/${hotelB}/room-types`, { key: adminB })).body.map((r: { roomId: string }) => r.roomId)).toContain("TPL");
    expect((await api.call("GET", `/api/v2/hotels/${hotelB}/room-types`, { key: agencyKey })).body.map((r: { roomId: string }) => r.roomId)).toEqual(["DBL"]);

    const kept = await api.call("GET", `/api/v2/bookings/chatbot/${made.body.chatbot_id}`, { key: agencyKey });
    expect(kept.body.rooms_data[0]).toMatchObject({ room_id: "TPL", rate_id: "RO" });
    // Cancelling it gives the retired room type's nights back.
    expect((await api.call("POST", `/api/v2/bookings/chatbot/${made.body.chatbot_id}/cancel`, { key: agencyKey })).status).toBe(200);
    expect(await sold(hotelB, "TPL", day(2), 2)).toEqual([0, 0]);

    // Back on sale.
    await api.call("PATCH", `/api/v2/hotels/${hotelB}/room-types/TPL`, { key: adminB, body: { is_active: true } });
    expect(Object.keys(await offered43(hotelB, day(2), 2)).sort()).toEqual(["DBL", "TPL"]);
  });

  it("a retired rate plan is offered by neither 4.2 nor 4.3 and 4.1 answers it unavailable", async () => {
    const made = await book(hotelB, "DBL", "BB", day(4), 1);
    expect(made.body.chatbot_id).toBeTruthy();
    const off = await api.call("PATCH", `/api/v2/hotels/${hotelB}/rate-plans/BB`, { key: OPERATOR_KEY, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ rateId: "BB", is_active: false });
    expect(await offered43(hotelB, day(4), 1)).toEqual({ DBL: ["RO"], TPL: ["RO"] });
    expect((await offered42(day(4), 1))[hotelB]).toEqual({ DBL: ["RO"], TPL: ["RO"] });
    const refused = await book(hotelB, "DBL", "BB", day(4), 1);
    expect(refused.body.no_available_rooms).toEqual([{ room: "DBL", product: "BB" }]);
    const kept = await api.call("GET", `/api/v2/bookings/chatbot/${made.body.chatbot_id}`, { key: agencyKey });
    expect(kept.body.rooms_data[0]).toMatchObject({ room_id: "DBL", rate_id: "BB" });
    await api.call("PATCH", `/api/v2/hotels/${hotelB}/rate-plans/BB`, { key: OPERATOR_KEY, body: { is_active: true } });
  });
});

describe("closed to arrival / closed to departure", () => {
  it("are stored per night, shown by the grid, and change only when sent", async () => {
    const res = await api.call("PUT", `/api/v2/hotels/${hotelA}/inventory`, {
      key: adminA,
      body: { updates: [{ roomId: "DBL", from: day(10), to: day(11), closed_to_arrival: true }, { roomId: "DBL", from: day(11), to: day(11), closed_to_departure: true }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.nights).toBe(3);
    const grid = await api.call("GET", `/api/v2/hotels/${hotelA}/inventory?from=${day(9)}&to=${day(12)}`, { key: adminA });
    const dbl = grid.body.inventory.filter((n: { roomId: string }) => n.roomId === "DBL").sort((a: { day: string }, b: { day: string }) => (a.day < b.day ? -1 : 1));
    expect(dbl.map((n: { closed_to_arrival: boolean; closed_to_departure: boolean; rooms: number }) => [n.closed_to_arrival, n.closed_to_departure, n.rooms])).toEqual([
      [false, false, 5],
      [true, false, 5],
      [true, true, 5],
      [false, false, 5],
    ]);
    // Clearing one leaves the other.
    await op("PUT", `/api/v2/hotels/${hotelA}/inventory`, { updates: [{ roomId: "DBL", from: day(11), to: day(11), closed_to_arrival: false }] });
    const again = await api.call("GET", `/api/v2/hotels/${hotelA}/inventory?from=${day(11)}&to=${day(11)}`, { key: adminA });
    expect(again.body.inventory.find((n: { roomId: string }) => n.roomId === "DBL")).toMatchObject({ closed_to_arrival: false, closed_to_departure: true });
    const bad = await api.call("PUT", `/api/v2/hotels/${hotelA}/inventory`, { key: adminA, body: { updates: [{ roomId: "DBL", from: day(1), to: day(1), closed_to_arrival: "sí" }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/updates\.0\.closed_to_arrival: /);
  });

  it("a stay arriving on a CTA night or leaving on a CTD date is not offered and not booked; the nights around it are", async () => {
    // CTA on day 20, CTD on day 24 (DBL only).
    await op("PUT", `/api/v2/hotels/${hotelA}/inventory`, {
      updates: [{ roomId: "DBL", from: day(20), to: day(20), closed_to_arrival: true }, { roomId: "DBL", from: day(24), to: day(24), closed_to_departure: true }],
    });
    // Arriving on the CTA night: refused everywhere; TPL unaffected.
    expect(Object.keys(await offered43(hotelA, day(20), 2))).toEqual(["TPL"]);
    expect(Object.keys((await offered42(day(20), 2))[hotelA])).toEqual(["TPL"]);
    expect((await book(hotelA, "DBL", "RO", day(20), 2)).body.no_available_rooms).toEqual([{ room: "DBL", product: "RO" }]);
    // Staying through it (arriving the night before) is fine.
    expect(Object.keys(await offered43(hotelA, day(19), 2)).sort()).toEqual(["DBL", "TPL"]);
    // Leaving on the CTD date: refused; leaving a day earlier or later: offered.
    expect(Object.keys(await offered43(hotelA, day(22), 2))).toEqual(["TPL"]);
    expect(Object.keys((await offered42(day(22), 2))[hotelA])).toEqual(["TPL"]);
    expect((await book(hotelA, "DBL", "RO", day(22), 2)).body.no_available_rooms).toEqual([{ room: "DBL", product: "RO" }]);
    expect(Object.keys(await offered43(hotelA, day(22), 1)).sort()).toEqual(["DBL", "TPL"]);
    expect(Object.keys(await offered43(hotelA, day(22), 3)).sort()).toEqual(["DBL", "TPL"]);
    const ok = await book(hotelA, "DBL", "RO", day(21), 2);
    expect(ok.body.chatbot_id).toBeTruthy();
    expect(await sold(hotelA, "DBL", day(20), 5)).toEqual([0, 1, 1, 0, 0]);
  });

  it("the hold itself refuses a CTA arrival or CTD departure (a restriction set after the search)", async () => {
    const cm = channelManager(api.db);
    const hold = (checkin: string, nights: number) => cm.hold({ key: `cta_${checkin}_${nights}`, holds: [{ hotelId: hotelA, checkin, nights, rooms: [{ roomId: "DBL", quantity: 1 }] }] });
    await expect(hold(day(20), 1)).rejects.toBeInstanceOf(RoomsUnavailableError);
    await expect(hold(day(23), 1)).rejects.toBeInstanceOf(RoomsUnavailableError);
    await expect(hold(day(23), 2)).resolves.toBeUndefined();
    expect(await sold(hotelA, "DBL", day(20), 5)).toEqual([0, 1, 1, 1, 1]);
  });
});

describe("rates update with a null amount", () => {
  it("removes the price of those nights (what an undo of a first price needs), so the rate is no longer offered there", async () => {
    await op("PUT", `/api/v2/hotels/${hotelA}/rates`, { updates: [{ roomId: "TPL", rateId: "RO", from: day(26), to: day(27), amountBeforeTax: null }] });
    const rows = await api.db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_nights r JOIN room_types rt ON rt.id = r.room_type_id JOIN rate_plans rp ON rp.id = r.rate_plan_id
       WHERE rt.hotel_id = $1 AND rt.room_id = 'TPL' AND rp.rate_id = 'RO' AND r.date BETWEEN $2::date AND $3::date`,
      [hotelA, day(25), day(28)],
    );
    expect(rows[0].n).toBe(2);
    expect((await offered43(hotelA, day(26), 1)).TPL).toEqual(["BB"]);
    expect((await offered43(hotelA, day(25), 1)).TPL).toEqual(["BB", "RO"]);
  });
});
