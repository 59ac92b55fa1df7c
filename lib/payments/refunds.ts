// Refunds of approved card and balance payments (docs/payments.md): recorded first, in one transaction that
// raises the payment's refunded_amount (conditional: never above the payment), lowers the reservation's amount
// paid, credits the agency's ledger for balance payments and writes the payment.refunded webhook; then the
// gateway refunds a card payment (idempotency key = refund id) and the refund turns `succeeded`.
import crypto from "node:crypto";
import { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import { assertSameAgency, type Principal } from "@/lib/auth/principal";
import { doesNotExist, notSupported, overLimit, wrongState } from "@/lib/domain/errors";
import { creditBalance } from "@/lib/agencies/balance";
import { kickDeliveries } from "@/lib/webhooks/outbox";
import { isoBogota } from "@/lib/time";
import { PAYMENT_STATUS_WORDS, statusWord } from "@/lib/format";
import { completeRefundAtGateway } from "./settle";
import { addRefunded, lockReservation, lowerReservationPaidAmount } from "./store";
import { enqueueRefundWebhook } from "./lifecycle";
import { newVoucherCode, voucherPath } from "@/lib/money/voucher-code";
import { looksLikeTransactionId } from "./schema";
import { emailRefundMade } from "@/lib/mail/facts";
import { reopenIfShort } from "@/lib/reservations/lifecycle";
import { earlierEffect, effectColumns, effectWhere, isEffectKeyViolation, type EffectKey } from "@/lib/http/effect-key";

export const newRefundId = () => `rf_${crypto.randomBytes(12).toString("hex")}`;

export interface RefundInput {
  amount?: number;
  reason?: string;
}

/** "$ 199.999,50" (es-CO, cents only when there are any; a plain space so API messages stay ASCII-spaced). */
const cop = (d: Prisma.Decimal) => {
  const n = d.toNumber();
  const cents = !Number.isInteger(n);
  return `$ ${new Intl.NumberFormat("es-CO", { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 }).format(n)}`;
};

/** The refund an earlier attempt with this Idempotency-Key recorded (null: none, or no key). */
async function earlierRefund(db: Database, ek: EffectKey | null | undefined) {
  return ek ? earlierEffect(ek, await db.prisma.paymentRefund.findUnique({ where: effectWhere(ek) })) : null;
}

const refundAnswer = (r: { id: string; paymentId: string; amount: Prisma.Decimal; status: string; voucherCode: string }) => ({
  refund_id: r.id,
  payment_id: r.paymentId,
  amount: r.amount.toNumber(),
  status: r.status as "succeeded" | "pending",
  voucher_url: voucherPath(r.voucherCode),
});

export async function refundPayment(db: Database, principal: Principal, paymentId: string, input: RefundInput, now: Date, actor: string | null, effectKey?: EffectKey | null) {
  // An earlier attempt with this key recorded the refund (and maybe crashed): answer from it, never refund twice.
  const earlier = await earlierRefund(db, effectKey);
  if (earlier) return refundAnswer(earlier);
  const p = looksLikeTransactionId(paymentId) ? await db.prisma.paymentTransaction.findUnique({ where: { id: paymentId } }) : null;
  if (!p) throw doesNotExist(`El pago ${paymentId.slice(0, 40)} no existe`);
  assertSameAgency(principal, p.agencyId, `El pago ${paymentId}`);
  if (p.method === "cash" || p.method === "bank_transfer") {
    throw notSupported(
      "Los pagos en efectivo y por transferencia (PSE) no se reembolsan desde la plataforma: el dinero llegó por una red de recaudo o por el banco del pagador y su devolución se acuerda directamente con él",
    );
  }
  if (p.status !== "approved") throw wrongState(`Solo se reembolsa un pago aprobado; este pago está ${statusWord(PAYMENT_STATUS_WORDS, p.status)}`);
  const remaining = p.amount.sub(p.refundedAmount);
  if (remaining.lte(0)) throw overLimit("El pago ya fue reembolsado en su totalidad");
  const amount = input.amount === undefined ? remaining : new Prisma.Decimal(String(input.amount));
  if (amount.gt(remaining)) throw overLimit(`El monto a reembolsar (${cop(amount)}) supera lo que queda por reembolsar de este pago (${cop(remaining)})`);

  const refundId = newRefundId();
  const voucherCode = newVoucherCode();
  const value = amount.toFixed(2);
  const reason = input.reason?.trim() || null;
  const first = await db.prisma.$transaction(async (tx) => {
    // Lock order: reservation, then the payment row (docs/payments.md).
    if (p.reservationId) await lockReservation(tx, p.reservationId);
    const refundedAmount = await addRefunded(tx, p.id, value);
    if (refundedAmount === null) {
      const now2 = await tx.paymentTransaction.findUnique({ where: { id: p.id }, select: { amount: true, refundedAmount: true } });
      const left = now2 ? now2.amount.sub(now2.refundedAmount) : new Prisma.Decimal(0);
      throw overLimit(left.lte(0) ? "El pago ya fue reembolsado en su totalidad" : `El monto a reembolsar (${cop(amount)}) supera lo que queda por reembolsar de este pago (${cop(left)})`);
    }
    await tx.paymentRefund.create({ data: { id: refundId, paymentId: p.id, amount, reason, status: "pending", voucherCode, createdBy: actor, createdAt: now, ...effectColumns(effectKey) } });
    if (p.reservationId) await lowerReservationPaid(tx, p.reservationId, value, refundId, now);
    if (p.method === "balance" && p.agencyId !== null) await creditBalance(tx, p.agencyId, amount, p.reservationId, now, `Reembolso del pago ${p.id}`);
    await enqueueRefundWebhook(
      tx,
      { id: p.id, agency_id: p.agencyId, method: p.method, amount: p.amount.toFixed(2), link_id: p.linkId, reservation_id: p.reservationId },
      { refundId, amount: value, refundedAmount, reason, automatic: false, paymentStatus: "approved" },
      now,
    );
    await emailRefundMade(tx, refundId, now);
    return null;
  }).catch(async (e: unknown) => {
    // A concurrent attempt with this key recorded its refund first: answer with that one.
    const r = isEffectKeyViolation(e) ? await earlierRefund(db, effectKey) : null;
    if (!r) throw e;
    return r;
  });
  if (first) return refundAnswer(first);
  void kickDeliveries();
  const status = await completeRefundAtGateway(db, { id: refundId, paymentId: p.id, amount: value, method: p.method }, now);
  return { refund_id: refundId, payment_id: p.id, amount: amount.toNumber(), status, voucher_url: voucherPath(voucherCode) };
}

/**
 * The reservation's amount paid goes down by the refund. A confirmed reservation left short of its total goes back to
 * pending_payment only while its payment deadline is ahead (the expiry job then releases it if not paid again);
 * past the deadline it stays confirmed with the difference owed (docs/payments.md).
 */
async function lowerReservationPaid(tx: Prisma.TransactionClient, reservationId: string, amount: string, refundId: string, now: Date) {
  await lowerReservationPaidAmount(tx, reservationId, amount, now);
  await reopenIfShort(tx, reservationId, refundId, now);
}

export function presentRefund(r: { id: string; paymentId: string; amount: Prisma.Decimal; reason: string | null; status: string; voucherCode: string; createdAt: Date; completedAt: Date | null }) {
  return {
    refund_id: r.id,
    payment_id: r.paymentId,
    amount: r.amount.toNumber(),
    reason: r.reason,
    status: r.status,
    voucher_url: voucherPath(r.voucherCode),
    created_at: isoBogota(r.createdAt),
    completed_at: r.completedAt ? isoBogota(r.completedAt) : null,
  };
}
