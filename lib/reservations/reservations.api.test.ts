import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeNoGateway, startPaymentsApi, TEST_GATEWAY, type PaymentsApi } from "@/lib/testing/gateway-mode";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey } from "@/lib/testing/factories";
import { addDays, bogotaDate } from "@/lib/time";
import { BOOKING_CODE, sellableHotel, reservationBody, type BookingBody } from "@/lib/testing/booking-fixtures";

// Its payment part also runs in the vitest project "api-wompi" (lib/testing/gateway-mode.ts); the booking suites,
// which never reach a gateway, run only in the project "api".
let gw: PaymentsApi;
let api: TestServer;
const today = bogotaDate(new Date());
const checkin = addDays(today, 5);
const stay = { checkin, checkout: addDays(checkin, 2), nights: 2 };
const cron = () => apiClient(api, undefined, { authorization: "Bearer test-cron-secret" });
/** The chatbot_id of a booking answer; undefined when it answered no_available_rooms. */
const codeOf = (d: { chatbot_id: string } | { no_available_rooms: unknown } | undefined) => (d && "chatbot_id" in d ? d.chatbot_id : undefined);

beforeAll(async () => {
  gw = await startPaymentsApi();
  api = gw.api;
});
afterAll(async () => {
  await gw?.close();
});

async function sold(roomTypeId: number) {
  const rows = await api.db.sql.query<{ date: string; rooms: number; sold: number }>(
    `SELECT date::text AS date, rooms, sold FROM inventory_nights WHERE room_type_id = $1 AND date >= $2::date AND date < $3::date ORDER BY date`,
    [roomTypeId, stay.checkin, stay.checkout],
  );
  return rows.map((r) => r.sold);
}

