// Card payments with PAYMENT_GATEWAY=wompi against the fake Wompi, over real HTTP (docs/payments.md "Wompi"):
// 4.9 answers exactly as with the sandbox (approved 200 with the voucher, declined the rejection body with Wompi's
// reason in Spanish), and when Wompi answers 5xx or hangs on POST /transactions nothing is charged twice and the
// payment ends in a true state (followed by reference, or 202 and then settled by the reconciliation).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_KEY, startApi } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { cardOrder, encryptedCard, publicKeyPem } from "@/lib/testing/payments";
import { startFakeWompi, type FakeWompi } from "@/lib/testing/fake-wompi";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { setPaymentGateway } from "@/lib/gateways";
import { WompiClient } from "@/lib/gateways/wompi/client";
import { WompiGateway } from "@/lib/gateways/wompi/gateway";
import { reconcilePayments } from "@/lib/payments/settle";
import { reconcileWompiPayments } from "./apply";

let api: TestServer;
let fake: FakeWompi;
let pem: string;
let agency: { key: string };
let hotelId: number;

beforeAll(async () => {
  fake = await startFakeWompi();
  api = await startApi();
  const client = new WompiClient({
    baseUrl: fake.url,
    publicKey: fake.keys.publicKey,
    privateKey: fake.keys.privateKey,
    integritySecret: fake.keys.integritySecret,
    timeoutMs: 400,
    backoffMs: 10,
  });
  setPaymentGateway(new WompiGateway({ client, database: async () => api.db, cardPollMs: 2000, pollIntervalMs: 20, unknownAfterMs: 60_000 }));
  pem = await publicKeyPem(api);
  agency = await agencyWithKey(api.db);
  hotelId = (await createHotel(api.db)).id;
});
afterAll(async () => {
  setPaymentGateway(undefined);
  await deliveriesIdle();
  await fake?.close();
  await api?.close();
});

const pay = (ref: string, number = "4242424242424242", amount = 250000) =>
  apiClient(api, agency.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(pem, hotelId, ref, amount, {}, encryptedCard(pem, number)) });
const payment = (id: string) => api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });

