import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient, ok } from "@/lib/testing/client";
import type { paths } from "@/lib/client/schema";
import { agencyWithKey, createUser } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { addDays, bogotaDate } from "@/lib/time";

let api: TestServer;
const operator = () => apiClient(api, OPERATOR_KEY);
let retailerKey: string;
let wholesaleKey: string;
let hotelId: number;
let emptyHotelId: number;
const D = addDays(bogotaDate(new Date()), 10);
const day = (i: number) => addDays(D, i);

// A small hand-built hotel in "Villa de Leyva":
//  DBL (2 adults, 1 child): 5 rooms, 3 on D+1; RO 100000.50 a night, 90000 for one adult on D+1; BB priced on D, D+1 and from D+3 (no price on D+2).
//  FAM (4 adults, 2 children): 2 rooms, stop-sell on D+1; RO 300000.
//  STE (2 adults, no children): 4 rooms, minimum stay 4 when arriving on D; RO 200000.
beforeAll(async () => {
  api = await startApi();
  retailerKey = (await agencyWithKey(api.db, { agencyType: "retailer" })).key;
  wholesaleKey = (await agencyWithKey(api.db, { agencyType: "wholesale" })).key;
  const hotel = await ok(operator().POST("/v2/hotels", { body: { name: "Posada Prueba", city: "Villa de Leyva", channel_manager_id: "CM-TEST-1" } }));
  hotelId = hotel.id;
  expect(hotel.city).toBe("VILLA_DE_LEYVA");
  const rt = (roomId: string, roomType: string, beds: number, max_adults: number, max_children: number) =>
    ok(operator().POST("/v2/hotels/{id}/room-types", { params: { path: { id: hotelId } }, body: { roomId, roomName: `Habitación ${roomId}`, roomType, beds, max_adults, max_children } }));
  await rt("DBL", "double", 2, 2, 1);
  await rt("FAM", "QUADRUPLE", 4, 4, 2);
  await rt("STE", "SUITE", 1, 2, 0);
  const plan = (rateId: string, boardType: string | null, refundable: "full" | "partial" | "none") =>
    ok(operator().POST("/v2/hotels/{id}/rate-plans", { params: { path: { id: hotelId } }, body: {
      rateId,
      rateDescription: `Tarifa ${rateId}`,
      boardType,
      boardTypeDescription: boardType ? "Desayuno incluido" : "Solo alojamiento",
      refundable,
      cancellationPolicy: `Política ${rateId}`,
      currency: "COP",
    } }));
  await plan("RO", null, "full");
  await plan("BB", "BB", "none");
  await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId } }, body: {
    updates: [
      { roomId: "DBL", from: D, to: day(20), rooms: 5 },
      { roomId: "DBL", from: day(1), to: day(1), rooms: 3 },
      { roomId: "FAM", from: D, to: day(20), rooms: 2 },
      { roomId: "FAM", from: day(1), to: day(1), stop_sell: true },
      { roomId: "STE", from: D, to: day(20), rooms: 4 },
      { roomId: "STE", from: D, to: D, min_stay: 4 },
    ],
  } }));
  await ok(operator().PUT("/v2/hotels/{id}/rates", { params: { path: { id: hotelId } }, body: {
    updates: [
      { roomId: "DBL", rateId: "RO", from: D, to: day(20), amountBeforeTax: 100000.5 },
      { roomId: "DBL", rateId: "RO", from: day(1), to: day(1), amountBeforeTax: "90000", adults: 1 },
      { roomId: "DBL", rateId: "BB", from: D, to: day(1), amountBeforeTax: 120000 },
      { roomId: "DBL", rateId: "BB", from: day(3), to: day(20), amountBeforeTax: 120000 },
      { roomId: "FAM", rateId: "RO", from: D, to: day(20), amountBeforeTax: 300000 },
      { roomId: "STE", rateId: "RO", from: D, to: day(20), amountBeforeTax: 200000 },
    ],
  } }));
  // Same city: a hotel with rooms but no inventory at all, and an inactive hotel with everything.
  const empty = await ok(operator().POST("/v2/hotels", { body: { name: "Hotel Vacío", city: "VILLA_DE_LEYVA" } }));
  emptyHotelId = empty.id;
  await ok(operator().POST("/v2/hotels/{id}/room-types", { params: { path: { id: emptyHotelId } }, body: { roomId: "X", roomName: "X", roomType: "DOUBLE", beds: 2, max_adults: 2, max_children: 0 } }));
  const inactive = await ok(operator().POST("/v2/hotels", { body: { name: "Hotel Cerrado", city: "Villa de Leyva" } }));
  await ok(operator().POST("/v2/hotels/{id}/room-types", { params: { path: { id: inactive.id } }, body: { roomId: "Y", roomName: "Y", roomType: "DOUBLE", beds: 2, max_adults: 2, max_children: 0 } }));
  await ok(operator().POST("/v2/hotels/{id}/rate-plans", { params: { path: { id: inactive.id } }, body: { rateId: "R", rateDescription: "R", boardType: null, boardTypeDescription: "-", refundable: "full", cancellationPolicy: "-", currency: "COP" } }));
  await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: inactive.id } }, body: { updates: [{ roomId: "Y", from: D, to: day(5), rooms: 9 }] } }));
  await ok(operator().PUT("/v2/hotels/{id}/rates", { params: { path: { id: inactive.id } }, body: { updates: [{ roomId: "Y", rateId: "R", from: D, to: day(5), amountBeforeTax: 1 }] } }));
  await ok(operator().PATCH("/v2/hotels/{id}", { params: { path: { id: inactive.id } }, body: { is_active: false } }));
  // Another city, fully open.
  const other = await ok(operator().POST("/v2/hotels", { body: { name: "Otro", city: "Tunja" } }));
  await ok(operator().POST("/v2/hotels/{id}/room-types", { params: { path: { id: other.id } }, body: { roomId: "Z", roomName: "Z", roomType: "DOUBLE", beds: 2, max_adults: 2, max_children: 0 } }));
});
afterAll(async () => {
  await api?.close();
});

