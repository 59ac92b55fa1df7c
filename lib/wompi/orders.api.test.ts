// PSE and cash orders through Wompi (issue 26; docs/payments.md "Cash and PSE orders", "Wompi"). Real HTTP against
// the fake Wompi: the PSE bank list is Wompi's and 4.8 refuses another bank; a PSE order sends the payer to the
// bank's page (async_payment_url) and back to our checkout page, whose state comes from our record; approved,
// declined and a lost event found by the reconciliation; a cash order carries Wompi's two codes and an expiry that
// never outlives the reservation's deadline (sent to Wompi as expiration_time); and the order row is committed
// before Wompi is asked, so a failure between Wompi's answer and our update is completed by a retry with the same
// Idempotency-Key (or by the reconciliation) without a second transaction at Wompi.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { cashOrder, pendingReservation } from "@/lib/testing/payments";
import type { FakeWompi } from "@/lib/testing/fake-wompi";
import { startWompiApi, type WompiApi } from "@/lib/testing/wompi";
import { reconcileWompiPayments, refreshWompiOrder } from "./apply";

const HOUR = 60 * 60 * 1000;

let api: TestServer;
let fake: FakeWompi;
let w: WompiApi;

beforeAll(async () => {
  // PSE waits for the fake bank's page (or complete()); cash for complete().
  w = await startWompiApi({ finalizeAfterMs: { CARD: null, NEQUI: null, PSE: null, BANCOLOMBIA_COLLECT: null }, backoffMs: 5 });
  ({ api, fake } = w);
});
afterEach(async () => {
  fake.events.mode = "deliver";
  await fake.events.idle();
});
afterAll(async () => {
  await w?.close();
});

async function agency() {
  const a = await agencyWithKey(api.db);
  const hotel = await createHotel(api.db);
  return { ...a, hotel, client: apiClient(api, a.key) };
}

function pseBody(hotelId: number, refNumber: string, amount: number, bankCode = "1") {
  const c = cashOrder(hotelId, refNumber, amount);
  return {
    order: { ...c.order, detail: "Reserva de dos noches con desayuno en Cartagena", phone: "+57 300 123 4567" },
    bank_transfer: { bank_code: bankCode, response_url: "https://agencia.example.co/retorno", user_type: "0", fiscal_number_type: "CC", address: "Calle 10 # 5-20" },
  };
}

const payment = (id: string) => api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
const checkout = (id: string) => apiClient(api).GET("/v2/checkout/{transaction_id}", { params: { path: { transaction_id: id } } });
const placedEmails = (id: string) => api.db.prisma.email.count({ where: { factKey: `payment:${id}:placed` } });

/** The payer at the fake bank: authorises (or declines); the bank sends them back to our redirect_url. */
async function atTheBank(url: string, outcome: "APPROVED" | "DECLINED") {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  await page.text();
  const back = await fetch(`${url}?outcome=${outcome}`, { method: "POST", redirect: "manual" });
  expect(back.status).toBe(303);
  return back.headers.get("location")!;
}

