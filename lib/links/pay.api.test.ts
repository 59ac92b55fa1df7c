import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { OPERATOR_KEY } from "@/lib/testing/api";
import { completeOrder, withPaymentsApi, TEST_CARDS, TEST_GATEWAY, WOMPI_MODE, type PaymentsApi } from "@/lib/testing/gateway-mode";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { encryptedCard, pendingReservation, receivers } from "@/lib/testing/payments";
import type { paths } from "@/lib/client/schema";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { paymentDate } from "@/lib/payments/link-outcome";

// Runs with the sandbox and, in the vitest project "api-wompi", with Wompi against the fake (lib/testing/gateway-mode.ts).
let gw: PaymentsApi;
let api: TestServer;
let pem: string;
const listeners = receivers();

withPaymentsApi(listeners, (s) => ({ gw, api, pem } = s));

const card = (number?: string) => encryptedCard(pem, number);

/** Pays a link by card; `data` is the card's outcome (approved or declined, with redirect_url), never a cash or PSE order. */
async function payCard(code: string, card_item = card()) {
  const r = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code } }, body: { method: "card", card_item } });
  return { ...r, data: r.data && "status" in r.data && r.data.status !== "pending" ? r.data : undefined };
}

const cron = () => apiClient(api, undefined, { authorization: "Bearer test-cron-secret" });
type NewLink = paths["/v2/links/schedule"]["post"]["requestBody"]["content"]["application/json"];
async function link(over: Partial<NewLink> = {}) {
  const a = await agencyWithKey(api.db);
  const secret = (await apiClient(api, a.key).POST("/v2/agencies/{id}/webhook-secret", { params: { path: { id: a.agency.id } } })).data!.webhook_secret;
  const hotel = await createHotel(api.db, { name: "Hotel Sierra Nevada" });
  const hook = await listeners.receiver("/notify");
  const res = await apiClient(api, a.key).POST("/v2/links/schedule", { body: {
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
    } });
  expect(res.response.status).toBe(200);
  return { ...a, secret, hotel, hook, code: res.data!.code };
}