describe(`4.9 by card through Wompi (${testTarget()})`, () => {
  it("approved: 200 with the voucher; Wompi charged once, for the amount asked, with the payer's e-mail", async () => {
    const r = await pay("WOMPI-OK-1");
    expect(r.response.status).toBe(200);
    expect(r.data).toMatchObject({ msg: "Pago aprobado", voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    const id = r.data!.transaction_id;
    expect((await payment(id)).status).toBe("approved");
    const charges = fake.charges(id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount_in_cents: 25000000, currency: "COP", customer_email: "laura@example.co", status: "APPROVED" });
  });

  it("declined: the rejection body (code 0, voucher) with Wompi's reason in Spanish", async () => {
    const r = await pay("WOMPI-NO-1", "4111111111111111");
    expect(r.response.status).toBe(400);
    const body = r.error as unknown as { code: number; detail: string; extra_info: { voucher_url: string } };
    expect(body.code).toBe(0);
    expect(body.detail).toMatch(/rechazada: Transacción rechazada por la entidad financiera/);
    expect(body.extra_info.voucher_url).toMatch(/^\/v2\/vouchers\//);
  });

  it("Wompi answers 500 after creating the transaction: followed by reference, approved once", async () => {
    fake.failNext("POST /transactions", "500-after");
    const r = await pay("WOMPI-500-AFTER");
    expect(r.response.status).toBe(200);
    expect(fake.charges(r.data!.transaction_id)).toHaveLength(1);
  });

  it("Wompi answers 500 (nothing created) or hangs: 202 in verification, never 'paid'; the reconciliation closes it with nothing charged", async () => {
    const ids: string[] = [];
    for (const kind of ["500", "hang"] as const) {
      fake.failNext("POST /transactions", kind);
      const r = await pay(`WOMPI-${kind}`);
      expect(r.response.status).toBe(202);
      const id = (r.data as unknown as { transaction_id: string }).transaction_id;
      expect((await payment(id)).status).toBe("pending");
      ids.push(id);
    }
    // Too early to say "never charged" (Wompi may still show it): stays pending.
    await reconcilePayments(api.db, new Date(Date.now() + 3 * 60_000));
    for (const id of ids) expect((await payment(id)).status).toBe("pending");
    // Backdate the attempts past the window in which Wompi would show a created transaction.
    await api.db.sql.query(`UPDATE wompi_transactions SET created_at = created_at - interval '2 minutes' WHERE reference = ANY($1)`, [ids]);
    await reconcileWompiPayments(api.db, new Date(Date.now() + 3 * 60_000));
    await reconcilePayments(api.db, new Date(Date.now() + 3 * 60_000));
    for (const id of ids) {
      const p = await payment(id);
      expect(p.status).toBe("rejected");
      expect(fake.charges(id).filter((t) => t.status === "APPROVED")).toHaveLength(0);
    }
  });

  it("refunds: a full card refund is Wompi's void; a partial one is owed by hand ('reembolso manual pendiente'), listed with the payer and marked done once", async () => {
    const full = await pay("WOMPI-REFUND-FULL");
    const fullId = full.data!.transaction_id;
    const r1 = await apiClient(api, agency.key).POST("/v2/payments/{id}/refund", { params: { path: { id: fullId } }, body: {} });
    expect(r1.data).toMatchObject({ status: "succeeded", amount: 250000 });
    expect(fake.transaction(fake.charges(fullId)[0].id)!.status).toBe("VOIDED");

    const part = await pay("WOMPI-REFUND-PART");
    const partId = part.data!.transaction_id;
    const r2 = await apiClient(api, agency.key).POST("/v2/payments/{id}/refund", { params: { path: { id: partId } }, body: { amount: 50000 } });
    expect(r2.data).toMatchObject({ status: "manual_pending", amount: 50000 });
    expect(fake.transaction(fake.charges(partId)[0].id)!.status).toBe("APPROVED");
    // The reconciliation does not retry it (nothing to retry at Wompi).
    await reconcilePayments(api.db, new Date(Date.now() + 5 * 60_000));
    expect((await api.db.prisma.paymentRefund.findUniqueOrThrow({ where: { id: r2.data!.refund_id } })).status).toBe("manual_pending");

    const op = apiClient(api, OPERATOR_KEY);
    const owed = await op.GET("/v2/gateway/manual-refunds");
    expect(owed.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: r2.data!.refund_id, payment_id: partId, amount: 50000, payer_name: "Laura Gómez", payer_email: "laura@example.co" })]));
    expect((await apiClient(api, agency.key).GET("/v2/gateway/manual-refunds")).response.status).toBe(403);
    const done = await op.POST("/v2/gateway/manual-refunds/{id}/done", { params: { path: { id: r2.data!.refund_id } } });
    expect(done.data).toEqual({ id: r2.data!.refund_id, status: "done" });
    const again = await op.POST("/v2/gateway/manual-refunds/{id}/done", { params: { path: { id: r2.data!.refund_id } } });
    expect(again.response.status).toBe(409);
    expect(again.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "Ese reembolso no está pendiente de pago manual" });
    const unknown = await op.POST("/v2/gateway/manual-refunds/{id}/done", { params: { path: { id: "rf_doesnotexist00" } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: "El reembolso no existe" });
    const unknownPayment = await op.POST("/v2/gateway/manual-refunds/{id}/done", { params: { path: { id: "tx_doesnotexist00" } } });
    expect(unknownPayment.response.status).toBe(404);
    expect(unknownPayment.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: "El pago no existe" });
    const malformed = await op.POST("/v2/gateway/manual-refunds/{id}/done", { params: { path: { id: "<script>" } } });
    expect(malformed.response.status).toBe(404);
    expect(malformed.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: "No existe un reembolso manual con ese identificador" });
    expect((await api.db.prisma.paymentRefund.findUniqueOrThrow({ where: { id: r2.data!.refund_id } })).status).toBe("succeeded");
    expect((await op.GET("/v2/gateway/manual-refunds")).data!.some((x) => x.id === r2.data!.refund_id)).toBe(false);
  });
});
