// POST /api/v2/payments/{id}/refund and GET /api/v2/payments/{id} over real HTTP (docs/payments.md).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { encryptCardField } from "./card-crypto";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { addDays, bogotaDate } from "@/lib/time";
import { reservationBody, sellableHotel } from "@/lib/reservations/fixtures";

let api: TestServer;
let pem: string;
const servers: http.Server[] = [];
const today = bogotaDate(new Date());
const checkin = addDays(today, 5);
const stay = { checkin, checkout: addDays(checkin, 2), nights: 2 };

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
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push(body);
      res.writeHead(200).end("ok");
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

const year = String(new Date().getUTCFullYear() + 2);
const card = () =>
  Object.fromEntries(Object.entries({ cc_number: "4242424242424242", cc_code: "123", cc_expire_month: "12", cc_expire_year: year, cc_holder: "Laura Gómez" }).map(([k, v]) => [k, encryptCardField(v, pem)]));
const order = (hotelId: number, refNumber: string, amount: number) => ({
  ref_name: "Laura",
  ref_lastname: "Gómez",
  ref_number: refNumber,
  detail: "Reserva",
  amount,
  hotel_id: hotelId,
  email: "laura@example.co",
  ip: "181.50.3.7",
});

async function cardPayment(amount = 300_000) {
  const hook = await receiver();
  const a = await agencyWithKey(api.db.prisma, { webhookUrl: hook.url });
  const hotel = await createHotel(api.db.prisma);
  const res = await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: a.key, body: { order: { ...order(hotel.id, "ORD-REF-1", amount), installments: 1 }, card_item: card() } });
  expect(res.status).toBe(200);
  return { ...a, hook, hotel, id: res.body.transaction_id as string };
}

const refund = (id: string, key: string, body?: unknown, headers: Record<string, string> = {}) => api.call("POST", `/api/v2/payments/${id}/refund`, { key, body, headers });
const ops = (ref: string) => api.db.prisma.sandboxGatewayOperation.findMany({ where: { paymentRef: ref }, orderBy: { id: "asc" } });

describe(`refunds (${testTarget()})`, () => {
  it("refunds all that is left by default: gateway refund, refunded_amount in the list, webhook, refund voucher", async () => {
    const p = await cardPayment();
    const res = await refund(p.id, p.key, { reason: "El huésped canceló" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ refund_id: expect.stringMatching(/^rf_/), payment_id: p.id, amount: 300000, status: "succeeded", voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    expect((await ops(p.id)).map((o) => [o.kind, o.amount?.toNumber() ?? null])).toEqual([
      ["charge", 300000],
      ["refund", 300000],
    ]);
    const list = await api.call("GET", `/api/v2/payments?q=${p.id}`, { key: p.key });
    expect(list.body.items[0]).toMatchObject({ transaction_id: p.id, status: "approved", refunded_amount: 300000 });
    const detail = await api.call("GET", `/api/v2/payments/${p.id}`, { key: p.key });
    expect(detail.body).toMatchObject({ refunded_amount: 300000, refundable_amount: 0, refundable: false, refunds: [{ refund_id: res.body.refund_id, amount: 300000, reason: "El huésped canceló", status: "succeeded" }] });
    const v = await api.call("GET", `/api/v2${res.body.voucher_url.slice(3)}`);
    expect(v.body.refund).toMatchObject({ refund_id: res.body.refund_id, amount: 300000 });
    const hooks = await api.db.prisma.webhookDelivery.findMany({ where: { agencyId: p.agency.id, event: "payment.refunded" } });
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].payload)).toMatchObject({ payment_id: p.id, refund_id: res.body.refund_id, amount: 300000, refunded_amount: 300000, automatic: false, reason: "El huésped canceló" });
    // Nothing is left.
    const again = await refund(p.id, p.key);
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/totalidad/);
  });

  it("partial refunds add up to at most the payment, also under 10 concurrent requests", async () => {
    const p = await cardPayment(300_000);
    expect((await refund(p.id, p.key, { amount: 100000.5 })).status).toBe(200);
    const over = await refund(p.id, p.key, { amount: 200000 });
    expect(over.status).toBe(409);
    expect(over.body.detail).toBe("El monto a reembolsar ($ 200.000) supera lo que queda por reembolsar de este pago ($ 199.999,50)");
    const results = await Promise.all(Array.from({ length: 10 }, () => refund(p.id, p.key, { amount: 50000 })));
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const t = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: p.id }, include: { refunds: true } });
    expect(t.refundedAmount.toNumber()).toBe(250000.5);
    expect(t.refunds.reduce((s, r) => s + r.amount.toNumber(), 0)).toBe(250000.5);
    console.log(`[refund race ${testTarget()}] 10 x 50.000 on 199.999,50 left: ${ok} x 200, ${10 - ok} x 409; refunded ${t.refundedAmount.toNumber()} of 300000`);
  });

  it("honours Idempotency-Key: the same key answers the first refund and refunds once", async () => {
    const p = await cardPayment();
    const headers = { "idempotency-key": "refund-abc-1" };
    const one = await refund(p.id, p.key, { amount: 1000 }, headers);
    const two = await refund(p.id, p.key, { amount: 1000 }, headers);
    expect(two.body).toEqual(one.body);
    expect(await api.db.prisma.paymentRefund.count({ where: { paymentId: p.id } })).toBe(1);
  });

  it("cash and PSE are 409 with a clear message; a payment not approved is 409; bad amounts are 400", async () => {
    const a = await agencyWithKey(api.db.prisma);
    const hotel = await createHotel(api.db.prisma);
    const cash = await api.call("POST", "/api/v2/apms/cash", {
      key: a.key,
      body: {
        order: { ...order(hotel.id, "ORD-CASH", 50000), fiscal_number: "1020304050", phone: "3001234567" },
        cash: { address: "Calle 10 # 5-20", user_type: "0", fiscal_number_type: "CC", payment_type: "EFECTY", response_url: "https://agencia.example.co/retorno" },
      },
    });
    await api.call("POST", `/api/v2/checkout/${cash.body.transaction_id}/simulate`, { body: { outcome: "approved" } });
    const r = await refund(cash.body.transaction_id, a.key);
    expect(r.status).toBe(409);
    expect(r.body.detail).toMatch(/efectivo y por transferencia \(PSE\) no se reembolsan/);

    const declined = await api.call("POST", "/api/v2/virtual-terminal/credit-card", {
      key: a.key,
      body: { order: { ...order(hotel.id, "ORD-D", 1000), installments: 1 }, card_item: Object.fromEntries(Object.entries({ cc_number: "4000000000000002", cc_code: "123", cc_expire_month: "12", cc_expire_year: year, cc_holder: "X Y" }).map(([k, v]) => [k, encryptCardField(v, pem)])) },
    });
    const txId = declined.body.extra_info.voucher_url ? (await api.db.prisma.paymentTransaction.findFirstOrThrow({ where: { refNumber: "ORD-D", agencyId: a.agency.id } })).id : "";
    const r2 = await refund(txId, a.key);
    expect(r2.status).toBe(409);
    expect(r2.body.detail).toMatch(/Solo se reembolsa un pago aprobado; este pago está rechazado/);

    const p = await cardPayment();
    for (const body of [{ amount: "1000" }, { amount: -5 }, { amount: 0 }, { amount: 10.123 }, { reason: 7 }]) {
      const bad = await refund(p.id, p.key, body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("Solicitud inválida");
    }
    expect(await api.db.prisma.paymentRefund.count({ where: { paymentId: p.id } })).toBe(0);
  });

  it("another agency gets 404; the operator may refund; an unknown id is 404", async () => {
    const p = await cardPayment();
    const other = await agencyWithKey(api.db.prisma);
    expect((await refund(p.id, other.key)).status).toBe(404);
    expect((await api.call("GET", `/api/v2/payments/${p.id}`, { key: other.key })).status).toBe(404);
    expect((await refund("tx_doesnotexist000000", p.key)).status).toBe(404);
    expect((await refund("NOPE", p.key)).status).toBe(404);
    expect((await refund("x".repeat(300), p.key)).status).toBe(404);
    expect((await api.call("GET", `/api/v2/payments/${"y".repeat(300)}`, { key: p.key })).status).toBe(404);
    const op = await refund(p.id, OPERATOR_KEY, { amount: 1000 });
    expect(op.status).toBe(200);
  });
});