describe(`paying a link by card (${TEST_GATEWAY})`, () => {
  it("approves, marks the link paid, redirects to success_url and notifies with the spec's body, signed", async () => {
    const l = await link();
    const res = await payCard(l.code);
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ status: "approved", transaction_id: expect.stringMatching(/^tx_/), voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    const redirect = new URL(res.data!.redirect_url!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe("https://agencia.example/gracias");
    expect(redirect.searchParams.get("transaction_id")).toBe(res.data!.transaction_id);
    expect(redirect.searchParams.get("status")).toBe("approved");

    const detail = await apiClient(api, l.key).GET("/v2/links/{code}", { params: { path: { code: l.code } } });
    expect(detail.data!.status).toBe("paid");
    expect(detail.data!.attempts).toEqual([expect.objectContaining({ method: "card", status: "approved", card_last4: "4242", amount: 480000 })]);

    await deliveriesIdle();
    expect(l.hook.received).toHaveLength(1);
    const msg = l.hook.received[0];
    const body = new Webhook(l.secret).verify(msg.body, msg.headers as Record<string, string>) as Record<string, unknown>;
    const tx = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: res.data!.transaction_id } });
    expect(body).toEqual({
      payment_status: "aplicado",
      amount: 480000,
      // When it was approved (with Wompi, the approval comes after the payment row was written).
      payment_date: paymentDate(tx.completedAt!),
      company: l.agency.name,
      hotel: "Hotel Sierra Nevada",
      voucher_url: res.data!.voucher_url,
      transaction_id: res.data!.transaction_id,
      external_ref_id: "crm-4711",
    });
    expect(Object.keys(body)).toEqual(["payment_status", "amount", "payment_date", "company", "hotel", "voucher_url", "transaction_id", "external_ref_id"]);
    expect(body.payment_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/);
    expect(() => new Webhook("whsec_" + Buffer.from("otra-clave-de-32-bytes-de-largo!").toString("base64")).verify(msg.body, msg.headers as Record<string, string>)).toThrow();

    // A paid link takes no more payments.
    const again = await payCard(l.code);
    expect(again.response.status).toBe(409);
  });

  it("a declined card leaves the link active, redirects to failure_url and notifies 'rechazado'", async () => {
    const l = await link();
    const res = await payCard(l.code, card(TEST_CARDS.declined));
    expect(res.response.status).toBe(200);
    expect(res.data!.status).toBe("declined");
    expect(res.data!.redirect_url).toMatch(/^https:\/\/agencia\.example\/reintentar\?/);
    expect((await apiClient(api, l.key).GET("/v2/links/{code}", { params: { path: { code: l.code } } })).data!.status).toBe("active");
    await deliveriesIdle();
    const body = JSON.parse(l.hook.received[0].body);
    expect(body).toMatchObject({ payment_status: "rechazado", transaction_id: res.data!.transaction_id, external_ref_id: "crm-4711", voucher_url: res.data!.voucher_url });
    // The guest can try again with another card.
    const retry = await payCard(l.code);
    expect(retry.data!.status).toBe("approved");
  });

  it("without redirects, answers redirect_url null; two concurrent card payments never both charge", async () => {
    const l = await link({ redirect: undefined });
    const [a, b] = await Promise.all([
      payCard(l.code),
      payCard(l.code),
    ]);
    const approved = [a, b].filter((r) => r.data?.status === "approved");
    expect(approved).toHaveLength(1);
    expect(approved[0].data!.redirect_url).toBeNull();
    expect([a, b].filter((r) => r.response.status === 409)).toHaveLength(1);
    expect(await api.db.prisma.paymentTransaction.count({ where: { link: { code: l.code } } })).toBe(1);
  });

  it("an expired or cancelled link answers 409; an unknown code 404", async () => {
    const l = await link({ available_hours: 1 });
    await apiClient(api, l.key).POST("/v2/links/{code}/cancel", { params: { path: { code: l.code } } });
    expect((await payCard(l.code)).response.status).toBe(409);
    const m = await link({ available_hours: 1 });
    await api.db.prisma.paymentLink.update({ where: { code: m.code }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await payCard(m.code);
    expect(expired.response.status).toBe(409);
    expect(expired.error!.detail).toMatch(/venció/);
    expect((await payCard("AAAAAAAAAAAAAAAAAAAAAA")).response.status).toBe(404);
  });

  it("400 for an unknown method or bad ciphertext, and nothing is charged", async () => {
    const l = await link();
    const bad = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "cheque" } });
    expect(bad.status).toBe(400);
    const garbage = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "card", card_item: { ...card(), cc_number: "bm90LWVuY3J5cHRlZA==" } } });
    expect(garbage.response.status).toBe(400);
    expect(garbage.error!.detail).toMatch(/^card_item\.cc_number/);
    expect(await api.db.prisma.paymentTransaction.count({ where: { link: { code: l.code } } })).toBe(0);
    // The hold taken for the failed attempt is released: a good card goes through.
    expect((await payCard(l.code)).data!.status).toBe("approved");
  });
});