describeNoGateway("4.1 create reservation", () => {
  it("registers the booking, prices it from the inventory and holds the rooms", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 200_000.5 });
    const res = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay, { ccData: { ccCode: "123", ccNumber: "4242 4242 4242 4242", ccHolder: "LAURA GOMEZ", ccExpireDate: "12/2030" } }) });
    expect(res.response.status).toBe(200);
    expect(res.data!.msg).toEqual(expect.any(String));
    expect(codeOf(res.data)).toMatch(/^HB[A-Z2-9]{8}$/);
    expect(await sold(room.id)).toEqual([1, 1]);

    const got = await apiClient(api, key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codeOf(res.data)! } } });
    expect(got.response.status).toBe(200);
    expect(got.data).toMatchObject({
      chatbot_id: codeOf(res.data),
      status: "pending_payment",
      hotel_id: hotel.id,
      checkin: stay.checkin,
      checkout: stay.checkout,
      amount: 400_001,
      amount_paid: 0,
      amount_due: 400_001,
      firstName: "Laura",
      card: { brand: "visa", last_four: "4242" },
    });
    expect(got.data!.rooms_data[0]).toMatchObject({ room_id: room.roomId, rate_id: rate.rateId, quantity: 1, amount: 400_001 });
    expect(got.data!.rooms_data[0].nightly).toEqual([
      { day: stay.checkin, amount: 200_000.5 },
      { day: addDays(stay.checkin, 1), amount: 200_000.5 },
    ]);
    expect(got.data!.payment_deadline).toMatch(/-05:00$/);
    expect(got.data!.history).toEqual([expect.objectContaining({ from: null, to: "pending_payment" })]);
    // Only brand and last four of the card are kept.
    const dump = JSON.stringify(await api.db.sql.query(`SELECT * FROM reservations`));
    expect(dump).not.toContain("4242424242424242");
    expect(dump).not.toContain("4242 4242 4242 4242");
  });

  const badCases: Array<[string, Partial<BookingBody["reservation"]>, RegExp]> = [
    ["bad date", { checkin: "2026-02-30" }, /^reservation\.checkin: /],
    ["nights not matching", { nights: "3" }, /^reservation\.nights: debe coincidir/],
    ["checkout before checkin", { checkout: addDays(checkin, -1), nights: "1" }, /reservation\.(checkout|nights)/],
    ["2-letter country", { country: "CO" }, /^reservation\.country: /],
    ["bad email", { email: "laura@" }, /^reservation\.email: /],
    ["telephone with letters", { telephone: "57300ABC4567" }, /^reservation\.telephone: /],
    ["currency of 4 letters", { currency: "COPS" }, /^reservation\.currency: /],
    ["empty roomsData", { roomsData: [] }, /^reservation\.roomsData: /],
    ["children without ages", { children: "1", children_ages: "" }, /^reservation\.children_ages: /],
    ["child age 18", { children: "1", children_ages: "18" }, /^reservation\.children_ages: /],
    ["card expiry format", { ccData: { ccCode: "123", ccNumber: "4242424242424242", ccHolder: "X", ccExpireDate: "2030-12" } }, /^reservation\.ccData\.ccExpireDate: /],
    ["card number fails Luhn", { ccData: { ccCode: "123", ccNumber: "4242424242424241", ccHolder: "X", ccExpireDate: "12/2030" } }, /^reservation\.ccData\.ccNumber: /],
    ["expired card", { ccData: { ccCode: "123", ccNumber: "4242424242424242", ccHolder: "X", ccExpireDate: "01/2020" } }, /^reservation\.ccData\.ccExpireDate: /],
    ["past check-in", { checkin: addDays(today, -3), checkout: addDays(today, -1), nights: "2" }, /^reservation\.checkin: no puede ser anterior/],
    ["rooms not the sum of quantities", { rooms: "2" }, /^reservation\.rooms: /],
  ];
  // Wrong types and missing fields do not compile with the typed client.
  const malformed: Array<[string, Record<string, unknown>, RegExp]> = [
    ["nights as a number", { nights: 2 }, /^reservation\.nights: /],
    ["missing firstName", { firstName: undefined }, /^reservation\.firstName: es obligatorio/],
  ];
  for (const [name, override, detail] of badCases) {
    it(`400 for ${name}, naming the field, and nothing changes`, async () => {
      const { key } = await agencyWithKey(api.db);
      const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000 });
      const before = await api.db.prisma.reservation.count();
      const res = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay, override) });
      expect(res.response.status).toBe(400);
      expect(res.error!.code).toBe("400");
      expect(res.error!.detail).toMatch(detail);
      expect(await api.db.prisma.reservation.count()).toBe(before);
      expect(await sold(room.id)).toEqual([0, 0]);
    });
  }
  for (const [name, override, detail] of malformed) {
    it(`400 for ${name}, naming the field, and nothing changes`, async () => {
      const { key } = await agencyWithKey(api.db);
      const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000 });
      const before = await api.db.prisma.reservation.count();
      const res = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: { reservation: { ...reservationBody(room, rate, stay).reservation, ...override } } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("400");
      expect(res.body.detail).toMatch(detail);
      expect(await api.db.prisma.reservation.count()).toBe(before);
      expect(await sold(room.id)).toEqual([0, 0]);
    });
  }

  it("400 for a roomsData item with a missing field, naming its index", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000 });
    // A missing field does not compile with the typed client.
    const roomsData = [{ id: room.roomId, checkin: stay.checkin, checkout: stay.checkout, quantity: "1", currency: "COP", adults: "2", children: "0" }];
    const res = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: { reservation: { ...reservationBody(room, rate, stay).reservation, roomsData } } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^reservation\.roomsData\.0\.rateId: es obligatorio/);
  });

  it("404 for an unknown hotel; 401 without a key; 403 for an operator", async () => {
    const { key } = await agencyWithKey(api.db);
    const { rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000 });
    expect((await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: 999999 } }, body: reservationBody(room, rate, stay) })).response.status).toBe(404);
    expect((await apiClient(api).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: 1 } }, body: reservationBody(room, rate, stay) })).response.status).toBe(401);
    expect((await apiClient(api, "hbk_test_operator_bootstrap_key").POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: 1 } }, body: reservationBody(room, rate, stay) })).response.status).toBe(403);
  });

  it("answers 200 with no_available_rooms for a rate or room that cannot be sold", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 1, price: 100_000 });
    const res = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay, {}, [{ id: room.roomId, checkin: stay.checkin, checkout: stay.checkout, rateId: rate.rateId, quantity: "2", currency: "COP", adults: "2", children: "0" }]) });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ msg: expect.any(String), no_available_rooms: [{ room: room.roomId, product: rate.rateId }] });
    expect(await sold(room.id)).toEqual([0, 0]);
  });
});

