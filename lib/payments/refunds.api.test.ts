// POST /api/v2/payments/{id}/refund and GET /api/v2/payments/{id} over real HTTP (docs/payments.md).
// Runs with the sandbox and, in the vitest project "api-wompi", with Wompi against the fake (lib/testing/gateway-mode.ts):
// a full card refund is Wompi's void; a partial one is owed by hand (manual_pending), still recorded and counted.
import { describe, expect, it } from "vitest";
import { OPERATOR_KEY } from "@/lib/testing/api";
import { completeOrder, gatewayMoves, withPaymentsApi, TEST_CARDS, TEST_GATEWAY, WOMPI_MODE, type PaymentsApi } from "@/lib/testing/gateway-mode";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { bookedReservation, cardOrder, cashOrder, encryptedCard, receivers } from "@/lib/testing/payments";
import type { paths } from "@/lib/client/schema";
import { addDays, bogotaDate } from "@/lib/time";

let gw: PaymentsApi;
let api: TestServer;
let pem: string;
const listeners = receivers();
const today = bogotaDate(new Date());
const checkin = addDays(today, 5);

withPaymentsApi(listeners, (s) => ({ gw, api, pem } = s));

async function cardPayment(amount = 300_000) {
  const hook = await listeners.receiver();
  const a = await agencyWithKey(api.db, { webhookUrl: hook.url });
  const hotel = await createHotel(api.db);
  const res = await apiClient(api, a.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(pem, hotel.id, "ORD-REF-1", amount) });
  expect(res.response.status).toBe(200);
  return { ...a, hook, hotel, id: res.data!.transaction_id };
}

type RefundBody = NonNullable<paths["/v2/payments/{id}/refund"]["post"]["requestBody"]>["content"]["application/json"];
const refund = (id: string, key: string, body?: RefundBody, idempotencyKey?: string) =>
  apiClient(api, key).POST("/v2/payments/{id}/refund", { params: { path: { id }, header: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} }, body });
const ops = (ref: string) => gatewayMoves(gw, ref);
/** A partial card refund: the sandbox refunds it; Wompi cannot (only a void of all of it), so it is owed by hand. */
const PARTIAL = WOMPI_MODE ? "manual_pending" : "succeeded";