describe(`PSE through Wompi (${testTarget()})`, () => {
  it("the bank list is Wompi's; a bank code not in it is a 400 in Spanish and creates nothing", async () => {
    const a = await agency();
    const banks = await a.client.GET("/v2/apms/banks");
    expect(banks.data).toEqual([
      { code: "1", name: "Banco que aprueba" },
      { code: "2", name: "Banco que rechaza" },
    ]);
    const before = fake.transactions.length;
    // 1007 is Bancolombia in the built-in list, not one of Wompi's codes.
    const r = await a.client.POST("/v2/apms/bank-transfer", { body: pseBody(a.hotel.id, "PSE-BAD-BANK", 90000, "1007") });
    expect(r.response.status).toBe(400);
    expect(r.error!.detail).toBe("bank_transfer.bank_code: el banco elegido no está en la lista de bancos PSE disponibles; elija uno de /api/v2/apms/banks");
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: "PSE-BAD-BANK" } })).toBe(0);
    expect(fake.transactions.length).toBe(before);
    // Not even a code: refused by the schema.
    const hostile = await a.client.POST("/v2/apms/bank-transfer", { body: pseBody(a.hotel.id, "PSE-BAD-BANK", 90000, "1' OR 1=1") });
    expect(hostile.response.status).toBe(400);
  });

  it("an order sends the payer to the bank's page; the approval's event credits it once; the return page reads our record", async () => {
    const a = await agency();
    const started = Date.now();
    const r = await a.client.POST("/v2/apms/bank-transfer", { body: pseBody(a.hotel.id, "PSE-OK-1", 125000) });
    expect(r.response.status).toBe(200);
    const id = r.data!.transaction_id;
    const [t] = fake.charges(id);
    // 4.8's checkout_url is Wompi's async_payment_url (it appears only after polling the transaction).
    expect(r.data!.checkout_url).toBe(`${fake.root}/bank/${t.id}`);
    expect(t.payment_method).toMatchObject({ type: "PSE", user_type: 0, user_legal_id_type: "CC", user_legal_id: "1020304050", financial_institution_code: "1" });
    expect((t.payment_method.payment_description as string).length).toBeLessThanOrEqual(30);
    expect(t.customer_data).toMatchObject({ full_name: "Laura Gómez", phone_number: "+573001234567" });
    expect(t.redirect_url).toBe(`http://localhost:3000/checkout/${id}`);
    const p = await payment(id);
    expect(p).toMatchObject({ status: "pending", method: "bank_transfer", paymentReference: t.id, bankCode: "1" });
    // A PSE order lasts 2 hours (no reservation here); Wompi is told the same instant.
    expect(p.expiresAt!.getTime() - started).toBeGreaterThanOrEqual(2 * HOUR - 5_000);
    expect(p.expiresAt!.getTime() - started).toBeLessThanOrEqual(2 * HOUR + 5_000);
    expect(t.expiration_time).toBe(p.expiresAt!.toISOString());
    expect((await checkout(id)).data).toMatchObject({ status: "pending", bank_url: r.data!.checkout_url, cash_codes: null });

    const back = await atTheBank(r.data!.checkout_url, "APPROVED");
    expect(back.startsWith(`http://localhost:3000/checkout/${id}?id=${t.id}`)).toBe(true);
    await fake.events.idle();
    const after = await payment(id);
    expect(after.status).toBe("approved");
    expect(await api.db.prisma.voucher.count({ where: { transactionId: id } })).toBe(1);
    // The event again, the reconciliation and the return page's refresh change nothing.
    expect((await fake.events.resend(fake.events.delivered.find((d) => d.transactionId === t.id)!.body))).toBe(200);
    await reconcileWompiPayments(api.db, new Date());
    await refreshWompiOrder(api.db, id, new Date());
    expect(await api.db.prisma.voucher.count({ where: { transactionId: id } })).toBe(1);
    expect((await checkout(id)).data).toMatchObject({ status: "approved", bank_url: null });
    expect(fake.charges(id)).toHaveLength(1);
    expect(await placedEmails(id)).toBe(1);
    // The instructions name the bank as Wompi lists it (its codes are not in the built-in list), never its code.
    const mail = await api.db.prisma.email.findFirstOrThrow({ where: { factKey: `payment:${id}:placed` } });
    expect((mail.data as { bank: string | null }).bank).toBe("Banco que aprueba");
  });

  it("declined at the bank: the order ends rejected and the return page says so", async () => {
    const a = await agency();
    const r = await a.client.POST("/v2/apms/bank-transfer", { body: pseBody(a.hotel.id, "PSE-NO-1", 80000, "2") });
    expect(r.response.status).toBe(200);
    await atTheBank(r.data!.checkout_url, "DECLINED");
    await fake.events.idle();
    const view = (await checkout(r.data!.transaction_id)).data!;
    expect(view.status).toBe("rejected");
    expect(view.decline_reason).toMatch(/rechazada/);
    expect(view.voucher_url).toBeNull();
  });

  it("still pending, then approved with its event lost: the return page's refresh and the reconciliation find it", async () => {
    const a = await agency();
    const one = await a.client.POST("/v2/apms/bank-transfer", { body: pseBody(a.hotel.id, "PSE-LOST-1", 60000) });
    const two = await a.client.POST("/v2/apms/bank-transfer", { body: pseBody(a.hotel.id, "PSE-LOST-2", 61000) });
    const [id1, id2] = [one.data!.transaction_id, two.data!.transaction_id];
    // Wompi still PENDING: nothing changes.
    await refreshWompiOrder(api.db, id1, new Date());
    await reconcileWompiPayments(api.db, new Date());
    expect((await payment(id1)).status).toBe("pending");
    expect((await payment(id2)).status).toBe("pending");

    fake.events.mode = "drop";
    fake.complete(fake.charges(id1)[0].id, "APPROVED");
    fake.complete(fake.charges(id2)[0].id, "APPROVED");
    await fake.events.idle();
    expect((await payment(id1)).status).toBe("pending");
    // The payer back on the return page: it asks Wompi before showing our record.
    await refreshWompiOrder(api.db, id1, new Date());
    expect((await payment(id1)).status).toBe("approved");
    // Nobody came back for the other: the reconciliation finds it.
    await reconcileWompiPayments(api.db, new Date());
    expect((await payment(id2)).status).toBe("approved");
    expect(fake.charges(id1)).toHaveLength(1);
    expect(fake.charges(id2)).toHaveLength(1);
  });
});

