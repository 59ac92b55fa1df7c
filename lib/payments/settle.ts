// The payment state machine (docs/payments.md). A payment is written `pending` before money moves; what it pays
// (a link, a reservation, a one-time virtual card) is claimed in that same transaction for card payments; the
// gateway is called with the transaction id as idempotency key; then one settle transaction applies the outcome.
// A settle that can no longer be applied (link paid or cancelled, reservation closed or fully paid, card used)
// leaves the payment `refunded`: the gateway voids or refunds the charge and the agency gets `payment.refunded`.
//
// Lock order, everywhere: payment link row -> reservation row -> payment rows. Every rule about money is a
// conditional UPDATE (or a unique index / CHECK) so that concurrent requests and several instances agree.
import { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import { paymentGateway } from "@/lib/gateways";
import type { CardChargeResult, NequiOutcome } from "@/lib/gateways/payment-gateway";
import * as payment from "./lifecycle";
import * as refund from "./refund-lifecycle";
import * as linkLifecycle from "./link-lifecycle";
import { creditReservationAmount, holdReservationAmount, lockLink, lockPayment, lockReservation, lockUnexpiredOrder, paymentRow, shareVirtualCard, unreversedPayments, type PaymentRow } from "./store";
import { kickDeliveries } from "@/lib/webhooks/outbox";
import { log } from "@/lib/http/log";
import { RESERVATION_STATUS_WORDS, statusWord } from "@/lib/format";
import { confirmIfPaid } from "@/lib/reservations/lifecycle";
import crypto from "node:crypto";

type Tx = Prisma.TransactionClient;

const newVoucherCode = () => crypto.randomBytes(18).toString("base64url");

/** Thrown inside a settle transaction to roll it back: the approval cannot be credited. */
export class NotApplicable extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; meta?: { code?: string }; message?: string };
  return err?.code === "P2002" || err?.meta?.code === "23505" || /23505|unique constraint/i.test(String(err?.message ?? ""));
};

// ---------------------------------------------------------------------------------------------- locks

/** Takes the link and reservation rows a payment touches, in the global order. */
async function lockTargets(tx: Tx, p: { link_id: string | null; reservation_id: string | null }) {
  if (p.link_id) await lockLink(tx, p.link_id);
  if (p.reservation_id) await lockReservation(tx, p.reservation_id);
}

// ---------------------------------------------------------------------------------------------- claims

/** Card claim on a reservation: holds `amount` so that paid + held never exceeds what it asks. */
export async function holdReservation(tx: Tx, reservationId: string, amount: string, now: Date): Promise<string | null> {
  if (await holdReservationAmount(tx, reservationId, amount, now)) return null;
  return whyReservationRefuses(tx, reservationId, amount, now);
}

/** Spanish reason a reservation does not take `amount` now (for the 409 or the not-applied record). */
export async function whyReservationRefuses(tx: Tx, reservationId: string, amount: string, now: Date): Promise<string> {
  const r = await tx.reservation.findUnique({ where: { id: reservationId }, select: { code: true, status: true, amount: true, amountPaid: true, amountHeld: true, paymentDeadline: true } });
  if (!r) return "la reserva no existe";
  const label = statusWord(RESERVATION_STATUS_WORDS, r.status);
  if (r.status !== "pending_payment") return `la reserva ${r.code} está ${label}; no admite más pagos`;
  if (r.paymentDeadline.getTime() <= now.getTime()) return `el plazo de pago de la reserva ${r.code} venció`;
  const due = r.amount.sub(r.amountPaid).sub(r.amountHeld);
  if (due.lte(0) && r.amountHeld.gt(0)) return `la reserva ${r.code} tiene un pago con tarjeta en curso por lo que falta; espere su resultado`;
  if (due.lte(0)) return `la reserva ${r.code} ya está pagada en su totalidad`;
  return `el monto ${new Prisma.Decimal(amount).toFixed(2)} supera lo que falta por pagar de la reserva ${r.code} (${due.toFixed(2)})`;
}

// ---------------------------------------------------------------------------------------------- applying an approval