describe(`refunds (${testTarget()}, ${TEST_GATEWAY})`, () => {
  it("refunds all that is left by default: gateway refund, refunded_amount in the list, webhook, refund voucher", async () => {
    const p = await cardPayment();
    const res = await refund(p.id, p.key, { reason: "El huésped canceló" });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ refund_id: expect.stringMatching(/^rf_/), payment_id: p.id, amount: 300000, status: "succeeded", voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    expect(await ops(p.id)).toEqual([
      ["charge", 300000],
      ["refund", 300000],
    ]);
    const list = await apiClient(api, p.key).GET("/v2/payments", { params: { query: { q: p.id } } });
    expect(list.data!.items[0]).toMatchObject({ transaction_id: p.id, status: "approved", refunded_amount: 300000 });
    const detail = await apiClient(api, p.key).GET("/v2/payments/{id}", { params: { path: { id: p.id } } });
    expect(detail.data).toMatchObject({ refunded_amount: 300000, refundable_amount: 0, refundable: false, refunds: [{ refund_id: res.data!.refund_id, amount: 300000, reason: "El huésped canceló", status: "succeeded" }] });
    const v = await apiClient(api).GET("/v2/vouchers/{code}", { params: { path: { code: res.data!.voucher_url.split("/").pop()! } } });
    expect(v.data!.refund).toMatchObject({ refund_id: res.data!.refund_id, amount: 300000 });
    const hooks = await api.db.prisma.webhookDelivery.findMany({ where: { agencyId: p.agency.id, event: "payment.refunded" } });
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].payload)).toMatchObject({ payment_id: p.id, refund_id: res.data!.refund_id, amount: 300000, refunded_amount: 300000, automatic: false, reason: "El huésped canceló" });
    // Nothing is left.
    const again = await refund(p.id, p.key);
    expect(again.response.status).toBe(409);
    expect(again.error!.detail).toMatch(/totalidad/);
  });

  it("partial refunds add up to at most the payment, also under 10 concurrent requests", async () => {
    const p = await cardPayment(300_000);
    const first = await refund(p.id, p.key, { amount: 100000.5 });
    expect(first.data).toMatchObject({ amount: 100000.5, status: PARTIAL });
    const over = await refund(p.id, p.key, { amount: 200000 });
    expect(over.response.status).toBe(409);
    expect(over.error!.detail).toBe("El monto a reembolsar ($ 200.000) supera lo que queda por reembolsar de este pago ($ 199.999,50)");
    const results = await Promise.all(Array.from({ length: 10 }, () => refund(p.id, p.key, { amount: 50000 })));
    const ok = results.filter((r) => r.response.status === 200).length;
    expect(ok).toBe(3);
    expect(results.filter((r) => r.response.status === 409)).toHaveLength(7);
    const t = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: p.id }, include: { refunds: true } });
    expect(t.refundedAmount.toNumber()).toBe(250000.5);
    expect(t.refunds.reduce((s, r) => s + r.amount.toNumber(), 0)).toBe(250000.5);
    expect(t.refunds.every((r) => r.status === PARTIAL)).toBe(true);
    // Never more than one charge; with Wompi no refund reached it (partial ones are owed by hand).
    expect((await ops(p.id)).filter(([kind]) => kind === "charge")).toHaveLength(1);
    if (WOMPI_MODE) expect((await ops(p.id)).filter(([kind]) => kind === "refund")).toHaveLength(0);
    console.log(`[refund race ${testTarget()}] 10 x 50.000 on 199.999,50 left: ${ok} x 200, ${10 - ok} x 409; refunded ${t.refundedAmount.toNumber()} of 300000`);
  });

  it("honours Idempotency-Key: the same key answers the first refund and refunds once", async () => {
    const p = await cardPayment();
    const one = await refund(p.id, p.key, { amount: 1000 }, "refund-abc-1");
    const two = await refund(p.id, p.key, { amount: 1000 }, "refund-abc-1");
    expect(one.data).toMatchObject({ amount: 1000, status: PARTIAL });
    expect(two.data).toEqual(one.data);
    expect(await api.db.prisma.paymentRefund.count({ where: { paymentId: p.id } })).toBe(1);
  });

  it("cash and PSE are 409 with a clear message; a payment not approved is 409; bad amounts are 400", async () => {
    const a = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db);
    const cash = await apiClient(api, a.key).POST("/v2/apms/cash", { body: cashOrder(hotel.id, "ORD-CASH", 50000) });
    expect(await completeOrder(gw, cash.data!.transaction_id, "approved")).toBe(200);
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: cash.data!.transaction_id } })).status).toBe("approved");
    const r = await refund(cash.data!.transaction_id, a.key);
    expect(r.response.status).toBe(409);
    expect(r.error!.detail).toMatch(/efectivo y por transferencia \(PSE\) no se reembolsan/);

    const declined = await apiClient(api, a.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(pem, hotel.id, "ORD-D", 1000, {}, encryptedCard(pem, TEST_CARDS.declined, "X Y")) });
    expect(declined.response.status).toBe(400);
    const txId = (await api.db.prisma.paymentTransaction.findFirstOrThrow({ where: { refNumber: "ORD-D", agencyId: a.agency.id } })).id;
    const r2 = await refund(txId, a.key);
    expect(r2.response.status).toBe(409);
    expect(r2.error!.detail).toMatch(/Solo se reembolsa un pago aprobado; este pago está rechazado/);

    const p = await cardPayment();
    for (const body of [{ amount: -5 }, { amount: 0 }, { amount: 10.123 }]) {
      const bad = await refund(p.id, p.key, body);
      expect(bad.response.status).toBe(400);
      expect(bad.error!.message).toBe("Solicitud inválida");
    }
    // Wrong types do not compile with the typed client.
    for (const body of [{ amount: "1000" }, { reason: 7 }]) {
      const bad = await api.call("POST", `/api/v2/payments/${p.id}/refund`, { key: p.key, body });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("Solicitud inválida");
    }
    expect(await api.db.prisma.paymentRefund.count({ where: { paymentId: p.id } })).toBe(0);
  });

  it("another agency gets 404; the operator may refund; an unknown id is 404", async () => {
    const p = await cardPayment();
    const other = await agencyWithKey(api.db);
    expect((await refund(p.id, other.key)).response.status).toBe(404);
    expect((await apiClient(api, other.key).GET("/v2/payments/{id}", { params: { path: { id: p.id } } })).response.status).toBe(404);
    expect((await refund("tx_doesnotexist000000", p.key)).response.status).toBe(404);
    expect((await refund("NOPE", p.key)).response.status).toBe(404);
    expect((await refund("x".repeat(300), p.key)).response.status).toBe(404);
    expect((await apiClient(api, p.key).GET("/v2/payments/{id}", { params: { path: { id: "y".repeat(300) } } })).response.status).toBe(404);
    const op = await refund(p.id, OPERATOR_KEY, { amount: 1000 });
    expect(op.response.status).toBe(200);
  });
});

