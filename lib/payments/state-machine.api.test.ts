// The payment state machine over real HTTP (docs/payments.md): never collect twice, across card, cash, PSE and
// balance, sequential or concurrent; approvals that cannot be credited are refunded through the gateway.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { encryptCardField } from "./card-crypto";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { paymentGateway, setPaymentGateway } from "@/lib/gateways";
import { SandboxGateway } from "@/lib/gateways/sandbox-gateway";
import type { CardChargeInput, CardChargeResult, PaymentGateway } from "@/lib/gateways/payment-gateway";
import { addDays, bogotaDate } from "@/lib/time";
import { reservationBody, sellableHotel } from "@/lib/reservations/fixtures";

let api: TestServer;
let pem: string;
const servers: http.Server[] = [];
const CRON = { authorization: "Bearer test-cron-secret" };
const today = bogotaDate(new Date());
const checkin = addDays(today, 5);
const stay = { checkin, checkout: addDays(checkin, 2), nights: 2 };

beforeAll(async () => {
  api = await startApi();
  pem = (await api.call("GET", "/api/v2/virtual-terminal/public-key")).body.pem;
});
afterEach(async () => {
  setPaymentGateway(new SandboxGateway());
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
const card = (number = "4242424242424242") =>
  Object.fromEntries(Object.entries({ cc_number: number, cc_code: "123", cc_expire_month: "12", cc_expire_year: year, cc_holder: "Laura Gómez" }).map(([k, v]) => [k, encryptCardField(v, pem)]));
const payer = { fiscal_number: "1020304050", fiscal_number_type: "CC", user_type: "0", address: "Calle 10 # 5-20, Cartagena" };

async function agencyWithHook(over: Parameters<typeof agencyWithKey>[1] = {}) {
  const hook = await receiver();
  const a = await agencyWithKey(api.db.prisma, { webhookUrl: hook.url, ...over });
  return { ...a, hook };
}

async function newLink(a: { key: string; agency: { id: number } }, hotelId: number, tempUrl: string, over: Record<string, unknown> = {}) {
  const res = await api.call("POST", "/api/v2/links/schedule", {
    key: a.key,
    body: {
      hotel_id: hotelId,
      guest_name: "Laura Gómez Restrepo",
      email: "laura@example.co",
      phone: "+57 300 123 4567",
      amount: "480000.00",
      description: "Dos noches con desayuno",
      available_hours: 12,
      temp_webhook_url: tempUrl,
      agency_id: a.agency.id,
      ...over,
    },
  });
  expect(res.status).toBe(200);
  const link = await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code: res.body.code } });
  return { code: res.body.code as string, id: link.id };
}

const linkPayments = (linkId: string) => api.db.prisma.paymentTransaction.findMany({ where: { linkId }, orderBy: { createdAt: "asc" } });
const ops = (ref: string) => api.db.prisma.sandboxGatewayOperation.findMany({ where: { paymentRef: ref }, orderBy: { id: "asc" } });
const deliveries = (agencyId: number, event: string) => api.db.prisma.webhookDelivery.findMany({ where: { agencyId, event } });
const aplicado = async (linkId: string) => (await api.db.prisma.webhookDelivery.findMany({ where: { linkId, event: "payment_link.payment" } })).filter((d) => JSON.parse(d.payload).payment_status === "aplicado");
const approve = (id: string) => api.call("POST", `/api/v2/checkout/${id}/simulate`, { body: { outcome: "approved" } });

