// What bites real shops with Wompi (docs/payments.md "Wompi phase 2", /work/shared/research/wompi.md "What shops
// complain about"), through real HTTP against the fake Wompi:
//   - one card payment of a link: the payer's own request still polling Wompi, Wompi's event (and its retries) and
//     the reconciliation jobs, 20 at once -> credited exactly once, one voucher, the link's temp_webhook_url told
//     'aplicado' once; the same event replayed afterwards -> 200 and nothing changes;
//   - an event whose amount is not ours -> not credited, shown to the operator as a mismatch (expected vs Wompi);
//   - a hostile sweep of the events route with a real pending payment behind it: 0 x 500, nothing applied, 401 for a
//     bad or missing checksum, 200 (recorded, not applied) for a verified event we cannot act on or an unknown
//     transaction.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_KEY } from "@/lib/testing/api";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { encryptedCard, publicKeyPem, receivers } from "@/lib/testing/payments";
import { signWompiEvent, type FakeWompi, type WompiEventBody } from "@/lib/testing/fake-wompi";
import { startWompiApi, WOMPI_EVENTS_PATH, type WompiApi } from "@/lib/testing/wompi";
import type { TestServer } from "@/lib/testing/server";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { reconcilePayments } from "@/lib/payments/settle";
import { reconcileWompiPayments } from "./apply";

let w: WompiApi;
let api: TestServer;
let fake: FakeWompi;
let pem: string;
const listeners = receivers();

beforeAll(async () => {
  // Cards stay PENDING at Wompi until the test decides; the payer's request polls Wompi for up to 20 s.
  w = await startWompiApi({ finalizeAfterMs: { CARD: null, NEQUI: null }, cardPollMs: 20_000 });
  ({ api, fake } = w);
  pem = await publicKeyPem(api);
});
afterEach(async () => {
  fake.events.mode = "deliver";
  fake.events.tamper = null;
  await fake.events.idle();
  await deliveriesIdle();
  await listeners.closeAll();
});
afterAll(async () => {
  await w?.close();
});

const later = () => new Date(Date.now() + 5 * 60_000);
/**
 * Sends every notification due by then: one settled by a reconciliation run at later() is due at that instant
 * (the job's clock), so the webhooks job is run past it, as the scheduler would.
 */