type HotelQuery = Omit<paths["/v2/bookings/availability"]["get"]["parameters"]["query"], "hotel_id">;
type Layout = paths["/v2/bookings/agencies/{agency_type}/availability"]["post"]["requestBody"]["content"]["application/json"]["layout"];
const hotelAvail = (query: HotelQuery, key = retailerKey) => apiClient(api, key).GET("/v2/bookings/availability", { params: { query: { hotel_id: hotelId, ...query } } });
const agencyAvail = (city: string, checkin: string, nights: number, layout: Layout, opts: { key?: string; type?: "retailer" | "wholesale" } = {}) =>
  apiClient(api, opts.key ?? retailerKey).POST("/v2/bookings/agencies/{agency_type}/availability", {
    params: { path: { agency_type: opts.type ?? "retailer" }, query: { checkin, nights, city } },
    body: { layout },
  });

describe("4.3 hotel availability", () => {
  it("offers only the room types that are open every night, with count the minimum over the nights", async () => {
    const res = await hotelAvail({ checkin: D, nights: 3, adults: 2 });
    expect(res.response.status).toBe(200);
    // FAM is stop-sold on D+1; STE needs 4 nights arriving on D; BB has no price on D+2.
    expect(res.data!.total_count).toBe(3);
    expect(res.data!.available_rooms).toHaveLength(1);
    const room = res.data!.available_rooms[0];
    expect(Object.keys(room).sort()).toEqual(["count", "products", "roomId", "roomName"]);
    expect(room).toMatchObject({ roomId: "DBL", roomName: "Habitación DBL", count: 3 });
    expect(room.products.map((p) => p.rateId)).toEqual(["RO"]);
    const p = room.products[0];
    expect(p).toMatchObject({
      roomId: "DBL",
      roomType: "DOUBLE",
      rateId: "RO",
      rateDescription: "Tarifa RO",
      boardType: null,
      refundable: "full",
      cancellationPolicy: "Política RO",
      currency: "COP",
    });
    expect(p.baseDailyAmounts).toEqual([
      { day: D, amountBeforeTax: 100000.5 },
      { day: day(1), amountBeforeTax: 100000.5 },
      { day: day(2), amountBeforeTax: 100000.5 },
    ]);
    expect(p.baseRate.amountBeforeTax).toBe(300001.5);
  });

  it("uses the per-adult price over the general one, night by night", async () => {
    const res = await hotelAvail({ checkin: D, nights: 3, adults: 1 });
    const p = res.data!.available_rooms[0].products[0];
    expect(p.baseDailyAmounts.map((d) => d.amountBeforeTax)).toEqual([100000.5, 90000, 100000.5]);
    expect(p.baseRate.amountBeforeTax).toBe(290001);
  });

  it("offers a rate plan once every night has a price, and the suite when the arrival night's minimum stay is met", async () => {
    const res = await hotelAvail({ checkin: day(3), nights: 2, adults: 2 });
    const rooms = res.data!.available_rooms;
    expect(rooms.map((r) => r.roomId)).toEqual(["DBL", "FAM", "STE"]);
    expect(rooms.find((r) => r.roomId === "DBL")!.products.map((p) => p.rateId)).toEqual(["RO", "BB"]);
    expect(res.data!.total_count).toBe(5 + 2 + 4);
    // Arriving on D, the suite needs 4 nights: 4 is enough.
    const ste = await hotelAvail({ checkin: D, nights: 4, adults: 2, room_type: "suite" });
    expect(ste.data!.available_rooms.map((r) => r.roomId)).toEqual(["STE"]);
    expect(ste.data!.available_rooms[0].products[0].baseRate.amountBeforeTax).toBe(800000);
  });

  it("respects the occupancy limits, accepting children or children_ages", async () => {
    const one = await hotelAvail({ checkin: D, nights: 3, adults: 2, children: "5" });
    expect(one.data!.available_rooms.map((r) => r.roomId)).toEqual(["DBL"]);
    const two = await hotelAvail({ checkin: D, nights: 3, adults: 2, children_ages: "5,8" });
    expect(two.response.status).toBe(200);
    expect(two.data).toEqual({ total_count: 0, available_rooms: [] });
    const three = await hotelAvail({ checkin: D, nights: 3, adults: 3 });
    expect(three.data).toEqual({ total_count: 0, available_rooms: [] });
    const empty = await hotelAvail({ checkin: D, nights: 3, adults: 2, children: "", booking_number: "77" });
    expect(empty.data!.total_count).toBe(3);
  });

  it("404 for an unknown or inactive hotel; 400 naming the field for bad input", async () => {
    expect((await apiClient(api, retailerKey).GET("/v2/bookings/availability", { params: { query: { hotel_id: 999999, checkin: D, nights: 2, adults: 2 } } })).response.status).toBe(404);
    const bad: Array<[HotelQuery, string]> = [
      [{ checkin: "2026-02-30", nights: 2, adults: 2 }, "checkin"],
      [{ checkin: D, nights: 0, adults: 2 }, "nights"],
      [{ checkin: D, nights: 31, adults: 2 }, "nights"],
      [{ checkin: D, nights: 2, adults: 0 }, "adults"],
      [{ checkin: D, nights: 2, adults: 2, children: "18" }, "children"],
      [{ checkin: D, nights: 2, adults: 2, children_ages: "a,b" }, "children_ages"],
      [{ checkin: addDays(bogotaDate(new Date()), -1), nights: 2, adults: 2 }, "checkin"],
    ];
    for (const [query, field] of bad) {
      const res = await hotelAvail(query);
      expect(res.response.status, field).toBe(400);
      expect(res.error!.detail, field).toContain(`${field}:`);
    }
  });
});