describeNoGateway("atomic holds", () => {
  it("30 concurrent bookings for 3 rooms: exactly 3 succeed and inventory never goes below zero", async () => {
    const agencies = await Promise.all(Array.from({ length: 3 }, () => agencyWithKey(api.db)));
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 150_000 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => apiClient(api, agencies[i % 3].key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay) })),
    );
    expect(results.every((r) => r.response.status === 200)).toBe(true);
    const booked = results.filter((r) => codeOf(r.data));
    const refused = results.filter((r) => r.data && "no_available_rooms" in r.data);
    expect(booked).toHaveLength(3);
    expect(refused).toHaveLength(27);
    expect(await sold(room.id)).toEqual([3, 3]);
    expect(await api.db.prisma.reservation.count({ where: { hotelId: hotel.id } })).toBe(3);
    const neg = await api.db.sql.query(`SELECT 1 FROM inventory_nights WHERE room_type_id = $1 AND rooms - sold < 0`, [room.id]);
    expect(neg).toHaveLength(0);
    // Each of the three winners reads its booking back with the key of the agency that made it (request i: agency i % 3).
    for (const r of booked) {
      const got = await apiClient(api, agencies[results.indexOf(r) % 3].key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codeOf(r.data)! } } });
      expect(got.response.status).toBe(200);
      expect(got.data).toMatchObject({ chatbot_id: codeOf(r.data), status: "pending_payment", hotel_id: hotel.id });
    }
  });

  it("a request of two rooms where one is gone holds neither", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, roomTypes } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 1, price: 100_000, roomTypes: 2 });
    const [a, b] = roomTypes;
    await api.db.sql.query(`UPDATE inventory_nights SET sold = 1 WHERE room_type_id = $1 AND date = $2::date`, [b.id, addDays(stay.checkin, 1)]);
    const items = [a, b].map((rt) => ({ id: rt.roomId, checkin: stay.checkin, checkout: stay.checkout, rateId: rate.rateId, quantity: "1", currency: "COP", adults: "2", children: "0" }));
    const res = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(a, rate, stay, {}, items) });
    expect(res.data).toEqual({ msg: expect.any(String), no_available_rooms: [{ room: b.roomId, product: rate.rateId }] });
    expect(await sold(a.id)).toEqual([0, 0]);
    expect(await sold(b.id)).toEqual([0, 1]);
    expect(await api.db.prisma.reservation.count({ where: { hotelId: hotel.id } })).toBe(0);
  });

  it("when the reservation write fails after the rooms were held, the hold is released (compensation)", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 1, price: 100_000 });
    // The database refuses this one reservation row, after the channel manager has held its room.
    await api.db.sql.exec(`
      CREATE OR REPLACE FUNCTION test_refuse_reservation() RETURNS trigger AS $$
      BEGIN
        IF NEW.hotel_id = ${hotel.id} THEN RAISE EXCEPTION 'injected write failure'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER test_refuse_reservation BEFORE INSERT ON reservations FOR EACH ROW EXECUTE FUNCTION test_refuse_reservation();
    `);
    try {
      const res = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(room, rate, stay) });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: "500", message: "Error interno del servidor" });
    } finally {
      await api.db.sql.exec(`DROP TRIGGER test_refuse_reservation ON reservations; DROP FUNCTION test_refuse_reservation();`);
    }
    // Nothing stays taken: the room is free, no reservation exists, the ledger says released.
    expect(await sold(room.id)).toEqual([0, 0]);
    expect(await api.db.prisma.reservation.count({ where: { hotelId: hotel.id } })).toBe(0);
    const ledger = await api.db.prisma.channelHold.findMany({ where: { hotelId: hotel.id } });
    expect(ledger.map((h) => h.state)).toEqual(["released"]);
    // And the room can be booked.
    const again = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(room, rate, stay) });
    expect(again.body.chatbot_id).toMatch(BOOKING_CODE);
    expect(await sold(room.id)).toEqual([1, 1]);
  });
});

