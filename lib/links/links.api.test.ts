import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import type { paths } from "@/lib/client/schema";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";

let api: TestServer;
const cron = () => apiClient(api, undefined, { authorization: "Bearer test-cron-secret" });
type NewLink = paths["/v2/links/schedule"]["post"]["requestBody"]["content"]["application/json"];
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

async function setup() {
  const a = await agencyWithKey(api.db);
  const hotel = await createHotel(api.db, { name: "Hotel Caribe Azul" });
  const body = {
    hotel_id: hotel.id,
    guest_name: "Laura Gómez",
    email: "laura@example.co",
    phone: "+57 300 123 4567",
    amount: "350000.50",
    booking_dates: "2026-12-10 - 2026-12-12",
    description: "Reserva HB7K3Q9XWD, 2 noches",
    available_hours: 24,
    source: "whatsapp",
    external_ref_id: "crm-991",
    temp_webhook_url: "http://127.0.0.1:9/hook",
    redirect: { success_url: "https://agencia.example/ok", failure_url: "https://agencia.example/fallo" },
    agency_id: a.agency.id,
  };
  return { ...a, hotel, body };
}

describe("4.5 create payment link", () => {
  it("creates an unguessable link and answers {msg, url, code}", async () => {
    const { key, body, hotel } = await setup();
    const res = await apiClient(api, key).POST("/v2/links/schedule", { body });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ msg: expect.any(String), url: `http://localhost:3000/pay/${res.data!.code}`, code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    const got = await apiClient(api, key).GET("/v2/links/{code}", { params: { path: { code: res.data!.code } } });
    expect(got.response.status).toBe(200);
    expect(got.data).toMatchObject({
      status: "active",
      hotel_id: hotel.id,
      hotel_name: "Hotel Caribe Azul",
      amount: 350000.5,
      booking_dates: "2026-12-10 - 2026-12-12",
      external_ref_id: "crm-991",
      redirect: { success_url: "https://agencia.example/ok", failure_url: "https://agencia.example/fallo" },
      attempts: [],
    });
  });

  const invalid: Array<[string, Partial<NewLink>, RegExp]> = [
    ["amount with three decimals", { amount: "10.123" }, /^amount: /],
    ["zero amount", { amount: "0.00" }, /^amount: /],
    ["negative amount", { amount: "-5" }, /^amount: /],
    ["dates reversed", { booking_dates: "2026-12-12 - 2026-12-10" }, /^booking_dates: /],
    ["dates malformed", { booking_dates: "2026-12-10/2026-12-12" }, /^booking_dates: /],
    ["available_hours 0", { available_hours: 0 }, /^available_hours: /],
    ["available_hours 721", { available_hours: 721 }, /^available_hours: /],
    ["available_hours fractional", { available_hours: 1.5 }, /^available_hours: /],
    ["bad webhook URL", { temp_webhook_url: "ftp://x.example/h" }, /^temp_webhook_url: /],
    ["bad redirect", { redirect: { success_url: "javascript:alert(1)" } }, /^redirect\.success_url: /],
    ["bad email", { email: "laura" }, /^email: /],
  ];
  for (const [name, override, detail] of invalid) {
    it(`400 for ${name}, and nothing is created`, async () => {
      const { key, body } = await setup();
      const before = await api.db.prisma.paymentLink.count();
      const res = await apiClient(api, key).POST("/v2/links/schedule", { body: { ...body, ...override } });
      expect(res.response.status).toBe(400);
      expect(res.error!.detail).toMatch(detail);
      expect(await api.db.prisma.paymentLink.count()).toBe(before);
    });
  }
  // Wrong types and missing fields do not compile with the typed client.
  const malformed: Array<[string, Record<string, unknown>, RegExp]> = [
    ["amount as a number", { amount: 350000 }, /^amount: /],
    ["missing description", { description: undefined }, /^description: es obligatorio/],
    ["missing guest_name", { guest_name: undefined }, /^guest_name: es obligatorio/],
  ];
  for (const [name, override, detail] of malformed) {
    it(`400 for ${name}, and nothing is created`, async () => {
      const { key, body } = await setup();
      const before = await api.db.prisma.paymentLink.count();
      const res = await api.call("POST", "/api/v2/links/schedule", { key, body: { ...body, ...override } });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
      expect(await api.db.prisma.paymentLink.count()).toBe(before);
    });
  }

  it("403 when an agency names another agency; 404 for an unknown hotel; the operator may name any agency", async () => {
    const { key, body } = await setup();
    const other = await agencyWithKey(api.db);
    expect((await apiClient(api, key).POST("/v2/links/schedule", { body: { ...body, agency_id: other.agency.id } })).response.status).toBe(403);
    expect((await apiClient(api, key).POST("/v2/links/schedule", { body: { ...body, hotel_id: 999999 } })).response.status).toBe(404);
    const op = await apiClient(api, OPERATOR_KEY).POST("/v2/links/schedule", { body: { ...body, agency_id: other.agency.id } });
    expect(op.response.status).toBe(200);
    const seen = await apiClient(api, other.key).GET("/v2/links/{code}", { params: { path: { code: op.data!.code } } });
    expect(seen.data!.agency_id).toBe(other.agency.id);
    // The operator's list names each link's agency (docs/api.md, GET /api/v2/links).
    const listed = await apiClient(api, OPERATOR_KEY).GET("/v2/links", { params: { query: { per_page: 100 } } });
    expect(listed.data!.items.find((l) => l.code === op.data!.code)!.agency).toEqual({ id: other.agency.id, name: other.agency.name });
  });
});