describe(`one link, many methods (${testTarget()})`, () => {
  it("sequential: cash order, then card pays the link, then the cash approval is refunded, not credited", async () => {
    const a = await agencyWithHook();
    const hotel = await createHotel(api.db.prisma);
    const temp = await receiver();
    const l = await newLink(a, hotel.id, temp.url);

    const order = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "cash", payment_type: "EFECTY", payer } });
    expect(order.status).toBe(200);
    // A pending cash order does not block the card.
    const paid = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("approved");
    // The first approval cancelled the open order; the gateway was told to void it.
    const cancelled = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: order.body.transaction_id } });
    expect(cancelled.status).toBe("cancelled");
    expect((await ops(order.body.transaction_id)).map((o) => o.kind)).toEqual(["void"]);

    const late = await approve(order.body.transaction_id);
    expect(late.status).toBe(200);
    expect(late.body.status).toBe("refunded");
    const after = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: order.body.transaction_id } });
    expect(after.status).toBe("refunded");
    expect(after.reversal).toBe("refund");
    expect(after.reversedAt).not.toBeNull();
    expect((await ops(order.body.transaction_id)).map((o) => [o.kind, o.amount?.toFixed(2) ?? null])).toEqual([
      ["void", null],
      ["refund", "480000.00"],
    ]);
    const approved = (await linkPayments(l.id)).filter((p) => p.status === "approved");
    expect(approved.map((p) => p.method)).toEqual(["card"]);
    expect(await aplicado(l.id)).toHaveLength(1);
    const refunds = await deliveries(a.agency.id, "payment.refunded");
    expect(refunds).toHaveLength(1);
    expect(JSON.parse(refunds[0].payload)).toMatchObject({ payment_id: order.body.transaction_id, automatic: true, amount: 480000, link_code: l.code, payment_status: "refunded" });
    // The API shows it too.
    const seen = await api.call("GET", `/api/v2/apms/transactions/${order.body.transaction_id}`, { key: a.key });
    expect(seen.body.status).toBe("refunded");
    expect(seen.body.decline_reason).toMatch(/no se aplicó/);
  });

  it("race: 10 cash orders + 1 PSE + 1 card + all approvals at once -> exactly one credited payment", async () => {
    const a = await agencyWithHook();
    const hotel = await createHotel(api.db.prisma);
    const temp = await receiver();
    const l = await newLink(a, hotel.id, temp.url);
    const orders: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "cash", payment_type: "EFECTY", payer } });
      expect(r.status).toBe(200);
      orders.push(r.body.transaction_id);
    }
    const pse = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "bank_transfer", bank_code: "1007", payer } });
    orders.push(pse.body.transaction_id);

    const [cardRes, ...approvals] = await Promise.all([api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } }), ...orders.map(approve)]);
    // Nobody gets a 500; the card either paid, lost before charging (409), or was voided (declined).
    expect([200, 409]).toContain(cardRes.status);
    for (const r of approvals) expect(r.status).toBe(200);

    const all = await linkPayments(l.id);
    const approved = all.filter((p) => p.status === "approved");
    expect(approved).toHaveLength(1);
    const collected = approved.reduce((s, p) => s + p.amount.toNumber(), 0);
    expect(collected).toBe(480000);
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("paid");
    expect(await aplicado(l.id)).toHaveLength(1);
    // Every other approval was refunded through the gateway, and the agency told once per refund.
    const refunded = all.filter((p) => p.status === "refunded");
    expect(refunded.length).toBe(approvals.filter((r) => r.body.status === "refunded").length + (cardRes.body.status === "declined" ? 1 : 0));
    for (const p of refunded) {
      const kinds = (await ops(p.id)).map((o) => o.kind);
      expect(kinds).toContain(p.method === "card" ? "void" : "refund");
      expect(p.reversedAt).not.toBeNull();
    }
    expect(await deliveries(a.agency.id, "payment.refunded")).toHaveLength(refunded.length);
    expect(all.filter((p) => p.status === "pending")).toHaveLength(0);
    console.log(
      `[race ${testTarget()}] link: ${all.length} payments, approved ${approved.length} (${approved[0].method}), collected ${collected} of 480000, refunded ${refunded.length}, card HTTP ${cardRes.status} ${cardRes.body.status ?? ""}, aplicado 1`,
    );
  });
});

async function booking(opts: { balance?: number } = {}) {
  const a = await agencyWithHook({ isPreloaded: opts.balance !== undefined, balance: opts.balance ?? 0 });
  const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 5, price: 100_000 });
  const res = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key: a.key, body: reservationBody(room, rate, stay) });
  expect(res.status).toBe(200);
  const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { code: res.body.chatbot_id } });
  return { ...a, hotel, reservation: r, code: r.code, amount: r.amount.toNumber() };
}

