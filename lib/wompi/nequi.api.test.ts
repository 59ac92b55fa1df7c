// Nequi with PAYMENT_GATEWAY=wompi against the fake Wompi, over real HTTP (issue 26, docs/payments.md "Nequi"):
// POST /v2/apms/nequi creates one Wompi transaction `payment_method {type: NEQUI, phone_number}` (signed, with the
// acceptance tokens) and answers 202; Wompi's event credits it once, a decline ends it rejected, a lost event is
// found by the reconciliation or by the status route, and a refund is owed by hand (Wompi has no Nequi refund API).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import type { FakeWompi } from "@/lib/testing/fake-wompi";
import { startWompiApi, type WompiApi } from "@/lib/testing/wompi";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { reconcileWompiPayments } from "./apply";


let api: TestServer;
let fake: FakeWompi;
let w: WompiApi;
let agency: Awaited<ReturnType<typeof agencyWithKey>>;
let hotelId: number;

beforeAll(async () => {
  // Nequi stays PENDING at Wompi until the test plays the payer (complete()).
  w = await startWompiApi({ finalizeAfterMs: { NEQUI: null } });
  ({ api, fake } = w);
  agency = await agencyWithKey(api.db);
  hotelId = (await createHotel(api.db)).id;
});
afterEach(async () => {
  fake.events.mode = "deliver";
  await fake.events.idle();
  await deliveriesIdle();
});
afterAll(async () => {
  await w?.close();
});

const nequi = async (phone: string, ref: string, amount = 210000) => {
  const r = await apiClient(api, agency.key).POST("/v2/apms/nequi", {
    body: { order: { ref_name: "Laura", ref_lastname: "Gómez", ref_number: ref, amount, hotel_id: hotelId, email: "laura@example.co" }, payment_method: { type: "NEQUI", phone_number: phone } },
  });
  expect(r.response.status).toBe(202);
  const id = r.data!.transaction_id;
  const charges = fake.charges(id);
  expect(charges).toHaveLength(1);
  return { id, wompiId: charges[0].id };
};
const row = (id: string) => api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
const status = (id: string) => apiClient(api, agency.key).GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: id } } });

describe(`Nequi through Wompi (${testTarget()})`, () => {
  it("approved by its event: one signed NEQUI transaction at Wompi, credited once with Wompi's id", async () => {
    const { id, wompiId } = await nequi("3991111111", "WNEQ-OK");
    expect(fake.transaction(wompiId)).toMatchObject({
      payment_method_type: "NEQUI",
      payment_method: { type: "NEQUI", phone_number: "3991111111" },
      amount_in_cents: 21000000,
      currency: "COP",
      customer_email: "laura@example.co",
      status: "PENDING",
    });
    expect(await row(id)).toMatchObject({ status: "pending", paymentReference: wompiId });
    // Still deciding in the app: the status route says pending.
    expect((await status(id)).data).toMatchObject({ status: "pending" });

    fake.events.mode = "duplicate";
    fake.complete(wompiId);
    await fake.events.idle();
    expect(await row(id)).toMatchObject({ status: "approved", paymentReference: wompiId });
    expect(await api.db.prisma.voucher.count({ where: { transactionId: id } })).toBe(1);
    expect(fake.charges(id)).toHaveLength(1);
  });

  it("declined in the app (3992222222): its event ends the payment rejected with the reason", async () => {
    const { id, wompiId } = await nequi("3992222222", "WNEQ-NO");
    fake.complete(wompiId);
    await fake.events.idle();
    const p = await row(id);
    expect(p.status).toBe("rejected");
    expect(p.declineReason).toMatch(/rechazada/);
  });

  it("an event never arrives: the reconciliation settles one, the status route the other", async () => {
    const a = await nequi("3991111111", "WNEQ-LOST-A");
    const b = await nequi("3991111111", "WNEQ-LOST-B");
    fake.events.mode = "drop";
    // Still pending at Wompi: nothing changes.
    await reconcileWompiPayments(api.db, new Date());
    expect((await row(a.id)).status).toBe("pending");
    fake.complete(a.wompiId);
    await fake.events.idle();
    expect(await reconcileWompiPayments(api.db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await row(a.id)).status).toBe("approved");
    expect((await row(b.id)).status).toBe("pending");
    // The payer of b answers; nobody runs the job: the status read asks Wompi and settles it.
    fake.complete(b.wompiId);
    await fake.events.idle();
    expect((await status(b.id)).data).toMatchObject({ status: "approved", method: "nequi" });
    expect((await row(b.id)).paymentReference).toBe(b.wompiId);
  });

  it("a refund is owed by hand: manual_pending, Wompi never asked to void, listed for the operator", async () => {
    const { id, wompiId } = await nequi("3991111111", "WNEQ-REFUND", 100000);
    fake.complete(wompiId);
    await fake.events.idle();
    expect((await row(id)).status).toBe("approved");
    const refund = await apiClient(api, agency.key).POST("/v2/payments/{id}/refund", { params: { path: { id } } });
    expect(refund.data).toMatchObject({ amount: 100000, status: "manual_pending" });
    expect(fake.requests.some((r) => r.route.startsWith(`POST /v1/transactions/${wompiId}/void`))).toBe(false);
    const owed = (await apiClient(api, OPERATOR_KEY).GET("/v2/gateway/manual-refunds")).data!.find((x) => x.id === refund.data!.refund_id);
    expect(owed).toMatchObject({ kind: "refund", method: "nequi", amount: 100000, payer_email: "laura@example.co" });
  });
});
