// A payment whose order.ref_number is a booking code counts toward that reservation (docs/decisions.md 7.9)
// and confirms it once fully paid, in the same database transaction as the approval. The credit is capped by
// the database at what the reservation still owes, and only while it is pending payment (docs/payments.md).
import type { Prisma } from "@/lib/db/generated/client";
import { creditReservationCapped } from "./settle";

type Tx = Prisma.TransactionClient;

/** The reservation a payment is for: by its code, within the paying agency (an operator may pay any). */
export async function reservationForPayment(tx: Tx, refNumber: string, agencyId: number | null) {
  const r = await tx.reservation.findUnique({ where: { code: refNumber }, select: { id: true, agencyId: true } });
  if (!r) return null;
  if (agencyId !== null && r.agencyId !== agencyId) return null;
  return r;
}

/**
 * Credits `amount` of a payment not claimed beforehand (cash, PSE, balance). False, changing nothing, when the
 * reservation is not pending payment, its deadline passed, or the amount is more than it still owes.
 */
export async function creditReservation(tx: Tx, reservationId: string, amount: string, transactionId: string, now: Date): Promise<boolean> {
  return creditReservationCapped(tx, reservationId, amount, transactionId, now, { held: false });
}
