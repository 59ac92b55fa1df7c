import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient, ok } from "@/lib/testing/client";
import { agencyWithKey, createUser } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { addDays, bogotaDate } from "@/lib/time";
import { RoomsUnavailableError } from "@/lib/gateways/channel-manager";
import { channelManager } from "@/lib/gateways";

let api: TestServer;
const operator = () => apiClient(api, OPERATOR_KEY);
let hotelA: number;
let hotelB: number;
let adminKey: string;
let agencyKey: string;
const D = addDays(bogotaDate(new Date()), 5);

async function nights(hotelId: number, roomId: string) {
  return api.db.sql.query<{ date: string; rooms: number; sold: number; stop_sell: boolean; min_stay: number }>(
    `SELECT to_char(n.date, 'YYYY-MM-DD') AS date, n.rooms, n.sold, n.stop_sell, n.min_stay
     FROM inventory_nights n JOIN room_types rt ON rt.id = n.room_type_id
     WHERE rt.hotel_id = $1 AND rt.room_id = $2 ORDER BY n.date`,
    [hotelId, roomId],
  );
}

beforeAll(async () => {
  api = await startApi();
  hotelA = (await ok(operator().POST("/v2/hotels", { body: { name: "Hotel A", city: "Girardot" } }))).id;
  hotelB = (await ok(operator().POST("/v2/hotels", { body: { name: "Hotel B", city: "Girardot" } }))).id;
  for (const h of [hotelA, hotelB]) {
    await ok(operator().POST("/v2/hotels/{id}/room-types", { params: { path: { id: h } }, body: { roomId: "DBL", roomName: "Doble", roomType: "DOUBLE", beds: 2, max_adults: 2, max_children: 1 } }));
    await ok(operator().POST("/v2/hotels/{id}/room-types", { params: { path: { id: h } }, body: { roomId: "TPL", roomName: "Triple", roomType: "TRIPLE", beds: 3, max_adults: 3, max_children: 1 } }));
    await ok(operator().POST("/v2/hotels/{id}/rate-plans", { params: { path: { id: h } }, body: { rateId: "RO", rateDescription: "Solo alojamiento", boardType: null, boardTypeDescription: "Sin comidas", refundable: "full", cancellationPolicy: "Gratis", currency: "cop" } }));
  }
  const admin = await createUser(api.db, "hotel_admin", { hotelIds: [hotelA] });
  adminKey = (await issueApiKey(api.db, { role: "hotel_admin", userId: admin.id }, new Date())).key;
  agencyKey = (await agencyWithKey(api.db)).key;
});
afterAll(async () => {
  await api?.close();
});