async function booking(opts: { balance?: number } = {}) {
  const hook = await listeners.receiver();
  return bookedReservation(api, { checkin, webhookUrl: hook.url, balance: opts.balance });
}

describe(`refunds and the reservation (${testTarget()}, ${TEST_GATEWAY})`, () => {
  it("a partial refund lowers amount paid; a confirmed reservation goes back to pending_payment while its deadline is ahead", async () => {
    const b = await booking();
    const paid = await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(pem, b.hotel.id, b.code, b.amount) });
    expect((await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } })).status).toBe("confirmed");
    expect((await refund(paid.data!.transaction_id, b.key, { amount: 50000 })).response.status).toBe(200);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect([r.status, r.amountPaid.toNumber()]).toEqual(["pending_payment", b.amount - 50000]);
    const got = await apiClient(api, b.key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: b.code } } });
    expect(got.data!.amount_paid).toBe(b.amount - 50000);
  });

  it("past its deadline a confirmed reservation stays confirmed, owing the difference", async () => {
    const b = await booking();
    const paid = await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(pem, b.hotel.id, b.code, b.amount) });
    await api.db.prisma.reservation.update({ where: { id: b.reservation.id }, data: { paymentDeadline: new Date(Date.now() - 60_000) } });
    expect((await refund(paid.data!.transaction_id, b.key, { amount: 50000 })).response.status).toBe(200);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect([r.status, r.amountPaid.toNumber()]).toEqual(["confirmed", b.amount - 50000]);
  });

  it("a balance payment's refund credits the agency's ledger; no gateway call", async () => {
    const b = await booking({ balance: 1_000_000 });
    const paid = await apiClient(api, b.key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: b.code } } });
    expect(paid.response.status).toBe(200);
    const res = await refund(paid.data!.transaction_id, b.key);
    expect(res.data).toMatchObject({ amount: b.amount, status: "succeeded" });
    const agency = await api.db.prisma.agency.findUniqueOrThrow({ where: { id: b.agency.id } });
    expect(agency.balance.toNumber()).toBe(1_000_000);
    const entries = await api.db.prisma.balanceEntry.findMany({ where: { agencyId: b.agency.id }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.kind, e.amount.toNumber()])).toEqual([
      ["debit", -b.amount],
      ["refund", b.amount],
    ]);
    expect(await ops(paid.data!.transaction_id)).toEqual([]);
    const bal = await apiClient(api, b.key).GET("/v2/agencies/{id}/balance", { params: { path: { id: b.agency.id } } });
    expect(bal.data!.entries[0]).toMatchObject({ kind: "refund", amount: b.amount });
  });
});