/** Credits a reservation inside the caller's transaction, capped by the database at what it still owes. */
export async function creditReservationCapped(tx: Tx, reservationId: string, amount: string, transactionId: string, now: Date, opts: { held: boolean }) {
  if (!(await creditReservationAmount(tx, reservationId, amount, now, opts.held))) return false;
  if (await confirmIfPaid(tx, reservationId, transactionId, now)) {
    // Paid in full: cash and PSE orders still open for it are cancelled (an approval that still arrives is refunded).
    await payment.supersedeOrders(tx, { reservationId }, transactionId, "la reserva se pagó en su totalidad con otro pago", now);
  }
  return true;
}

/** Marks a link paid by this payment; the other open orders on it are cancelled. Returns those ids. */
async function payLinkWith(tx: Tx, linkId: string, transactionId: string, now: Date): Promise<string[]> {
  if (!(await linkLifecycle.pay(tx, linkId, now))) {
    const l = await tx.paymentLink.findUnique({ where: { id: linkId }, select: { status: true } });
    throw new NotApplicable(l?.status === "cancelled" ? "el enlace de pago fue cancelado" : "el enlace de pago ya fue pagado con otro pago");
  }
  return payment.supersedeOrders(tx, { linkId }, transactionId, "el enlace se pagó con otro pago", now);
}

/**
 * Applies an approval to what the payment pays, inside the settle transaction (link and reservation rows
 * already locked). Throws NotApplicable (rolling everything back) when it cannot be credited.
 */
async function applyApproval(tx: Tx, p: PaymentRow, now: Date): Promise<string[]> {
  let cancelled: string[] = [];
  if (p.link_id) cancelled = await payLinkWith(tx, p.link_id, p.id, now);
  if (p.reservation_id) {
    const ok = await creditReservationCapped(tx, p.reservation_id, p.amount, p.id, now, { held: p.method === "card" });
    if (!ok) throw new NotApplicable(await whyReservationRefuses(tx, p.reservation_id, p.amount, now));
  }
  if (p.virtual_card_id && p.method === "card") {
    const card = await shareVirtualCard(tx, p.virtual_card_id);
    // A one-time card was consumed by this payment's claim; a reusable one must still be active.
    if (!card || (!card.one_time_use && card.status !== "active")) throw new NotApplicable("la tarjeta virtual ya no está activa");
  }
  return cancelled;
}

