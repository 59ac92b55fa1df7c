// The payment state machine over real HTTP (docs/payments.md): never collect twice, across card, cash, PSE and
// balance, sequential or concurrent; approvals that cannot be credited are refunded through the gateway.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { completeOrder, describeSandboxOnly, gatewayMoves, sandboxOnly, startPaymentsApi, TEST_GATEWAY, WOMPI_MODE, type PaymentsApi } from "@/lib/testing/gateway-mode";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { bookedReservation, cardOrder as cardOrderFor, cashOrder, encryptedCard, publicKeyPem, receivers } from "@/lib/testing/payments";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { paymentGateway, setPaymentGateway } from "@/lib/gateways";
import { SandboxGateway } from "@/lib/gateways/sandbox-gateway";
import type { CardChargeInput, CardChargeResult, PaymentGateway } from "@/lib/gateways/payment-gateway";
import { addDays, bogotaDate } from "@/lib/time";
import type { paths } from "@/lib/client/schema";

let gw: PaymentsApi;
let api: TestServer;
let gateway: PaymentGateway;
let pem: string;
const listeners = receivers();
const receiver = () => listeners.receiver();
const cron = () => apiClient(api, undefined, { authorization: "Bearer test-cron-secret" });
const today = bogotaDate(new Date());
const checkin = addDays(today, 5);

beforeAll(async () => {
  gw = await startPaymentsApi();
  api = gw.api;
  gateway = paymentGateway();
  pem = await publicKeyPem(api);
});
afterEach(async () => {
  setPaymentGateway(gateway);
  await deliveriesIdle();
  await listeners.closeAll();
});
afterAll(async () => {
  await deliveriesIdle();
  await gw?.close();
});

const card = () => encryptedCard(pem);
const payer = { fiscal_number: "1020304050", fiscal_number_type: "CC", user_type: "0", address: "Calle 10 # 5-20, Cartagena" };

async function agencyWithHook(over: Parameters<typeof agencyWithKey>[1] = {}) {
  const hook = await receiver();
  const a = await agencyWithKey(api.db, { webhookUrl: hook.url, ...over });
  return { ...a, hook };
}

type NewLink = paths["/v2/links/schedule"]["post"]["requestBody"]["content"]["application/json"];
async function newLink(a: { key: string; agency: { id: number } }, hotelId: number, tempUrl: string, over: Partial<NewLink> = {}) {
  const res = await apiClient(api, a.key).POST("/v2/links/schedule", { body: {
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
    } });
  expect(res.response.status).toBe(200);
  const link = await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code: res.data!.code } });
  return { code: res.data!.code as string, id: link.id };
}

/** A link payment's status: card answers carry one, cash and PSE orders do not. */
const statusOf = (d: object | undefined) => (d && "status" in d ? d.status : undefined);
const linkPayments = (linkId: string) => api.db.prisma.paymentTransaction.findMany({ where: { linkId }, orderBy: { createdAt: "asc" } });
const sandboxOps = (ref: string) => api.db.prisma.sandboxGatewayOperation.findMany({ where: { paymentRef: ref }, orderBy: { id: "asc" } });
/** What reached the gateway for a payment: kinds in order (the sandbox's log; with Wompi, charges and voids as "refund"). */
const kinds = async (ref: string) => (await gatewayMoves(gw, ref)).map(([kind]) => kind);
const deliveries = (agencyId: number, event: string) => api.db.prisma.webhookDelivery.findMany({ where: { agencyId, event } });
const aplicado = async (linkId: string) => (await api.db.prisma.webhookDelivery.findMany({ where: { linkId, event: "payment_link.payment" } })).filter((d) => JSON.parse(d.payload).payment_status === "aplicado");
/** The payer pays a pending cash or PSE order (the sandbox's checkout button; with Wompi, its signed event). */
const approve = (id: string) => completeOrder(gw, id, "approved");
const row = (id: string) => api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
/**
 * A cash or PSE approval that cannot be credited: the sandbox refunds it through its API; Wompi has no refund for
 * them, so it is recorded refunded and owed by hand (reversal "manual", not reversed yet; lib/wompi/apply.api.test.ts).
 */