async function notificationsSent() {
  await deliveriesIdle();
  const r = await apiClient(api, undefined, { authorization: "Bearer test-cron-secret" }).POST("/cron/webhooks", { body: { now: new Date(Date.now() + 10 * 60_000).toISOString() } });
  expect(r.response.status).toBe(200);
  await deliveriesIdle();
}
const post = (body: unknown) => fetch(`${api.url}${WOMPI_EVENTS_PATH}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const payment = (id: string) => api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });

async function newLink(amount = "480000.00") {
  const temp = await listeners.receiver("/temp");
  const a = await agencyWithKey(api.db);
  // Notifications are signed with the agency's webhook secret: without one none is sent.
  await apiClient(api, a.key).POST("/v2/agencies/{id}/webhook-secret", { params: { path: { id: a.agency.id } } });
  const hotel = await createHotel(api.db);
  const res = await apiClient(api, a.key).POST("/v2/links/schedule", {
    body: { hotel_id: hotel.id, guest_name: "Laura Gómez Restrepo", email: "laura@example.co", phone: "+57 300 123 4567", amount, description: "Dos noches", available_hours: 12, temp_webhook_url: temp.url, agency_id: a.agency.id },
  });
  expect(res.response.status).toBe(200);
  const link = await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code: res.data!.code } });
  return { code: res.data!.code as string, id: link.id, temp };
}

/** What the link's temp_webhook_url was told, in order (payment_status of each notification). */
const toldTemp = (temp: { received: Array<{ body: string }> }) => temp.received.map((r) => (JSON.parse(r.body) as { payment_status: string }).payment_status);

/** Starts the payer's card payment of a link; resolves once Wompi holds the (PENDING) transaction, while the payer's request still polls. */
async function payerPaying(code: string) {
  const before = fake.transactions.length;
  const request = apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code } }, body: { method: "card", card_item: encryptedCard(pem) } });
  for (;;) {
    if (fake.transactions.length > before) break;
    // Polls the condition (Wompi holds the transaction), not a fixed wait.
    const settled = await Promise.race([request.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 5))]);
    if (settled) throw new Error("the pay request answered before Wompi held a transaction");
  }
  const t = fake.transactions[before];
  expect(t.status).toBe("PENDING");
  return { request, wompiId: t.id, id: t.reference };
}

/** Makes the transaction final at Wompi and hands back its signed event, undelivered. */
async function heldEvent(wompiId: string, status: "APPROVED" | "DECLINED" = "APPROVED"): Promise<WompiEventBody> {
  fake.events.mode = "hold";
  fake.complete(wompiId, status);
  await fake.events.idle();
  const [event] = fake.events.held.splice(0);
  fake.events.mode = "deliver";
  return event;
}

describe(`Wompi: the event, the payer's request and the reconciliation at once (${testTarget()})`, () => {
  it("20 concurrent (payer polling, 10 event deliveries, 9 reconciliations): credited once, one voucher, temp_webhook_url told once; a replay changes nothing", async () => {
    const l = await newLink();
    const payer = await payerPaying(l.code);
    const event = await heldEvent(payer.wompiId);

    const racers: Array<Promise<number>> = [
      payer.request.then((r) => r.response.status),
      ...Array.from({ length: 10 }, () => post(event).then((r) => r.status)),
      ...Array.from({ length: 5 }, () => reconcileWompiPayments(api.db, later()).then(() => 0)),
      ...Array.from({ length: 4 }, () => reconcilePayments(api.db, later()).then(() => 0)),
    ];
    const answers = await Promise.all(racers);
    expect(answers).toHaveLength(20);
    expect(answers[0]).toBe(200);
    expect(answers.slice(1, 11)).toEqual(Array(10).fill(200));
    expect((await payer.request).data).toMatchObject({ status: "approved", transaction_id: payer.id });

    const p = await payment(payer.id);
    expect(p.status).toBe("approved");
    expect(p.paymentReference).toBe(payer.wompiId);
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("paid");
    expect(await api.db.prisma.voucher.count({ where: { transactionId: payer.id } })).toBe(1);
    expect(await api.db.prisma.paymentTransaction.count({ where: { linkId: l.id } })).toBe(1);
    await notificationsSent();
    expect(toldTemp(l.temp)).toEqual(["aplicado"]);
    expect(fake.charges(payer.id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.route.endsWith("/void"))).toEqual([]);

    // Wompi's retry a day later, after the credit: 200, nothing changes.
    const snapshot = JSON.stringify(await payment(payer.id));
    const replay = await post(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: "accepted", duplicate: true, applied: true });
    await reconcileWompiPayments(api.db, later());
    expect(JSON.stringify(await payment(payer.id))).toBe(snapshot);
    expect(await api.db.prisma.voucher.count({ where: { transactionId: payer.id } })).toBe(1);
    await notificationsSent();
    expect(toldTemp(l.temp)).toEqual(["aplicado"]);
  });

  it("a declined charge: the payer's request, the event and the reconciliation at once end it rejected once; the link stays payable", async () => {
    const l = await newLink();
    const payer = await payerPaying(l.code);
    const event = await heldEvent(payer.wompiId, "DECLINED");
    const answers = await Promise.all([
      payer.request.then((r) => r.response.status),
      ...Array.from({ length: 6 }, () => post(event).then((r) => r.status)),
      ...Array.from({ length: 3 }, () => reconcileWompiPayments(api.db, later()).then(() => 200)),
    ]);
    expect(answers).toEqual(Array(10).fill(200));
    expect((await payer.request).data).toMatchObject({ status: "declined" });
    expect((await payment(payer.id)).status).toBe("rejected");
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("active");
    await notificationsSent();
    expect(toldTemp(l.temp)).toEqual(["rechazado"]);
  });

  it("an event and the reconciliation bringing another amount than ours: not credited, a mismatch the operator sees (expected vs Wompi)", async () => {
    const l = await newLink();
    const payer = await payerPaying(l.code);
    fake.transaction(payer.wompiId)!.amount_in_cents = 1_000_00; // Wompi charged $ 1.000 instead of $ 480.000
    const event = await heldEvent(payer.wompiId);
    const answers = await Promise.all([
      payer.request.then((r) => r.response.status),
      ...Array.from({ length: 4 }, () => post(event).then((r) => r.status)),
      reconcileWompiPayments(api.db, later()).then(() => 200),
    ]);
    expect(answers.every((s) => s === 200 || s === 202)).toBe(true);
    const p = await payment(payer.id);
    expect(p.status).toBe("rejected");
    expect(p.declineCode).toBe("gateway_mismatch");
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l.id } })).status).toBe("active");
    await notificationsSent();
    expect(toldTemp(l.temp)).not.toContain("aplicado");

    const overview = (await apiClient(api, OPERATOR_KEY).GET("/v2/gateway")).data!;
    const m = overview.mismatches.find((x) => x.reference === payer.id);
    expect(m).toMatchObject({ wompi_id: payer.wompiId, status: "APPROVED" });
    expect(m!.mismatch).toContain("monto 1000.00 en lugar de 480000.00");
  });
});