describe("4.2 agency availability", () => {
  it("answers each layout item in order, with exact counts and prices, and only hotels that can host something", async () => {
    const layout = [{ adults: 2 }, { adults: 1, children_ages: [7] }, { adults: 4 }];
    const res = await agencyAvail("villa de leyva", D, 3, layout);
    expect(res.response.status).toBe(200);
    expect(res.data).toHaveLength(1);
    const [entry] = res.data!;
    expect(entry.hotel).toEqual({ id: hotelId, name: "Posada Prueba", channel_manager_id: "CM-TEST-1", city: "VILLA_DE_LEYVA", largest_room_beds: 4 });
    expect(entry.availability.map((a) => [a.adults, a.children_ages, a.total_count])).toEqual([
      [2, null, 3],
      [1, "7", 3],
      [4, null, 0],
    ]);
    const room = entry.availability[1].available_rooms[0];
    expect(Object.keys(room).sort()).toEqual(["adults", "beds", "children_ages", "count", "products", "roomId", "roomName"]);
    expect(room).toMatchObject({ roomId: "DBL", beds: 2, adults: 1, children_ages: "7", count: 3 });
    const p = room.products[0];
    expect(p.baseDailyAmounts).toEqual([
      { day: D, amountBeforeTax: 100000.5, amountAfterTax: 0 },
      { day: day(1), amountBeforeTax: 90000, amountAfterTax: 0 },
      { day: day(2), amountBeforeTax: 100000.5, amountAfterTax: 0 },
    ]);
    expect(p.baseRate).toEqual({ amountBeforeTax: 290001, amountAfterTax: 0 });
    expect(entry.availability[2].available_rooms).toEqual([]);
  });

  it("matches the city without regard to case, spaces, underscores or accents", async () => {
    for (const city of ["VILLA_DE_LEYVA", "Villa de Léyva", " villa_de leyva "]) {
      const res = await agencyAvail(city, day(3), 2, [{ adults: 2, children_ages: [] }]);
      expect(res.response.status, city).toBe(200);
      expect(res.data!.map((h: { hotel: { id: number } }) => h.hotel.id), city).toEqual([hotelId]);
      expect(res.data![0].availability[0].total_count).toBe(11);
      expect(res.data![0].availability[0].children_ages).toBeNull();
    }
  });

  it("an empty list when nothing fits; 404 for a city without hotels", async () => {
    const none = await agencyAvail("Villa de Leyva", D, 3, [{ adults: 2, children_ages: [3, 4] }]);
    expect(none.response.status).toBe(200);
    expect(none.data).toEqual([]);
    const unknown = await agencyAvail("Atlantis", D, 3, [{ adults: 2 }]);
    expect(unknown.response.status).toBe(404);
    expect(unknown.error!.code).toBe("404");
  });

  it("403 for the other agency type and for hotel admins; operators may ask for either", async () => {
    expect((await agencyAvail("Villa de Leyva", D, 3, [{ adults: 2 }], { type: "wholesale" })).response.status).toBe(403);
    expect((await agencyAvail("Villa de Leyva", D, 3, [{ adults: 2 }], { key: wholesaleKey, type: "retailer" })).response.status).toBe(403);
    expect((await agencyAvail("Villa de Leyva", D, 3, [{ adults: 2 }], { key: wholesaleKey, type: "wholesale" })).response.status).toBe(200);
    expect((await agencyAvail("Villa de Leyva", D, 3, [{ adults: 2 }], { key: OPERATOR_KEY, type: "wholesale" })).response.status).toBe(200);
    const admin = await createUser(api.db, "hotel_admin", { hotelIds: [hotelId] });
    const adminKey = (await issueApiKey(api.db, { role: "hotel_admin", userId: admin.id }, new Date())).key;
    expect((await agencyAvail("Villa de Leyva", D, 3, [{ adults: 2 }], { key: adminKey })).response.status).toBe(403);
    expect((await apiClient(api).POST("/v2/bookings/agencies/{agency_type}/availability", { params: { path: { agency_type: "retailer" }, query: { checkin: D, nights: 3, city: "Tunja" } }, body: { layout: [{ adults: 2 }] } })).response.status).toBe(401);
  });

  it("400 naming the field for bad input, and nothing else happens", async () => {
    const cases: Array<[string, number, Layout, string]> = [
      ["2026-13-01", 2, [{ adults: 2 }], "checkin"],
      [D, 0, [{ adults: 2 }], "nights"],
      [D, 31, [{ adults: 2 }], "nights"],
      [D, 2, [], "layout"],
      [D, 2, Array.from({ length: 10 }, () => ({ adults: 1 })), "layout"],
      [D, 2, [{ adults: 0 }], "layout.0.adults"],
      [D, 2, [{ adults: 2 }, { adults: 1, children_ages: [3, 18] }], "layout.1.children_ages.1"],
      [D, 2, [{ adults: 2, children_ages: [-1] }], "layout.0.children_ages.0"],
    ];
    for (const [checkin, nights, layout, field] of cases) {
      const res = await agencyAvail("Villa de Leyva", checkin, nights, layout);
      expect(res.response.status, field).toBe(400);
      expect(res.error!.detail, field).toContain(`${field}:`);
    }
    // Not an agency type: does not compile with the typed client.
    const badType = await api.call("POST", `/api/v2/bookings/agencies/minorista/availability?checkin=${D}&nights=2&city=Tunja`, { key: retailerKey, body: { layout: [{ adults: 2 }] } });
    expect(badType.status).toBe(400);
    expect(badType.body.detail).toContain("agency_type:");
  });
});

describe("4.14 lookups", () => {
  it("lists hotels by city and a hotel's room types", async () => {
    const res = await apiClient(api, retailerKey).GET("/v2/hotels", { params: { query: { city: "Villa de Leyva" } } });
    expect(res.response.status).toBe(200);
    expect(res.data!.map((h) => h.name).sort()).toEqual(["Hotel Vacío", "Posada Prueba"]);
    expect(res.data!.find((h) => h.id === hotelId)).toMatchObject({ city: "VILLA_DE_LEYVA", channel_manager_id: "CM-TEST-1", largest_room_beds: 4 });
    const rts = await apiClient(api, retailerKey).GET("/v2/hotels/{id}/room-types", { params: { path: { id: hotelId } } });
    expect(rts.data!.map((r) => r.roomId)).toEqual(["DBL", "FAM", "STE"]);
    expect(rts.data![0]).toMatchObject({ roomType: "DOUBLE", beds: 2, max_adults: 2, max_children: 1 });
    expect((await apiClient(api, retailerKey).GET("/v2/hotels/{id}/room-types", { params: { path: { id: 999999 } } })).response.status).toBe(404);
  });
});
