// Nequi with the built-in sandbox (issue 26, docs/payments.md "Nequi"): POST /v2/apms/nequi writes the payment
// before asking Nequi and answers 202 pending; the status route settles it through the state machine when the
// sandbox payer answers (3991111111 approves, 3992222222 declines, any other number ends in an error). The same
// Idempotency-Key is one payment; a hostile number is a Spanish 400 with nothing written; a link is paid with
// Nequi from its public page; a refund is owed by hand (Nequi has no refund API).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_KEY, startApi } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { testTarget } from "@/lib/testing/db";
import { pendingReservation } from "@/lib/testing/payments";
import { sandboxOperations } from "@/lib/gateways/sandbox-gateway";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { reconcilePayments } from "./settle";

let api: TestServer;
let agency: Awaited<ReturnType<typeof agencyWithKey>>;
let hotelId: number;

beforeAll(async () => {
  api = await startApi();
  agency = await agencyWithKey(api.db);
  hotelId = (await createHotel(api.db)).id;
});
afterAll(async () => {
  await deliveriesIdle();
  await api?.close();
});

const order = (ref: string, amount = 150000) => ({ ref_name: "Laura", ref_lastname: "Gómez", ref_number: ref, detail: "Dos noches", amount, hotel_id: hotelId, email: "laura@example.co" });
const nequi = (phone: unknown, ref = `NEQ-${Math.random().toString(36).slice(2, 10)}`, amount = 150000, key?: string) =>
  apiClient(api, agency.key).POST("/v2/apms/nequi", {
    body: { order: order(ref, amount), payment_method: { type: "NEQUI", phone_number: phone as string } },
    params: { header: key ? { "Idempotency-Key": key } : {} },
  });
const status = (id: string) => apiClient(api, agency.key).GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: id } } });
const row = (id: string) => api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });

describe(`Nequi in the sandbox (${testTarget()})`, () => {
  it("3991111111: 202 pending with the row written first; the status route settles it approved with voucher and e-mail", async () => {
    const r = await nequi("3991111111");
    expect(r.response.status).toBe(202);
    const body = r.data as { transaction_id: string; status: string; status_url: string; detail: string; voucher_url: string | null };
    expect(body).toMatchObject({ status: "pending", voucher_url: null, status_url: `/api/v2/apms/transactions/${body.transaction_id}` });
    expect(body.detail).toMatch(/app Nequi/);
    const before = await row(body.transaction_id);
    expect(before).toMatchObject({ method: "nequi", status: "pending", nequiPhone: "3991111111", agencyId: agency.agency.id });
    expect(before.expiresAt).not.toBeNull();
    // The sandbox recorded one request for this payment.
    expect((await sandboxOperations(body.transaction_id)).filter((o) => o.kind === "charge")).toHaveLength(1);

    const s = await status(body.transaction_id);
    expect(s.response.status).toBe(200);
    expect(s.data).toMatchObject({ status: "approved", method: "nequi", nequi_phone: "3991111111", voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    const after = await row(body.transaction_id);
    expect(after.status).toBe("approved");
    expect(after.paymentReference).toMatch(/^NEQ\d{10}$/);
    expect(await api.db.prisma.email.count({ where: { factKey: `payment:${body.transaction_id}:approved` } })).toBeGreaterThan(0);
  });

  it("3992222222: declined in the app, rejected with a Spanish reason; any other number ends in an error, nothing charged", async () => {
    const no = (await nequi("3992222222")).data as { transaction_id: string };
    expect((await status(no.transaction_id)).data).toMatchObject({ status: "rejected", decline_reason: "el pago fue rechazado en la app Nequi" });
    const err = (await nequi("3005551234")).data as { transaction_id: string };
    const s = await status(err.transaction_id);
    expect(s.data).toMatchObject({ status: "rejected" });
    expect(s.data!.decline_reason).toMatch(/no se realizó ningún cargo/);
    expect((await row(err.transaction_id)).declineCode).toBe("gateway_error");
  });

  it("a retry with the same Idempotency-Key is the same payment (one row, one request to Nequi), also racing", async () => {
    const ref = "NEQ-IDEM-1";
    const answers = await Promise.all(Array.from({ length: 5 }, () => nequi("3991111111", ref, 150000, "nequi-idem-0001")));
    const ids = new Set(answers.map((a) => (a.data as { transaction_id: string } | undefined)?.transaction_id));
    expect(answers.every((a) => a.response.status === 202 || a.response.status === 409)).toBe(true);
    const rows = await api.db.prisma.paymentTransaction.findMany({ where: { refNumber: ref } });
    expect(rows).toHaveLength(1);
    ids.delete(undefined);
    expect([...ids]).toEqual([rows[0].id]);
    expect((await sandboxOperations(rows[0].id)).filter((o) => o.kind === "charge")).toHaveLength(1);
    // Once settled, the same key answers the outcome (200), still one row.
    await status(rows[0].id);
    const again = await nequi("3991111111", ref, 150000, "nequi-idem-0001");
    expect(again.response.status).toBe(200);
    expect(again.data).toMatchObject({ transaction_id: rows[0].id, status: "approved" });
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: ref } })).toBe(1);
  });

  it("hostile phone numbers and method types: 400 in Spanish, nothing written", async () => {
    const ref = "NEQ-HOSTILE";
    const bad: unknown[] = ["+573991111111", "399111111", "39911111111", "4991111111", "399 111 1111", "３９９１１１１１１１", "3991111111\n", "'; DROP TABLE x;--", "", 3991111111, null, ["3991111111"], { n: 1 }];
    for (const phone of bad) {
      const r = await nequi(phone, ref);
      expect(r.response.status, JSON.stringify(phone)).toBe(phone === "3991111111\n" ? 202 : 400);
      if (r.response.status === 400) {
        const e = r.error as unknown as { code: string; message: string; detail: string };
        expect(e.code).toBe("400");
        expect(e.detail).toMatch(/payment_method\.phone_number: (debe ser un celular colombiano de 10 dígitos que empiece por 3|debe ser un texto con el celular Nequi|es obligatorio)/);
      }
    }
    // "3991111111\n" is trimmed to a valid number: the one payment; nothing else was written.
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: ref } })).toBe(1);
    const wrongType = await apiClient(api, agency.key).POST("/v2/apms/nequi", { body: { order: order("NEQ-TYPE"), payment_method: { type: "CARD" as "NEQUI", phone_number: "3991111111" } } });
    expect(wrongType.response.status).toBe(400);
    expect((wrongType.error as unknown as { detail: string }).detail).toContain('payment_method.type: debe ser "NEQUI"');
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: "NEQ-TYPE" } })).toBe(0);
  });

  it("pays a reservation once approved; a pending request left alone is settled by payment-reconcile", async () => {
    const res = await pendingReservation(api.db, { agencyId: agency.agency.id, hotelId, paymentDeadline: new Date(Date.now() + 3_600_000) });
    const r = (await nequi("3991111111", res.code, 300000)).data as { transaction_id: string };
    expect((await row(r.transaction_id)).reservationId).toBe(res.id);
    // Nobody asks: the job does.
    expect(await reconcilePayments(api.db, new Date())).toBeGreaterThan(0);
    expect((await row(r.transaction_id)).status).toBe("approved");
    const after = await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: res.id } });
    expect(after.status).toBe("confirmed");
    expect(after.amountPaid.toNumber()).toBe(300000);
  });

  it("a refund of a Nequi payment is recorded and owed by hand (manual_pending), listed for the operator", async () => {
    const r = (await nequi("3991111111", "NEQ-REFUND", 120000)).data as { transaction_id: string };
    await status(r.transaction_id);
    const refund = await apiClient(api, agency.key).POST("/v2/payments/{id}/refund", { params: { path: { id: r.transaction_id } }, body: { amount: 20000, reason: "Una noche menos" } });
    expect(refund.response.status).toBe(200);
    expect(refund.data).toMatchObject({ amount: 20000, status: "manual_pending" });
    expect((await row(r.transaction_id)).refundedAmount.toNumber()).toBe(20000);
    // No reversal was asked of the gateway.
    expect((await sandboxOperations(r.transaction_id)).filter((o) => o.kind === "refund")).toHaveLength(0);
    const owed = (await apiClient(api, OPERATOR_KEY).GET("/v2/gateway/manual-refunds")).data!.find((x) => x.id === refund.data!.refund_id);
    expect(owed).toMatchObject({ kind: "refund", method: "nequi", amount: 20000, payer_name: "Laura Gómez" });
  });
});