describe("ARI management", () => {
  it("creates hotels with a normalized city and a generated channel_manager_id; 409 on a taken one", async () => {
    const h = await ok(operator().POST("/v2/hotels", { body: { name: "Hotel C", city: "San Andrés" } }));
    expect(h).toMatchObject({ city: "SAN_ANDRES", hold_minutes: 1440, is_active: true, largest_room_beds: 0 });
    expect(h.channel_manager_id).toMatch(/^CM-/);
    const dup = await operator().POST("/v2/hotels", { body: { name: "Otro", city: "Cali", channel_manager_id: h.channel_manager_id } });
    expect(dup.response.status).toBe(409);
    const rt = await operator().POST("/v2/hotels/{id}/room-types", { params: { path: { id: hotelA } }, body: { roomId: "DBL", roomName: "x", roomType: "DOUBLE", beds: 1, max_adults: 1, max_children: 0 } });
    expect(rt.response.status).toBe(409);
    const gen = await ok(operator().POST("/v2/hotels/{id}/room-types", { params: { path: { id: h.id } }, body: { roomName: "Suite", roomType: "suite", beds: 1, max_adults: 2, max_children: 0 } }));
    expect(gen.roomType).toBe("SUITE");
    expect(gen.roomId.length).toBeGreaterThan(3);
  });

  it("the rules' refusals answer the standard body: 409 for what exists already, 404 for what does not", async () => {
    const conflict = (detail: string) => ({ code: "409", message: "Conflicto con el estado actual del recurso", detail });
    const missing = (detail: string) => ({ code: "404", message: "Recurso no encontrado", detail });
    const cm = (await ok(operator().GET("/v2/hotels/{id}", { params: { path: { id: hotelA } } }))).channel_manager_id;
    const cases: Array<[string, string, unknown, { status: number; body: unknown }]> = [
      ["POST", "/api/v2/hotels", { name: "Otro", city: "Cali", channel_manager_id: cm }, { status: 409, body: conflict(`channel_manager_id: ya existe un hotel con ${cm}`) }],
      ["PATCH", `/api/v2/hotels/${hotelB}`, { channel_manager_id: cm }, { status: 409, body: conflict(`channel_manager_id: ya existe un hotel con ${cm}`) }],
      ["POST", `/api/v2/hotels/${hotelA}/room-types`, { roomId: "DBL", roomName: "x", roomType: "DOUBLE", beds: 1, max_adults: 1, max_children: 0 }, { status: 409, body: conflict("roomId: ya existe la habitación DBL en este hotel") }],
      ["POST", `/api/v2/hotels/${hotelA}/rate-plans`, { rateId: "RO", rateDescription: "x", boardType: null, boardTypeDescription: "x", refundable: "full", cancellationPolicy: "x", currency: "COP" }, { status: 409, body: conflict("rateId: ya existe la tarifa RO en este hotel") }],
      ["GET", "/api/v2/hotels/999999", undefined, { status: 404, body: missing("El hotel 999999 no existe") }],
      ["PATCH", `/api/v2/hotels/${hotelA}/room-types/NOPE`, { beds: 1 }, { status: 404, body: missing("La habitación NOPE no existe en este hotel") }],
      ["PATCH", `/api/v2/hotels/${hotelA}/rate-plans/NOPE`, { refundable: "none" }, { status: 404, body: missing("La tarifa NOPE no existe en este hotel") }],
      // Linking to Channex while the product does not run with it (CHANNEL_MANAGER is not channex here).
      ["POST", "/api/v2/channex/properties", { property_id: "00000000-0000-4000-8000-000000000000" }, { status: 409, body: conflict("Channex no está configurado: inicie el servicio con CHANNEL_MANAGER=channex, CHANNEX_API_KEY y CHANNEX_WEBHOOK_SECRET") }],
    ];
    for (const [method, path, body, want] of cases) {
      const r = await api.call(method, path, { key: OPERATOR_KEY, body });
      expect({ status: r.status, body: r.body }, `${method} ${path}`).toEqual(want);
    }
    // Another hotel's admin is told the hotel does not exist.
    const other = await api.call("PATCH", `/api/v2/hotels/${hotelB}`, { key: adminKey, body: { name: "X" } });
    expect({ status: other.status, body: other.body }).toEqual({ status: 404, body: missing(`El hotel ${hotelB} no existe`) });
  });

  it("an Idempotency-Key on hotel creation creates it once", async () => {
    const headers = { "idempotency-key": "crear-hotel-1" };
    const body = { name: "Hotel Idempotente", city: "Girardot" };
    const first = await operator().POST("/v2/hotels", { headers: headers, body });
    const again = await operator().POST("/v2/hotels", { headers: headers, body });
    expect(first.response.status).toBe(201);
    expect(again.response.status).toBe(201);
    expect(again.data!.id).toBe(first.data!.id);
    expect(await api.db.prisma.hotel.count({ where: { name: "Hotel Idempotente" } })).toBe(1);
  });

  it("the hotel's admin manages its hotel only; agencies and hotel creation are out of reach", async () => {
    const upd = { updates: [{ roomId: "DBL", from: D, to: addDays(D, 2), rooms: 4 }] };
    const own = await apiClient(api, adminKey).PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: upd });
    expect(own.response.status).toBe(200);
    expect(own.data!.nights).toBe(3);
    expect((await apiClient(api, adminKey).PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelB } }, body: upd })).response.status).toBe(404);
    expect((await apiClient(api, agencyKey).PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: upd })).response.status).toBe(403);
    expect((await apiClient(api, adminKey).POST("/v2/hotels", { body: { name: "X", city: "Cali" } })).response.status).toBe(403);
    expect((await apiClient(api, adminKey).PATCH("/v2/hotels/{id}", { params: { path: { id: hotelB } }, body: { name: "X" } })).response.status).toBe(404);
    expect((await operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: 999999 } }, body: upd })).response.status).toBe(404);
    const list = await apiClient(api, adminKey).GET("/v2/hotels");
    expect(list.data!.map((h: { id: number }) => h.id)).toEqual([hotelA]);
  });

  it("changes only the fields sent, over inclusive date ranges", async () => {
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "TPL", from: D, to: addDays(D, 3), rooms: 6, min_stay: 2 }] } }));
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "TPL", from: addDays(D, 1), to: addDays(D, 2), stop_sell: true }] } }));
    const rows = await nights(hotelA, "TPL");
    expect(rows.map((r) => [r.date, r.rooms, r.stop_sell, r.min_stay])).toEqual([
      [D, 6, false, 2],
      [addDays(D, 1), 6, true, 2],
      [addDays(D, 2), 6, true, 2],
      [addDays(D, 3), 6, false, 2],
    ]);
    const grid = await apiClient(api, adminKey).GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA }, query: { from: D, to: addDays(D, 3) } } });
    expect(grid.response.status).toBe(200);
    expect(grid.data!.days).toHaveLength(4);
    expect(grid.data!.inventory.filter((n: { roomId: string }) => n.roomId === "TPL").map((n: { stop_sell: boolean }) => n.stop_sell)).toEqual([false, true, true, false]);
  });

  it("stores prices exactly, the per-adult one beside the general one", async () => {
    await ok(operator().PUT("/v2/hotels/{id}/rates", { params: { path: { id: hotelA } }, body: {
      updates: [
        { roomId: "DBL", rateId: "RO", from: D, to: addDays(D, 1), amountBeforeTax: "123456.78" },
        { roomId: "DBL", rateId: "RO", from: D, to: D, amountBeforeTax: 99999.99, adults: 1 },
      ],
    } }));
    const rows = await api.db.sql.query<{ adults: number; amount: string }>(
      `SELECT r.adults, r.amount_before_tax::text AS amount FROM rate_nights r JOIN room_types rt ON rt.id = r.room_type_id
       WHERE rt.hotel_id = $1 AND r.date = $2::date ORDER BY r.adults`,
      [hotelA, D],
    );
    expect(rows).toEqual([
      { adults: 0, amount: "123456.78" },
      { adults: 1, amount: "99999.99" },
    ]);
  });

  it("400 naming the field for bad updates, and nothing changes", async () => {
    const before = await nights(hotelA, "DBL");
    const cases: Array<[string, unknown, string]> = [
      ["inventory", { updates: [{ roomId: "NOPE", from: D, to: D, rooms: 1 }] }, "updates.0.roomId"],
      ["inventory", { updates: [{ roomId: "DBL", from: D, to: D, rooms: 1 }, { roomId: "DBL", from: addDays(D, 2), to: D, rooms: 1 }] }, "updates.1.to"],
      ["inventory", { updates: [{ roomId: "DBL", from: D, to: D, rooms: -1 }] }, "updates.0.rooms"],
      ["inventory", { updates: [{ roomId: "DBL", from: D, to: D, min_stay: 0 }] }, "updates.0.min_stay"],
      ["inventory", { updates: [{ roomId: "DBL", from: "2026-02-30", to: D, rooms: 1 }] }, "updates.0.from"],
      ["inventory", { updates: [] }, "updates"],
      ["rates", { updates: [{ roomId: "DBL", rateId: "RO", from: D, to: D, amountBeforeTax: 10.123 }] }, "updates.0.amountBeforeTax"],
      ["rates", { updates: [{ roomId: "DBL", rateId: "RO", from: D, to: D, amountBeforeTax: -5 }] }, "updates.0.amountBeforeTax"],
      ["rates", { updates: [{ roomId: "DBL", rateId: "NOPE", from: D, to: D, amountBeforeTax: 5 }] }, "updates.0.rateId"],
    ];
    for (const [what, body, field] of cases) {
      const res = await api.call("PUT", `/api/v2/hotels/${hotelA}/${what}`, { key: OPERATOR_KEY, body });
      expect(res.status, field).toBe(400);
      expect(res.body.detail, field).toContain(`${field}:`);
    }
    expect(await nights(hotelA, "DBL")).toEqual(before);
  });
});