describe(`cash at a Bancolombia correspondent (${testTarget()})`, () => {
  it("the checkout shows Wompi's two codes; the expiry is the reservation's deadline when it comes first, also at Wompi", async () => {
    const a = await agency();
    // The reservation must be paid within 5 hours: a 72-hour reference would outlive it.
    // Whole seconds: times on the wire carry no milliseconds.
    const deadline = new Date(Math.floor((Date.now() + 5 * HOUR) / 1000) * 1000);
    const res = await pendingReservation(api.db, { agencyId: a.agency.id, hotelId: a.hotel.id, paymentDeadline: deadline });
    const r = await a.client.POST("/v2/apms/cash", { body: cashOrder(a.hotel.id, res.code, 300000) });
    expect(r.response.status).toBe(200);
    const id = r.data!.transaction_id;
    expect(r.data!.checkout_url).toBe(`http://localhost:3000/checkout/${id}`);
    const [t] = fake.charges(id);
    expect(t.payment_method_type).toBe("BANCOLOMBIA_COLLECT");
    const p = await payment(id);
    expect(p.expiresAt!.toISOString()).toBe(deadline.toISOString());
    expect(t.expiration_time).toBe(deadline.toISOString());
    const view = (await checkout(id)).data!;
    expect(view).toMatchObject({
      status: "pending",
      amount: 300000,
      payment_reference: t.payment_method.extra!.payment_intention_identifier,
      cash_codes: { business_agreement_code: t.payment_method.extra!.business_agreement_code, payment_intention_identifier: t.payment_method.extra!.payment_intention_identifier },
    });
    expect(Date.parse(view.expires_at!)).toBe(deadline.getTime());
    expect(view.expires_at).toMatch(/-05:00$/);
    // Paid at the correspondent: the voucher keeps until when the order could be paid.
    fake.complete(t.id, "APPROVED");
    await fake.events.idle();
    const paid = (await checkout(id)).data!;
    expect(paid.status).toBe("approved");
    const code = paid.voucher_url!.split("/").pop()!;
    const voucher = (await apiClient(api).GET("/v2/vouchers/{code}", { params: { path: { code } } })).data!;
    expect(Date.parse(voucher.order_expires_at!)).toBe(deadline.getTime());
  });
});

