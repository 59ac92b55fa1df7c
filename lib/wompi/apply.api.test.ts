// Wompi phase 2: what Wompi decides reaches our payments exactly once (docs/payments.md "Wompi"). Real HTTP
// against the fake Wompi: a card payment left PENDING at Wompi answers 202; then its event, replays of it and the
// reconciliation racing (20 at once) credit it once and notify the link once; an event whose amount differs is
// never credited; a lost event is found by the reconciliation; declines end rejected.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { encryptedCard, publicKeyPem, receivers } from "@/lib/testing/payments";
import { signWompiEvent, type FakeWompi, type WompiEventBody } from "@/lib/testing/fake-wompi";
import { startWompiApi, WOMPI_EVENTS_PATH, type WompiApi } from "@/lib/testing/wompi";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { reconcileWompiPayments } from "./apply";
import { reconcilePayments } from "@/lib/payments/settle";

const PATH = WOMPI_EVENTS_PATH;

let api: TestServer;
let fake: FakeWompi;
let w: WompiApi;
let pem: string;
const listeners = receivers();

beforeAll(async () => {
  // Cards stay PENDING at Wompi until the test decides (complete()).
  w = await startWompiApi({ finalizeAfterMs: { CARD: null, NEQUI: null } });
  ({ api, fake } = w);
  pem = await publicKeyPem(api);
});
afterEach(async () => {
  fake.events.mode = "deliver";
  await fake.events.idle();
  await deliveriesIdle();
  await listeners.closeAll();
});
afterAll(async () => {
  await w?.close();
});

async function newLink(tempUrl: string, amount = "480000.00") {
  const hook = await listeners.receiver();
  const a = await agencyWithKey(api.db, { webhookUrl: hook.url });
  const hotel = await createHotel(api.db);
  const res = await apiClient(api, a.key).POST("/v2/links/schedule", {
    body: {
      hotel_id: hotel.id,
      guest_name: "Laura Gómez Restrepo",
      email: "laura@example.co",
      phone: "+57 300 123 4567",
      amount,
      description: "Dos noches con desayuno",
      available_hours: 12,
      temp_webhook_url: tempUrl,
      agency_id: a.agency.id,
    },
  });
  expect(res.response.status).toBe(200);
  const link = await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code: res.data!.code } });
  return { code: res.data!.code as string, id: link.id, agencyId: a.agency.id };
}

/** Pays the link by card; Wompi keeps it PENDING, so the answer is the documented 202. */
async function pendingCardPayment(l: { code: string }, number = "4242424242424242") {
  const r = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "card", card_item: encryptedCard(pem, number) } });
  expect(r.response.status).toBe(202);
  const id = (r.data as { transaction_id: string }).transaction_id;
  const p = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
  expect(p.status).toBe("pending");
  const wompi = fake.charges(id);
  expect(wompi).toHaveLength(1);
  return { id, wompiId: wompi[0].id };
}

