// Issue 24: the idempotency record and the effect it guards are one fact. A request that crashed after its effect
// committed leaves its Idempotency-Key record in_progress; once its lease ran out the retry takes the record over
// and must answer from the effect the first attempt made (marked replayed), never make a second one. Here the crash
// is simulated by turning the record back into an orphan (in_progress, lease expired); tests/multi-instance/
// crash-retry.test.ts kills real instances.
import { describe, expect, it } from "vitest";
import { OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { cardOrder, cashOrder, encryptedCard, withCardApi } from "@/lib/testing/payments";
import { agencyWithOrg } from "@/lib/testing/cards";
import { reservationBody, sellableHotel } from "@/lib/testing/booking-fixtures";
import { reconcilePayments, RECONCILE_AFTER_MS } from "@/lib/payments/settle";
import { addDays, bogotaDate } from "@/lib/time";

let api: TestServer;
let pem: string;
withCardApi((s) => ({ api, pem } = s), { drainDeliveries: true });

/** What a request that died after its effect committed leaves behind: its record in progress, its lease run out. */
async function orphan(key: string) {
  const rows = await api.db.sql.query(
    `UPDATE idempotency_records SET state = 'in_progress', response_status = NULL, response_body = NULL, lease_until = '2000-01-01T00:00:00Z' WHERE key = $1 RETURNING id`,
    [key],
  );
  expect(rows).toHaveLength(1);
}
const charges = async (transactionId: string) => api.db.prisma.sandboxGatewayOperation.count({ where: { paymentRef: transactionId, kind: "charge" } });
const replayed = (r: { response: Response }) => r.response.headers.get("idempotent-replayed");
const checkin = addDays(bogotaDate(new Date()), 5);
const stay = { checkin, checkout: addDays(checkin, 2), nights: 2 };

describe("a retry after a crash answers from the effect the first attempt made", () => {
  it("card payment (4.9): the same transaction, one charge at the gateway", async () => {
    const { key } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, {});
    const body = cardOrder(pem, hotel.id, "ORD-CRASH-1", 150_000);
    const header = { "Idempotency-Key": "crash-card-1" };
    const first = await apiClient(api, key).POST("/v2/virtual-terminal/credit-card", { params: { header }, body });
    expect(first.response.status).toBe(200);
    await orphan("crash-card-1");
    const retry = await apiClient(api, key).POST("/v2/virtual-terminal/credit-card", { params: { header }, body });
    expect(retry.response.status).toBe(200);
    expect(replayed(retry)).toBe("true");
    expect(retry.data).toEqual(first.data);
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: "ORD-CRASH-1" } })).toBe(1);
    expect(await charges(first.data!.transaction_id)).toBe(1);
  });

  it("card payment whose outcome is not recorded: 202 en verificación, then the final answer after reconciliation", async () => {
    const { key } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, {});
    const body = cardOrder(pem, hotel.id, "ORD-CRASH-2", 90_000);
    const header = { "Idempotency-Key": "crash-card-2" };
    const first = await apiClient(api, key).POST("/v2/virtual-terminal/credit-card", { params: { header }, body });
    const id = first.data!.transaction_id;
    // The crash came after the charge and before its outcome was recorded: the row is still pending.
    await api.db.prisma.voucher.deleteMany({ where: { transactionId: id } });
    await api.db.prisma.paymentTransaction.update({ where: { id }, data: { status: "pending", completedAt: null } });
    await orphan("crash-card-2");
    for (let i = 0; i < 2; i++) {
      // Not stored: each retry asks the payment again.
      const retry = await apiClient(api, key).POST("/v2/virtual-terminal/credit-card", { params: { header }, body });
      expect(retry.response.status).toBe(202);
      expect(retry.data).toMatchObject({ status: "pending", transaction_id: id, msg: "Pago en verificación" });
    }
    // The reconciliation job asks the gateway what became of the charge (by the payment's id), never charges again.
    await reconcilePayments(api.db, new Date(Date.now() + RECONCILE_AFTER_MS + 60_000));
    const final = await apiClient(api, key).POST("/v2/virtual-terminal/credit-card", { params: { header }, body });
    expect(final.response.status).toBe(200);
    expect(final.data).toMatchObject({ msg: "Pago aprobado", transaction_id: id });
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: "ORD-CRASH-2" } })).toBe(1);
    expect(await charges(id)).toBe(1);
  });

  it("cash order (4.7): the same order", async () => {
    const { key } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, {});
    const body = cashOrder(hotel.id, "ORD-CRASH-3", 70_000);
    const header = { "Idempotency-Key": "crash-cash-1" };
    const first = await apiClient(api, key).POST("/v2/apms/cash", { params: { header }, body });
    expect(first.response.status).toBe(200);
    await orphan("crash-cash-1");
    const retry = await apiClient(api, key).POST("/v2/apms/cash", { params: { header }, body });
    expect(replayed(retry)).toBe("true");
    expect(retry.data).toEqual(first.data);
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: "ORD-CRASH-3" } })).toBe(1);
  });

  it("link paid by card: the same payment, not 409 'ya fue pagado', one charge", async () => {
    const a = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, {});
    const created = await apiClient(api, a.key).POST("/v2/links/schedule", {
      params: { header: { "Idempotency-Key": "crash-link-create" } },
      body: { hotel_id: hotel.id, guest_name: "Laura Gómez", email: "laura@example.co", phone: "+57 300 123 4567", amount: "480000.00", description: "Dos noches", available_hours: 12, agency_id: a.agency.id },
    });
    const code = created.data!.code;
    const header = { "Idempotency-Key": "crash-link-pay" };
    const body = { method: "card" as const, card_item: encryptedCard(pem) };
    const first = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code }, header }, body });
    expect(first.data).toMatchObject({ status: "approved" });
    await orphan("crash-link-pay");
    const retry = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code }, header }, body });
    expect(retry.response.status).toBe(200);
    expect(replayed(retry)).toBe("true");
    expect(retry.data).toEqual(first.data);
    const link = await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code }, include: { transactions: true } });
    expect(link.transactions).toHaveLength(1);
    expect(await charges(link.transactions[0].id)).toBe(1);

    // Creating the link: the retry answers the same link.
    await orphan("crash-link-create");
    const again = await apiClient(api, a.key).POST("/v2/links/schedule", {
      params: { header: { "Idempotency-Key": "crash-link-create" } },
      body: { hotel_id: hotel.id, guest_name: "Laura Gómez", email: "laura@example.co", phone: "+57 300 123 4567", amount: "480000.00", description: "Dos noches", available_hours: 12, agency_id: a.agency.id },
    });
    expect(again.data).toEqual(created.data);
    expect(replayed(again)).toBe("true");
    expect(await api.db.prisma.paymentLink.count({ where: { agencyId: a.agency.id } })).toBe(1);
  });

  it("booking (4.1) and paying it from the balance: one reservation, rooms held once, one debit", async () => {
    const a = await agencyWithKey(api.db, { isPreloaded: true, balance: 1_000_000 });
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 5, rooms: 3, price: 100_000 });
    const header = { "Idempotency-Key": "crash-booking-1" };
    const body = reservationBody(room, rate, stay);
    const first = await apiClient(api, a.key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id }, header }, body });
    expect(first.data).toMatchObject({ chatbot_id: expect.any(String) });
    await orphan("crash-booking-1");
    const retry = await apiClient(api, a.key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id }, header }, body });
    expect(retry.data).toEqual(first.data);
    expect(replayed(retry)).toBe("true");
    expect(await api.db.prisma.reservation.count({ where: { hotelId: hotel.id } })).toBe(1);
    const sold = await api.db.sql.query<{ sold: number }>(`SELECT sold FROM inventory_nights WHERE room_type_id = $1 AND date >= $2::date AND date < $3::date ORDER BY date`, [room.id, stay.checkin, stay.checkout]);
    expect(sold.map((r) => r.sold)).toEqual([1, 1]);

    const code = (first.data as { chatbot_id: string }).chatbot_id;
    const payHeader = { "Idempotency-Key": "crash-balance-1" };
    const paid = await apiClient(api, a.key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: code }, header: payHeader } });
    expect(paid.response.status).toBe(200);
    await orphan("crash-balance-1");
    const payRetry = await apiClient(api, a.key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: code }, header: payHeader } });
    expect(payRetry.response.status).toBe(200);
    expect(replayed(payRetry)).toBe("true");
    expect(payRetry.data).toEqual(paid.data);
    expect(await api.db.prisma.balanceEntry.count({ where: { agencyId: a.agency.id } })).toBe(1);
  });

  it("balance top-up: credited once", async () => {
    const a = await agencyWithKey(api.db, { isPreloaded: true, balance: 0 });
    const header = { "Idempotency-Key": "crash-topup-1" };
    const first = await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/balance/top-ups", { params: { path: { id: a.agency.id }, header }, body: { amount: "250000.00" } });
    expect(first.response.status).toBe(201);
    await orphan("crash-topup-1");
    const retry = await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/balance/top-ups", { params: { path: { id: a.agency.id }, header }, body: { amount: "250000.00" } });
    expect(retry.response.status).toBe(201);
    expect(replayed(retry)).toBe("true");
    expect(retry.data).toEqual(first.data);
    expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: a.agency.id } })).balance.toNumber()).toBe(250_000);
  });

  it("hotel (operator setup): the same hotel, not a second one", async () => {
    const header = { "Idempotency-Key": "crash-hotel-1" };
    const body = { name: "Hotel Reintento", city: "Cartagena" };
    const first = await apiClient(api, OPERATOR_KEY).POST("/v2/hotels", { params: { header }, body });
    expect(first.response.status).toBe(201);
    await orphan("crash-hotel-1");
    const retry = await apiClient(api, OPERATOR_KEY).POST("/v2/hotels", { params: { header }, body });
    expect(replayed(retry)).toBe("true");
    expect(retry.data).toEqual(first.data);
    expect(await api.db.prisma.hotel.count({ where: { name: "Hotel Reintento" } })).toBe(1);
  });

  it("a key reused for another request after its record expired is a 409, not the old effect", async () => {
    const { key } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, {});
    const header = { "Idempotency-Key": "crash-cash-reuse" };
    await apiClient(api, key).POST("/v2/apms/cash", { params: { header }, body: cashOrder(hotel.id, "ORD-REUSE-1", 70_000) });
    await api.db.sql.query(`DELETE FROM idempotency_records WHERE key = 'crash-cash-reuse'`);
    const other = await apiClient(api, key).POST("/v2/apms/cash", { params: { header }, body: cashOrder(hotel.id, "ORD-REUSE-2", 80_000) });
    expect(other.response.status).toBe(409);
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: { in: ["ORD-REUSE-1", "ORD-REUSE-2"] } } })).toBe(1);
  });
});

