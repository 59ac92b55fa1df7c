// An external channel manager (faked over HTTP, inventory in memory) through HttpChannelManager: the same
// contract as the built-in one, then what only a remote system can do to us (failures, lost releases,
// crashes between hold and write) and the whole booking path with CHANNEL_MANAGER_URL set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testTarget } from "@/lib/testing/db";
import { startFakeChannelManager, type FakeChannelManager } from "@/lib/testing/fake-channel-manager";
import { startApi } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { BOOKING_CODE, reservationBody } from "@/lib/testing/booking-fixtures";
import type { Database } from "@/lib/db/open";
import { addDays, bogotaDate } from "@/lib/time";
import { describeChannelManagerContract } from "./channel-manager.contract";
import { HttpChannelManager } from "./http-channel-manager";
import { ChannelManagerUnavailableError, HoldKeyConflictError, type HoldRequest } from "./channel-manager";
import { holdThenWrite, markReleasing, finishRelease, sweepChannelHolds, ORPHAN_AFTER_MS } from "./channel-holds";

const checkin = addDays(bogotaDate(new Date()), 10);
let nextHotel = 1000;

describeChannelManagerContract(`HTTP client against a fake external one (ledger on ${testTarget()})`, async () => {
  const database = await openTestDatabase();
  const fake = await startFakeChannelManager();
  return {
    cm: new HttpChannelManager({ baseUrl: fake.url, backoffMs: 1 }),
    database,
    async stock(rooms) {
      const hotelId = ++nextHotel;
      fake.addHotel({ id: hotelId, roomId: "DBL", checkin, nights: 3, rooms });
      return { hotelId, roomId: "DBL", checkin, nights: 3 };
    },
    close: async () => {
      await fake.close();
      await database.close();
    },
  };
});

describe("HTTP channel manager: failures and recovery", () => {
  let database: Database;
  let fake: FakeChannelManager;
  let cm: HttpChannelManager;
  beforeAll(async () => {
    database = await openTestDatabase();
    fake = await startFakeChannelManager();
    cm = new HttpChannelManager({ baseUrl: fake.url, token: "cm-token", backoffMs: 1 });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.close();
  });

  let n = 0;
  const stock = (rooms: number) => {
    const hotelId = ++nextHotel;
    fake.addHotel({ id: hotelId, roomId: "DBL", checkin, nights: 2, rooms });
    const holds: HoldRequest[] = [{ hotelId, checkin, nights: 2, rooms: [{ roomId: "DBL", quantity: 1 }] }];
    return { hotelId, holds, key: `http_${++n}`, sold: () => fake.sold(hotelId, "DBL", checkin) };
  };
  const state = async (key: string) => (await database.prisma.channelHold.findUnique({ where: { key } }))?.state;

  it("retries a hold through 5xx answers with the same key: held once, with the configured token", async () => {
    const s = stock(2);
    fake.failNext(`PUT /holds/${s.key}`, 2);
    await cm.hold({ key: s.key, holds: s.holds });
    expect(fake.calls.filter((c) => c === `PUT /holds/${s.key}`)).toHaveLength(3);
    expect(s.sold()).toBe(1);
    expect(fake.lastAuthorization).toBe("Bearer cm-token");
  });

  it("a hold that never gets an answer is compensated: released by key, nothing stays held, nothing written", async () => {
    const s = stock(2);
    fake.failNext(`PUT /holds/${s.key}`, 3);
    let wrote = false;
    const attempt = holdThenWrite(database, cm, { key: s.key, hotelId: s.hotelId, holds: s.holds, now: new Date() }, async () => {
      wrote = true;
    });
    await expect(attempt).rejects.toBeInstanceOf(ChannelManagerUnavailableError);
    expect(wrote).toBe(false);
    expect(fake.calls).toContain(`DELETE /holds/${s.key}`);
    expect(await state(s.key)).toBe("released");
    // The hold the channel manager never answered cannot land later: its key is released.
    await expect(cm.hold({ key: s.key, holds: s.holds })).rejects.toThrow(/liberada/);
    expect(s.sold()).toBe(0);
  });

  it("write failed and the compensating release failed too: the job releases it once the channel manager answers", async () => {
    const s = stock(2);
    fake.failNext(`DELETE /holds/${s.key}`, 3);
    const now = new Date();
    await expect(
      holdThenWrite(database, cm, { key: s.key, hotelId: s.hotelId, holds: s.holds, now }, async () => {
        throw new Error("write failed");
      }),
    ).rejects.toThrow("write failed");
    expect(s.sold()).toBe(1);
    const row = await database.prisma.channelHold.findUniqueOrThrow({ where: { key: s.key } });
    expect(row.state).toBe("releasing");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ChannelManagerUnavailableError/);
    expect(await sweepChannelHolds(database, cm, now)).toBeGreaterThanOrEqual(1);
    expect(s.sold()).toBe(0);
    expect(await state(s.key)).toBe("released");
  });

  it("crash between hold and write (ledger left holding): the job releases the orphan after ORPHAN_AFTER_MS, not before", async () => {
    const s = stock(2);
    const now = new Date();
    // What a process that died right after the hold leaves behind.
    await database.prisma.channelHold.create({ data: { key: s.key, hotelId: s.hotelId, state: "holding", createdAt: now, updatedAt: now } });
    await cm.hold({ key: s.key, holds: s.holds });
    await sweepChannelHolds(database, cm, new Date(now.getTime() + ORPHAN_AFTER_MS - 1000));
    expect(s.sold()).toBe(1);
    expect(await state(s.key)).toBe("holding");
    await sweepChannelHolds(database, cm, new Date(now.getTime() + ORPHAN_AFTER_MS));
    expect(s.sold()).toBe(0);
    expect(await state(s.key)).toBe("released");
  });

  it("the job takes the hold for an orphan while the write is still running: the write is undone, the hold released, a HoldKeyConflictError (409) and not a 500", async () => {
    const s = stock(2);
    const now = new Date();
    let wrote = false;
    const attempt = holdThenWrite(database, cm, { key: s.key, hotelId: s.hotelId, holds: s.holds, now }, async (tx) => {
      // A slow request: the job has taken the hold for an orphan (its first step, `releasing`) before the record's claim.
      await tx.query(`UPDATE channel_holds SET state = 'releasing' WHERE key = $1`, [s.key]);
      wrote = true;
    });
    await expect(attempt).rejects.toBeInstanceOf(HoldKeyConflictError);
    expect(wrote).toBe(true);
    expect(s.sold()).toBe(0);
    expect(await state(s.key)).toBe("released");
  });

  it("reservation committed, release on cancel failed: left releasing, finished by the job; a repeated release is harmless", async () => {
    const s = stock(2);
    const now = new Date();
    await holdThenWrite(database, cm, { key: s.key, hotelId: s.hotelId, holds: s.holds, now }, async () => undefined);
    expect(await state(s.key)).toBe("held");
    await database.prisma.$transaction((tx) => markReleasing(tx, { key: s.key, hotelId: s.hotelId, now }));
    fake.failNext(`DELETE /holds/${s.key}`, 3);
    expect(await finishRelease(database, cm, s.key, now)).toBe(false);
    expect(s.sold()).toBe(1);
    expect(await state(s.key)).toBe("releasing");
    await sweepChannelHolds(database, cm, now);
    await finishRelease(database, cm, s.key, now);
    expect(s.sold()).toBe(0);
    expect(await state(s.key)).toBe("released");
  });
});

