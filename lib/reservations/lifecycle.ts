// The reservation's lifecycle (docs/reservations.md "Lifecycle"): every change of `reservations.status` is one of
// the named transitions below, run inside the caller's transaction. Each is guarded by one conditional write
// (`UPDATE … WHERE status IN (<from>) … RETURNING`), so two racing callers change a reservation once, and writes
// its history row and its outbox rows (webhooks, e-mails) in that same transaction. Nothing else writes the
// status column: lib/reservations/lifecycle.test.ts scans the code for other writers and compares TRANSITIONS with
// the diagram in docs/reservations.md. Plain SQL for the guard: Prisma's updateMany cannot return the row it changed.
import type { Prisma } from "@/lib/db/generated/client";
import { markReleasing } from "@/lib/gateways/channel-holds";
import { emailReservationExpired } from "@/lib/mail/facts";
import { emailHotelBooking } from "@/lib/mail/notices";
import { enqueueReservationExpired } from "./notify";

type Tx = Prisma.TransactionClient;
export type ReservationStatus = "pending_payment" | "confirmed" | "expired" | "cancelled";

/** Every transition: `from: null` is the creation (lib/reservations/store.ts inserts it `pending_payment`). */
export const TRANSITIONS = {
  book: { from: null, to: "pending_payment" },
  confirm: { from: ["pending_payment"], to: "confirmed" },
  expire: { from: ["pending_payment"], to: "expired" },
  cancel: { from: ["pending_payment"], to: "cancelled" },
  reopen: { from: ["confirmed"], to: "pending_payment" },
} as const satisfies Record<string, { from: readonly ReservationStatus[] | null; to: ReservationStatus }>;

type Name = Exclude<keyof typeof TRANSITIONS, "book">;

const fromList = (name: Name) => (TRANSITIONS[name].from as readonly string[]).map((s) => `'${s}'`).join(", ");

/**
 * The guarded write of one transition: sets the status (and `set`, more assignments) only while the reservation is
 * in the transition's from-state and `also` holds ($1 the id, $2 now); writes the history row. True when it changed
 * the reservation.
 */
async function transition(tx: Tx, name: Name, id: string, reason: string, now: Date, set: string, also: string): Promise<boolean> {
  const t = TRANSITIONS[name];
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE reservations SET status = '${t.to}', updated_at = $2::timestamptz${set ? `, ${set}` : ""}
     WHERE id = $1 AND status IN (${fromList(name)})${also ? ` AND ${also}` : ""} RETURNING id`,
    id,
    now.toISOString(),
  );
  if (rows.length === 0) return false;
  await tx.reservationStatusChange.create({ data: { reservationId: id, fromStatus: t.from[0], toStatus: t.to, reason, at: now } });
  return true;
}

/** pending_payment → confirmed once what was paid reaches the amount (called by the payment that paid it). */
export function confirmIfPaid(tx: Tx, id: string, transactionId: string, now: Date): Promise<boolean> {
  return transition(tx, "confirm", id, `pagada en su totalidad (transacción ${transactionId})`, now, "confirmed_at = $2::timestamptz", "amount_paid >= amount");
}

/**
 * confirmed → pending_payment when a refund left it short of its total, only while its payment deadline is ahead
 * (the expiry job then releases it if not paid again); past the deadline it stays confirmed with the difference owed.
 */
export function reopenIfShort(tx: Tx, id: string, refundId: string, now: Date): Promise<boolean> {
  return transition(tx, "reopen", id, `reembolso ${refundId}: lo pagado quedó por debajo del total`, now, "confirmed_at = NULL", "amount_paid < amount AND payment_deadline > $2::timestamptz");
}

/**
 * pending_payment → expired, only once its payment deadline passed: the rooms are owed back to the channel
 * manager (ledger `releasing`, released after the commit), the agency gets `reservation.expired` and its e-mail.
 */
export async function expire(tx: Tx, id: string, now: Date): Promise<boolean> {
  if (!(await transition(tx, "expire", id, "Plazo de pago vencido", now, "expired_at = $2::timestamptz", "payment_deadline <= $2::timestamptz"))) return false;
  const r = await tx.reservation.findUniqueOrThrow({ where: { id }, include: { agency: true } });
  await markReleasing(tx, { key: id, hotelId: r.hotelId, now });
  await enqueueReservationExpired(tx, r, now);
  await emailReservationExpired(tx, id, now);
  return true;
}

/** pending_payment → cancelled by the agency (or the operator): the rooms are owed back to the channel manager. */
export async function cancel(tx: Tx, id: string, reason: string, now: Date): Promise<boolean> {
  if (!(await transition(tx, "cancel", id, reason, now, "cancelled_at = $2::timestamptz", ""))) return false;
  const r = await tx.reservation.findUniqueOrThrow({ where: { id }, select: { hotelId: true } });
  await markReleasing(tx, { key: id, hotelId: r.hotelId, now });
  await emailHotelBooking(tx, id, "cancelled", now);
  return true;
}
