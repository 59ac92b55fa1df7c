// The documented maxima (lib/http/limits.ts): the largest legal booking is priced without overflowing
// Decimal(14,2), and one cent more than a maximum is a 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey } from "@/lib/testing/factories";
import { BOOKING_CODE, sellableHotel, reservationBody } from "@/lib/testing/booking-fixtures";
import { addDays, bogotaDate } from "@/lib/time";
import { MAX_BOOKING_NIGHTS, MAX_NIGHTLY_PRICE, MAX_ROOMS_PER_BOOKING } from "./limits";

let api: TestServer;
let key: string;
let agencyId: number;
beforeAll(async () => {
  api = await startApi();
  const a = await agencyWithKey(api.db);
  key = a.key;
  agencyId = a.agency.id;
});
afterAll(async () => {
  await api?.close();
});

describe("maxima", () => {
  it("the largest legal booking (50 rooms x 30 nights at $ 100.000.000) is priced exactly, no overflow", async () => {
    const from = addDays(bogotaDate(new Date()), 3);
    const lines = 10;
    const { hotel, rate, roomTypes } = await sellableHotel(api.db, { from, nights: MAX_BOOKING_NIGHTS, rooms: MAX_ROOMS_PER_BOOKING, price: MAX_NIGHTLY_PRICE, roomTypes: lines });
    const stay = { checkin: from, checkout: addDays(from, MAX_BOOKING_NIGHTS), nights: MAX_BOOKING_NIGHTS };
    const perLine = MAX_ROOMS_PER_BOOKING / lines;
    const items = roomTypes.map((rt) => ({ id: rt.roomId, checkin: stay.checkin, checkout: stay.checkout, rateId: rate.rateId, quantity: String(perLine), currency: "COP", adults: "2", children: "0" }));
    const client = apiClient(api, key);
    const path = { params: { path: { hotel_id: hotel.id } } };
    const res = await client.POST("/v2/bookings/hotel_id={hotel_id}", { ...path, body: reservationBody(roomTypes[0], rate, stay, {}, items) });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data && "chatbot_id" in res.data ? res.data.chatbot_id : undefined).toMatch(BOOKING_CODE);
    const row = await api.db.prisma.reservation.findFirstOrThrow({ where: { hotelId: hotel.id } });
    expect(row.amount.toString()).toBe(String(MAX_NIGHTLY_PRICE * MAX_ROOMS_PER_BOOKING * MAX_BOOKING_NIGHTS)); // 150.000.000.000
    expect(row.amount.toNumber()).toBeLessThan(999_999_999_999.99);
    // One room more than the maximum is refused before any work.
    const tooMany = items.map((i, n) => (n === 0 ? { ...i, quantity: String(perLine + 1) } : i));
    const over = await client.POST("/v2/bookings/hotel_id={hotel_id}", { ...path, body: reservationBody(roomTypes[0], rate, stay, {}, tooMany) });
    expect(over.response.status).toBe(400);
  });

  it("one cent over a price or amount maximum is a 400 naming the limit, not a 500", async () => {
    const from = addDays(bogotaDate(new Date()), 3);
    const { hotel, rate, room } = await sellableHotel(api.db, { from, nights: 2, rooms: 1, price: 1000 });
    const operator = apiClient(api, OPERATOR_KEY);
    const hotelPath = { params: { path: { id: hotel.id } } };
    const rates = await operator.PUT("/v2/hotels/{id}/rates", { ...hotelPath, body: { updates: [{ roomId: room.roomId, rateId: rate.rateId, from, to: addDays(from, 1), amountBeforeTax: "100000000.01" }] } });
    expect(rates.response.status, JSON.stringify(rates.data)).toBe(400);
    expect(rates.error!.detail).toContain("100.000.000");
    const okRates = await operator.PUT("/v2/hotels/{id}/rates", { ...hotelPath, body: { updates: [{ roomId: room.roomId, rateId: rate.rateId, from, to: addDays(from, 1), amountBeforeTax: "100000000" }] } });
    expect(okRates.response.status, JSON.stringify(okRates.error)).toBe(200);
    const topUp = await operator.POST("/v2/agencies/{id}/balance/top-ups", { params: { path: { id: agencyId } }, body: { amount: 1_000_000_000.01 } });
    expect(topUp.response.status, JSON.stringify(topUp.data)).toBe(400);
    expect(topUp.error!.detail).toContain("1.000.000.000");
    // Without agency_id (missing field): not typed.
    const link = await api.call("POST", "/api/v2/links/schedule", {
      key,
      body: { hotel_id: hotel.id, guest_name: "Ana", email: "ana@example.co", phone: "3001234567", amount: "1000000000.01", description: "x", available_hours: 24 },
    });
    expect(link.status, link.text).toBe(400);
    expect(link.body.detail).toContain("1.000.000.000");
    for (const bad of ["/api/v2/hotels/2147483648", "/api/v2/agencies/99999999999/balance"]) {
      expect((await api.call("GET", bad, { key: OPERATOR_KEY })).status).toBe(404);
    }
    const page = await apiClient(api, key).GET("/v2/links", { params: { query: { page: 99999999999 } } });
    expect(page.response.status).toBe(400);
  });
});
