// A preloaded-balance agency pays what a reservation still owes from its balance: one transaction takes the
// reservation's row, debits the balance (never below zero), records the payment with its voucher and confirms.
import { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import { assertSameAgency, type Principal } from "@/lib/auth/principal";
import { forbidden, HttpError } from "@/lib/http/errors";
import { changedMeanwhile, doesNotExist, DomainError, wrongState } from "@/lib/domain/errors";
import { debitBalance } from "@/lib/agencies/balance";
import { creditReservation } from "./reservation-credit";
import { lockPendingReservation } from "./store";
import { earlierPayment, newTransactionId } from "./service";
import { effectColumns, isEffectKeyViolation, type EffectKey } from "@/lib/http/effect-key";
import { newVoucherCode, voucherPath } from "@/lib/money/voucher-code";
import { emailPaymentApproved } from "@/lib/mail/facts";

export async function payFromBalance(db: Database, principal: Principal, code: string, now: Date, effectKey?: EffectKey | null) {
  if (principal.role !== "agency" || principal.agencyId === null) throw forbidden("Solo la agencia de la reserva puede pagarla con su saldo");
  const r = await db.prisma.reservation.findUnique({ where: { code: code.toUpperCase() } });
  if (!r) throw doesNotExist(`La reserva ${code} no existe`);
  assertSameAgency(principal, r.agencyId, `La reserva ${code}`);
  /** The payment an earlier attempt with this Idempotency-Key made (it may have crashed before answering). */
  const paidBefore = async () => {
    const t = await earlierPayment(db, effectKey);
    if (!t) return null;
    const entry = await db.prisma.balanceEntry.findFirst({ where: { reservationId: r.id, kind: "debit", createdAt: t.createdAt }, orderBy: { id: "desc" }, select: { balanceAfter: true } });
    return { msg: PAID, transaction_id: t.id, amount: t.amount, balance_after: entry?.balanceAfter ?? null, voucher_url: t.voucher ? voucherPath(t.voucher.code) : "" };
  };
  const earlier = await paidBefore();
  if (earlier) return earlier;
  const transactionId = newTransactionId();
  const voucherCode = newVoucherCode();
  return db.prisma
    .$transaction(async (tx) => {
    // Taking the row first makes two simultaneous requests pay once: the second sees it confirmed.
    const row = await lockPendingReservation(tx, r.id);
    if (!row) throw wrongState(`La reserva ${r.code} no está pendiente de pago`);
    // A card payment in flight holds its amount (docs/payments.md): the balance pays only what is neither paid nor held.
    const due = new Prisma.Decimal(row.amount).sub(row.amount_paid).sub(row.amount_held);
    if (due.lte(0)) throw wrongState(row.amount_held !== "0.00" && Number(row.amount_held) > 0 ? `La reserva ${r.code} tiene un pago con tarjeta en curso; espere su resultado` : `La reserva ${r.code} no tiene saldo por pagar`);
    const entry = await debitBalance(tx, r.agencyId, due, r.id, now, `Pago de la reserva ${r.code}`);
    await tx.paymentTransaction.create({
      data: {
        id: transactionId,
        method: "balance",
        status: "approved",
        agencyId: r.agencyId,
        hotelId: r.hotelId,
        reservationId: r.id,
        refName: r.firstName,
        refLastname: r.lastName,
        refNumber: r.code,
        detail: "Pago con saldo precargado",
        amount: due,
        currency: r.currency,
        email: r.email,
        completedAt: now,
        createdAt: now,
        ...effectColumns(effectKey),
      },
    });
    await tx.voucher.create({ data: { code: voucherCode, transactionId, createdAt: now } });
    // Conditional in the database (pending payment, deadline ahead, never above the amount): else nothing is debited.
    if (!(await creditReservation(tx, r.id, due.toFixed(2), transactionId, now))) throw changedMeanwhile(`La reserva ${r.code} ya no admite este pago (venció o está pagada)`);
    await emailPaymentApproved(tx, transactionId, now);
    return { msg: PAID, transaction_id: transactionId, amount: due, balance_after: entry.balance_after, voucher_url: voucherPath(voucherCode) };
  })
    .catch(async (e: unknown) => {
      // A concurrent attempt with this key paid first (this one's debit rolled back, or it found the reservation
      // paid): answer with that payment.
      const first = effectKey && (isEffectKeyViolation(e) || e instanceof HttpError || e instanceof DomainError) ? await paidBefore() : null;
      if (!first) throw e;
      return first;
    });
}

const PAID = "Reserva pagada con saldo precargado";