describeNoGateway("reading, updating, cancelling", () => {
  it("another agency's booking is 404 for read, update and cancel", async () => {
    const mine = await agencyWithKey(api.db);
    const other = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000 });
    const { data: booking } = await apiClient(api, mine.key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay) });
    const code = codeOf(booking)!;
    const read = await apiClient(api, other.key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: code } } });
    expect(read.response.status).toBe(404);
    expect(read.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: `La reserva ${code} no existe` });
    const unknown = await apiClient(api, mine.key).POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path: { booking_id: "ZZZZZZ" } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: "La reserva ZZZZZZ no existe" });
    expect((await apiClient(api, other.key).PUT("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: code } }, body: { reservation: { firstName: "X" } } })).response.status).toBe(404);
    expect((await apiClient(api, other.key).POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path: { booking_id: code } } })).response.status).toBe(404);
    const list = await apiClient(api, other.key).GET("/v2/bookings");
    expect(list.data!.items.map((r) => r.chatbot_id)).not.toContain(code);
    expect((await apiClient(api, "hbk_test_operator_bootstrap_key").GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: code } } })).response.status).toBe(200);
    // The operator's list names each reservation's agency (docs/api.md, GET /api/v2/bookings).
    const all = await apiClient(api, "hbk_test_operator_bootstrap_key").GET("/v2/bookings", { params: { query: { code } } });
    expect(all.data!.items).toEqual([expect.objectContaining({ chatbot_id: code, agency: { id: mine.agency.id, name: mine.agency.name } })]);
  });

  it("4.4 changes only the fields sent; an empty update is a 400", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000 });
    const { data: booking } = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay) });
    const put = await apiClient(api, key).PUT("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codeOf(booking)! } }, body: { reservation: { email: "nuevo@example.co", telephone: "+57 310 555 0000" } } });
    expect(put.response.status).toBe(200);
    const got = await apiClient(api, key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codeOf(booking)! } } });
    expect(got.data).toMatchObject({ email: "nuevo@example.co", telephone: "573105550000", firstName: "Laura", lastName: "Gómez" });
    const empty = await apiClient(api, key).PUT("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codeOf(booking)! } }, body: { reservation: {} } });
    expect(empty.response.status).toBe(400);
    const bad = await apiClient(api, key).PUT("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codeOf(booking)! } }, body: { reservation: { email: "no-es-correo" } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error!.detail).toMatch(/^reservation\.email: /);
  });

  it("cancel gives the rooms back and is final", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000 });
    const { data: booking } = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay) });
    expect(await sold(room.id)).toEqual([1, 1]);
    expect((await apiClient(api, key).POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path: { booking_id: codeOf(booking)! } } })).response.status).toBe(200);
    expect(await sold(room.id)).toEqual([0, 0]);
    expect((await apiClient(api, key).POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path: { booking_id: codeOf(booking)! } } })).response.status).toBe(409);
    expect((await apiClient(api, key).PUT("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codeOf(booking)! } }, body: { reservation: { firstName: "Ana" } } })).response.status).toBe(409);
  });
});

describeNoGateway("payment deadline and expiry", () => {
  it("expires at the deadline with the test clock, releases the rooms, writes the notification, once", async () => {
    const { agency, key } = await agencyWithKey(api.db, { webhookUrl: "http://127.0.0.1:9/hooks" });
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000, holdMinutes: 60 });
    const { data: booking } = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay) });
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { code: codeOf(booking)! } });
    const minute = 60_000;
    const before = await cron().POST("/cron/reservations-expiry", { body: { now: new Date(r.paymentDeadline.getTime() - minute).toISOString() } });
    expect(before.data).toEqual({ processed: 0 });
    expect(await sold(room.id)).toEqual([1, 1]);

    const at = new Date(r.paymentDeadline.getTime() + minute).toISOString();
    const [first, second] = await Promise.all([
      cron().POST("/cron/reservations-expiry", { body: { now: at } }),
      cron().POST("/cron/reservations-expiry", { body: { now: at } }),
    ]);
    expect(first.data!.processed + second.data!.processed).toBe(1);
    expect(await sold(room.id)).toEqual([0, 0]);
    const got = await apiClient(api, key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codeOf(booking)! } } });
    expect(got.data!.status).toBe("expired");
    expect(got.data!.history.map((h) => h.to)).toEqual(["pending_payment", "expired"]);

    const deliveries = await api.db.prisma.webhookDelivery.findMany({ where: { agencyId: agency.id } });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ event: "reservation.expired", url: "http://127.0.0.1:9/hooks", status: "pending" });
    expect(JSON.parse(deliveries[0].payload)).toEqual({ event: "reservation.expired", chatbot_id: codeOf(booking)!, hotel_id: hotel.id, expired_at: expect.stringMatching(/-05:00$/), amount: 200_000 });

    const put = await apiClient(api, key).PUT("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codeOf(booking)! } }, body: { reservation: { firstName: "Tarde" } } });
    expect(put.response.status).toBe(409);
  });
});