describe("holds (built-in channel manager)", () => {
  const cm = () => channelManager(api.db);
  let keys = 0;
  const key = () => `ari_hold_${++keys}`;
  const stay = (hotelId: number, rooms: Array<{ roomId: string; quantity: number }>, checkin = D, n = 3) => ({ hotelId, checkin, nights: n, rooms });

  it("racing holds for the last rooms: exactly the rooms there are get sold, never more", async () => {
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelB } }, body: {
      updates: [
        { roomId: "DBL", from: D, to: addDays(D, 2), rooms: 5 },
        { roomId: "DBL", from: addDays(D, 1), to: addDays(D, 1), rooms: 3 },
      ],
    } }));
    const attempts = 12;
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, () => cm().hold({ key: key(), holds: [stay(hotelB, [{ roomId: "DBL", quantity: 1 }])] })),
    );
    const won = results.filter((r) => r.status === "fulfilled").length;
    const lost = results.filter((r) => r.status === "rejected" && r.reason instanceof RoomsUnavailableError).length;
    expect(won).toBe(3);
    expect(lost).toBe(attempts - 3);
    // The losers rolled back the nights they had touched: 3 sold on every night, none beyond.
    expect((await nights(hotelB, "DBL")).map((r) => r.sold)).toEqual([3, 3, 3]);
  });

  it("more racing holds than rooms: the room type then disappears from search", async () => {
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelB } }, body: { updates: [{ roomId: "TPL", from: D, to: addDays(D, 1), rooms: 2 }] } }));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => cm().hold({ key: key(), holds: [stay(hotelB, [{ roomId: "TPL", quantity: 1 }], D, 2)] })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const search = await apiClient(api, agencyKey).GET("/v2/bookings/availability", { params: { query: { hotel_id: hotelB, checkin: D, nights: 2, adults: 2 } } });
    expect(search.response.status).toBe(200);
    expect(search.data!.available_rooms.find((r: { roomId: string }) => r.roomId === "TPL")).toBeUndefined();
  });

  it("all or nothing: one room type short rolls back the others; release gives rooms back", async () => {
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "DBL", from: D, to: addDays(D, 2), rooms: 4 }, { roomId: "TPL", from: D, to: addDays(D, 3), stop_sell: false, min_stay: 1 }] } }));
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "TPL", from: addDays(D, 2), to: addDays(D, 2), rooms: 0 }] } }));
    const before = (await nights(hotelA, "DBL")).map((r) => r.sold);
    const err = (await cm()
      .hold({ key: key(), holds: [stay(hotelA, [{ roomId: "DBL", quantity: 2 }, { roomId: "TPL", quantity: 1 }, { roomId: "GHOST", quantity: 1 }])] })
      .catch((e: unknown) => e)) as RoomsUnavailableError;
    expect(err).toBeInstanceOf(RoomsUnavailableError);
    expect([...err.roomIds].sort()).toEqual(["GHOST", "TPL"]);
    expect((await nights(hotelA, "DBL")).map((r) => r.sold)).toEqual(before);

    const both = key();
    await cm().hold({ key: both, holds: [stay(hotelA, [{ roomId: "DBL", quantity: 1 }, { roomId: "DBL", quantity: 1 }])] });
    expect((await nights(hotelA, "DBL")).map((r) => r.sold)).toEqual(before.map((s) => s + 2));
    await cm().release(both);
    expect((await nights(hotelA, "DBL")).map((r) => r.sold)).toEqual(before);
  });

  it("a hold respects stop-sell and the arrival night's minimum stay", async () => {
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "DBL", from: D, to: D, min_stay: 5 }] } }));
    await expect(cm().hold({ key: key(), holds: [stay(hotelA, [{ roomId: "DBL", quantity: 1 }])] })).rejects.toBeInstanceOf(RoomsUnavailableError);
    await ok(operator().PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelA } }, body: { updates: [{ roomId: "DBL", from: D, to: D, min_stay: 1 }, { roomId: "DBL", from: addDays(D, 1), to: addDays(D, 1), stop_sell: true }] } }));
    await expect(cm().hold({ key: key(), holds: [stay(hotelA, [{ roomId: "DBL", quantity: 1 }])] })).rejects.toBeInstanceOf(RoomsUnavailableError);
  });
});
