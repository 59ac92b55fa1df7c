// GET /api/v2/reports/summary against figures known in advance, per role, with its validation and scoping.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createUser } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { sellableHotel } from "@/lib/testing/booking-fixtures";
import { booking, payment } from "./fixtures";

let api: TestServer;
let A: Awaited<ReturnType<typeof sellableHotel>>;
let B: Awaited<ReturnType<typeof sellableHotel>>;
let ag1: Awaited<ReturnType<typeof agencyWithKey>>;
let ag2: Awaited<ReturnType<typeof agencyWithKey>>;
let adminKey: string;
const at = (s: string) => new Date(s);
const range = { from: "2030-01-01", to: "2030-01-05" };

beforeAll(async () => {
  api = await startApi();
  A = await sellableHotel(api.db, { from: "2030-01-01", nights: 10, rooms: 4, price: 100_000 });
  B = await sellableHotel(api.db, { from: "2030-01-01", nights: 10, rooms: 6, price: 100_000 });
  ag1 = await agencyWithKey(api.db);
  ag2 = await agencyWithKey(api.db);
  const admin = await createUser(api.db, "hotel_admin", { hotelIds: [A.hotel.id] });
  adminKey = (await issueApiKey(api.db, { role: "hotel_admin", userId: admin.id }, new Date())).key;
  const inA = (agencyId: number) => ({ agencyId, hotelId: A.hotel.id, roomTypeId: A.room.id, ratePlanId: A.rate.id });
  const inB = (agencyId: number) => ({ agencyId, hotelId: B.hotel.id, roomTypeId: B.room.id, ratePlanId: B.rate.id });
  // Hotel A: 2 rooms x 2 nights confirmed by agency 1 (400.000), one night by agency 2 (150.000,50).
  const r1 = await booking(api.db, { ...inA(ag1.agency.id), checkin: "2030-01-02", nights: 2, nightly: 100_000, quantity: 2, createdAt: at("2030-01-01T15:00:00Z") });
  await booking(api.db, { ...inA(ag2.agency.id), checkin: "2030-01-05", nights: 2, nightly: 150_000.5, createdAt: at("2030-01-01T16:00:00Z"), at: at("2030-01-02T16:00:00Z") });
  // Not sold: pending, expired and cancelled ones hold no room night in the report.
  await booking(api.db, { ...inA(ag1.agency.id), checkin: "2030-01-03", nights: 1, nightly: 100_000, status: "pending_payment", createdAt: at("2030-01-03T15:00:00Z") });
  await booking(api.db, { ...inA(ag1.agency.id), checkin: "2030-01-03", nights: 1, nightly: 100_000, status: "expired", createdAt: at("2029-12-30T15:00:00Z"), at: at("2030-01-02T15:00:00Z") });
  await booking(api.db, { ...inA(ag2.agency.id), checkin: "2030-01-04", nights: 1, nightly: 100_000, status: "cancelled", createdAt: at("2030-01-03T15:00:00Z"), at: at("2030-01-04T15:00:00Z") });
  // Hotel B: agency 1, one room 3 nights.
  await booking(api.db, { ...inB(ag1.agency.id), checkin: "2030-01-01", nights: 3, nightly: 80_000, createdAt: at("2029-12-31T15:00:00Z"), at: at("2029-12-31T15:00:00Z") });
  // Payments: 23:00 in Bogotá on 2 January is 04:00 UTC on the 3rd: it counts on the 2nd.
  await payment(api.db, { agencyId: ag1.agency.id, hotelId: A.hotel.id, method: "card", amount: 400_000, at: at("2030-01-02T15:00:00Z"), reservationId: r1.id });
  await payment(api.db, { agencyId: ag2.agency.id, hotelId: A.hotel.id, method: "cash", amount: 50_000.25, at: at("2030-01-03T04:00:00Z") });
  await payment(api.db, { agencyId: ag1.agency.id, hotelId: A.hotel.id, method: "card", amount: 999_999, status: "rejected", at: at("2030-01-02T15:00:00Z") });
  await payment(api.db, { agencyId: ag1.agency.id, hotelId: A.hotel.id, method: "balance", amount: 10_000, at: at("2030-01-06T06:00:00Z") }); // after the range
  await payment(api.db, { agencyId: ag1.agency.id, hotelId: B.hotel.id, method: "bank_transfer", amount: 240_000, at: at("2030-01-01T12:00:00Z") });
});
afterAll(async () => {
  await api?.close();
});

