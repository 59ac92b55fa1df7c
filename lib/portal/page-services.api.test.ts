// The service reads the portal and guest pages make (lib/portal/page.ts): the same tenant rules as the /api
// routes (another agency's resource is a 404), the figures computed in the service, and time from `now`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/open";
import type { Principal } from "@/lib/auth/principal";
import { openTestDatabase } from "@/lib/testing/db";
import { createAgency, createUser } from "@/lib/testing/factories";
import { sellableHotel } from "@/lib/testing/booking-fixtures";
import { booking, payment } from "@/lib/reports/fixtures";
import { linkDraftForReservation } from "@/lib/links/service";
import { paymentTotals, guestCheckout } from "@/lib/payments/service";
import { guestVoucher } from "@/lib/payments/voucher";
import { accountHolderOfAgency } from "@/lib/cards/account-holders";
import { canManageTeam } from "@/lib/agencies/team";
import { dashboardTiles } from "@/lib/reports/dashboard";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const base = { via: "session" as const, apiKeyId: null, hotelIds: [] };
const asAgency = (agencyId: number, userId: number | null = null): Principal => ({ ...base, role: "agency", userId, agencyId, agencyType: "retailer" });
const operator: Principal = { ...base, role: "operator", userId: null, agencyId: null, agencyType: null };
const now = new Date("2026-11-23T15:00:00Z");

async function world() {
  const { hotel, room, rate } = await sellableHotel(db, { from: "2026-12-10", nights: 2, rooms: 2, price: 100_000 });
  const [mine, other] = [await createAgency(db), await createAgency(db)];
  return { hotel, mine, other, stay: { agencyId: mine.id, hotelId: hotel.id, roomTypeId: room.id, ratePlanId: rate.id, checkin: "2026-12-10", nights: 2, nightly: 100_000 } };
}

describe("a new link's draft from a reservation", () => {
  it("asks for what is still due and lasts at most until the payment deadline, read from `now`", async () => {
    const { mine, stay } = await world();
    const deadline = new Date(now.getTime() + 5.5 * 3600_000);
    const r = await booking(db, { ...stay, status: "pending_payment", amountPaid: 30_000, deadline });
    const draft = await linkDraftForReservation(db, asAgency(mine.id), r.code.toLowerCase(), now);
    expect(draft).toMatchObject({ agency_id: mine.id, reservation_code: r.code, amount: 170_000, max_hours: 5, from: "2026-12-10", to: "2026-12-12" });
    expect((await linkDraftForReservation(db, asAgency(mine.id), r.code, new Date(deadline.getTime() - 30 * 60_000))).max_hours).toBe(0);
  });

  it("asks for the whole amount when nothing is due", async () => {
    const { mine, stay } = await world();
    const r = await booking(db, { ...stay, status: "confirmed" });
    expect((await linkDraftForReservation(db, asAgency(mine.id), r.code, now)).amount).toBe(200_000);
  });

  it("another agency's reservation is a 404; the operator reads any", async () => {
    const { mine, other, stay } = await world();
    const r = await booking(db, { ...stay, status: "pending_payment" });
    await expect(linkDraftForReservation(db, asAgency(other.id), r.code, now)).rejects.toMatchObject({ status: 404 });
    // A reservation that does not exist is the rule's own "not found" (answered 404 at the edges, lib/http/steps.ts).
    await expect(linkDraftForReservation(db, asAgency(mine.id), "HBNOEXISTE", now)).rejects.toMatchObject({ code: "not_found" });
    expect((await linkDraftForReservation(db, operator, r.code, now)).agency_id).toBe(mine.id);
  });
});

describe("the payments list's totals", () => {
  it("sum an agency's own payments per status; the operator's cover every agency", async () => {
    const { hotel, mine, other } = await world();
    await payment(db, { agencyId: mine.id, hotelId: hotel.id, method: "card", amount: 100_000 });
    await payment(db, { agencyId: mine.id, hotelId: hotel.id, method: "cash", amount: 50_000, status: "pending" });
    await payment(db, { agencyId: other.id, hotelId: hotel.id, method: "card", amount: 70_000 });
    await payment(db, { agencyId: mine.id, hotelId: hotel.id, method: "card", amount: 9_000, status: "rejected" });
    expect(await paymentTotals(db, asAgency(mine.id))).toEqual({ approved: { count: 1, amount: 100_000 }, pending: { count: 1, amount: 50_000 }, rejected: { count: 1, amount: 9_000 } });
    const all = await paymentTotals(db, operator);
    expect(all.approved.count).toBeGreaterThanOrEqual(2);
    expect(all.approved.amount).toBeGreaterThanOrEqual(170_000);
  });
});