describe(`Wompi events route, hostile sweep with a pending payment behind it (${testTarget()})`, () => {
  it("0 x 500; 401 for a bad or missing checksum, 200 for verified events we do not act on and for an unknown transaction; nothing applied", async () => {
    const l2 = await newLink();
    const pending = await payerPaying(l2.code); // the payer's request polls Wompi, which keeps it PENDING
    const secret = fake.keys.eventsSecret;
    const sign = (e: WompiEventBody) => signWompiEvent(e, secret);
    // An approval for it, well signed, while Wompi still says PENDING: accepted, asked, not applied.
    const forPending = fake.eventFor(pending.wompiId, { transaction: { status: "APPROVED" } });
    const good = forPending;
    const now = Math.floor(Date.now() / 1000);
    const noSig: Record<string, unknown> = { ...forPending };
    delete noSig.signature;

    const cases: Array<{ name: string; raw?: string; body?: unknown; status: number; outcome?: "accepted" | "refused" }> = [
      { name: "bad JSON", raw: '{"event": "transaction.updated", "data": {', status: 400 },
      { name: "empty body", raw: "", status: 400 },
      { name: "JSON array", body: [forPending], status: 400 },
      { name: "huge body", raw: JSON.stringify({ ...forPending, padding: "x".repeat(3 * 1024 * 1024) }), status: 413 },
      { name: "missing signature", body: noSig, status: 401 },
      { name: "missing data", body: { ...forPending, data: undefined }, status: 401 },
      { name: "bad checksum (approves the pending payment)", body: { ...forPending, signature: { ...forPending.signature, checksum: "0".repeat(64) } }, status: 401 },
      { name: "signed with another secret", body: signWompiEvent(forPending, "test_events_someone_else"), status: 401 },
      { name: "checksum of the wrong type", body: { ...forPending, signature: { properties: good.signature.properties, checksum: ["a"] } }, status: 401 },
      { name: "timestamp a string", body: { ...sign(forPending), timestamp: String(good.timestamp) }, status: 401 },
      { name: "stale, re-signed", body: sign({ ...forPending, timestamp: now - 10 * 24 * 3600 }), status: 200, outcome: "refused" },
      { name: "future, re-signed", body: sign({ ...forPending, timestamp: now + 3 * 3600 }), status: 200, outcome: "refused" },
      { name: "amount a string, re-signed", body: sign({ ...forPending, data: { transaction: { ...forPending.data.transaction, amount_in_cents: "48000000" } } }), status: 200, outcome: "refused" },
      { name: "id a number, re-signed", body: sign({ ...forPending, data: { transaction: { ...forPending.data.transaction, id: 12345 } } }), status: 200, outcome: "refused" },
      { name: "unknown status, re-signed", body: sign({ ...forPending, data: { transaction: { ...forPending.data.transaction, status: "PAID" } } }), status: 200, outcome: "refused" },
      { name: "no event type, re-signed", body: sign({ ...forPending, event: undefined as unknown as string }), status: 200, outcome: "refused" },
      { name: "other environment, re-signed", body: sign({ ...forPending, environment: "prod" }), status: 200, outcome: "refused" },
      { name: "amount not signed", body: sign({ ...forPending, signature: { properties: ["transaction.id", "transaction.status"], checksum: "" } }), status: 200, outcome: "refused" },
      { name: "valid checksum, Wompi still says PENDING", body: forPending, status: 200, outcome: "accepted" },
      {
        name: "valid checksum, transaction unknown to Wompi",
        body: sign({ ...forPending, data: { transaction: { ...forPending.data.transaction, id: "99999-1700000000-00000", reference: pending.id } } }),
        status: 200,
        outcome: "accepted",
      },
    ];
    const seen: string[] = [];
    for (const c of cases) {
      const r = await api.call("POST", WOMPI_EVENTS_PATH, { rawBody: c.raw ?? JSON.stringify(c.body), headers: { "content-type": "application/json" } });
      seen.push(`${c.name}: ${r.status}${r.status === 200 ? ` ${r.body?.outcome} applied=${r.body?.applied}` : ""}`);
      expect({ name: c.name, status: r.status }).toEqual({ name: c.name, status: c.status });
      if (c.outcome) expect({ name: c.name, outcome: r.body.outcome, applied: r.body.applied }).toEqual({ name: c.name, outcome: c.outcome, applied: false });
      if (r.status !== 200 && r.status !== 413) expect(r.body).toMatchObject({ code: String(r.status), message: expect.any(String), detail: expect.any(String) });
    }
    expect(seen.filter((s) => / 5\d\d/.test(s))).toEqual([]);
    // Nothing applied: the pending payment is still pending, its link still payable, nothing credited.
    expect((await payment(pending.id)).status).toBe("pending");
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { id: l2.id } })).status).toBe("active");
    const applied = await api.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM wompi_events WHERE applied AND transaction_id = $1`, [pending.wompiId]);
    expect(applied[0].n).toBe(0);
    const unknown = await api.db.sql.query<{ apply_result: string | null; applied: boolean }>(`SELECT apply_result, applied FROM wompi_events WHERE transaction_id = '99999-1700000000-00000'`);
    expect(unknown).toEqual([{ apply_result: "unknown_transaction", applied: false }]);

    // The real event for it, later: credited once.
    fake.complete(pending.wompiId, "APPROVED");
    await fake.events.idle();
    expect((await pending.request).data).toMatchObject({ status: "approved" });
    expect((await payment(pending.id)).status).toBe("approved");
  });
});
