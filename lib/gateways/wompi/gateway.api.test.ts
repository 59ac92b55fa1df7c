// Wompi through WompiGateway against the fake (lib/testing/fake-wompi.ts): the contract every payment gateway
// passes, then what only a remote, asynchronous processor does to us: answers that never come, 5xx after the
// charge was made, transactions still PENDING when we stop waiting, voids it refuses, orders with async details.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testTarget } from "@/lib/testing/db";
import { startFakeWompi, type FakeWompi } from "@/lib/testing/fake-wompi";
import type { Database } from "@/lib/db/open";
import { ChargePendingError, type CardChargeInput } from "../payment-gateway";
import { CONTRACT_PAYER, describePaymentGatewayContract } from "../payment-gateway.contract";
import { WompiClient } from "./client";
import { WompiGateway, WompiGatewayError, type WompiGatewayOptions } from "./gateway";
import { localTransaction } from "./store";

const APPROVE = "4242424242424242";
const DECLINE = "4111111111111111";

function gatewayFor(fake: FakeWompi, database: Database, opts: Partial<WompiGatewayOptions> & { timeoutMs?: number } = {}) {
  const client = new WompiClient({
    baseUrl: fake.url,
    publicKey: fake.keys.publicKey,
    privateKey: fake.keys.privateKey,
    integritySecret: fake.keys.integritySecret,
    timeoutMs: opts.timeoutMs ?? 2000,
    backoffMs: 5,
  });
  return new WompiGateway({ client, database: async () => database, cardPollMs: 3000, orderPollMs: 3000, pollIntervalMs: 10, ...opts });
}

function processorView(fake: FakeWompi) {
  return async (key: string) => {
    const txs = fake.charges(key);
    return {
      charges: txs.length,
      approvedAmounts: txs.filter((t) => t.status === "APPROVED" || t.status === "VOIDED").map((t) => (t.amount_in_cents / 100).toFixed(2)),
      reversed: txs.some((t) => t.status === "VOIDED"),
    };
  };
}

describePaymentGatewayContract(`Wompi against its fake (record on ${testTarget()})`, async () => {
  const database = await openTestDatabase();
  const fake = await startFakeWompi();
  return {
    gateway: gatewayFor(fake, database),
    cards: { approve: APPROVE, decline: DECLINE },
    processor: processorView(fake),
    close: async () => {
      await fake.close();
      await database.close();
    },
  };
});

