// A payment link for a reservation cannot outlive the reservation's payment deadline.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { pendingReservation } from "@/lib/testing/payments";

let api: TestServer;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

async function reservation(deadlineInMs: number) {
  const a = await agencyWithKey(api.db);
  const hotel = await createHotel(api.db);
  const r = await pendingReservation(api.db, { agencyId: a.agency.id, hotelId: hotel.id, paymentDeadline: new Date(Date.now() + deadlineInMs), code: `HBDL${Math.floor(Math.random() * 1e6)}` });
  const body = (hours: number) => ({ hotel_id: hotel.id, guest_name: "Laura Gómez", email: "laura@example.co", phone: "3001234567", amount: "300000", description: `Reserva ${r.code}`, available_hours: hours, agency_id: a.agency.id, reservation_code: r.code });
  return { a, r, body };
}

describe("links bounded by the reservation's payment deadline", () => {
  it("refuses a link that would expire after the deadline with a Spanish 400, and creates nothing", async () => {
    const { a, r, body } = await reservation(10 * 3_600_000 + 30 * 60_000);
    const before = await api.db.prisma.paymentLink.count({ where: { reservationId: r.id } });
    const res = await apiClient(api, a.key).POST("/v2/links/schedule", { body: body(48) });
    expect(res.response.status).toBe(400);
    expect(res.error!.detail).toMatch(/^available_hours: el enlace no puede vencer después del plazo de pago de la reserva \(\d{2}\/\d{2}\/\d{4}, .+\); use como máximo 10 horas$/);
    expect(await api.db.prisma.paymentLink.count({ where: { reservationId: r.id } })).toBe(before);
  });

  it("accepts the maximum and the link expires no later than the deadline", async () => {
    const { a, r, body } = await reservation(10 * 3_600_000 + 30 * 60_000);
    const res = await apiClient(api, a.key).POST("/v2/links/schedule", { body: body(10) });
    expect(res.response.status).toBe(200);
    const l = await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code: res.data!.code } });
    expect(l.expiresAt.getTime()).toBeLessThanOrEqual(r.paymentDeadline.getTime());
  });

  it("refuses any link when the deadline is less than an hour away", async () => {
    const { a, body } = await reservation(20 * 60_000);
    const res = await apiClient(api, a.key).POST("/v2/links/schedule", { body: body(1) });
    expect(res.response.status).toBe(400);
    expect(res.error!.detail).toMatch(/^reservation_code: el plazo de pago de la reserva HBDL\d+ vence en menos de una hora/);
  });

  it("a link without a reservation keeps its free validity", async () => {
    const { a, body } = await reservation(3_600_000 * 2);
    const { reservation_code: _, ...free } = body(72);
    void _;
    const res = await apiClient(api, a.key).POST("/v2/links/schedule", { body: free });
    expect(res.response.status).toBe(200);
  });
});