describeNoGateway("Idempotency-Key on 4.1", () => {
  it("replays the first answer without a second hold; another body is a 409", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000 });
    const header = { "Idempotency-Key": "booking-123" };
    const one = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id }, header }, body: reservationBody(room, rate, stay) });
    const two = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id }, header }, body: reservationBody(room, rate, stay) });
    expect(two.data).toEqual(one.data);
    expect(two.response.headers.get("idempotent-replayed")).toBe("true");
    expect(await sold(room.id)).toEqual([1, 1]);
    const other = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id }, header }, body: reservationBody(room, rate, stay, { firstName: "Otra" }) });
    expect(other.response.status).toBe(409);
    expect(await api.db.prisma.reservation.count({ where: { hotelId: hotel.id } })).toBe(1);
  });
});

describe(`paying a reservation from the preloaded balance (${TEST_GATEWAY})`, () => {
  async function booked(balance: number, preloaded = true) {
    const a = await agencyWithKey(api.db, { isPreloaded: preloaded, balance });
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 5, price: 150_000 });
    const { data: booking } = await apiClient(api, a.key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay) });
    return { ...a, code: codeOf(booking)! };
  }

  it("debits the balance, records the payment with a voucher and confirms the reservation", async () => {
    const { key, agency, code } = await booked(1_000_000);
    const res = await apiClient(api, key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: code } } });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ amount: 300_000, balance_after: 700_000, voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    const got = await apiClient(api, key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: code } } });
    expect(got.data).toMatchObject({ status: "confirmed", amount_paid: 300_000, amount_due: 0 });
    expect(got.data!.payments).toEqual([expect.objectContaining({ method: "balance", status: "approved", amount: 300_000 })]);
    const ledger = await api.db.prisma.balanceEntry.findMany({ where: { agencyId: agency.id } });
    expect(ledger.map((e) => [e.kind, e.amount.toNumber(), e.balanceAfter.toNumber()])).toEqual([["debit", -300_000, 700_000]]);
    expect((await apiClient(api).GET("/v2/vouchers/{code}", { params: { path: { code: res.data!.voucher_url.split("/").pop()! } } })).response.status).toBe(200);
    // Paid: a second payment is refused and the balance stays.
    expect((await apiClient(api, key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: code } } })).response.status).toBe(409);
    expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: agency.id } })).balance.toNumber()).toBe(700_000);
  });

  it("refuses (409) when the balance does not cover it or the agency is not preloaded, and changes nothing", async () => {
    const short = await booked(299_999.99);
    const r1 = await apiClient(api, short.key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: short.code } } });
    expect(r1.response.status).toBe(409);
    expect(r1.error!.detail).toMatch(/Saldo insuficiente/);
    expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: short.agency.id } })).balance.toNumber()).toBe(299_999.99);
    expect((await apiClient(api, short.key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: short.code } } })).data!.status).toBe("pending_payment");
    const plain = await booked(0, false);
    expect((await apiClient(api, plain.key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: plain.code } } })).response.status).toBe(409);
  });

  it("two simultaneous requests pay once", async () => {
    const { key, agency, code } = await booked(1_000_000);
    const results = await Promise.all([1, 2, 3].map(() => apiClient(api, key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: code } } })));
    expect(results.filter((r) => r.response.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.response.status === 409)).toHaveLength(2);
    expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: agency.id } })).balance.toNumber()).toBe(700_000);
  });
});
