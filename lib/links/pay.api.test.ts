import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { encryptCardField } from "@/lib/payments/card-crypto";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { paymentDate } from "@/lib/payments/link-outcome";

let api: TestServer;
let pem: string;
const servers: http.Server[] = [];

beforeAll(async () => {
  api = await startApi();
  pem = (await api.call("GET", "/api/v2/virtual-terminal/public-key")).body.pem;
});
afterEach(async () => {
  await deliveriesIdle();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});
afterAll(async () => {
  await deliveriesIdle();
  await api?.close();
});

async function receiver() {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`, received };
}

const year = String(new Date().getUTCFullYear() + 2);
const card = (number = "4242424242424242") =>
  Object.fromEntries(Object.entries({ cc_number: number, cc_code: "123", cc_expire_month: "12", cc_expire_year: year, cc_holder: "Laura Gómez" }).map(([k, v]) => [k, encryptCardField(v, pem)]));

async function link(over: Record<string, unknown> = {}) {
  const a = await agencyWithKey(api.db.prisma);
  const secret = (await api.call("POST", `/api/v2/agencies/${a.agency.id}/webhook-secret`, { key: a.key })).body.webhook_secret as string;
  const hotel = await createHotel(api.db.prisma, { name: "Hotel Sierra Nevada" });
  const hook = await receiver();
  const res = await api.call("POST", "/api/v2/links/schedule", {
    key: a.key,
    body: {
      hotel_id: hotel.id,
      guest_name: "Laura Gómez Restrepo",
      email: "laura@example.co",
      phone: "+57 300 123 4567",
      amount: "480000.00",
      description: "Dos noches con desayuno",
      available_hours: 12,
      external_ref_id: "crm-4711",
      temp_webhook_url: hook.url,
      redirect: { success_url: "https://agencia.example/gracias", failure_url: "https://agencia.example/reintentar" },
      agency_id: a.agency.id,
      ...over,
    },
  });
  expect(res.status).toBe(200);
  return { ...a, secret, hotel, hook, code: res.body.code as string };
}

describe("paying a link by card", () => {
  it("approves, marks the link paid, redirects to success_url and notifies with the spec's body, signed", async () => {
    const l = await link();
    const res = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "approved", transaction_id: expect.stringMatching(/^tx_/), voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    const redirect = new URL(res.body.redirect_url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe("https://agencia.example/gracias");
    expect(redirect.searchParams.get("transaction_id")).toBe(res.body.transaction_id);
    expect(redirect.searchParams.get("status")).toBe("approved");

    const detail = await api.call("GET", `/api/v2/links/${l.code}`, { key: l.key });
    expect(detail.body.status).toBe("paid");
    expect(detail.body.attempts).toEqual([expect.objectContaining({ method: "card", status: "approved", card_last4: "4242", amount: 480000 })]);

    await deliveriesIdle();
    expect(l.hook.received).toHaveLength(1);
    const msg = l.hook.received[0];
    const body = new Webhook(l.secret).verify(msg.body, msg.headers as Record<string, string>) as Record<string, unknown>;
    const tx = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: res.body.transaction_id } });
    expect(body).toEqual({
      payment_status: "aplicado",
      amount: 480000,
      payment_date: paymentDate(tx.createdAt),
      company: l.agency.name,
      hotel: "Hotel Sierra Nevada",
      voucher_url: res.body.voucher_url,
      transaction_id: res.body.transaction_id,
      external_ref_id: "crm-4711",
    });
    expect(Object.keys(body)).toEqual(["payment_status", "amount", "payment_date", "company", "hotel", "voucher_url", "transaction_id", "external_ref_id"]);
    expect(body.payment_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/);
    expect(() => new Webhook("whsec_" + Buffer.from("otra-clave-de-32-bytes-de-largo!").toString("base64")).verify(msg.body, msg.headers as Record<string, string>)).toThrow();

    // A paid link takes no more payments.
    const again = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } });
    expect(again.status).toBe(409);
  });

  it("a declined card leaves the link active, redirects to failure_url and notifies 'rechazado'", async () => {
    const l = await link();
    const res = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card("4000000000000002") } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("declined");
    expect(res.body.redirect_url).toMatch(/^https:\/\/agencia\.example\/reintentar\?/);
    expect((await api.call("GET", `/api/v2/links/${l.code}`, { key: l.key })).body.status).toBe("active");
    await deliveriesIdle();
    const body = JSON.parse(l.hook.received[0].body);
    expect(body).toMatchObject({ payment_status: "rechazado", transaction_id: res.body.transaction_id, external_ref_id: "crm-4711", voucher_url: res.body.voucher_url });
    // The guest can try again with another card.
    const retry = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } });
    expect(retry.body.status).toBe("approved");
  });

  it("without redirects, answers redirect_url null; two concurrent card payments never both charge", async () => {
    const l = await link({ redirect: undefined });
    const [a, b] = await Promise.all([
      api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } }),
      api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } }),
    ]);
    const approved = [a, b].filter((r) => r.body?.status === "approved");
    expect(approved).toHaveLength(1);
    expect(approved[0].body.redirect_url).toBeNull();
    expect([a, b].filter((r) => r.status === 409)).toHaveLength(1);
    expect(await api.db.prisma.paymentTransaction.count({ where: { link: { code: l.code } } })).toBe(1);
  });

  it("an expired or cancelled link answers 409; an unknown code 404", async () => {
    const l = await link({ available_hours: 1 });
    await api.call("POST", `/api/v2/links/${l.code}/cancel`, { key: l.key });
    expect((await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } })).status).toBe(409);
    const m = await link({ available_hours: 1 });
    await api.db.prisma.paymentLink.update({ where: { code: m.code }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await api.call("POST", `/api/v2/links/${m.code}/pay`, { body: { method: "card", card_item: card() } });
    expect(expired.status).toBe(409);
    expect(expired.body.detail).toMatch(/venció/);
    expect((await api.call("POST", `/api/v2/links/AAAAAAAAAAAAAAAAAAAAAA/pay`, { body: { method: "card", card_item: card() } })).status).toBe(404);
  });

  it("400 for an unknown method or bad ciphertext, and nothing is charged", async () => {
    const l = await link();
    const bad = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "cheque" } });
    expect(bad.status).toBe(400);
    const garbage = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: { ...card(), cc_number: "bm90LWVuY3J5cHRlZA==" } } });
    expect(garbage.status).toBe(400);
    expect(garbage.body.detail).toMatch(/^card_item\.cc_number/);
    expect(await api.db.prisma.paymentTransaction.count({ where: { link: { code: l.code } } })).toBe(0);
    // The hold taken for the failed attempt is released: a good card goes through.
    expect((await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } })).body.status).toBe("approved");
  });
});

describe("paying a link by cash or bank transfer", () => {
  it("creates a pending order; completing it on the checkout marks the link paid and notifies", async () => {
    const l = await link();
    const payer = { fiscal_number: "1020304050", fiscal_number_type: "CC", user_type: "0", address: "Calle 10 # 5-20, Santa Marta" };
    const cash = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "cash", payment_type: "EFECTY", payer } });
    expect(cash.status).toBe(200);
    expect(cash.body).toEqual({ transaction_id: expect.stringMatching(/^tx_/), apm_detail_id: expect.any(Number), checkout_url: `http://localhost:3000/checkout/${cash.body.transaction_id}` });
    expect((await api.call("GET", `/api/v2/links/${l.code}`, { key: l.key })).body.status).toBe("active");
    const done = await api.call("POST", `/api/v2/checkout/${cash.body.transaction_id}/simulate`, { body: { outcome: "approved" } });
    expect(done.status).toBe(200);
    expect((await api.call("GET", `/api/v2/links/${l.code}`, { key: l.key })).body.status).toBe("paid");
    await deliveriesIdle();
    const body = JSON.parse(l.hook.received.at(-1)!.body);
    expect(body).toMatchObject({ payment_status: "aplicado", transaction_id: cash.body.transaction_id, amount: 480000, voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    const tx = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: cash.body.transaction_id } });
    expect(tx.responseUrl).toBe(`http://localhost:3000/pay/${l.code}`);
  });

  it("a link for a reservation pays it: the reservation is confirmed", async () => {
    const a = await agencyWithKey(api.db.prisma);
    const hotel = await createHotel(api.db.prisma);
    const r = await api.db.prisma.reservation.create({
      data: {
        id: `res_test_${Date.now()}`,
        code: `HBTEST${Math.floor(Math.random() * 1e4)}`,
        agencyId: a.agency.id,
        hotelId: hotel.id,
        checkin: new Date("2026-12-20"),
        checkout: new Date("2026-12-22"),
        nights: 2,
        roomsCount: 1,
        adults: 2,
        firstName: "Laura",
        lastName: "Gómez",
        email: "laura@example.co",
        telephone: "573001234567",
        country: "COL",
        currency: "COP",
        amount: 300000,
        paymentDeadline: new Date(Date.now() + 6 * 3_600_000),
      },
    });
    const created = await api.call("POST", "/api/v2/links/schedule", {
      key: a.key,
      body: { hotel_id: hotel.id, guest_name: "Laura Gómez", email: "laura@example.co", phone: "3001234567", amount: "300000", description: `Reserva ${r.code}`, available_hours: 4, agency_id: a.agency.id, reservation_code: r.code },
    });
    const paid = await api.call("POST", `/api/v2/links/${created.body.code}/pay`, { body: { method: "card", card_item: card() } });
    expect(paid.body.status).toBe("approved");
    const row = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: r.id } });
    expect(row.status).toBe("confirmed");
    expect(row.amountPaid.toNumber()).toBe(300000);
  });
});