describe(`Wompi gateway: what a remote processor does (${testTarget()})`, () => {
  let database: Database;
  let fake: FakeWompi;
  let gw: WompiGateway;
  beforeAll(async () => {
    database = await openTestDatabase();
    fake = await startFakeWompi();
    gw = gatewayFor(fake, database);
  });
  afterAll(async () => {
    await fake?.close();
    await database?.close();
  });

  let n = 0;
  const key = () => `tx_wompi${String(++n).padStart(6, "0")}${Date.now().toString(16)}`;
  const charge = (k: string, number = APPROVE, amount = "250000.00"): CardChargeInput => ({
    transactionId: k,
    idempotencyKey: k,
    card: { number, cvc: "123", expMonth: 1, expYear: 2034, holder: "ANA PAGADORA" },
    amount,
    currency: "COP",
    installments: 3,
    payerEmail: "ana@example.co",
  });

  it("sends what Wompi documents: integer cents, a signature it accepts, our id as reference, the acceptance tokens", async () => {
    const k = key();
    await gw.chargeCard(charge(k, APPROVE, "199999.50"));
    const [t] = fake.charges(k);
    expect(t).toMatchObject({ reference: k, amount_in_cents: 19999950, currency: "COP", customer_email: "ana@example.co", createdWith: "private" });
    expect(t.payment_method).toMatchObject({ type: "CARD", installments: 3 });
    // Nothing about the card stays with us but Wompi's token.
    const local = await localTransaction(database, k);
    expect(JSON.stringify(local)).not.toContain(APPROVE);
    expect(local).toMatchObject({ status: "APPROVED", wompiId: t.id, amountInCents: 19999950 });
  });

  it("any other card ends in ERROR at Wompi's sandbox: a rejection that says no charge was made", async () => {
    const r = await gw.chargeCard(charge(key(), "5555555555554444"));
    expect(r).toMatchObject({ approved: false, code: "gateway_error" });
    expect((r as { reason: string }).reason).toMatch(/no se realizó ningún cargo/);
  });

  it("a transaction still PENDING when we stop waiting: ChargePendingError; void refused; settled later by findCharge", async () => {
    const slow = await startFakeWompi({ finalizeAfterMs: { CARD: null } });
    try {
      const g = gatewayFor(slow, database, { cardPollMs: 50 });
      const k = key();
      await expect(g.chargeCard(charge(k))).rejects.toBeInstanceOf(ChargePendingError);
      // What the payments service does next: a void, which Wompi cannot do for a pending charge.
      expect(await g.void(k, `void:${k}`)).toMatchObject({ ok: false });
      await expect(g.findCharge(k)).rejects.toBeInstanceOf(ChargePendingError);
      slow.complete(slow.charges(k)[0].id);
      expect(await g.findCharge(k)).toMatchObject({ approved: true, authorizationCode: slow.charges(k)[0].id });
      expect(slow.charges(k)).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it("a 5xx after Wompi created the charge: the charge is found by reference, answered, and made once", async () => {
    const k = key();
    fake.failNext("POST /transactions", "500-after");
    expect(await gw.chargeCard(charge(k))).toMatchObject({ approved: true });
    expect(fake.charges(k)).toHaveLength(1);
  });

  it("an answer that never comes after Wompi created the charge: found by reference too", async () => {
    const g = gatewayFor(fake, database, { timeoutMs: 300 });
    const k = key();
    fake.failNext("POST /transactions", "hang-after");
    expect(await g.chargeCard(charge(k))).toMatchObject({ approved: true });
    expect(fake.charges(k)).toHaveLength(1);
  });

  it("a 5xx or a hang before anything was created: an error, a void that will not say 'nothing charged' too early, a retry that charges once", async () => {
    for (const kind of ["500", "hang"] as const) {
      const g = gatewayFor(fake, database, { timeoutMs: 300 });
      const k = key();
      fake.failNext("POST /transactions", kind);
      await expect(g.chargeCard(charge(k))).rejects.toBeInstanceOf(WompiGatewayError);
      expect(fake.charges(k)).toHaveLength(0);
      // Too early to tell whether Wompi holds it: neither "nothing charged" nor "never seen".
      expect(await g.void(k, `void:${k}`)).toMatchObject({ ok: false });
      await expect(g.findCharge(k)).rejects.toBeInstanceOf(WompiGatewayError);
      // The same key again (a client retry): one charge.
      expect(await g.chargeCard(charge(k))).toMatchObject({ approved: true });
      expect(await g.chargeCard(charge(k))).toMatchObject({ approved: true });
      expect(fake.charges(k)).toHaveLength(1);
    }
  });

  it("an attempt Wompi never saw, once it is old enough, is 'never charged': findCharge null, void ok", async () => {
    const k = key();
    fake.failNext("POST /transactions", "500");
    await expect(gw.chargeCard(charge(k))).rejects.toBeInstanceOf(WompiGatewayError);
    const later = gatewayFor(fake, database, { unknownAfterMs: 0 });
    expect(await later.findCharge(k)).toBeNull();
    expect(await later.void(k, `void:${k}`)).toMatchObject({ ok: true });
    expect(fake.charges(k)).toHaveLength(0);
  });

  it("20 racing charges with one key, some through a 5xx: exactly one charge at Wompi, one outcome", async () => {
    const k = key();
    fake.failNext("POST /transactions", "500-after", 3);
    const all = await Promise.allSettled(Array.from({ length: 20 }, () => gw.chargeCard(charge(k))));
    const answers = all.filter((a) => a.status === "fulfilled").map((a) => (a as PromiseFulfilledResult<unknown>).value);
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) expect(a).toMatchObject({ approved: true });
    expect(fake.charges(k)).toHaveLength(1);
    expect(await gw.findCharge(k)).toMatchObject({ approved: true });
  });

  it("Wompi refusing our keys or data is no charge and no 'try again': a rejection the payer can trust", async () => {
    const wrong = new WompiGateway({
      client: new WompiClient({ baseUrl: fake.url, publicKey: fake.keys.publicKey, privateKey: "prv_test_wrongwrongwrong", integritySecret: fake.keys.integritySecret, backoffMs: 1 }),
      database: async () => database,
    });
    await expect(wrong.chargeCard(charge(key()))).rejects.toBeInstanceOf(WompiGatewayError); // cannot even look the reference up
    const badSig = new WompiGateway({
      client: new WompiClient({ baseUrl: fake.url, publicKey: fake.keys.publicKey, privateKey: fake.keys.privateKey, integritySecret: "test_integrity_other", backoffMs: 1 }),
      database: async () => database,
    });
    const k = key();
    expect(await badSig.chargeCard(charge(k))).toMatchObject({ approved: false, code: "gateway_refused" });
    expect(fake.charges(k)).toHaveLength(0);
    expect(await badSig.findCharge(k)).toMatchObject({ approved: false, code: "gateway_refused" });
    expect(await badSig.void(k, `void:${k}`)).toMatchObject({ ok: true });
  });

  it("a card Wompi will not tokenize (expired) is a rejection with no charge, the same every time it is asked", async () => {
    const k = key();
    const expired = { ...charge(k), card: { ...charge(k).card, expYear: 2020 } };
    const first = await gw.chargeCard(expired);
    expect(first).toMatchObject({ approved: false, code: "invalid_card" });
    expect(await gw.chargeCard(expired)).toEqual(first);
    expect(await gw.findCharge(k)).toEqual(first);
    expect(fake.charges(k)).toHaveLength(0);
  });

  it("rotated acceptance tokens are fetched again and the charge goes through once", async () => {
    await gw.chargeCard(charge(key()));
    fake.rotateAcceptanceTokens();
    const k = key();
    expect(await gw.chargeCard(charge(k))).toMatchObject({ approved: true });
    expect(fake.charges(k)).toHaveLength(1);
  });

  it("a void Wompi no longer allows is owed by hand, said so, and the charge stands", async () => {
    const k = key();
    await gw.chargeCard(charge(k));
    fake.setVoidable(false);
    try {
      expect(await gw.void(k, `void:${k}`)).toMatchObject({ ok: false, manual: true });
      expect(await gw.refund(k, "250000.00", `refund:${k}`)).toMatchObject({ ok: false, manual: true });
      expect(fake.charges(k)[0].status).toBe("APPROVED");
    } finally {
      fake.setVoidable(true);
    }
  });

  it("refunds: full card refund by void; partial, PSE and cash refunds are owed by hand", async () => {
    const k = key();
    await gw.chargeCard(charge(k, APPROVE, "100000.00"));
    expect(await gw.refund(k, "40000.00", `refund:${k}:a`)).toMatchObject({ ok: false, manual: true });
    expect(await gw.refund(k, "100000.00", `refund:${k}:b`)).toEqual({ ok: true, reference: fake.charges(k)[0].id });
    expect(fake.charges(k)[0].status).toBe("VOIDED");

    const p = key();
    const order = await gw.createBankTransferOrder({ transactionId: p, amount: "50000.00", currency: "COP", now: new Date(), bankCode: "1", payer: CONTRACT_PAYER });
    fake.complete(order.gatewayRef!);
    const refund = await gw.refund(p, "50000.00", `refund:${p}`);
    expect(refund).toMatchObject({ ok: false, manual: true });
    expect((refund as { reason: string }).reason).toMatch(/PSE/);
  });

  it("PSE: the bank list comes from Wompi (cached); the order carries the bank's URL and goes there with our data", async () => {
    const banks = await gw.banks();
    expect(banks).toEqual([
      { code: "1", name: "Banco que aprueba" },
      { code: "2", name: "Banco que rechaza" },
    ]);
    await gw.banks();
    expect(fake.requests.filter((r) => r.route.startsWith("GET /v1/pse/financial_institutions"))).toHaveLength(1);

    const k = key();
    const now = new Date();
    const order = await gw.createBankTransferOrder({
      transactionId: k,
      amount: "75000.00",
      currency: "COP",
      now,
      bankCode: "2",
      payer: { ...CONTRACT_PAYER, phone: "+57 300 123 4567" },
      redirectUrl: "https://hotelpay.example/checkout/x/vuelta",
      description: "Reserva HB-1234 en el Hotel Dorado de Cartagena",
    });
    const t = fake.charges(k)[0];
    expect(order).toMatchObject({ reference: t.id, gatewayRef: t.id, checkoutUrl: `${fake.root}/bank/${t.id}` });
    expect(order.expiresAt.getTime() - now.getTime()).toBe(2 * 60 * 60 * 1000);
    expect(t.payment_method).toMatchObject({ type: "PSE", financial_institution_code: "2", user_type: 0, user_legal_id_type: "CC", payment_description: "Reserva HB-1234 en el Hotel" });
    expect(t.customer_data).toMatchObject({ full_name: "Ana Pagadora", phone_number: "+573001234567" });
    expect(await gw.lookup(k)).toMatchObject({ status: "pending", amount: "75000.00", method: "PSE" });
    fake.complete(t.id);
    expect(await gw.lookup(k)).toMatchObject({ status: "declined" });
    expect(await gw.status(k)).toBe("rejected");
  });

  it("cash at a Bancolombia correspondent: the two codes the payer quotes, pending until paid", async () => {
    const k = key();
    const order = await gw.createCashOrder({ transactionId: k, amount: "60000.00", currency: "COP", now: new Date(), cashMethod: "bancolombia", payer: CONTRACT_PAYER });
    const t = fake.charges(k)[0];
    expect(order.cashCodes).toEqual({ businessAgreementCode: t.payment_method.extra!.business_agreement_code, paymentIntentionIdentifier: t.payment_method.extra!.payment_intention_identifier });
    expect(order.reference).toBe(order.cashCodes!.paymentIntentionIdentifier);
    expect(await gw.status(k)).toBe("pending");
    // Creating the order again with the same id follows the first one.
    const again = await gw.createCashOrder({ transactionId: k, amount: "60000.00", currency: "COP", now: new Date(), cashMethod: "bancolombia", payer: CONTRACT_PAYER });
    expect(again.cashCodes).toEqual(order.cashCodes);
    expect(fake.charges(k)).toHaveLength(1);
    fake.complete(t.id);
    expect(await gw.status(k)).toBe("approved");
    expect(await gw.void(k, `void:${k}`)).toMatchObject({ ok: false, manual: true });
  });

  it("refuses what Wompi would refuse before sending anything: no payer e-mail, PSE without the payer's data, another currency", async () => {
    const k = key();
    // No e-mail (and no WOMPI_CUSTOMER_EMAIL): a rejection the payer can read, nothing sent to Wompi.
    const before = fake.requests.length;
    await expect(gw.chargeCard({ ...charge(k), payerEmail: undefined })).resolves.toMatchObject({ approved: false, code: "payer_email_required", reason: expect.stringMatching(/correo del pagador/) });
    expect(fake.requests.length).toBe(before);
    await expect(gw.chargeCard({ ...charge(k), currency: "USD" })).rejects.toThrow(/COP/);
    const e = await gw.createBankTransferOrder({ transactionId: k, amount: "1000.00", currency: "COP", now: new Date(), bankCode: "1" }).catch((x) => x);
    expect(e).toBeInstanceOf(WompiGatewayError);
    expect(e.message).toMatch(/PSE/);
    // Met unhandled by a request: a 503 with a generic Spanish body, the reason only in the log.
    expect(e.status).toBe(503);
    expect(e.toBody()).toEqual({ code: "503", message: "Servicio no disponible", detail: "La pasarela de pagos no respondió; intente de nuevo en unos minutos" });
    expect(fake.charges(k)).toHaveLength(0);
  });
});