describe("reading and cancelling links", () => {
  it("another agency cannot see or cancel a link (404), nor find it in its list", async () => {
    const { key, body } = await setup();
    const other = await agencyWithKey(api.db);
    const { data: created } = await apiClient(api, key).POST("/v2/links/schedule", { body });
    expect((await apiClient(api, other.key).GET("/v2/links/{code}", { params: { path: { code: created!.code } } })).response.status).toBe(404);
    expect((await apiClient(api, other.key).POST("/v2/links/{code}/cancel", { params: { path: { code: created!.code } } })).response.status).toBe(404);
    const list = await apiClient(api, other.key).GET("/v2/links");
    expect(list.data!.items.map((l) => l.code)).not.toContain(created!.code);
    const mine = await apiClient(api, key).GET("/v2/links", { params: { query: { status: "active" } } });
    expect(mine.data!.items.map((l) => l.code)).toContain(created!.code);
  });

  it("cancels an active link once; a second cancel is a 409", async () => {
    const { key, body } = await setup();
    const { data: created } = await apiClient(api, key).POST("/v2/links/schedule", { body });
    const first = await apiClient(api, key).POST("/v2/links/{code}/cancel", { params: { path: { code: created!.code } } });
    expect(first.response.status).toBe(200);
    expect((await apiClient(api, key).GET("/v2/links/{code}", { params: { path: { code: created!.code } } })).data!.status).toBe("cancelled");
    expect((await apiClient(api, key).POST("/v2/links/{code}/cancel", { params: { path: { code: created!.code } } })).response.status).toBe(409);
  });

  it("expires after available_hours through the cron route with the test clock", async () => {
    const { key, body } = await setup();
    const { data: created } = await apiClient(api, key).POST("/v2/links/schedule", { body: { ...body, available_hours: 2 } });
    const link = await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code: created!.code } });
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(2 * 3_600_000);
    const early = await cron().POST("/cron/payment-links", { body: { now: new Date(link.expiresAt.getTime() - 1000).toISOString() } });
    expect(early.data).toEqual({ processed: 0 });
    const late = await cron().POST("/cron/payment-links", { body: { now: new Date(link.expiresAt.getTime() + 1000).toISOString() } });
    expect(late.data).toEqual({ processed: 1 });
    expect((await apiClient(api, key).GET("/v2/links/{code}", { params: { path: { code: created!.code } } })).data!.status).toBe("expired");
    expect((await apiClient(api, key).GET("/v2/links", { params: { query: { status: "expired" } } })).data!.items.map((l) => l.code)).toContain(created!.code);
  });
});
