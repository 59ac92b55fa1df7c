// Test data for the back office: reservations and payments written straight to the database, so scoping,
// exports and report figures can be checked against numbers known in advance.
import crypto from "node:crypto";
import type { Database } from "@/lib/db";
import { addDays, dateOnly } from "@/lib/time";

let n = 0;
const rid = (p: string) => `${p}_${crypto.randomBytes(8).toString("hex")}`;

export interface BookingOpts {
  agencyId: number;
  hotelId: number;
  roomTypeId: number;
  ratePlanId: number;
  checkin: string;
  nights: number;
  nightly: number;
  quantity?: number;
  adults?: number;
  children?: number;
  status?: "pending_payment" | "confirmed" | "expired" | "cancelled";
  amountPaid?: number;
  createdAt?: Date;
  at?: Date;
  firstName?: string;
  lastName?: string;
  deadline?: Date;
}

export async function booking(db: Database, o: BookingOpts) {
  const qty = o.quantity ?? 1;
  const amount = o.nightly * o.nights * qty;
  const status = o.status ?? "confirmed";
  const created = o.createdAt ?? new Date();
  const at = o.at ?? created;
  const code = `HB${(Date.now() + n++).toString(36).toUpperCase().slice(-8).padStart(8, "X")}`;
  return db.prisma.reservation.create({
    data: {
      id: rid("res"),
      code,
      agencyId: o.agencyId,
      hotelId: o.hotelId,
      status,
      checkin: dateOnly(o.checkin),
      checkout: dateOnly(addDays(o.checkin, o.nights)),
      nights: o.nights,
      roomsCount: qty,
      adults: o.adults ?? 2,
      children: o.children ?? 0,
      childrenAges: o.children ? Array.from({ length: o.children }, () => "7").join(",") : null,
      firstName: o.firstName ?? "Laura",
      lastName: o.lastName ?? "Gómez",
      email: "laura@example.co",
      telephone: "573001234567",
      country: "COL",
      currency: "COP",
      amount,
      amountPaid: o.amountPaid ?? (status === "confirmed" ? amount : 0),
      paymentDeadline: o.deadline ?? new Date(created.getTime() + 24 * 3600_000),
      confirmedAt: status === "confirmed" ? at : null,
      expiredAt: status === "expired" ? at : null,
      cancelledAt: status === "cancelled" ? at : null,
      createdAt: created,
      updatedAt: at,
      rooms: {
        create: [
          {
            roomTypeId: o.roomTypeId,
            ratePlanId: o.ratePlanId,
            checkin: dateOnly(o.checkin),
            checkout: dateOnly(addDays(o.checkin, o.nights)),
            quantity: qty,
            adults: o.adults ?? 2,
            children: o.children ?? 0,
            currency: "COP",
            amount: o.nightly * o.nights * qty,
            nightly: Array.from({ length: o.nights }, (_, i) => ({ day: addDays(o.checkin, i), amount: o.nightly.toFixed(2) })),
          },
        ],
      },
    },
  });
}

export async function payment(
  db: Database,
  o: { agencyId: number | null; hotelId: number; method: "card" | "cash" | "bank_transfer" | "balance"; amount: number; status?: "pending" | "approved" | "rejected" | "expired"; at?: Date; reservationId?: string; refName?: string; refNumber?: string },
) {
  const at = o.at ?? new Date();
  const status = o.status ?? "approved";
  return db.prisma.paymentTransaction.create({
    data: {
      id: rid("txn"),
      method: o.method,
      status,
      agencyId: o.agencyId,
      hotelId: o.hotelId,
      reservationId: o.reservationId ?? null,
      refName: o.refName ?? "Laura",
      refLastname: "Gómez",
      refNumber: o.refNumber ?? "REF-1",
      amount: o.amount,
      createdAt: at,
      completedAt: status === "approved" ? at : null,
    },
  });
}
