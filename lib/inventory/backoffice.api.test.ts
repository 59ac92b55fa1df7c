// Issue 16 items 1 and 2: room types and rate plans edited and retired (PATCH), arrival/departure restrictions
// per night; what 4.1, 4.2 and 4.3 then offer; who may do it (another hotel's admin: 404).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient, ok } from "@/lib/testing/client";
import { agencyWithKey, createUser } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { addDays, bogotaDate } from "@/lib/time";
import { RoomsUnavailableError } from "@/lib/gateways/channel-manager";
import { channelManager } from "@/lib/gateways";
import { BOOKING_CODE, reservationBody } from "@/lib/testing/booking-fixtures";

let api: TestServer;
const operator = () => apiClient(api, OPERATOR_KEY);
let hotelA: number;
let hotelB: number;
let adminA: string;
let adminB: string;
let agencyKey: string;
const D = addDays(bogotaDate(new Date()), 12);
const day = (i: number) => addDays(D, i);
const CITY = "Barichara";

async function makeHotel(name: string) {
  const h = await ok(operator().POST("/v2/hotels", { body: { name, city: CITY } }));
  for (const [roomId, roomType] of [["DBL", "DOUBLE"], ["TPL", "TRIPLE"]]) {
    await ok(operator().POST("/v2/hotels/{id}/room-types", { params: { path: { id: h.id } }, body: { roomId, roomName: `Habitación ${roomId}`, roomType, beds: 2, max_adults: 3, max_children: 1 } }));
  }
  for (const rateId of ["RO", "BB"]) {
    await ok(operator().POST("/v2/hotels/{id}/rate-plans", { params: { path: { id: h.id } }, body: { rateId, rateDescription: `Tarifa ${rateId}`, boardType: rateId, boardTypeDescription: "Plan", refundable: "full", cancellationPolicy: "Gratis", currency: "COP" } }));
  }
  await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: h.id } }, body: { updates: ["DBL", "TPL"].map((roomId) => ({ roomId, from: D, to: day(30), rooms: 5 })) } }));
  await ok(operator().PUT("/v2/hotels/{id}/rates", { params: { path: { id: h.id } }, body: {
    updates: ["DBL", "TPL"].flatMap((roomId) => ["RO", "BB"].map((rateId) => ({ roomId, rateId, from: D, to: day(30), amountBeforeTax: 150000 }))),
  } }));
  return h.id as number;
}

beforeAll(async () => {
  api = await startApi();
  hotelA = await makeHotel("Casa Barichara A");
  hotelB = await makeHotel("Casa Barichara B");
  const ua = await createUser(api.db, "hotel_admin", { hotelIds: [hotelA] });
  const ub = await createUser(api.db, "hotel_admin", { hotelIds: [hotelB] });
  adminA = (await issueApiKey(api.db, { role: "hotel_admin", userId: ua.id }, new Date())).key;
  adminB = (await issueApiKey(api.db, { role: "hotel_admin", userId: ub.id }, new Date())).key;
  agencyKey = (await agencyWithKey(api.db)).key;
});
afterAll(async () => {
  await api?.close();
});

/** 4.3 for one hotel: room id -> rate ids offered. */
async function offered43(hotelId: number, checkin: string, nights: number) {
  const res = await apiClient(api, agencyKey).GET("/v2/bookings/availability", { params: { query: { hotel_id: hotelId, checkin, nights, adults: 2 } } });
  expect(res.response.status).toBe(200);
  return Object.fromEntries(res.data!.available_rooms.map((r) => [r.roomId, r.products.map((p) => p.rateId).sort()]));
}

/** 4.2 for the city: hotel id -> room id -> rate ids offered. */
async function offered42(checkin: string, nights: number) {
  const res = await apiClient(api, agencyKey).POST("/v2/bookings/agencies/{agency_type}/availability", { params: { path: { agency_type: "retailer" }, query: { checkin, nights, city: CITY } }, body: { layout: [{ adults: 2 }] } });
  expect(res.response.status).toBe(200);
  const out: Record<number, Record<string, string[]>> = {};
  for (const h of res.data!) {
    out[h.hotel.id] = Object.fromEntries(h.availability[0].available_rooms.map((r) => [r.roomId, r.products.map((p) => p.rateId).sort()]));
  }
  return out;
}