async function booking(opts: { balance?: number } = {}) {
  const hook = await receiver();
  const a = await agencyWithKey(api.db.prisma, { webhookUrl: hook.url, isPreloaded: opts.balance !== undefined, balance: opts.balance ?? 0 });
  const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 5, price: 100_000 });
  const res = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key: a.key, body: reservationBody(room, rate, stay) });
  const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { code: res.body.chatbot_id } });
  return { ...a, hotel, reservation: r, code: r.code, amount: r.amount.toNumber() };
}

describe(`refunds and the reservation (${testTarget()})`, () => {
  it("a partial refund lowers amount paid; a confirmed reservation goes back to pending_payment while its deadline is ahead", async () => {
    const b = await booking();
    const paid = await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body: { order: { ...order(b.hotel.id, b.code, b.amount), installments: 1 }, card_item: card() } });
    expect((await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } })).status).toBe("confirmed");
    expect((await refund(paid.body.transaction_id, b.key, { amount: 50000 })).status).toBe(200);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect([r.status, r.amountPaid.toNumber()]).toEqual(["pending_payment", b.amount - 50000]);
    const got = await api.call("GET", `/api/v2/bookings/chatbot/${b.code}`, { key: b.key });
    expect(got.body.amount_paid).toBe(b.amount - 50000);
  });

  it("past its deadline a confirmed reservation stays confirmed, owing the difference", async () => {
    const b = await booking();
    const paid = await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body: { order: { ...order(b.hotel.id, b.code, b.amount), installments: 1 }, card_item: card() } });
    await api.db.prisma.reservation.update({ where: { id: b.reservation.id }, data: { paymentDeadline: new Date(Date.now() - 60_000) } });
    expect((await refund(paid.body.transaction_id, b.key, { amount: 50000 })).status).toBe(200);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect([r.status, r.amountPaid.toNumber()]).toEqual(["confirmed", b.amount - 50000]);
  });

  it("a balance payment's refund credits the agency's ledger; no gateway call", async () => {
    const b = await booking({ balance: 1_000_000 });
    const paid = await api.call("POST", `/api/v2/bookings/chatbot/${b.code}/pay-from-balance`, { key: b.key });
    expect(paid.status).toBe(200);
    const res = await refund(paid.body.transaction_id, b.key);
    expect(res.body).toMatchObject({ amount: b.amount, status: "succeeded" });
    const agency = await api.db.prisma.agency.findUniqueOrThrow({ where: { id: b.agency.id } });
    expect(agency.balance.toNumber()).toBe(1_000_000);
    const entries = await api.db.prisma.balanceEntry.findMany({ where: { agencyId: b.agency.id }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.kind, e.amount.toNumber()])).toEqual([
      ["debit", -b.amount],
      ["refund", b.amount],
    ]);
    expect(await ops(paid.body.transaction_id)).toEqual([]);
    const bal = await api.call("GET", `/api/v2/agencies/${b.agency.id}/balance`, { key: b.key });
    expect(bal.body.entries[0]).toMatchObject({ kind: "refund", amount: b.amount });
  });
});