describe(`paying a link by cash or bank transfer (${TEST_GATEWAY})`, () => {
  it("creates a pending order; completing it on the checkout marks the link paid and notifies", async () => {
    const l = await link();
    const payer = { fiscal_number: "1020304050", fiscal_number_type: "CC", user_type: "0", address: "Calle 10 # 5-20, Santa Marta" };
    const cash = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "cash", payment_type: "EFECTY", payer } });
    expect(cash.response.status).toBe(200);
    expect(cash.data).toEqual({ transaction_id: expect.stringMatching(/^tx_/), apm_detail_id: expect.any(Number), checkout_url: `http://localhost:3000/checkout/${cash.data!.transaction_id}` });
    expect((await apiClient(api, l.key).GET("/v2/links/{code}", { params: { path: { code: l.code } } })).data!.status).toBe("active");
    expect(await completeOrder(gw, cash.data!.transaction_id, "approved")).toBe(200);
    expect((await apiClient(api, l.key).GET("/v2/links/{code}", { params: { path: { code: l.code } } })).data!.status).toBe("paid");
    await deliveriesIdle();
    const body = JSON.parse(l.hook.received.at(-1)!.body);
    expect(body).toMatchObject({ payment_status: "aplicado", transaction_id: cash.data!.transaction_id, amount: 480000, voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    const tx = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: cash.data!.transaction_id } });
    expect(tx.responseUrl).toBe(`http://localhost:3000/pay/${l.code}`);
  });

  it("a link for a reservation pays it: the reservation is confirmed", async () => {
    const a = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db);
    const r = await pendingReservation(api.db, { agencyId: a.agency.id, hotelId: hotel.id, paymentDeadline: new Date(Date.now() + 6 * 3_600_000) });
    const created = await apiClient(api, a.key).POST("/v2/links/schedule", { body: { hotel_id: hotel.id, guest_name: "Laura Gómez", email: "laura@example.co", phone: "3001234567", amount: "300000", description: `Reserva ${r.code}`, available_hours: 4, agency_id: a.agency.id, reservation_code: r.code } });
    const paid = await payCard(created.data!.code);
    expect(paid.data!.status).toBe("approved");
    const row = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: r.id } });
    expect(row.status).toBe("confirmed");
    expect(row.amountPaid.toNumber()).toBe(300000);
  });
});

describe("link creation guards", () => {
  it("refuses a temp_webhook_url on a private address when private targets are not allowed", async () => {
    const a = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db);
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    try {
      const res = await apiClient(api, OPERATOR_KEY).POST("/v2/links/schedule", { body: { hotel_id: hotel.id, guest_name: "X", email: "x@example.co", phone: "3001234567", amount: "1000", description: "d", available_hours: 1, agency_id: a.agency.id, temp_webhook_url: "http://169.254.169.254/latest" } });
      expect(res.response.status).toBe(400);
      expect(res.error!.detail).toMatch(/^temp_webhook_url: /);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    }
  });
});

describe(`an order from a link that expires unpaid (${TEST_GATEWAY})`, () => {
  it("notifies 'rechazado' when the payment-orders job expires it, and the link stays payable", async () => {
    const l = await link();
    const payer = { fiscal_number: "900123456", fiscal_number_type: "NIT", user_type: "1", address: "Carrera 7 # 71-21, Bogotá" };
    // PSE through Wompi takes Wompi's bank codes (its own change); the expiry is the same for a cash order there.
    const method = WOMPI_MODE ? ({ method: "cash", payment_type: "EFECTY", payer } as const) : ({ method: "bank_transfer", bank_code: "1007", payer } as const);
    const order = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: method });
    expect(order.response.status).toBe(200);
    const tx = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: order.data!.transaction_id } });
    const later = new Date(tx.expiresAt!.getTime() + 60_000).toISOString();
    const run = await cron().POST("/cron/payment-orders", { body: { now: later } });
    expect(run.data!.processed).toBeGreaterThanOrEqual(1);
    // The notification is due at the job's (test-clock) instant: the webhooks job at that instant sends it.
    await deliveriesIdle();
    await cron().POST("/cron/webhooks", { body: { now: later } });
    const body = JSON.parse(l.hook.received.at(-1)!.body);
    expect(body).toMatchObject({ payment_status: "rechazado", transaction_id: order.data!.transaction_id, voucher_url: "", external_ref_id: "crm-4711" });
    expect((await apiClient(api, l.key).GET("/v2/links/{code}", { params: { path: { code: l.code } } })).data!.status).toBe("active");
  });
});