describe("a retry after a crash answers from the effect: refunds and bank transfers", () => {
  it("partial refund: the same refund, one refund at the gateway, refunded once", async () => {
    const { key } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, {});
    const paid = await apiClient(api, key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(pem, hotel.id, "ORD-CRASH-RF", 200_000) });
    expect(paid.response.status).toBe(200);
    const id = paid.data!.transaction_id;
    const header = { "Idempotency-Key": "crash-refund-1" };
    const body = { amount: 50_000, reason: "Una noche menos" };
    const first = await apiClient(api, key).POST("/v2/payments/{id}/refund", { params: { path: { id }, header }, body });
    expect(first.response.status).toBe(200);
    await orphan("crash-refund-1");
    const retry = await apiClient(api, key).POST("/v2/payments/{id}/refund", { params: { path: { id }, header }, body });
    expect(retry.response.status).toBe(200);
    expect(replayed(retry)).toBe("true");
    expect(retry.data).toEqual(first.data);
    expect(await api.db.prisma.paymentRefund.count({ where: { paymentId: id } })).toBe(1);
    expect(await api.db.prisma.sandboxGatewayOperation.count({ where: { paymentRef: id, kind: "refund" } })).toBe(1);
    const detail = await apiClient(api, key).GET("/v2/payments/{id}", { params: { path: { id } } });
    expect(detail.data).toMatchObject({ refunded_amount: 50_000, refundable_amount: 150_000 });
  });

  it("bank transfer (4.8): the same order", async () => {
    const { key } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, {});
    const { order } = cashOrder(hotel.id, "ORD-CRASH-PSE", 80_000);
    const body = { order, bank_transfer: { bank_code: "1007", response_url: "https://agencia.example.co/retorno", user_type: "0" as const, fiscal_number_type: "CC", address: "Calle 10 # 5-20" } };
    const header = { "Idempotency-Key": "crash-pse-1" };
    const first = await apiClient(api, key).POST("/v2/apms/bank-transfer", { params: { header }, body });
    expect(first.response.status).toBe(200);
    await orphan("crash-pse-1");
    const retry = await apiClient(api, key).POST("/v2/apms/bank-transfer", { params: { header }, body });
    expect(replayed(retry)).toBe("true");
    expect(retry.data).toEqual(first.data);
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: "ORD-CRASH-PSE" } })).toBe(1);
  });
});

describe("a retry after a crash answers from the effect: virtual cards", () => {
  it("virtual card issued (POST /v1/virtual-cards): the same card, not a second one", async () => {
    const { agency, key, orgId } = await agencyWithOrg(api, { prefix: "Choque", description: "Estadías" });
    const today = bogotaDate(new Date());
    const body = {
      card_name: "Laura Gómez", activation: today, expiration: addDays(today, 30), organization_id: orgId, one_time_use: true,
      destination: { external_id: "hotel-1", name: "Hotel Caribe", email: "reservas@hotelcaribe.co" }, external_reference: "RES-CRASH-1",
    };
    const header = { "Idempotency-Key": "crash-vcard-1" };
    const first = await apiClient(api, key).POST("/v1/virtual-cards", { params: { header }, body });
    expect(first.response.status).toBe(200);
    await orphan("crash-vcard-1");
    const retry = await apiClient(api, key).POST("/v1/virtual-cards", { params: { header }, body });
    expect(retry.response.status).toBe(200);
    expect(replayed(retry)).toBe("true");
    expect(retry.data).toEqual(first.data);
    expect(await api.db.prisma.virtualCard.count({ where: { agencyId: agency.id } })).toBe(1);
  });
});