describe("link creation guards", () => {
  it("refuses a temp_webhook_url on a private address when private targets are not allowed", async () => {
    const a = await agencyWithKey(api.db.prisma);
    const hotel = await createHotel(api.db.prisma);
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    try {
      const res = await api.call("POST", "/api/v2/links/schedule", {
        key: OPERATOR_KEY,
        body: { hotel_id: hotel.id, guest_name: "X", email: "x@example.co", phone: "3001234567", amount: "1000", description: "d", available_hours: 1, agency_id: a.agency.id, temp_webhook_url: "http://169.254.169.254/latest" },
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^temp_webhook_url: /);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    }
  });
});

describe("a cash order from a link that expires unpaid", () => {
  it("notifies 'rechazado' when the payment-orders job expires it, and the link stays payable", async () => {
    const l = await link();
    const payer = { fiscal_number: "900123456", fiscal_number_type: "NIT", user_type: "1", address: "Carrera 7 # 71-21, Bogotá" };
    const order = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "bank_transfer", bank_code: "1007", payer } });
    expect(order.status).toBe(200);
    const tx = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: order.body.transaction_id } });
    const later = new Date(tx.expiresAt!.getTime() + 60_000).toISOString();
    const run = await api.call("POST", "/api/cron/payment-orders", { headers: { authorization: "Bearer test-cron-secret" }, body: { now: later } });
    expect(run.body.processed).toBeGreaterThanOrEqual(1);
    // The notification is due at the job's (test-clock) instant: the webhooks job at that instant sends it.
    await deliveriesIdle();
    await api.call("POST", "/api/cron/webhooks", { headers: { authorization: "Bearer test-cron-secret" }, body: { now: later } });
    const body = JSON.parse(l.hook.received.at(-1)!.body);
    expect(body).toMatchObject({ payment_status: "rechazado", transaction_id: order.body.transaction_id, voucher_url: "", external_ref_id: "crm-4711" });
    expect((await api.call("GET", `/api/v2/links/${l.code}`, { key: l.key })).body.status).toBe("active");
  });
});
