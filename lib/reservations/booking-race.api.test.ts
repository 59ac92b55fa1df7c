// Issue 13 item 3: holds lock inventory rows in one global order (room type, date), and a deadlock or
// serialization failure is retried, so concurrent bookings that list room types in opposite orders never
// answer 500 and never sell more than the allotment. Runs on both databases; the numbers matter on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { addDays, bogotaDate } from "@/lib/time";
import { sellableHotel, reservationBody } from "@/lib/testing/booking-fixtures";

let api: TestServer;
const checkin = addDays(bogotaDate(new Date()), 7);
const NIGHTS = 4;
const stay = { checkin, checkout: addDays(checkin, NIGHTS), nights: NIGHTS };

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

async function nights(ids: number[]) {
  return api.db.sql.query<{ room_type_id: number; date: string; rooms: number; sold: number }>(
    `SELECT room_type_id, date::text AS date, rooms, sold FROM inventory_nights WHERE room_type_id = ANY($1::int[]) ORDER BY room_type_id, date`,
    [ids],
  );
}

describe(`opposite-order bookings on ${testTarget()}`, () => {
  it("90 concurrent bookings of two room types in opposite orders: no 500, never oversold, inventory equals reservations", async () => {
    const ALLOTMENT = 30;
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, roomTypes } = await sellableHotel(api.db, { from: checkin, nights: NIGHTS + 2, rooms: ALLOTMENT, price: 150_000, roomTypes: 2 });
    const [a, b] = roomTypes;
    const item = (room: { roomId: string }, from: string, n: number) => ({
      id: room.roomId, checkin: from, checkout: addDays(from, n), rateId: rate.rateId, quantity: "1", currency: "COP", adults: "2", children: "0",
    });
    // Three shapes: A then B and B then A over the whole stay, and two stays of different lengths crosswise.
    const bodies = Array.from({ length: 90 }, (_, i) => {
      const items =
        i % 3 === 0 ? [item(a, checkin, NIGHTS), item(b, checkin, NIGHTS)]
        : i % 3 === 1 ? [item(b, checkin, NIGHTS), item(a, checkin, NIGHTS)]
        : [item(b, checkin, NIGHTS), item(a, addDays(checkin, 1), NIGHTS - 1)];
      return reservationBody(a, rate, stay, {}, items);
    });
    const started = Date.now();
    const client = apiClient(api, key);
    const results = await Promise.all(bodies.map((body) => client.POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body })));
    const elapsed = Date.now() - started;
    const statuses: Record<number, number> = {};
    for (const r of results) statuses[r.response.status] = (statuses[r.response.status] ?? 0) + 1;
    const booked = results.filter((r) => r.response.status === 200 && r.data && "chatbot_id" in r.data).length;
    const refused = results.filter((r) => r.response.status === 200 && r.data && "no_available_rooms" in r.data).length;
    console.info(`[race ${testTarget()}] 90 bookings in ${elapsed} ms: statuses ${JSON.stringify(statuses)}, booked ${booked}, no_available_rooms ${refused}`);

    expect(statuses[500] ?? 0).toBe(0);
    expect(statuses).toEqual({ 200: 90 });
    // Every booking takes one room of each type on the nights it covers: at most the allotment succeed.
    expect(booked).toBe(ALLOTMENT);
    expect(refused).toBe(90 - ALLOTMENT);
    const rows = await nights([a.id, b.id]);
    for (const n of rows) expect(n.sold).toBeLessThanOrEqual(n.rooms);
    // What is sold equals what the reservations hold, night by night.
    const held = await api.db.sql.query<{ room_type_id: number; date: string; n: number }>(
      `SELECT rr.room_type_id, d::date::text AS date, sum(rr.quantity)::int AS n
       FROM reservation_rooms rr CROSS JOIN LATERAL generate_series(rr.checkin, rr.checkout - 1, interval '1 day') d
       WHERE rr.room_type_id = ANY($1::int[]) GROUP BY 1, 2`,
      [[a.id, b.id]],
    );
    const heldOf = new Map(held.map((h) => [`${h.room_type_id}|${h.date}`, h.n]));
    for (const n of rows) expect(n.sold).toBe(heldOf.get(`${n.room_type_id}|${n.date}`) ?? 0);
  });
});