const cardOrder = (hotelId: number, refNumber: string, amount: number, over: Record<string, unknown> = {}) => ({
  order: { ref_name: "Laura", ref_lastname: "Gómez", ref_number: refNumber, detail: "Reserva", amount, installments: 1, hotel_id: hotelId, email: "laura@example.co", ip: "181.50.3.7", ...over },
  card_item: card(),
});
const cashOrder = (hotelId: number, refNumber: string, amount: number) => ({
  order: { ref_name: "Laura", ref_lastname: "Gómez", ref_number: refNumber, detail: "Reserva", amount, hotel_id: hotelId, email: "laura@example.co", fiscal_number: "1020304050", phone: "3001234567", ip: "181.50.3.7" },
  cash: { address: "Calle 10 # 5-20", user_type: "0", fiscal_number_type: "CC", payment_type: "EFECTY", response_url: "https://agencia.example.co/retorno" },
});

describe(`one reservation, many methods (${testTarget()})`, () => {
  it("race: card + balance + cash approval at once -> paid exactly once, never above its amount", async () => {
    const b = await booking({ balance: 10_000_000 });
    const cashRes = await api.call("POST", "/api/v2/apms/cash", { key: b.key, body: cashOrder(b.hotel.id, b.code, b.amount) });
    expect(cashRes.status).toBe(200);
    const results = await Promise.all([
      api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body: cardOrder(b.hotel.id, b.code, b.amount) }),
      api.call("POST", `/api/v2/bookings/chatbot/${b.code}/pay-from-balance`, { key: b.key }),
      approve(cashRes.body.transaction_id),
      api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body: cardOrder(b.hotel.id, b.code, b.amount) }),
    ]);
    for (const r of results) expect(r.status).toBeLessThan(500);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect(r.status).toBe("confirmed");
    expect(r.amountPaid.toNumber()).toBe(b.amount);
    expect(r.amountHeld.toNumber()).toBe(0);
    const pays = await api.db.prisma.paymentTransaction.findMany({ where: { reservationId: r.id } });
    const approved = pays.filter((p) => p.status === "approved");
    expect(approved.reduce((s, p) => s + p.amount.toNumber(), 0)).toBe(b.amount);
    expect(await api.db.prisma.reservationStatusChange.count({ where: { reservationId: r.id, toStatus: "confirmed" } })).toBe(1);
    // The balance was debited only if the balance payment is the one that counted.
    const agency = await api.db.prisma.agency.findUniqueOrThrow({ where: { id: b.agency.id } });
    const byBalance = approved.some((p) => p.method === "balance");
    expect(agency.balance.toNumber()).toBe(10_000_000 - (byBalance ? b.amount : 0));
    // Any card approval that did not count was voided at the gateway.
    for (const p of pays.filter((x) => x.method === "card" && x.status === "refunded")) expect((await ops(p.id)).map((o) => o.kind)).toContain("void");
    const cash = pays.find((p) => p.id === cashRes.body.transaction_id)!;
    if (cash.status === "refunded") expect((await ops(cash.id)).map((o) => o.kind)).toContain("refund");
    console.log(
      `[race ${testTarget()}] reservation ${b.amount}: ${pays.map((p) => `${p.method}=${p.status}`).join(", ")}; HTTP ${results.map((x) => x.status).join("/")}; amount_paid ${r.amountPaid.toNumber()}`,
    );
  });

  it("a card in flight holds the reservation: balance and a cash approval meanwhile do not over-collect", async () => {
    const b = await booking({ balance: 10_000_000 });
    const cashRes = await api.call("POST", "/api/v2/apms/cash", { key: b.key, body: cashOrder(b.hotel.id, b.code, b.amount) });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    class SlowGateway extends SandboxGateway {
      async chargeCard(input: CardChargeInput) {
        await gate;
        return super.chargeCard(input);
      }
    }
    setPaymentGateway(new SlowGateway());
    const cardP = api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body: cardOrder(b.hotel.id, b.code, b.amount) });
    for (let i = 0; i < 50 && (await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } })).amountHeld.toNumber() === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const [bal, cashApproval] = await Promise.all([api.call("POST", `/api/v2/bookings/chatbot/${b.code}/pay-from-balance`, { key: b.key }), approve(cashRes.body.transaction_id)]);
    expect(bal.status).toBe(409);
    expect(bal.body.detail).toMatch(/tarjeta en curso/);
    expect(cashApproval.body.status).toBe("refunded");
    release();
    expect((await cardP).status).toBe(200);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect([r.status, r.amountPaid.toNumber(), r.amountHeld.toNumber()]).toEqual(["confirmed", b.amount, 0]);
    expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: b.agency.id } })).balance.toNumber()).toBe(10_000_000);
  });

  it("an approval for a cancelled reservation, or more than it owes, is refunded and not credited", async () => {
    const b = await booking();
    // More than it owes: refused before anything is charged or ordered.
    const over = await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body: cardOrder(b.hotel.id, b.code, b.amount + 1) });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/supera lo que falta/);
    expect((await api.call("POST", "/api/v2/apms/cash", { key: b.key, body: cashOrder(b.hotel.id, b.code, b.amount + 1) })).status).toBe(409);

    const half = await api.call("POST", "/api/v2/apms/cash", { key: b.key, body: cashOrder(b.hotel.id, b.code, b.amount / 2) });
    expect(half.status).toBe(200);
    expect((await api.call("POST", `/api/v2/bookings/chatbot/${b.code}/cancel`, { key: b.key })).status).toBe(200);
    const late = await approve(half.body.transaction_id);
    expect(late.body.status).toBe("refunded");
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect(r.amountPaid.toNumber()).toBe(0);
    expect((await ops(half.body.transaction_id)).map((o) => o.kind)).toEqual(["refund"]);
    expect(await deliveries(b.agency.id, "payment.refunded")).toHaveLength(1);
    // A paid-up reservation refuses a card before charging.
    const b2 = await booking();
    expect((await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b2.key, body: cardOrder(b2.hotel.id, b2.code, b2.amount) })).status).toBe(200);
    const again = await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b2.key, body: cardOrder(b2.hotel.id, b2.code, b2.amount) });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/confirmada/);
  });
});

