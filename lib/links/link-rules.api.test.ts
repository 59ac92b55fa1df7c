// Issue 24's link rules: an archived agency collects nothing through its links (the guest is told why, in Spanish);
// a link for a reservation never asks for more than the reservation owes; and a reservation that leaves
// pending_payment (paid in full, cancelled, expired) closes its links still active in the same transaction.
import { describe, expect, it } from "vitest";
import { OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { bookedReservation, encryptedCard, withCardApi } from "@/lib/testing/payments";
import { expireLinks, publicLinkView } from "./service";
import { addDays, bogotaDate } from "@/lib/time";

let api: TestServer;
let pem: string;
withCardApi((s) => ({ api, pem } = s), { drainDeliveries: true });

const checkin = addDays(bogotaDate(new Date()), 10);
const linkBody = (agencyId: number, hotelId: number, over: Record<string, unknown> = {}) => ({
  hotel_id: hotelId,
  guest_name: "Laura Gómez",
  email: "laura@example.co",
  phone: "+57 300 123 4567",
  amount: "100000.00",
  description: "Anticipo",
  available_hours: 12,
  agency_id: agencyId,
  ...over,
});
const linkStatus = async (code: string) => (await api.db.prisma.paymentLink.findUniqueOrThrow({ where: { code } })).status;

describe("archived agencies collect nothing through their links", () => {
  it("card and cash payments of the link are refused with a Spanish explanation; nothing is charged; the page says why", async () => {
    const a = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, {});
    const { data } = await apiClient(api, a.key).POST("/v2/links/schedule", { body: linkBody(a.agency.id, hotel.id) });
    const code = data!.code;
    const archived = await apiClient(api, OPERATOR_KEY).PATCH("/v2/agencies/{id}", { params: { path: { id: a.agency.id } }, body: { is_archived: true } });
    expect(archived.response.status).toBe(200);

    const card = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code } }, body: { method: "card", card_item: encryptedCard(pem) } });
    expect(card.response.status).toBe(409);
    expect(card.error).toMatchObject({ detail: expect.stringMatching(/archivada y ya no recibe pagos; no se cobró nada/) });
    const cash = await apiClient(api).POST("/v2/links/{code}/pay", {
      params: { path: { code } },
      body: { method: "cash", payment_type: "EFECTY", payer: { fiscal_number: "1020304050", fiscal_number_type: "CC", user_type: "0", address: "Calle 10 # 5-20" } },
    });
    expect(cash.response.status).toBe(409);
    expect(await api.db.prisma.paymentTransaction.count({ where: { link: { code } } })).toBe(0);
    expect(await publicLinkView(api.db, code, new Date())).toMatchObject({ status: "active", agencyArchived: true });
  });
});

describe("a link and its reservation", () => {
  it("refuses a link for more than the reservation owes (400), accepts exactly what it owes", async () => {
    const b = await bookedReservation(api, { checkin });
    const over = await apiClient(api, b.key).POST("/v2/links/schedule", { body: linkBody(b.agency.id, b.hotel.id, { reservation_code: b.code, amount: String(b.amount + 1) }) });
    expect(over.response.status).toBe(400);
    expect(over.error).toMatchObject({ detail: expect.stringContaining(`amount: la reserva ${b.code} debe $ 200.000`) });
    expect(await api.db.prisma.paymentLink.count({ where: { reservationId: b.reservation.id } })).toBe(0);
    const exact = await apiClient(api, b.key).POST("/v2/links/schedule", { body: linkBody(b.agency.id, b.hotel.id, { reservation_code: b.code, amount: String(b.amount) }) });
    expect(exact.response.status).toBe(200);
  });

  it("cancelling the reservation closes its active links; paying such a link is refused", async () => {
    const b = await bookedReservation(api, { checkin });
    const { data } = await apiClient(api, b.key).POST("/v2/links/schedule", { body: linkBody(b.agency.id, b.hotel.id, { reservation_code: b.code, amount: "50000.00" }) });
    const cancelled = await apiClient(api, b.key).POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path: { booking_id: b.code } } });
    expect(cancelled.response.status).toBe(200);
    expect(await linkStatus(data!.code)).toBe("cancelled");
    const pay = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: data!.code } }, body: { method: "card", card_item: encryptedCard(pem) } });
    expect(pay.response.status).toBe(409);
    expect(await api.db.prisma.paymentTransaction.count({ where: { link: { code: data!.code } } })).toBe(0);
    // A link the trigger skipped (a payment held it locked at that instant) is closed by the payment-links job.
    await api.db.prisma.paymentLink.update({ where: { code: data!.code }, data: { status: "active", cancelledAt: null } });
    expect(await expireLinks(api.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await linkStatus(data!.code)).toBe("cancelled");
  });

  it("paying the reservation in full closes its other links; the link that paid it is paid", async () => {
    const b = await bookedReservation(api, { checkin });
    const mk = async () => (await apiClient(api, b.key).POST("/v2/links/schedule", { body: linkBody(b.agency.id, b.hotel.id, { reservation_code: b.code, amount: String(b.amount) }) })).data!.code;
    const [first, second] = [await mk(), await mk()];
    const paid = await apiClient(api).POST("/v2/links/{code}/pay", { params: { path: { code: first } }, body: { method: "card", card_item: encryptedCard(pem) } });
    expect(paid.data).toMatchObject({ status: "approved" });
    expect((await api.db.prisma.reservation.findUniqueOrThrow({ where: { id: b.reservation.id } })).status).toBe("confirmed");
    expect(await linkStatus(first)).toBe("paid");
    expect(await linkStatus(second)).toBe("cancelled");
  });

  it("paying from the balance closes the reservation's links too", async () => {
    const b = await bookedReservation(api, { checkin, balance: 1_000_000 });
    const { data } = await apiClient(api, b.key).POST("/v2/links/schedule", { body: linkBody(b.agency.id, b.hotel.id, { reservation_code: b.code, amount: "50000.00" }) });
    const paid = await apiClient(api, b.key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: b.code } } });
    expect(paid.response.status).toBe(200);
    expect(await linkStatus(data!.code)).toBe("cancelled");
  });
});