describe("the agency's own account holder and team", () => {
  it("an agency without an account holder reads null; another agency's is a 404", async () => {
    const { mine, other } = await world();
    expect(await accountHolderOfAgency(db, asAgency(mine.id), mine.id)).toBeNull();
    await expect(accountHolderOfAgency(db, asAgency(other.id), mine.id)).rejects.toMatchObject({ status: 404 });
  });

  it("only the agency's team admins manage its team", async () => {
    const { mine, other } = await world();
    const member = await createUser(db, "agency", { agencyId: mine.id });
    const admin = await createUser(db, "agency", { agencyId: mine.id });
    await db.prisma.user.update({ where: { id: admin.id }, data: { agencyAdmin: true } });
    expect(await canManageTeam(db, asAgency(mine.id, admin.id), mine.id)).toBe(true);
    expect(await canManageTeam(db, asAgency(mine.id, member.id), mine.id)).toBe(false);
    expect(await canManageTeam(db, asAgency(other.id, admin.id), mine.id)).toBe(false);
  });
});

describe("the dashboard tiles", () => {
  it("count an agency's links still payable at `now`: one past its validity is not active", async () => {
    const { hotel, mine } = await world();
    const link = { agencyId: mine.id, hotelId: hotel.id, guestName: "Laura Gómez", email: "laura@example.co", phone: "573001234567", amount: 100_000, description: "Reserva", availableHours: 2 };
    await db.prisma.paymentLink.create({ data: { ...link, id: `lnk_a${mine.id}`, code: `code-a-${mine.id}`, expiresAt: new Date(now.getTime() + 3600_000) } });
    await db.prisma.paymentLink.create({ data: { ...link, id: `lnk_b${mine.id}`, code: `code-b-${mine.id}`, expiresAt: new Date(now.getTime() - 1000) } });
    const tiles = await dashboardTiles(db, asAgency(mine.id), now);
    expect(tiles).toMatchObject({ role: "agency", links: 1, balance: null });
    expect(await dashboardTiles(db, asAgency(mine.id), new Date(now.getTime() + 2 * 3600_000))).toMatchObject({ links: 0 });
  });
});

describe("what the guest is shown", () => {
  it("never the secret code of the payment link as the order reference", async () => {
    const { hotel, mine } = await world();
    const code = `secret-link-code-${mine.id}`;
    const link = await db.prisma.paymentLink.create({
      data: { id: `lnk_g${mine.id}`, code, agencyId: mine.id, hotelId: hotel.id, guestName: "Laura Gómez", email: "laura@example.co", phone: "573001234567", amount: 100_000, description: "Reserva", availableHours: 2, expiresAt: new Date(now.getTime() + 3600_000) },
    });
    const viaLink = await payment(db, { agencyId: mine.id, hotelId: hotel.id, method: "cash", amount: 100_000, status: "pending", refNumber: code });
    await db.prisma.paymentTransaction.update({ where: { id: viaLink.id }, data: { linkId: link.id } });
    const own = await payment(db, { agencyId: mine.id, hotelId: hotel.id, method: "cash", amount: 100_000, status: "pending", refNumber: "PEDIDO-77" });
    expect(await guestCheckout(db, viaLink.id)).toMatchObject({ order_ref: null, hotel_city: "CARTAGENA" });
    expect((await guestCheckout(db, own.id)).order_ref).toBe("PEDIDO-77");
    await db.prisma.voucher.create({ data: { code: `vch_link_${mine.id}`, transactionId: viaLink.id } });
    await db.prisma.voucher.create({ data: { code: `vch_own_${mine.id}`, transactionId: own.id } });
    expect(await guestVoucher(db, `vch_link_${mine.id}`)).toMatchObject({ order_ref: null, stay: null });
    expect((await guestVoucher(db, `vch_own_${mine.id}`)).order_ref).toBe("PEDIDO-77");
  });
});