const post = (body: unknown) => fetch(`${api.url}${PATH}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const resign = (e: WompiEventBody): WompiEventBody => signWompiEvent(e, fake.keys.eventsSecret);
const aplicado = async (linkId: string) =>
  (await api.db.prisma.webhookDelivery.findMany({ where: { linkId, event: "payment_link.payment" } })).map((d) => JSON.parse(d.payload).payment_status as string);
const later = () => new Date(Date.now() + 5 * 60_000);

describe(`Wompi events and reconciliation credit once (${testTarget()})`, () => {
  it("a card left pending: its event, 9 replays and 10 reconciliations at once credit it once; the link is notified once", async () => {
    const temp = await listeners.receiver("/temp");
    const l = await newLink(temp.url);
    const { id, wompiId } = await pendingCardPayment(l);

    fake.events.mode = "hold";
    fake.complete(wompiId, "APPROVED");
    await fake.events.idle();
    expect(fake.events.held).toHaveLength(1);
    const event = fake.events.held[0];
    fake.events.held.length = 0;

    const jobs = [
      ...Array.from({ length: 10 }, () => post(event).then((r) => r.status)),
      ...Array.from({ length: 5 }, () => reconcileWompiPayments(api.db, later()).then(() => 0)),
      ...Array.from({ length: 5 }, () => reconcilePayments(api.db, later()).then(() => 0)),
    ];
    const answers = await Promise.all(jobs);
    expect(answers.filter((s) => s !== 0).every((s) => s === 200)).toBe(true);

    const p = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
    expect(p.status).toBe("approved");
    expect(p.paymentReference).toBe(wompiId);
    const link = await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } });
    expect(link.status).toBe("paid");
    await deliveriesIdle();
    expect((await aplicado(l.id)).filter((s) => s === "aplicado")).toHaveLength(1);
    expect(await api.db.prisma.voucher.count({ where: { transactionId: id } })).toBe(1);
    // One event row, applied, every delivery counted; Wompi charged once and was never asked to void.
    const rows = await api.db.sql.query<{ applied: boolean; times_received: number }>(`SELECT applied, times_received FROM wompi_events WHERE transaction_id = $1`, [wompiId]);
    expect(rows).toEqual([{ applied: true, times_received: 10 }]);
    expect(fake.charges(id)).toHaveLength(1);
    expect(fake.transaction(wompiId)!.status).toBe("APPROVED");
    // A replay days later changes nothing.
    expect((await post(event)).status).toBe(200);
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } })).status).toBe("approved");
  });

  it("an event whose amount differs from what we asked is not credited; the mismatch is recorded", async () => {
    const l = await newLink((await listeners.receiver("/temp")).url);
    const { id, wompiId } = await pendingCardPayment(l);
    fake.events.mode = "hold";
    // Wompi's own record says another amount (as if the charge had been made for less).
    const t = fake.transaction(wompiId)!;
    t.amount_in_cents = 100;
    fake.complete(wompiId, "APPROVED");
    await fake.events.idle();
    const event = fake.events.held.splice(0)[0];
    const r = await post(event);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ outcome: "accepted", applied: true });
    const p = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
    expect(p.status).toBe("rejected");
    expect(p.declineCode).toBe("gateway_mismatch");
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("active");
    const w = await api.db.sql.query<{ mismatch: string | null }>(`SELECT mismatch FROM wompi_transactions WHERE reference = $1`, [id]);
    expect(w[0].mismatch).toContain("monto 1.00 en lugar de 480000.00");
    // The reconciliation does not credit it either.
    await reconcileWompiPayments(api.db, later());
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } })).status).toBe("rejected");
    // The operator sees it on the gateway overview, with the events URL to register.
    const overview = await apiClient(api, OPERATOR_KEY).GET("/v2/gateway");
    expect(overview.data).toMatchObject({ gateway: "wompi-test", events_url: "http://localhost:3000/api/gateways/wompi/events" });
    expect(overview.data!.mismatches.find((m) => m.reference === id)?.mismatch).toContain("monto 1.00");
    expect(overview.data!.events.find((e) => e.transaction_id === wompiId)).toMatchObject({ status: "APPROVED", outcome: "accepted", applied: true, apply_result: "mismatch" });
  });

  it("a signed event with another amount than ours, on a transaction Wompi shows right, is not credited", async () => {
    const l = await newLink((await listeners.receiver("/temp")).url);
    const { id, wompiId } = await pendingCardPayment(l);
    fake.events.mode = "hold";
    fake.complete(wompiId, "APPROVED");
    await fake.events.idle();
    const event = fake.events.held.splice(0)[0];
    const forged = resign({ ...event, data: { transaction: { ...event.data.transaction, amount_in_cents: 100 } } });
    expect((await post(forged)).status).toBe(200);
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } })).status).toBe("rejected");
  });

  it("an event never sent: the reconciliation asks Wompi and settles (approved, declined)", async () => {
    const l1 = await newLink((await listeners.receiver("/temp")).url);
    const l2 = await newLink((await listeners.receiver("/temp")).url);
    const a = await pendingCardPayment(l1);
    const b = await pendingCardPayment(l2, "4111111111111111");
    fake.events.mode = "drop";
    fake.complete(a.wompiId, "APPROVED");
    fake.complete(b.wompiId, "DECLINED");
    await fake.events.idle();
    // Too early: a card young enough may still be polled by its own request.
    await reconcileWompiPayments(api.db, new Date());
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: a.id } })).status).toBe("pending");
    expect(await reconcileWompiPayments(api.db, later())).toBe(2);
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: a.id } })).status).toBe("approved");
    const declined = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: b.id } });
    expect(declined.status).toBe("rejected");
    expect(declined.declineReason).toContain("rechazada");
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l1.id } })).status).toBe("paid");
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l2.id } })).status).toBe("active");
  });
});

describe(`cash at a Bancolombia correspondent through Wompi (${testTarget()})`, () => {
  it("the order carries Wompi's codes; its event credits it once; a DECLINED one ends rejected", async () => {
    const l = await newLink((await listeners.receiver("/temp")).url);
    const payer = { fiscal_number: "1020304050", fiscal_number_type: "CC", user_type: "0", address: "Calle 10 # 5-20, Cartagena" };
    const r = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "cash", payment_type: "EFECTY", payer } });
    expect(r.response.status).toBe(200);
    const id = r.data!.transaction_id;
    const [wompi] = fake.charges(id);
    expect(wompi).toMatchObject({ payment_method_type: "BANCOLOMBIA_COLLECT", amount_in_cents: 48000000, customer_email: "laura@example.co" });
    const p = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
    expect(p.status).toBe("pending");
    expect(p.paymentReference).toBe(wompi.payment_method.extra!.payment_intention_identifier);
    const local = await api.db.sql.query<{ extra: { businessAgreementCode?: string } }>(`SELECT extra FROM wompi_transactions WHERE reference = $1`, [id]);
    expect(local[0].extra.businessAgreementCode).toBe(wompi.payment_method.extra!.business_agreement_code);

    fake.events.mode = "duplicate";
    fake.complete(wompi.id, "APPROVED");
    await fake.events.idle();
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } })).status).toBe("approved");
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("paid");
    await deliveriesIdle();
    expect((await aplicado(l.id)).filter((s) => s === "aplicado")).toHaveLength(1);

    const l2 = await newLink((await listeners.receiver("/temp")).url);
    const r2 = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l2.code } }, body: { method: "cash", payment_type: "EFECTY", payer } });
    const id2 = r2.data!.transaction_id;
    fake.complete(fake.charges(id2)[0].id, "DECLINED");
    await fake.events.idle();
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: id2 } })).status).toBe("rejected");
  });
});

describe(`an approval that cannot be credited is owed by hand (${testTarget()})`, () => {
  it("cash paid at the correspondent after the card paid the link: not credited, 'reembolso manual pendiente', marked done once", async () => {
    const l = await newLink((await listeners.receiver("/temp")).url);
    const payer = { fiscal_number: "1020304050", fiscal_number_type: "CC", user_type: "0", address: "Calle 10 # 5-20, Cartagena" };
    const cash = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: l.code } }, body: { method: "cash", payment_type: "EFECTY", payer } });
    const cashId = cash.data!.transaction_id;
    const card = await pendingCardPayment(l);
    fake.complete(card.wompiId, "APPROVED");
    await fake.events.idle();
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("approved");
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: cashId } })).status).toBe("cancelled");

    // Wompi cannot cancel a pending collect reference: the payer still pays it.
    fake.complete(fake.charges(cashId)[0].id, "APPROVED");
    await fake.events.idle();
    const p = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: cashId } });
    expect(p.status).toBe("refunded");
    expect(p.reversal).toBe("manual");
    expect(p.reversedAt).toBeNull();
    const op = apiClient(api, OPERATOR_KEY);
    const owed = (await op.GET("/v2/gateway/manual-refunds")).data!.find((x) => x.id === cashId);
    expect(owed).toMatchObject({ kind: "not_applied", amount: 480000, method: "cash", payer_name: "Laura Gómez Restrepo", payer_document: "1020304050" });
    // The reconciliation does not pretend to reverse it.
    await reconcilePayments(api.db, later());
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: cashId } })).reversedAt).toBeNull();
    expect((await op.POST("/v2/gateway/manual-refunds/{id}/done", { params: { path: { id: cashId } } })).response.status).toBe(200);
    const again = await op.POST("/v2/gateway/manual-refunds/{id}/done", { params: { path: { id: cashId } } });
    expect(again.response.status).toBe(409);
    expect(again.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "Ese pago no tiene un reembolso manual pendiente" });
    expect((await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: cashId } })).reversedAt).not.toBeNull();
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("paid");
  });
});