async function expectOrderReversed(id: string) {
  const p = await row(id);
  expect(p.status).toBe("refunded");
  expect(p.reversal).toBe(WOMPI_MODE ? "manual" : "refund");
  if (WOMPI_MODE) expect(p.reversedAt).toBeNull();
  else expect(p.reversedAt).not.toBeNull();
  if (!WOMPI_MODE) expect(await kinds(id)).toContain("refund");
}
const PSE_BANK = WOMPI_MODE ? "1" : "1007";

describe(`one link, many methods (${testTarget()}, ${TEST_GATEWAY})`, () => {
  it("sequential: cash order, then card pays the link, then the cash approval is refunded, not credited", async () => {
    const a = await agencyWithHook();
    const hotel = await createHotel(api.db);
    const temp = await receiver();
    const l = await newLink(a, hotel.id, temp.url);

    const order = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "cash", payment_type: "EFECTY", payer } });
    expect(order.response.status).toBe(200);
    // A pending cash order does not block the card.
    const paid = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "card", card_item: card() } });
    expect(paid.response.status).toBe(200);
    expect(paid.data).toMatchObject({ status: "approved" });
    // The first approval cancelled the open order; the sandbox was told to void it (Wompi cannot cancel a collect reference).
    const cancelled = await row(order.data!.transaction_id);
    expect(cancelled.status).toBe("cancelled");
    if (!WOMPI_MODE) expect((await sandboxOps(order.data!.transaction_id)).map((o) => o.kind)).toEqual(["void"]);

    // The payer pays the cancelled order anyway: refunded, not credited.
    expect(await approve(order.data!.transaction_id)).toBe(200);
    await expectOrderReversed(order.data!.transaction_id);
    if (!WOMPI_MODE) {
      expect((await sandboxOps(order.data!.transaction_id)).map((o) => [o.kind, o.amount?.toFixed(2) ?? null])).toEqual([
        ["void", null],
        ["refund", "480000.00"],
      ]);
    }
    const approved = (await linkPayments(l.id)).filter((p) => p.status === "approved");
    expect(approved.map((p) => p.method)).toEqual(["card"]);
    expect(await aplicado(l.id)).toHaveLength(1);
    const refunds = await deliveries(a.agency.id, "payment.refunded");
    expect(refunds).toHaveLength(1);
    expect(JSON.parse(refunds[0].payload)).toMatchObject({ payment_id: order.data!.transaction_id, automatic: true, amount: 480000, link_code: l.code, payment_status: "refunded" });
    // The API shows it too.
    const seen = await apiClient(api, a.key).GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: order.data!.transaction_id } } });
    expect(seen.data!.status).toBe("refunded");
    expect(seen.data!.decline_reason).toMatch(/no se aplicó/);
  });

  it("race: 10 cash orders + 1 PSE + 1 card + all approvals at once -> exactly one credited payment", async () => {
    const a = await agencyWithHook();
    const hotel = await createHotel(api.db);
    const temp = await receiver();
    const l = await newLink(a, hotel.id, temp.url);
    const orders: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "cash", payment_type: "EFECTY", payer } });
      expect(r.response.status).toBe(200);
      orders.push(r.data!.transaction_id);
    }
    const pse = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "bank_transfer", bank_code: PSE_BANK, payer } });
    expect(pse.response.status).toBe(200);
    orders.push(pse.data!.transaction_id);

    const [cardRes, ...approvals] = await Promise.all([apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "card", card_item: card() } }), ...orders.map(approve)]);
    // Nobody gets a 500; the card either paid, lost before charging (409), or was voided (declined).
    expect([200, 409]).toContain(cardRes.response.status);
    for (const r of approvals) expect(r).toBe(200);

    const all = await linkPayments(l.id);
    const approved = all.filter((p) => p.status === "approved");
    expect(approved).toHaveLength(1);
    const collected = approved.reduce((s, p) => s + p.amount.toNumber(), 0);
    expect(collected).toBe(480000);
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("paid");
    expect(await aplicado(l.id)).toHaveLength(1);
    // Every other approval was refunded through the gateway, and the agency told once per refund.
    const refunded = all.filter((p) => p.status === "refunded");
    expect(refunded.length).toBe(all.filter((p) => p.method !== "card" && p.status === "refunded").length + (statusOf(cardRes.data) === "declined" ? 1 : 0));
    expect(all.filter((p) => p.method !== "card").every((p) => ["approved", "refunded"].includes(p.status))).toBe(true);
    for (const p of refunded) {
      if (p.method === "card") {
        expect(await kinds(p.id)).toContain(WOMPI_MODE ? "refund" : "void");
        expect(p.reversedAt).not.toBeNull();
      } else await expectOrderReversed(p.id);
    }
    expect(await deliveries(a.agency.id, "payment.refunded")).toHaveLength(refunded.length);
    expect(all.filter((p) => p.status === "pending")).toHaveLength(0);
    console.log(
      `[race ${testTarget()}] link: ${all.length} payments, approved ${approved.length} (${approved[0].method}), collected ${collected} of 480000, refunded ${refunded.length}, card HTTP ${cardRes.response.status} ${statusOf(cardRes.data) ?? ""}, aplicado 1`,
    );
  });
});