describe("GET /v2/reports/summary", () => {
  it("hotel admin: their hotels, from the inventory, confirmed nights and approved payments", async () => {
    const r = await apiClient(api, adminKey).GET("/v2/reports/summary", { params: { query: range } });
    expect(r.response.status).toBe(200);
    expect(r.data).toEqual({
      from: "2030-01-01",
      to: "2030-01-05",
      room_nights_available: 20,
      room_nights_sold: 5,
      occupancy: 0.25,
      adr: 110_000.1, // (400.000 + 150.000,50) / 5
      revpar: 27_500.03, // 550.000,50 / 20
      revenue: { total: 450_000.25, by_method: { card: 400_000, cash: 50_000.25, bank_transfer: 0, balance: 0, nequi: 0 } },
      refunds_total: 0,
      reservations: { created: 4, confirmed: 2, expired: 1, cancelled: 1 },
      daily: [
        { date: "2030-01-01", room_nights_sold: 0, occupancy: 0, revenue: 0 },
        { date: "2030-01-02", room_nights_sold: 2, occupancy: 0.5, revenue: 450_000.25 },
        { date: "2030-01-03", room_nights_sold: 2, occupancy: 0.5, revenue: 0 },
        { date: "2030-01-04", room_nights_sold: 0, occupancy: 0, revenue: 0 },
        { date: "2030-01-05", room_nights_sold: 1, occupancy: 0.25, revenue: 0 },
      ],
    });
    // The daily figures add up to the totals.
    expect(r.data!.daily.reduce((s, d) => s + d.revenue, 0)).toBeCloseTo(r.data!.revenue.total, 2);
    expect(r.data!.daily.reduce((s, d) => s + d.room_nights_sold, 0)).toBe(r.data!.room_nights_sold);
    const same = await apiClient(api, adminKey).GET("/v2/reports/summary", { params: { query: { ...range, hotel_id: A.hotel.id } } });
    expect(same.data).toEqual(r.data);
  });

  it("another hotel is 404 to a hotel admin; the operator sees every hotel or one", async () => {
    expect((await apiClient(api, adminKey).GET("/v2/reports/summary", { params: { query: { ...range, hotel_id: B.hotel.id } } })).response.status).toBe(404);
    const one = await apiClient(api, OPERATOR_KEY).GET("/v2/reports/summary", { params: { query: { ...range, hotel_id: A.hotel.id } } });
    expect(one.data!.room_nights_sold).toBe(5);
    const all = await apiClient(api, OPERATOR_KEY).GET("/v2/reports/summary", { params: { query: range } });
    expect(all.response.status).toBe(200);
    expect(all.data).toMatchObject({ room_nights_available: 50, room_nights_sold: 8, occupancy: 0.16, revenue: { total: 690_000.25, by_method: { bank_transfer: 240_000 } } });
    expect(all.data!.reservations.created).toBe(4);
    expect((await apiClient(api, OPERATOR_KEY).GET("/v2/reports/summary", { params: { query: { ...range, hotel_id: 999999 } } })).response.status).toBe(404);
  });

  it("agency: its own reservations and payments, without occupancy fields", async () => {
    const r = await apiClient(api, ag1.key).GET("/v2/reports/summary", { params: { query: range } });
    expect(r.response.status).toBe(200);
    for (const k of ["room_nights_available", "occupancy", "revpar"]) expect(r.data).not.toHaveProperty(k);
    expect(r.data!.daily[0]).not.toHaveProperty("occupancy");
    expect(r.data).toMatchObject({
      room_nights_sold: 7, // 4 in A + 3 in B
      adr: 91_428.57, // (400.000 + 240.000) / 7
      revenue: { total: 640_000, by_method: { card: 400_000, cash: 0, bank_transfer: 240_000, balance: 0 } },
      reservations: { created: 2, confirmed: 1, expired: 1, cancelled: 0 },
    });
    const inA = await apiClient(api, ag2.key).GET("/v2/reports/summary", { params: { query: { ...range, hotel_id: A.hotel.id } } });
    expect(inA.data).toMatchObject({ room_nights_sold: 1, revenue: { total: 50_000.25 }, reservations: { created: 2, cancelled: 1 } });
  });

  it("validates the range with 400 and a Spanish message", async () => {
    const invalid = [
      { from: "2030-02-30", to: "2030-03-01" },
      { from: "2030-01-05", to: "2030-01-01" },
      { from: "2030-01-01", to: "2031-06-01" },
    ];
    for (const query of invalid) {
      const r = await apiClient(api, OPERATOR_KEY).GET("/v2/reports/summary", { params: { query } });
      expect(r.response.status, JSON.stringify(query)).toBe(400);
      expect(r.error!.code).toBe("400");
      expect(r.error!.detail).toMatch(/(from|to|hotel_id): /);
    }
    // Missing dates and a hotel_id that is not a number do not compile with the typed client.
    for (const q of ["", "from=2030-01-01", "to=2030-01-05", "from=2030-01-01&to=2030-01-05&hotel_id=x"]) {
      const r = await api.call("GET", `/api/v2/reports/summary?${q}`, { key: OPERATOR_KEY });
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe("400");
      expect(r.body.detail).toMatch(/(from|to|hotel_id): /);
    }
    expect((await apiClient(api).GET("/v2/reports/summary", { params: { query: range } })).response.status).toBe(401);
  });

  it("counts the refunds recorded in the range, scoped like the payments", async () => {
    const [pay] = await api.db.sql.query<{ id: string }>(`SELECT id FROM payment_transactions WHERE hotel_id = $1 AND method = 'card' AND status = 'approved'`, [A.hotel.id]);
    await api.db.sql.query(
      `INSERT INTO payment_refunds (id, payment_id, amount, status, voucher_code, created_at) VALUES
         ('rf_r1', $1, 100000.5, 'succeeded', 'vc_r1', '2030-01-04T15:00:00Z'),
         ('rf_r2', $1, 5, 'pending', 'vc_r2', '2030-01-05T15:00:00Z'),
         ('rf_r3', $1, 7, 'succeeded', 'vc_r3', '2030-02-04T15:00:00Z')`,
      [pay.id],
    );
    try {
      expect((await apiClient(api, adminKey).GET("/v2/reports/summary", { params: { query: range } })).data!.refunds_total).toBe(100_005.5);
      expect((await apiClient(api, ag2.key).GET("/v2/reports/summary", { params: { query: range } })).data!.refunds_total).toBe(0);
    } finally {
      await api.db.sql.exec(`DELETE FROM payment_refunds WHERE id LIKE 'rf_r%'`);
    }
  });

  it("compare=previous adds the previous period of the same length, with the same figures as asking for it", async () => {
    const r = await apiClient(api, OPERATOR_KEY).GET("/v2/reports/summary", { params: { query: { ...range, compare: "previous" } } });
    expect(r.response.status).toBe(200);
    // Five days, 1-5 January 2030: the previous period is 27-31 December 2029.
    expect(r.data!.previous).toMatchObject({ from: "2029-12-27", to: "2029-12-31", room_nights_sold: 0, revenue: { total: 0 } });
    // Created in the previous period: the expired one in A (30 Dec) and B's (31 Dec, confirmed that day).
    expect(r.data!.previous!.reservations).toEqual({ created: 2, confirmed: 1, expired: 0, cancelled: 0 });
    expect(r.data!.previous).not.toHaveProperty("daily");
    const asked = await apiClient(api, OPERATOR_KEY).GET("/v2/reports/summary", { params: { query: { from: "2029-12-27", to: "2029-12-31" } } });
    const { daily, ...period } = asked.data!;
    expect(daily).toHaveLength(5);
    expect(r.data!.previous).toEqual(period);
    // The current figures are unchanged by the comparison.
    const { previous, ...current } = r.data!;
    expect(previous).toBeDefined();
    expect(current).toEqual((await apiClient(api, OPERATOR_KEY).GET("/v2/reports/summary", { params: { query: range } })).data);
    // An agency's previous period omits the occupancy fields too.
    const ag = await apiClient(api, ag1.key).GET("/v2/reports/summary", { params: { query: { ...range, compare: "previous" } } });
    for (const k of ["room_nights_available", "occupancy", "revpar"]) expect(ag.data!.previous).not.toHaveProperty(k);
    expect(ag.data!.previous!.reservations).toEqual({ created: 2, confirmed: 1, expired: 0, cancelled: 0 });
    const bad = await api.call("GET", `/api/v2/reports/summary?from=2030-01-01&to=2030-01-05&compare=next`, { key: OPERATOR_KEY });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^compare: /);
  });

  it("format=csv: the comparison table for Excel es-CO (BOM, ;, decimal comma, dd/mm/aaaa, Spanish names)", async () => {
    const r = await apiClient(api, adminKey).GET("/v2/reports/summary", { params: { query: { ...range, hotel_id: A.hotel.id, format: "csv" } }, parseAs: "arrayBuffer" });
    expect(r.response.status).toBe(200);
    expect(r.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.response.headers.get("content-disposition")).toBe('attachment; filename="reporte-2030-01-01-a-2030-01-05.csv"');
    const bytes = new Uint8Array(r.data!);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    const rows = new Map(lines.slice(1, -1).map((l) => [l.split(";")[0], l.split(";").slice(1)]));
    expect(lines[0]).toBe("Indicador;Periodo;Periodo anterior;Variación %");
    expect(rows.get("Desde")).toEqual(["01/01/2030", "27/12/2029", ""]);
    expect(rows.get("Hasta")).toEqual(["05/01/2030", "31/12/2029", ""]);
    expect(rows.get("Hotel")).toEqual([A.hotel.name, A.hotel.name, ""]);
    // Occupancy 25 % against nothing loaded before: no base for a change.
    expect(rows.get("Ocupación (%)")).toEqual(["25", "0", ""]);
    expect(rows.get("Habitaciones-noche vendidas")).toEqual(["5", "0", ""]);
    expect(rows.get("Tarifa media (ADR)")).toEqual(["110000,1", "0", ""]);
    expect(rows.get("Cobrado en efectivo")).toEqual(["50000,25", "0", ""]);
    expect(rows.get("Ingresos cobrados")).toEqual(["450000,25", "0", ""]);
    // Four created against one in 27-31 December (the expired one): +300 %.
    expect(rows.get("Reservas creadas")).toEqual(["4", "1", "300"]);
    expect(rows.get("Reservas canceladas")).toEqual(["1", "0", ""]);
    expect(rows.get("Reembolsos")).toEqual(["0", "0", "0"]);
    // The agency's export has no occupancy rows; the range is validated like the JSON answer.
    const ag = await api.call("GET", `/api/v2/reports/summary?from=2030-01-01&to=2030-01-05&format=csv`, { key: ag1.key });
    expect(ag.status).toBe(200);
    expect(ag.text).not.toMatch(/Ocupación|RevPAR|disponibles/);
    expect(ag.text).toMatch(/\r\nHotel;Todos los hoteles;Todos los hoteles;\r\n/);
    const bad = await api.call("GET", `/api/v2/reports/summary?from=2030-01-05&to=2030-01-01&format=csv`, { key: OPERATOR_KEY });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("to: debe ser igual o posterior a from");
  });

  it("GET /v2/reports/hotels: the operator any active hotel, a hotel admin theirs, an agency those it booked", async () => {
    const ids = async (key: string) => ((await apiClient(api, key).GET("/v2/reports/hotels")).data!.data.map((h) => h.id));
    const all = await ids(OPERATOR_KEY);
    expect(all).toEqual(expect.arrayContaining([A.hotel.id, B.hotel.id]));
    expect(await ids(adminKey)).toEqual([A.hotel.id]);
    expect((await ids(ag1.key)).sort()).toEqual([A.hotel.id, B.hotel.id].sort());
    expect(await ids(ag2.key)).toEqual([A.hotel.id]);
    const fresh = await agencyWithKey(api.db);
    expect(await ids(fresh.key)).toEqual([]);
    expect((await apiClient(api).GET("/v2/reports/hotels")).response.status).toBe(401);
  });
});
