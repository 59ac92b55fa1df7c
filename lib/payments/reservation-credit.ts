// A payment whose order.ref_number is a booking code counts toward that reservation (docs/decisions.md 7.9)
// and confirms it once fully paid, in the same database transaction as the approval.
import type { Prisma } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;

/** The reservation a payment is for: by its code, within the paying agency (an operator may pay any). */
export async function reservationForPayment(tx: Tx, refNumber: string, agencyId: number | null) {
  const r = await tx.reservation.findUnique({ where: { code: refNumber }, select: { id: true, agencyId: true } });
  if (!r) return null;
  if (agencyId !== null && r.agencyId !== agencyId) return null;
  return r;
}

export async function creditReservation(tx: Tx, reservationId: string, amount: string, transactionId: string, now: Date) {
  const at = now.toISOString();
  await tx.$executeRawUnsafe(
    `UPDATE reservations SET amount_paid = amount_paid + $2::numeric, updated_at = $3::timestamptz WHERE id = $1`,
    reservationId,
    amount,
    at,
  );
  // Conditional on the state, so two payments completing together confirm it once.
  const confirmed = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE reservations SET status = 'confirmed', confirmed_at = $2::timestamptz, updated_at = $2::timestamptz
     WHERE id = $1 AND status = 'pending_payment' AND amount_paid >= amount RETURNING id`,
    reservationId,
    at,
  );
  if (confirmed.length === 1) {
    await tx.reservationStatusChange.create({
      data: { reservationId, fromStatus: "pending_payment", toStatus: "confirmed", reason: `pagada en su totalidad (transacción ${transactionId})`, at: now },
    });
  }
  return confirmed.length === 1;
}