/** A gateway that approves (the sandbox records the charge) and then loses the answer. */
class LostAnswerGateway extends SandboxGateway {
  async chargeCard(input: CardChargeInput): Promise<CardChargeResult> {
    await super.chargeCard(input);
    throw new Error("socket hang up");
  }
}

describe(`failures around the charge (${testTarget()})`, () => {
  it("a gateway that fails after approving: the charge is voided, nothing is credited, the claims are released", async () => {
    const b = await booking();
    setPaymentGateway(new LostAnswerGateway());
    const res = await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body: cardOrder(b.hotel.id, b.code, b.amount) });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/pasarela/);
    const p = (await api.db.prisma.paymentTransaction.findMany({ where: { reservationId: b.reservation.id } }))[0];
    expect(p.status).toBe("rejected");
    expect((await ops(p.id)).map((o) => [o.kind, o.result])).toEqual([
      ["charge", "approved"],
      ["void", "ok"],
    ]);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect([r.status, r.amountPaid.toNumber(), r.amountHeld.toNumber()]).toEqual(["pending_payment", 0, 0]);
    // The reservation can still be paid.
    setPaymentGateway(new SandboxGateway());
    expect((await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body: cardOrder(b.hotel.id, b.code, b.amount) })).status).toBe(200);
  });

  it("a gateway that approves and then the database write fails: pending is kept, the reconciliation job settles it", async () => {
    const b = await booking();
    const hotel = await createHotel(api.db.prisma);
    const temp = await receiver();
    const l = await newLink(b, hotel.id, temp.url, { guest_name: "Fallaescritura Prueba" });
    // The settle write fails for this payer only (a trigger standing in for a lost connection or a full disk).
    await api.db.sql.exec(`CREATE OR REPLACE FUNCTION hb_test_fail_settle() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'simulated database failure'; END $$ LANGUAGE plpgsql`);
    await api.db.sql.exec(
      `CREATE TRIGGER hb_test_fail_settle BEFORE UPDATE ON payment_transactions FOR EACH ROW WHEN (NEW.ref_name = 'Fallaescritura' AND NEW.status <> 'pending') EXECUTE FUNCTION hb_test_fail_settle()`,
    );
    let id: string;
    try {
      const res = await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } });
      // 202, not 5xx: the Idempotency-Key replays it, so a retry cannot start a second charge.
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ status: "pending", voucher_url: null, detail: expect.stringMatching(/verificación/) });
      const pending = await linkPayments(l.id);
      expect(pending.map((p) => p.status)).toEqual(["pending"]);
      id = pending[0].id;
      expect((await ops(id)).map((o) => [o.kind, o.result])).toEqual([["charge", "approved"]]);
      // The claim holds: a second card on the link waits for the first to be settled.
      expect((await api.call("POST", `/api/v2/links/${l.code}/pay`, { body: { method: "card", card_item: card() } })).status).toBe(409);
    } finally {
      await api.db.sql.exec(`DROP TRIGGER IF EXISTS hb_test_fail_settle ON payment_transactions`);
    }
    // Not stale yet: the job leaves it alone.
    const soon = await api.call("POST", "/api/cron/payment-reconcile", { headers: CRON, body: { now: new Date(Date.now() + 30_000).toISOString() } });
    expect(soon.status).toBe(200);
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
    const later = await api.call("POST", "/api/cron/payment-reconcile", { headers: CRON, body: { now: new Date(Date.now() + 5 * 60_000).toISOString() } });
    expect(later.body.processed).toBeGreaterThanOrEqual(1);
    const settled = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
    expect(settled.status).toBe("approved");
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("paid");
    expect(await aplicado(l.id)).toHaveLength(1);
    // The charge was made once: the job asked the gateway, it did not charge again.
    expect((await ops(id)).map((o) => o.kind)).toEqual(["charge"]);
  });

  it("a pending card payment the gateway never saw is voided and closed by the job; its one-time claim is released", async () => {
    const b = await booking();
    // A gateway that dies before reaching the processor and cannot void either.
    const dead: PaymentGateway = Object.assign(Object.create(new SandboxGateway()), {
      chargeCard: async () => {
        throw new Error("ECONNREFUSED");
      },
      void: async () => {
        throw new Error("ECONNREFUSED");
      },
    });
    setPaymentGateway(dead);
    const headers = { "idempotency-key": "lost-answer-1" };
    const body = cardOrder(b.hotel.id, b.code, b.amount);
    const res = await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body, headers });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ msg: "Pago en verificación", status: "pending" });
    // The same key replays the answer: no second payment, no second charge attempt.
    const retry = await api.call("POST", "/api/v2/virtual-terminal/credit-card", { key: b.key, body, headers });
    expect(retry.status).toBe(202);
    expect(retry.body.transaction_id).toBe(res.body.transaction_id);
    expect(await api.db.prisma.paymentTransaction.count({ where: { reservationId: b.reservation.id } })).toBe(1);
    expect(paymentGateway()).toBe(dead);
    const p = (await api.db.prisma.paymentTransaction.findMany({ where: { reservationId: b.reservation.id } }))[0];
    expect(p.status).toBe("pending");
    expect((await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } })).amountHeld.toNumber()).toBe(b.amount);
    setPaymentGateway(new SandboxGateway());
    await api.call("POST", "/api/cron/payment-reconcile", { headers: CRON, body: { now: new Date(Date.now() + 5 * 60_000).toISOString() } });
    const closed = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: p.id } });
    expect(closed.status).toBe("rejected");
    expect((await ops(p.id)).map((o) => o.kind)).toEqual(["void"]);
    expect((await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } })).amountHeld.toNumber()).toBe(0);
  });

  it("the gateway answers a repeated idempotency key with the first outcome and charges once", async () => {
    const g = new SandboxGateway();
    const input = { transactionId: "tx_idem0000000000", idempotencyKey: "tx_idem0000000000", card: { number: "4242424242424242", cvc: "123", expMonth: 12, expYear: 2030, holder: "A" }, amount: "1000.00", currency: "COP", installments: 1 };
    const one = await g.chargeCard(input);
    const two = await g.chargeCard(input);
    expect(two).toEqual(one);
    expect(await g.findCharge("tx_idem0000000000")).toEqual(one);
    expect(await g.findCharge("tx_nothing")).toBeNull();
    expect((await ops("tx_idem0000000000")).length).toBe(1);
  });
});
