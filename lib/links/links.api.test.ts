import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";

let api: TestServer;
const CRON = { authorization: "Bearer test-cron-secret" };
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

async function setup() {
  const a = await agencyWithKey(api.db.prisma);
  const hotel = await createHotel(api.db.prisma, { name: "Hotel Caribe Azul" });
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
    const res = await api.call("POST", "/api/v2/links/schedule/", { key, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: expect.any(String), url: `http://localhost:3000/pay/${res.body.code}`, code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    const got = await api.call("GET", `/api/v2/links/${res.body.code}`, { key });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
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

  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ["amount as a number", { amount: 350000 }, /^amount: /],
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
    ["missing description", { description: undefined }, /^description: es obligatorio/],
    ["missing guest_name", { guest_name: undefined }, /^guest_name: es obligatorio/],
  ];
  for (const [name, override, detail] of bad) {
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
    const other = await agencyWithKey(api.db.prisma);
    expect((await api.call("POST", "/api/v2/links/schedule", { key, body: { ...body, agency_id: other.agency.id } })).status).toBe(403);
    expect((await api.call("POST", "/api/v2/links/schedule", { key, body: { ...body, hotel_id: 999999 } })).status).toBe(404);
    const op = await api.call("POST", "/api/v2/links/schedule", { key: OPERATOR_KEY, body: { ...body, agency_id: other.agency.id } });
    expect(op.status).toBe(200);
    const seen = await api.call("GET", `/api/v2/links/${op.body.code}`, { key: other.key });
    expect(seen.body.agency_id).toBe(other.agency.id);
    // The operator's list names each link's agency (docs/api.md, GET /api/v2/links).
    const listed = await api.call("GET", "/api/v2/links?per_page=100", { key: OPERATOR_KEY });
    expect(listed.body.items.find((l: { code: string }) => l.code === op.body.code).agency).toEqual({ id: other.agency.id, name: other.agency.name });
  });
});

describe("reading and cancelling links", () => {
  it("another agency cannot see or cancel a link (404), nor find it in its list", async () => {
    const { key, body } = await setup();
    const other = await agencyWithKey(api.db.prisma);
    const { body: created } = await api.call("POST", "/api/v2/links/schedule", { key, body });
    expect((await api.call("GET", `/api/v2/links/${created.code}`, { key: other.key })).status).toBe(404);
    expect((await api.call("POST", `/api/v2/links/${created.code}/cancel`, { key: other.key })).status).toBe(404);
    const list = await api.call("GET", "/api/v2/links", { key: other.key });
    expect(list.body.items.map((l: { code: string }) => l.code)).not.toContain(created.code);
    const mine = await api.call("GET", "/api/v2/links?status=active", { key });
    expect(mine.body.items.map((l: { code: string }) => l.code)).toContain(created.code);
  });

  it("cancels an active link once; a second cancel is a 409", async () => {
    const { key, body } = await setup();
    const { body: created } = await api.call("POST", "/api/v2/links/schedule", { key, body });
    const first = await api.call("POST", `/api/v2/links/${created.code}/cancel`, { key });
    expect(first.status).toBe(200);
    expect((await api.call("GET", `/api/v2/links/${created.code}`, { key })).body.status).toBe("cancelled");
    expect((await api.call("POST", `/api/v2/links/${created.code}/cancel`, { key })).status).toBe(409);
  });

  it("expires after available_hours through the cron route with the test clock", async () => {
    const { key, body } = await setup();
    const { body: created } = await api.call("POST", "/api/v2/links/schedule", { key, body: { ...body, available_hours: 2 } });
    const link = await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code: created.code } });
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(2 * 3_600_000);
    const early = await api.call("POST", "/api/cron/payment-links", { headers: CRON, body: { now: new Date(link.expiresAt.getTime() - 1000).toISOString() } });
    expect(early.body).toEqual({ processed: 0 });
    const late = await api.call("POST", "/api/cron/payment-links", { headers: CRON, body: { now: new Date(link.expiresAt.getTime() + 1000).toISOString() } });
    expect(late.body).toEqual({ processed: 1 });
    expect((await api.call("GET", `/api/v2/links/${created.code}`, { key })).body.status).toBe("expired");
    expect((await api.call("GET", "/api/v2/links?status=expired", { key })).body.items.map((l: { code: string }) => l.code)).toContain(created.code);
  });
});