async function booking(opts: { balance?: number } = {}) {
  const hook = await receiver();
  return bookedReservation(api, { checkin, webhookUrl: hook.url, balance: opts.balance });
}

const cardOrder = (hotelId: number, refNumber: string, amount: number) => cardOrderFor(pem, hotelId, refNumber, amount);

describe(`one reservation, many methods (${testTarget()}, ${TEST_GATEWAY})`, () => {
  it("race: card + balance + cash approval at once -> paid exactly once, never above its amount", async () => {
    const b = await booking({ balance: 10_000_000 });
    const cashRes = await apiClient(api, b.key).POST("/v2/apms/cash", { body: cashOrder(b.hotel.id, b.code, b.amount) });
    expect(cashRes.response.status).toBe(200);
    const results = await Promise.all([
      apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(b.hotel.id, b.code, b.amount) }),
      apiClient(api, b.key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: b.code } } }),
      approve(cashRes.data!.transaction_id),
      apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(b.hotel.id, b.code, b.amount) }),
    ]);
    for (const r of results) expect(typeof r === "number" ? r : r.response.status).toBeLessThan(500);
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
    for (const p of pays.filter((x) => x.method === "card" && x.status === "refunded")) expect(await kinds(p.id)).toContain(WOMPI_MODE ? "refund" : "void");
    const cash = pays.find((p) => p.id === cashRes.data!.transaction_id)!;
    expect(["approved", "refunded"]).toContain(cash.status);
    if (cash.status === "refunded") await expectOrderReversed(cash.id);
    console.log(
      `[race ${testTarget()}] reservation ${b.amount}: ${pays.map((p) => `${p.method}=${p.status}`).join(", ")}; HTTP ${results.map((x) => (typeof x === "number" ? x : x.response.status)).join("/")}; amount_paid ${r.amountPaid.toNumber()}`,
    );
  });

  sandboxOnly("a slowed-down sandbox gateway holds the card in flight")("a card in flight holds the reservation: balance and a cash approval meanwhile do not over-collect", async () => {
    const b = await booking({ balance: 10_000_000 });
    const cashRes = await apiClient(api, b.key).POST("/v2/apms/cash", { body: cashOrder(b.hotel.id, b.code, b.amount) });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    class SlowGateway extends SandboxGateway {
      async chargeCard(input: CardChargeInput) {
        await gate;
        return super.chargeCard(input);
      }
    }
    setPaymentGateway(new SlowGateway());
    const cardP = apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(b.hotel.id, b.code, b.amount) });
    for (let i = 0; i < 50 && (await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } })).amountHeld.toNumber() === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const [bal, cashApproval] = await Promise.all([apiClient(api, b.key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: b.code } } }), approve(cashRes.data!.transaction_id)]);
    expect(bal.response.status).toBe(409);
    expect(bal.error!.detail).toMatch(/tarjeta en curso/);
    expect(cashApproval).toBe(200);
    await expectOrderReversed(cashRes.data!.transaction_id);
    release();
    expect((await cardP).response.status).toBe(200);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect([r.status, r.amountPaid.toNumber(), r.amountHeld.toNumber()]).toEqual(["confirmed", b.amount, 0]);
    expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: b.agency.id } })).balance.toNumber()).toBe(10_000_000);
  });

  it("an approval for a cancelled reservation, or more than it owes, is refunded and not credited", async () => {
    const b = await booking();
    // More than it owes: refused before anything is charged or ordered.
    const over = await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(b.hotel.id, b.code, b.amount + 1) });
    expect(over.response.status).toBe(409);
    expect(over.error!.detail).toMatch(/supera lo que falta/);
    expect((await apiClient(api, b.key).POST("/v2/apms/cash", { body: cashOrder(b.hotel.id, b.code, b.amount + 1) })).response.status).toBe(409);

    const half = await apiClient(api, b.key).POST("/v2/apms/cash", { body: cashOrder(b.hotel.id, b.code, b.amount / 2) });
    expect(half.response.status).toBe(200);
    expect((await apiClient(api, b.key).POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path: { booking_id: b.code } } })).response.status).toBe(200);
    expect(await approve(half.data!.transaction_id)).toBe(200);
    await expectOrderReversed(half.data!.transaction_id);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect(r.amountPaid.toNumber()).toBe(0);
    if (!WOMPI_MODE) expect((await sandboxOps(half.data!.transaction_id)).map((o) => o.kind)).toEqual(["refund"]);
    expect(await deliveries(b.agency.id, "payment.refunded")).toHaveLength(1);
    // A paid-up reservation refuses a card before charging.
    const b2 = await booking();
    expect((await apiClient(api, b2.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(b2.hotel.id, b2.code, b2.amount) })).response.status).toBe(200);
    const again = await apiClient(api, b2.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(b2.hotel.id, b2.code, b2.amount) });
    expect(again.response.status).toBe(409);
    expect(again.error!.detail).toMatch(/confirmada/);
  });
});