describe("the booking path with CHANNEL_MANAGER_URL set", () => {
  let api: TestServer;
  let fake: FakeChannelManager;
  beforeAll(async () => {
    fake = await startFakeChannelManager();
    process.env.CHANNEL_MANAGER_URL = fake.url;
    api = await startApi();
  });
  /** A hotel whose catalogue (room type DBL, rate plan RO) is ours and whose inventory (1 room) lives in the fake. */
  async function externalHotel(nights: number, price?: string) {
    const hotel = await createHotel(api.db, { city: "CARTAGENA" });
    const room = await api.db.prisma.roomType.create({ data: { hotelId: hotel.id, roomId: "DBL", roomName: "Doble", roomType: "DOUBLE", beds: 2, maxAdults: 2, maxChildren: 1 } });
    const rate = await api.db.prisma.ratePlan.create({
      data: { hotelId: hotel.id, rateId: "RO", rateDescription: "Solo alojamiento", boardTypeDescription: "Sin comidas", refundable: "full", cancellationPolicy: "Gratis" },
    });
    fake.addHotel({ id: hotel.id, roomId: "DBL", checkin, nights, rooms: 1, price });
    return { hotel, room, rate };
  }
  afterAll(async () => {
    delete process.env.CHANNEL_MANAGER_URL;
    await api?.close();
    await fake?.close();
  });

  it("books, holds in the external channel manager under the reservation id, and cancel releases it there", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, room, rate } = await externalHotel(2, "120000.00");
    const stay = { checkin, checkout: addDays(checkin, 2), nights: 2 };

    const booked = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(room, rate, stay) });
    expect(booked.status).toBe(200);
    expect(booked.body.chatbot_id).toMatch(BOOKING_CODE);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { code: booked.body.chatbot_id } });
    expect(r.amount.toNumber()).toBe(240_000);
    expect(fake.calls).toContain(`PUT /holds/${r.id}`);
    expect(fake.sold(hotel.id, "DBL", checkin)).toBe(1);
    // Our own inventory tables were not touched: there are none for this hotel.
    expect(await api.db.prisma.inventoryNight.count({ where: { roomTypeId: room.id } })).toBe(0);

    const second = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(room, rate, stay) });
    expect(second.status).toBe(200);
    expect(second.body.no_available_rooms).toEqual([{ room: "DBL", product: "RO" }]);

    const cancelled = await api.call("POST", `/api/v2/bookings/chatbot/${r.code}/cancel`, { key });
    expect(cancelled.status).toBe(200);
    expect(fake.calls).toContain(`DELETE /holds/${r.id}`);
    expect(fake.sold(hotel.id, "DBL", checkin)).toBe(0);
    expect((await api.db.prisma.channelHold.findUniqueOrThrow({ where: { key: r.id } })).state).toBe("released");
  });

  it("4.4 while the channel manager is down: the change stands (200); the channel-guests job sends the latest data, once", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, room, rate } = await externalHotel(1);
    const booked = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(room, rate, { checkin, checkout: addDays(checkin, 1), nights: 1 }) });
    const code = booked.body.chatbot_id as string;

    // Up: sent at once, all of the guest's data, version 1.
    expect((await api.call("PUT", `/api/v2/bookings/chatbot/${code}`, { key, body: { reservation: { email: "nuevo@example.co" } } })).status).toBe(200);
    expect(fake.guest(code)).toMatchObject({ version: 1, guest: { email: "nuevo@example.co", firstName: expect.any(String), lastName: expect.any(String), telephone: expect.any(String) } });

    // Down for two changes (3 attempts each): both answer 200 and both stand in our reservation.
    fake.failNext(`PUT /bookings/${code}/guest`, 6);
    expect((await api.call("PUT", `/api/v2/bookings/chatbot/${code}`, { key, body: { reservation: { firstName: "Mariana" } } })).status).toBe(200);
    expect((await api.call("PUT", `/api/v2/bookings/chatbot/${code}`, { key, body: { reservation: { telephone: "573009998877" } } })).status).toBe(200);
    expect(fake.guest(code)?.version).toBe(1);
    const owed = await api.db.prisma.channelGuestSync.findUniqueOrThrow({ where: { bookingCode: code } });
    expect([owed.version, owed.sentVersion, owed.attempts]).toEqual([3, 1, 2]);
    expect(owed.lastError).toMatch(/ChannelManagerUnavailableError/);

    // Back up: the job sends the latest full data once (version 3), and has nothing more to send.
    const sends = () => fake.calls.filter((c) => c === `PUT /bookings/${code}/guest`).length;
    const before = sends();
    const run = await api.call("POST", "/api/cron/channel-guests", { headers: { authorization: `Bearer ${process.env.CRON_SECRET}` } });
    expect(run.status).toBe(200);
    expect(sends()).toBe(before + 1);
    expect(fake.guest(code)).toMatchObject({ version: 3, guest: { email: "nuevo@example.co", firstName: "Mariana", telephone: "573009998877" } });
    expect(await api.db.prisma.channelGuestSync.findUniqueOrThrow({ where: { bookingCode: code } })).toMatchObject({ version: 3, sentVersion: 3, lastError: null });
    await api.call("POST", "/api/cron/channel-guests", { headers: { authorization: `Bearer ${process.env.CRON_SECRET}` } });
    expect(sends()).toBe(before + 1);
  });

  it("a booking whose hold key was released meanwhile (the channel-holds job took it for an orphan) is a 409 asking to retry; nothing is held or written", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, room, rate } = await externalHotel(1);
    fake.failNext("PUT /holds/", 1, { status: 409, body: { error: "released" } });
    const r = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(room, rate, { checkin, checkout: addDays(checkin, 1), nights: 1 }) });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "La reserva no pudo registrarse; intente de nuevo" });
    expect(await api.db.prisma.reservation.count({ where: { hotelId: hotel.id } })).toBe(0);
    expect(fake.sold(hotel.id, "DBL", checkin)).toBe(0);
  });

  it("a channel manager that does not answer is a 503 in the standard body, not a 500", async () => {
    const { key } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, { city: "CARTAGENA" });
    const room = { roomId: "DBL" };
    fake.failNext("POST /search", 3);
    const r = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key, body: reservationBody(room, { rateId: "RO" }, { checkin, checkout: addDays(checkin, 1), nights: 1 }) });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: "503", message: "Servicio no disponible" });
    expect(r.body.detail).toMatch(/gestor de canales/);
  });
});