async function book(hotelId: number, roomId: string, rateId: string, checkin: string, nights: number) {
  const stay = { checkin, checkout: addDays(checkin, nights), nights };
  const r = await apiClient(api, agencyKey).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotelId } }, body: reservationBody({ roomId }, { rateId }, stay) });
  const d = r.data;
  return { status: r.response.status, chatbotId: d && "chatbot_id" in d ? d.chatbot_id : undefined, noAvailableRooms: d && "no_available_rooms" in d ? d.no_available_rooms : undefined };
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
    const res = await apiClient(api, adminA).PATCH("/v2/hotels/{id}/room-types/{room_id}", { params: { path: { id: hotelA, room_id: "TPL" } }, body: { room_name: "Triple Superior", beds: 3, max_children: 2, room_type: "triple" } });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ roomId: "TPL", roomName: "Triple Superior", roomType: "TRIPLE", beds: 3, max_adults: 3, max_children: 2, is_active: true });
    const list = await apiClient(api, adminA).GET("/v2/hotels/{id}/room-types", { params: { path: { id: hotelA } } });
    expect(list.data!.find((r) => r.roomId === "TPL")).toEqual(res.data);

    const rp = await operator().PATCH("/v2/hotels/{id}/rate-plans/{rate_id}", { params: { path: { id: hotelA, rate_id: "BB" } }, body: { rate_description: "Con desayuno", board_type: "ad", board_type_description: "Alojamiento y desayuno", refundable: "partial", cancellation_policy: "50 % hasta 24 h antes" } });
    expect(rp.response.status).toBe(200);
    expect(rp.data).toEqual({
      rateId: "BB", rateDescription: "Con desayuno", boardType: "AD", boardTypeDescription: "Alojamiento y desayuno", refundable: "partial", cancellationPolicy: "50 % hasta 24 h antes", currency: "COP", is_active: true,
    });
    const plans = await apiClient(api, adminA).GET("/v2/hotels/{id}/rate-plans", { params: { path: { id: hotelA } } });
    expect(plans.data!.find((r) => r.rateId === "BB")).toEqual(rp.data);
    // The offer speaks the new words.
    const offer = await apiClient(api, agencyKey).GET("/v2/bookings/availability", { params: { query: { hotel_id: hotelA, checkin: D, nights: 2, adults: 2 } } });
    const tpl = offer.data!.available_rooms.find((r) => r.roomId === "TPL");
    expect(tpl!.roomName).toBe("Triple Superior");
    expect(tpl!.products.find((p) => p.rateId === "BB")).toMatchObject({ rateDescription: "Con desayuno", boardType: "AD", refundable: "partial" });
  });

  it("another hotel's admin gets 404 and nothing changes; agencies 403; unknown ids 404", async () => {
    const before = await api.db.prisma.roomType.findMany({ where: { hotelId: hotelA }, orderBy: { id: "asc" } });
    const beforePlans = await api.db.prisma.ratePlan.findMany({ where: { hotelId: hotelA }, orderBy: { id: "asc" } });
    expect((await apiClient(api, adminB).PATCH("/v2/hotels/{id}/room-types/{room_id}", { params: { path: { id: hotelA, room_id: "DBL" } }, body: { room_name: "Hackeada" } })).response.status).toBe(404);
    expect((await apiClient(api, adminB).PATCH("/v2/hotels/{id}/rate-plans/{rate_id}", { params: { path: { id: hotelA, rate_id: "RO" } }, body: { is_active: false } })).response.status).toBe(404);
    expect((await apiClient(api, agencyKey).PATCH("/v2/hotels/{id}/room-types/{room_id}", { params: { path: { id: hotelA, room_id: "DBL" } }, body: { room_name: "Hackeada" } })).response.status).toBe(403);
    expect((await apiClient(api, agencyKey).PATCH("/v2/hotels/{id}/rate-plans/{rate_id}", { params: { path: { id: hotelA, rate_id: "RO" } }, body: { is_active: false } })).response.status).toBe(403);
    // A room id of the other hotel through the own hotel's path names nothing here.
    expect((await apiClient(api, adminB).PATCH("/v2/hotels/{id}/room-types/{room_id}", { params: { path: { id: hotelB, room_id: "NOPE" } }, body: { beds: 1 } })).response.status).toBe(404);
    expect((await apiClient(api, adminB).PATCH("/v2/hotels/{id}/rate-plans/{rate_id}", { params: { path: { id: hotelB, rate_id: "NOPE" } }, body: { refundable: "none" } })).response.status).toBe(404);
    expect((await operator().PATCH("/v2/hotels/{id}/room-types/{room_id}", { params: { path: { id: 999999, room_id: "DBL" } }, body: { beds: 1 } })).response.status).toBe(404);
    // The inventory of another hotel is also out of sight.
    expect((await apiClient(api, adminB).PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "DBL", from: D, to: D, rooms: 0 }] } })).response.status).toBe(404);
    expect((await apiClient(api, adminB).GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA }, query: { from: D, to: D } } })).response.status).toBe(404);
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
    expect(made.chatbotId).toMatch(BOOKING_CODE);
    expect(await sold(hotelB, "TPL", day(2), 2)).toEqual([1, 1]);
    expect(Object.keys(await offered43(hotelB, day(2), 2)).sort()).toEqual(["DBL", "TPL"]);

    const off = await apiClient(api, adminB).PATCH("/v2/hotels/{id}/room-types/{room_id}", { params: { path: { id: hotelB, room_id: "TPL" } }, body: { is_active: false } });
    expect(off.response.status).toBe(200);
    expect(off.data!.is_active).toBe(false);
    expect(Object.keys(await offered43(hotelB, day(2), 2))).toEqual(["DBL"]);
    expect(Object.keys((await offered42(day(2), 2))[hotelB])).toEqual(["DBL"]);
    const refused = await book(hotelB, "TPL", "RO", day(2), 2);
    expect(refused.status).toBe(200);
    expect(refused.noAvailableRooms).toEqual([{ room: "TPL", product: "RO" }]);
    expect(await sold(hotelB, "TPL", day(2), 2)).toEqual([1, 1]);
    // The hotel still sees it (to bring it back); agencies do not.
    expect((await apiClient(api, adminB).GET("/v2/hotels/{id}/room-types", { params: { path: { id: hotelB } } })).data!.map((r) => r.roomId)).toContain("TPL");
    expect((await apiClient(api, agencyKey).GET("/v2/hotels/{id}/room-types", { params: { path: { id: hotelB } } })).data!.map((r) => r.roomId)).toEqual(["DBL"]);

    const kept = await apiClient(api, agencyKey).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: made.chatbotId! } } });
    expect(kept.data!.rooms_data[0]).toMatchObject({ room_id: "TPL", rate_id: "RO" });
    // Cancelling it gives the retired room type's nights back.
    expect((await apiClient(api, agencyKey).POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path: { booking_id: made.chatbotId! } } })).response.status).toBe(200);
    expect(await sold(hotelB, "TPL", day(2), 2)).toEqual([0, 0]);

    // Back on sale.
    await apiClient(api, adminB).PATCH("/v2/hotels/{id}/room-types/{room_id}", { params: { path: { id: hotelB, room_id: "TPL" } }, body: { is_active: true } });
    expect(Object.keys(await offered43(hotelB, day(2), 2)).sort()).toEqual(["DBL", "TPL"]);
  });

  it("a retired rate plan is offered by neither 4.2 nor 4.3 and 4.1 answers it unavailable", async () => {
    const made = await book(hotelB, "DBL", "BB", day(4), 1);
    expect(made.chatbotId).toMatch(BOOKING_CODE);
    const off = await operator().PATCH("/v2/hotels/{id}/rate-plans/{rate_id}", { params: { path: { id: hotelB, rate_id: "BB" } }, body: { is_active: false } });
    expect(off.response.status).toBe(200);
    expect(off.data).toMatchObject({ rateId: "BB", is_active: false });
    expect(await offered43(hotelB, day(4), 1)).toEqual({ DBL: ["RO"], TPL: ["RO"] });
    expect((await offered42(day(4), 1))[hotelB]).toEqual({ DBL: ["RO"], TPL: ["RO"] });
    const refused = await book(hotelB, "DBL", "BB", day(4), 1);
    expect(refused.noAvailableRooms).toEqual([{ room: "DBL", product: "BB" }]);
    const kept = await apiClient(api, agencyKey).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: made.chatbotId! } } });
    expect(kept.data!.rooms_data[0]).toMatchObject({ room_id: "DBL", rate_id: "BB" });
    await operator().PATCH("/v2/hotels/{id}/rate-plans/{rate_id}", { params: { path: { id: hotelB, rate_id: "BB" } }, body: { is_active: true } });
  });
});