describe(`a link paid with Nequi from the guest page (${testTarget()})`, () => {
  async function newLink() {
    const res = await apiClient(api, agency.key).POST("/v2/links/schedule", {
      body: { hotel_id: hotelId, guest_name: "Laura Gómez", email: "laura@example.co", phone: "3001234567", amount: "95000.00", description: "Noche extra", available_hours: 12, agency_id: agency.agency.id },
    });
    return res.data!.code;
  }
  const payNequi = (code: string, phone: string) => apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code } }, body: { method: "nequi", payment_method: { type: "NEQUI", phone_number: phone } } });
  const poll = (code: string, id: string) => apiClient(api).GET("/v2/links/{code}/payments/{transaction_id}", { params: { path: { code, transaction_id: id } } });

  it("approved: 202 pending, then the public status answers approved and the link is paid", async () => {
    const code = await newLink();
    const r = await payNequi(code, "3991111111");
    expect(r.response.status).toBe(202);
    const id = (r.data as { transaction_id: string }).transaction_id;
    const s = await poll(code, id);
    expect(s.response.status).toBe(200);
    expect(s.data).toMatchObject({ status: "approved", transaction_id: id, voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code } })).status).toBe("paid");
    // Another link's code does not reveal this payment.
    expect((await poll(await newLink(), id)).response.status).toBe(404);
  });

  it("declined: the link stays open for another try", async () => {
    const code = await newLink();
    const id = ((await payNequi(code, "3992222222")).data as { transaction_id: string }).transaction_id;
    expect((await poll(code, id)).data).toMatchObject({ status: "declined", detail: "el pago fue rechazado en la app Nequi" });
    expect((await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code } })).status).toBe("active");
    const bad = await payNequi(code, "12345");
    expect(bad.response.status).toBe(400);
    expect(await api.db.prisma.paymentTransaction.count({ where: { link: { code } } })).toBe(1);
  });
});