/** The approval's transition; the link already holding an approved payment (unique index) is "not applicable". */
async function approveOrNotApplicable(tx: Tx, p: PaymentRow, o: { voucherCode: string; reference?: string | null }, now: Date): Promise<boolean> {
  try {
    return await payment.approve(tx, p, o, now);
  } catch (e) {
    if (isUniqueViolation(e)) throw new NotApplicable("el enlace de pago ya fue pagado con otro pago");
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------- settle

export type SettleOutcome =
  | { status: "approved"; voucherCode: string }
  | { status: "rejected"; voucherCode: string | null; reason: string }
  | { status: "refunded"; voucherCode: string | null; reason: string }
  | { status: "cancelled" | "expired"; voucherCode: null; reason: string };

/** Voids (card) or refunds (cash/PSE) at the gateway; never throws. Nequi has no reversal API: owed by hand. */
async function reverseAtGateway(p: { id: string; method: string; amount: string }): Promise<boolean | "manual"> {
  if (p.method === "nequi") return "manual";
  try {
    const g = paymentGateway();
    const r = p.method === "card" ? await g.void(p.id, `void:${p.id}`) : await g.refund(p.id, p.amount, `refund:${p.id}`);
    if (!r.ok) log.warn("payment_reversal_refused", { transaction: p.id, reason: r.reason.slice(0, 200) });
    // The gateway has no API for it (Wompi: PSE, cash, Nequi, a card past its void window): owed by hand.
    if (!r.ok && r.manual) return "manual";
    return r.ok;
  } catch (e) {
    log.warn("payment_reversal_failed", { transaction: p.id, message: String((e as Error)?.message ?? e).slice(0, 200) });
    return false;
  }
}

async function finishReversal(db: Database, p: PaymentRow, now: Date) {
  const r = await reverseAtGateway(p);
  if (r === "manual") {
    // "Reembolso manual pendiente": never retried, never pretended; reversed_at is set when the operator marks it done.
    await db.prisma.paymentTransaction.updateMany({ where: { id: p.id, status: "refunded", reversedAt: null }, data: { reversal: "manual" } });
  } else if (r) {
    await db.prisma.paymentTransaction.updateMany({ where: { id: p.id, status: "refunded", reversedAt: null }, data: { reversedAt: now } });
  }
}

/**
 * The approved charge could not be credited: record it `refunded` (claims released, voucher issued, agency told)
 * and then void / refund it at the gateway. `from` is the state it leaves (pending, or cancelled for a late order).
 */
async function recordNotApplied(db: Database, p: PaymentRow, reason: string, authorization: string | null, from: "pending" | "cancelled", now: Date): Promise<SettleOutcome | null> {
  const voucherCode = newVoucherCode();
  const back = p.method === "card" ? "se anuló el cobro" : p.method === "nequi" ? "se debe devolver al pagador (Nequi no tiene devolución automática: reembolso manual pendiente)" : "se reembolsó el cobro";
  const text = `el cobro fue aprobado pero no se aplicó: ${reason}; ${back}`;
  const done = await db.prisma.$transaction(async (tx) => {
    await lockTargets(tx, p);
    return payment.reverse(tx, p, from, { text, authorization, voucherCode }, now);
  });
  if (!done) return null;
  void kickDeliveries();
  await finishReversal(db, p, now);
  return { status: "refunded", voucherCode, reason: text };
}

/** Cash or PSE orders cancelled because their link or reservation got paid: the gateway stops taking them. */
async function voidCancelledOrders(db: Database, ids: string[]) {
  for (const id of ids) {
    try {
      await paymentGateway().void(id, `void:${id}`);
    } catch (e) {
      log.warn("order_void_failed", { transaction: id, message: String((e as Error)?.message ?? e).slice(0, 200) });
    }
  }
}

/**
 * Settles a pending card payment with the gateway's answer. Idempotent: a payment no longer pending is left as is
 * (and an approval that lost to another settle is voided). A database error propagates: the payment stays pending
 * and the reconciliation job settles it later.
 */
export async function settleCardPayment(db: Database, transactionId: string, charge: CardChargeResult, now: Date): Promise<SettleOutcome> {
  const p = await paymentRow(db.prisma, transactionId);
  if (!p) throw new Error(`settleCardPayment: ${transactionId} does not exist`);
  const voucherCode = newVoucherCode();
  if (!charge.approved) {
    const done = await db.prisma.$transaction(async (tx) => {
      await lockTargets(tx, p);
      return payment.reject(tx, p, { code: charge.code, reason: charge.reason, voucherCode }, now);
    });
    if (done) {
      if (p.link_id) void kickDeliveries();
      return { status: "rejected", voucherCode, reason: charge.reason };
    }
    return currentOutcome(db, p.id);
  }

  let cancelled: string[] = [];
  try {
    const done = await db.prisma.$transaction(async (tx) => {
      await lockTargets(tx, p);
      if ((await lockPayment(tx, p.id)) !== "pending") return false;
      cancelled = await applyApproval(tx, p, now);
      return approveOrNotApplicable(tx, p, { voucherCode, reference: charge.authorizationCode }, now);
    });
    if (!done) {
      const now2 = await currentOutcome(db, p.id);
      // Someone else settled it without this approval (the reconciliation job): the charge must not stay.
      if (now2.status !== "approved") await reverseAtGateway(p);
      return now2;
    }
  } catch (e) {
    if (!(e instanceof NotApplicable)) throw e;
    return (await recordNotApplied(db, p, e.reason, charge.authorizationCode, "pending", now)) ?? currentOutcome(db, p.id);
  }
  if (p.link_id) void kickDeliveries();
  await voidCancelledOrders(db, cancelled);
  return { status: "approved", voucherCode };
}

/**
 * Completes a cash, PSE or Nequi payment as the gateway reported. Null when it is not pending/cancelled (caller
 * explains). `why`: the gateway's reason for a rejection (Nequi: declined in the app, an error).
 */
export async function settleApmOrder(db: Database, transactionId: string, outcome: "approved" | "rejected", now: Date, why?: { code: string; reason: string }): Promise<SettleOutcome | null> {
  const p = await paymentRow(db.prisma, transactionId);
  if (!p || (p.method !== "cash" && p.method !== "bank_transfer" && p.method !== "nequi")) return null;
  if (outcome === "rejected") {
    const reason = (why?.reason ?? "el pagador no completó el pago").slice(0, 500);
    const done = await db.prisma.$transaction(async (tx) => {
      return payment.reject(tx, p, { code: (why?.code ?? "rejected").slice(0, 64), reason, voucherCode: null }, now);
    });
    if (!done) return null;
    if (p.link_id) void kickDeliveries();
    return { status: "rejected", voucherCode: null, reason };
  }

  const voucherCode = newVoucherCode();
  let cancelled: string[] = [];
  try {
    const done = await db.prisma.$transaction(async (tx) => {
      await lockTargets(tx, p);
      const status = await lockUnexpiredOrder(tx, p.id, now);
      if (status === "cancelled") return "cancelled" as const;
      if (status !== "pending") return false;
      cancelled = await applyApproval(tx, p, now);
      return (await approveOrNotApplicable(tx, p, { voucherCode }, now)) ? (true as const) : false;
    });
    if (done === "cancelled") {
      const why = (await db.prisma.paymentTransaction.findUnique({ where: { id: p.id }, select: { declineReason: true } }))?.declineReason ?? "la orden fue cancelada";
      return recordNotApplied(db, p, `la orden estaba cancelada (${why})`, null, "cancelled", now);
    }
    if (!done) return null;
  } catch (e) {
    if (!(e instanceof NotApplicable)) throw e;
    return recordNotApplied(db, p, e.reason, null, "pending", now);
  }
  if (p.link_id) void kickDeliveries();
  await voidCancelledOrders(db, cancelled);
  return { status: "approved", voucherCode };
}

async function currentOutcome(db: Database, id: string): Promise<SettleOutcome> {
  const t = await db.prisma.paymentTransaction.findUnique({ where: { id }, select: { status: true, declineReason: true, voucher: { select: { code: true } } } });
  const code = t?.voucher?.code ?? null;
  const reason = t?.declineReason ?? "";
  switch (t?.status) {
    case "approved":
      return { status: "approved", voucherCode: code ?? "" };
    case "refunded":
      return { status: "refunded", voucherCode: code, reason };
    case "cancelled":
    case "expired":
      return { status: t.status, voucherCode: null, reason };
    default:
      return { status: "rejected", voucherCode: code, reason: reason || "el pago no se completó" };
  }
}

// ---------------------------------------------------------------------------------------------- reconciliation

/** A card payment still pending after this long was interrupted (crash, lost answer, database failure). */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * Job payment-reconcile: settles card payments left pending (asking the gateway what became of the charge),
 * retries voids/refunds the gateway has not confirmed, and retries pending refunds.
 */
export async function reconcilePayments(db: Database, now: Date): Promise<number> {
  let n = 0;
  const stale = await db.prisma.paymentTransaction.findMany({
    where: { status: "pending", method: "card", createdAt: { lte: new Date(now.getTime() - RECONCILE_AFTER_MS) } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: 100,
  });
  const gateway = paymentGateway();
  for (const { id } of stale) {
    try {
      let charge = await gateway.findCharge(id);
      if (!charge) {
        // The gateway never saw it (or we cannot tell): make sure nothing will be taken, then close it.
        const v = await gateway.void(id, `void:${id}`);
        if (!v.ok) continue;
        charge = { approved: false, code: "not_completed", reason: "el pago no se completó; no se realizó ningún cobro" };
      }
      await settleCardPayment(db, id, charge, now);
      n++;
    } catch (e) {
      log.warn("payment_reconcile_failed", { transaction: id, message: String((e as Error)?.message ?? e).slice(0, 200) });
    }
  }
  // Nequi payments still waiting for the payer's answer (a closed page, a lost event): the gateway is asked.
  const nequi = await db.prisma.paymentTransaction.findMany({ where: { status: "pending", method: "nequi" }, select: { id: true, createdAt: true }, orderBy: { createdAt: "asc" }, take: 100 });
  for (const p of nequi) {
    try {
      if (await refreshNequiPayment(db, p, now)) n++;
    } catch (e) {
      log.warn("nequi_reconcile_failed", { transaction: p.id, message: String((e as Error)?.message ?? e).slice(0, 200) });
    }
  }
  const unreversed = await unreversedPayments(db.prisma);
  for (const p of unreversed) {
    await finishReversal(db, p, now);
    n++;
  }
  const refunds = await db.prisma.paymentRefund.findMany({
    where: { status: "pending", createdAt: { lte: new Date(now.getTime() - 60_000) } },
    include: { payment: { select: { method: true } } },
    take: 100,
  });
  for (const r of refunds) {
    await completeRefundAtGateway(db, { id: r.id, paymentId: r.paymentId, amount: r.amount.toFixed(2), method: r.payment.method }, now);
    n++;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------- Nequi (issue 26)

/**
 * Applies what the gateway says of a pending Nequi payment through the state machine: approved credits (link,
 * reservation, voucher, webhook, e-mail) like any approval; declined or error ends it `rejected` with the reason.
 * True when the payment is final after this call.
 */
export async function applyNequiOutcome(db: Database, transactionId: string, o: NequiOutcome, now: Date): Promise<boolean> {
  if (o.status === "pending") return false;
  if (o.status === "approved") {
    await db.prisma.paymentTransaction.updateMany({ where: { id: transactionId, status: "pending", paymentReference: null }, data: { paymentReference: o.gatewayRef.slice(0, 100) } });
    await settleApmOrder(db, transactionId, "approved", now);
  } else {
    await settleApmOrder(db, transactionId, "rejected", now, { code: o.code, reason: o.reason });
  }
  return true;
}

/**
 * Asks the gateway about one pending Nequi payment and applies the answer (the status poll of the payer's page, the
 * API's status route and the payment-reconcile job). A request the gateway never saw is closed `rejected` once it
 * is older than RECONCILE_AFTER_MS (the instance died between writing the row and asking Nequi).
 */
export async function refreshNequiPayment(db: Database, p: { id: string; createdAt: Date }, now: Date): Promise<boolean> {
  const gateway = paymentGateway();
  if (!gateway.nequiOutcome) return false;
  const o = await gateway.nequiOutcome(p.id);
  if (o) return applyNequiOutcome(db, p.id, o, now);
  if (now.getTime() - p.createdAt.getTime() < RECONCILE_AFTER_MS) return false;
  return applyNequiOutcome(db, p.id, { status: "declined", code: "not_completed", reason: "la solicitud de pago no llegó a Nequi; no se realizó ningún cobro" }, now);
}

/** Card refunds go to the gateway; balance refunds are internal (the ledger was credited in the refund's transaction). */
export async function completeRefundAtGateway(
  db: Database,
  r: { id: string; paymentId: string; amount: string; method: string },
  now: Date,
): Promise<"succeeded" | "pending" | "manual_pending"> {
  if (r.method === "nequi") {
    // Nequi has no refund API (neither Wompi nor the sandbox): owed to the payer by hand until marked done.
    await refund.oweByHand(db.prisma, r.id);
    return "manual_pending";
  }
  if (r.method === "card") {
    try {
      const res = await paymentGateway().refund(r.paymentId, r.amount, `refund:${r.id}`);
      if (!res.ok && res.manual) {
        // No API reversal (Wompi: a partial card refund, a card past its void window): owed by hand until marked done.
        await refund.oweByHand(db.prisma, r.id);
        return "manual_pending";
      }
      if (!res.ok) return "pending";
    } catch (e) {
      log.warn("refund_gateway_failed", { refund: r.id, message: String((e as Error)?.message ?? e).slice(0, 200) });
      return "pending";
    }
  }
  await refund.complete(db.prisma, r.id, now);
  return "succeeded";
}
