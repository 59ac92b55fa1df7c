// Issue 24: one row of inventory_nights held FOR UPDATE by another session must not stall the instance. Bookings
// that cannot get their rows answer 503 with Retry-After after the lock timeout (well under the statement
// timeout), changing nothing; health, lists and bookings at other hotels keep answering while the lock is still
// held. PostgreSQL only: PGlite has one connection, so no other session can hold a lock there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { startApi } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey } from "@/lib/testing/factories";
import { testTarget, urlFor } from "@/lib/testing/db";
import { addDays, bogotaDate } from "@/lib/time";
import { TX_LOCK_TIMEOUT_MS, TX_STATEMENT_TIMEOUT_MS } from "@/lib/db/open";
import { metrics } from "@/lib/metrics/registry";
import { sellableHotel, reservationBody } from "@/lib/testing/booking-fixtures";

let api: TestServer;
const checkin = addDays(bogotaDate(new Date()), 9);
const stay = { checkin, checkout: addDays(checkin, 2), nights: 2 };

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

describe(`a row lock held by another session on ${testTarget()}`, () => {
  it("the lock timeout is well under the statement timeout", () => {
    expect(TX_LOCK_TIMEOUT_MS * 4).toBeLessThanOrEqual(TX_STATEMENT_TIMEOUT_MS);
  });

  it.skipIf(testTarget() !== "postgres")("bookings of the locked night answer 503 with Retry-After; health, lists and another hotel answer meanwhile", async () => {
    const { key, agency } = await agencyWithKey(api.db);
    const locked = await sellableHotel(api.db, { from: checkin, nights: 4, rooms: 20, price: 150_000 });
    const other = await sellableHotel(api.db, { from: checkin, nights: 4, rooms: 20, price: 180_000 });
    const client = apiClient(api, key);
    const book = (h: typeof locked) => client.POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: h.hotel.id } }, body: reservationBody(h.room, h.rate, stay) });

    // Another session (not the server's pool) holds the stay's first night.
    const [{ name }] = await api.db.sql.query<{ name: string }>(`SELECT current_database() AS name`);
    const holder = new pg.Client({ connectionString: urlFor(name) });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM inventory_nights WHERE room_type_id = $1 AND date = $2::date FOR UPDATE`, [locked.room.id, checkin]);

      const busyBefore = (await metrics().dbBusy.get()).values.find((v) => v.labels.reason === "lock_timeout")?.value ?? 0;
      // More bookings of the locked night than the pool has connections, then the others.
      const blocked = Array.from({ length: 15 }, () => book(locked));
      const health = apiClient(api).GET("/health");
      const list = client.GET("/v2/hotels", { params: { query: { city: "CARTAGENA" } } });
      const elsewhere = book(other);
      const mine = client.GET("/v2/bookings", { params: { query: {} } });

      // Everything answers while the lock is still held (the holder releases only after this).
      const [h, l, e, m] = await Promise.all([health, list, elsewhere, mine]);
      expect(h.response.status).toBe(200);
      expect(l.response.status).toBe(200);
      expect(e.response.status, JSON.stringify(e.error)).toBe(200);
      expect(e.data && "chatbot_id" in e.data).toBe(true);
      expect(m.response.status).toBe(200);
      const answers = await Promise.all(blocked);
      for (const r of answers) {
        expect(r.response.status, JSON.stringify(r.error ?? r.data)).toBe(503);
        expect(Number(r.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect((r.error as { detail: string }).detail).toMatch(/reintente en \d+ segundos/);
      }
      // Operators see it: hotelpay_db_busy_total{reason="lock_timeout"} counted each one (/api/metrics).
      const busy = (await metrics().dbBusy.get()).values.find((v) => v.labels.reason === "lock_timeout")?.value ?? 0;
      expect(busy - busyBefore).toBeGreaterThanOrEqual(15);
      // Still held: nothing of the locked hotel was written or taken.
      expect(await api.db.prisma.reservation.count({ where: { hotelId: locked.hotel.id } })).toBe(0);
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      await holder.end();
    }
    const sold = await api.db.sql.query<{ sold: number }>(`SELECT sold FROM inventory_nights WHERE room_type_id = $1`, [locked.room.id]);
    expect(sold.every((n) => n.sold === 0)).toBe(true);
    expect(await api.db.prisma.channelHold.count({ where: { hotelId: locked.hotel.id, state: { in: ["holding", "held"] } } })).toBe(0);
    // Once the lock is gone the same booking goes through: the 503 was worth retrying.
    const retried = await book(locked);
    expect(retried.response.status).toBe(200);
    expect(retried.data && "chatbot_id" in retried.data).toBe(true);
    expect(await api.db.prisma.reservation.count({ where: { hotelId: locked.hotel.id, agencyId: agency.id } })).toBe(1);
  });
});