describe(`the order is written before Wompi is asked (${testTarget()})`, () => {
  it("Wompi created it but the answer was lost (and so was the look-up): a retry with the same key completes it, one transaction at Wompi", async () => {
    const a = await agency();
    const body = cashOrder(a.hotel.id, "CASH-LOST-ANSWER", 70000);
    const headers = { "Idempotency-Key": "cash-lost-answer-1" };
    const posts = () => fake.requests.filter((q) => q.route === "POST /v1/transactions").length;
    const postsBefore = posts();
    // Wompi creates the transaction and answers 500; asking it by reference right after fails too (3 reads).
    fake.failNext("POST /transactions", "500-after");
    fake.failNextAfter("POST /transactions", "GET /transactions?reference", "500", 3);
    const first = await a.client.POST("/v2/apms/cash", { body, params: { header: headers } });
    expect(first.response.status).toBe(503);
    const [row] = await api.db.prisma.paymentTransaction.findMany({ where: { refNumber: "CASH-LOST-ANSWER" } });
    // Our row was committed first: pending, with its key, waiting for the payer's reference.
    expect(row).toMatchObject({ status: "pending", idemKey: "cash-lost-answer-1", paymentReference: null });
    expect(fake.charges(row.id)).toHaveLength(1);
    expect(await placedEmails(row.id)).toBe(0);

    const retry = await a.client.POST("/v2/apms/cash", { body, params: { header: headers } });
    expect(retry.response.status).toBe(200);
    expect(retry.response.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.data!.transaction_id).toBe(row.id);
    // Followed by reference: no second POST, one transaction under the reference.
    expect(posts() - postsBefore).toBe(1);
    expect(fake.charges(row.id)).toHaveLength(1);
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: "CASH-LOST-ANSWER" } })).toBe(1);
    const p = await payment(row.id);
    expect(p.paymentReference).toBe(fake.charges(row.id)[0].payment_method.extra!.payment_intention_identifier);
    expect(await placedEmails(row.id)).toBe(1);
    // A third try answers the same order and creates nothing.
    const third = await a.client.POST("/v2/apms/cash", { body, params: { header: headers } });
    expect(third.data!.transaction_id).toBe(row.id);
    expect(fake.charges(row.id)).toHaveLength(1);
    expect(await placedEmails(row.id)).toBe(1);
  });

  it("the same for PSE without a retry: the reconciliation finds the transaction by reference and keeps its reference", async () => {
    const a = await agency();
    fake.failNext("POST /transactions", "500-after");
    fake.failNextAfter("POST /transactions", "GET /transactions?reference", "500", 3);
    const first = await a.client.POST("/v2/apms/bank-transfer", { body: pseBody(a.hotel.id, "PSE-LOST-ANSWER", 90000) });
    expect(first.response.status).toBe(503);
    const [row] = await api.db.prisma.paymentTransaction.findMany({ where: { refNumber: "PSE-LOST-ANSWER" } });
    expect(row).toMatchObject({ status: "pending", paymentReference: null });
    const [t] = fake.charges(row.id);
    await reconcileWompiPayments(api.db, new Date());
    expect((await payment(row.id)).paymentReference).toBe(t.id);
    // The checkout page now leads to the bank, and the approval is credited once.
    expect((await checkout(row.id)).data!.bank_url).toBe(`${fake.root}/bank/${t.id}`);
    fake.complete(t.id, "APPROVED");
    await fake.events.idle();
    expect((await payment(row.id)).status).toBe("approved");
    expect(fake.charges(row.id)).toHaveLength(1);
  });

  it("Wompi refuses the order for good (bad payer data): the order ends rejected with a 400, nothing pending", async () => {
    const a = await agency();
    const body = pseBody(a.hotel.id, "PSE-REFUSED", 90000);
    // A document Wompi refuses (the fake: 3 to 20 letters, digits or dashes).
    body.order.fiscal_number = "1.020.304.050";
    const r = await a.client.POST("/v2/apms/bank-transfer", { body });
    expect(r.response.status).toBe(400);
    expect(r.error!.detail).toMatch(/^La pasarela no aceptó la orden/);
    const [row] = await api.db.prisma.paymentTransaction.findMany({ where: { refNumber: "PSE-REFUSED" } });
    expect(row).toMatchObject({ status: "rejected", declineCode: "gateway_refused" });
    expect(fake.charges(row.id)).toHaveLength(0);
  });
});