/** A gateway that approves (the sandbox records the charge) and then loses the answer. */
class LostAnswerGateway extends SandboxGateway {
  async chargeCard(input: CardChargeInput): Promise<CardChargeResult> {
    await super.chargeCard(input);
    throw new Error("socket hang up");
  }
}

describeSandboxOnly("sandbox gateways that fail or lose answers (Wompi's own: lib/wompi/cards.api.test.ts)", `failures around the charge (${testTarget()})`, () => {
  it("a gateway that fails after approving: the charge is voided, nothing is credited, the claims are released", async () => {
    const b = await booking();
    setPaymentGateway(new LostAnswerGateway());
    const res = await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(b.hotel.id, b.code, b.amount) });
    expect(res.response.status).toBe(400);
    expect(res.error!.detail).toMatch(/pasarela/);
    const p = (await api.db.prisma.paymentTransaction.findMany({ where: { reservationId: b.reservation.id } }))[0];
    expect(p.status).toBe("rejected");
    expect((await sandboxOps(p.id)).map((o) => [o.kind, o.result])).toEqual([
      ["charge", "approved"],
      ["void", "ok"],
    ]);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } });
    expect([r.status, r.amountPaid.toNumber(), r.amountHeld.toNumber()]).toEqual(["pending_payment", 0, 0]);
    // The reservation can still be paid.
    setPaymentGateway(new SandboxGateway());
    expect((await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(b.hotel.id, b.code, b.amount) })).response.status).toBe(200);
  });

  it("a gateway that approves and then the database write fails: pending is kept, the reconciliation job settles it", async () => {
    const b = await booking();
    const hotel = await createHotel(api.db);
    const temp = await receiver();
    const l = await newLink(b, hotel.id, temp.url, { guest_name: "Fallaescritura Prueba" });
    // The settle write fails for this payer only (a trigger standing in for a lost connection or a full disk).
    await api.db.sql.exec(`CREATE OR REPLACE FUNCTION hb_test_fail_settle() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'simulated database failure'; END $$ LANGUAGE plpgsql`);
    await api.db.sql.exec(
      `CREATE TRIGGER hb_test_fail_settle BEFORE UPDATE ON payment_transactions FOR EACH ROW WHEN (NEW.ref_name = 'Fallaescritura' AND NEW.status <> 'pending') EXECUTE FUNCTION hb_test_fail_settle()`,
    );
    let id: string;
    try {
      const res = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "card", card_item: card() } });
      // 202, not 5xx: the Idempotency-Key replays it, so a retry cannot start a second charge.
      expect(res.response.status).toBe(202);
      expect(res.data).toMatchObject({ status: "pending", voucher_url: null, detail: expect.stringMatching(/verificación/) });
      const pending = await linkPayments(l.id);
      expect(pending.map((p) => p.status)).toEqual(["pending"]);
      id = pending[0].id;
      expect((await sandboxOps(id)).map((o) => [o.kind, o.result])).toEqual([["charge", "approved"]]);
      // The claim holds: a second card on the link waits for the first to be settled.
      expect((await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "card", card_item: card() } })).response.status).toBe(409);
    } finally {
      await api.db.sql.exec(`DROP TRIGGER IF EXISTS hb_test_fail_settle ON payment_transactions`);
    }
    // Not stale yet: the job leaves it alone.
    const soon = await cron().POST("/cron/payment-reconcile", { body: { now: new Date(Date.now() + 30_000).toISOString() } });
    expect(soon.response.status).toBe(200);
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
    const later = await cron().POST("/cron/payment-reconcile", { body: { now: new Date(Date.now() + 5 * 60_000).toISOString() } });
    expect(later.data!.processed).toBeGreaterThanOrEqual(1);
    const settled = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
    expect(settled.status).toBe("approved");
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("paid");
    expect(await aplicado(l.id)).toHaveLength(1);
    // The charge was made once: the job asked the gateway, it did not charge again.
    expect((await sandboxOps(id)).map((o) => o.kind)).toEqual(["charge"]);
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
    const params = { header: { "Idempotency-Key": "lost-answer-1" } };
    const body = cardOrder(b.hotel.id, b.code, b.amount);
    const res = await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { params, body });
    expect(res.response.status).toBe(202);
    expect(res.data).toMatchObject({ msg: "Pago en verificación", status: "pending" });
    // The same key replays the answer: no second payment, no second charge attempt.
    const retry = await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { params, body });
    expect(retry.response.status).toBe(202);
    expect(retry.data!.transaction_id).toBe(res.data!.transaction_id);
    expect(await api.db.prisma.paymentTransaction.count({ where: { reservationId: b.reservation.id } })).toBe(1);
    expect(paymentGateway()).toBe(dead);
    const p = (await api.db.prisma.paymentTransaction.findMany({ where: { reservationId: b.reservation.id } }))[0];
    expect(p.status).toBe("pending");
    expect((await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } })).amountHeld.toNumber()).toBe(b.amount);
    setPaymentGateway(new SandboxGateway());
    await cron().POST("/cron/payment-reconcile", { body: { now: new Date(Date.now() + 5 * 60_000).toISOString() } });
    const closed = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: p.id } });
    expect(closed.status).toBe("rejected");
    expect((await sandboxOps(p.id)).map((o) => o.kind)).toEqual(["void"]);
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
    expect((await sandboxOps("tx_idem0000000000")).length).toBe(1);
  });
});