describe("closed to arrival / closed to departure", () => {
  it("are stored per night, shown by the grid, and change only when sent", async () => {
    const res = await apiClient(api, adminA).PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "DBL", from: day(10), to: day(11), closed_to_arrival: true }, { roomId: "DBL", from: day(11), to: day(11), closed_to_departure: true }] } });
    expect(res.response.status).toBe(200);
    expect(res.data!.nights).toBe(3);
    const grid = await apiClient(api, adminA).GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA }, query: { from: day(9), to: day(12) } } });
    const dbl = grid.data!.inventory.filter((n) => n.roomId === "DBL").sort((a, b) => (a.day < b.day ? -1 : 1));
    expect(dbl.map((n) => [n.closed_to_arrival, n.closed_to_departure, n.rooms])).toEqual([
      [false, false, 5],
      [true, false, 5],
      [true, true, 5],
      [false, false, 5],
    ]);
    // Clearing one leaves the other.
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "DBL", from: day(11), to: day(11), closed_to_arrival: false }] } }));
    const again = await apiClient(api, adminA).GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA }, query: { from: day(11), to: day(11) } } });
    expect(again.data!.inventory.find((n) => n.roomId === "DBL")).toMatchObject({ closed_to_arrival: false, closed_to_departure: true });
    // Not a boolean: does not compile with the typed client.
    const bad = await api.call("PUT", `/api/v2/hotels/${hotelA}/inventory`, { key: adminA, body: { updates: [{ roomId: "DBL", from: day(1), to: day(1), closed_to_arrival: "sí" }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/updates\.0\.closed_to_arrival: /);
  });

  it("a stay arriving on a CTA night or leaving on a CTD date is not offered and not booked; the nights around it are", async () => {
    // CTA on day 20, CTD on day 24 (DBL only).
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: {
      updates: [{ roomId: "DBL", from: day(20), to: day(20), closed_to_arrival: true }, { roomId: "DBL", from: day(24), to: day(24), closed_to_departure: true }],
    } }));
    // Arriving on the CTA night: refused everywhere; TPL unaffected.
    expect(Object.keys(await offered43(hotelA, day(20), 2))).toEqual(["TPL"]);
    expect(Object.keys((await offered42(day(20), 2))[hotelA])).toEqual(["TPL"]);
    expect((await book(hotelA, "DBL", "RO", day(20), 2)).noAvailableRooms).toEqual([{ room: "DBL", product: "RO" }]);
    // Staying through it (arriving the night before) is fine.
    expect(Object.keys(await offered43(hotelA, day(19), 2)).sort()).toEqual(["DBL", "TPL"]);
    // Leaving on the CTD date: refused; leaving a day earlier or later: offered.
    expect(Object.keys(await offered43(hotelA, day(22), 2))).toEqual(["TPL"]);
    expect(Object.keys((await offered42(day(22), 2))[hotelA])).toEqual(["TPL"]);
    expect((await book(hotelA, "DBL", "RO", day(22), 2)).noAvailableRooms).toEqual([{ room: "DBL", product: "RO" }]);
    expect(Object.keys(await offered43(hotelA, day(22), 1)).sort()).toEqual(["DBL", "TPL"]);
    expect(Object.keys(await offered43(hotelA, day(22), 3)).sort()).toEqual(["DBL", "TPL"]);
    const booked = await book(hotelA, "DBL", "RO", day(21), 2);
    expect(booked.chatbotId).toMatch(BOOKING_CODE);
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
    await ok(operator().PUT("/v2/hotels/{id}/rates", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "TPL", rateId: "RO", from: day(26), to: day(27), amountBeforeTax: null }] } }));
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
