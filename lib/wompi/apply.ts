// The hook that turns a verified Wompi event into our payment's state, and the reconciliation that asks Wompi
// about every Wompi payment still pending (docs/payments.md "Wompi", phase 2). The event is a hint: only
// transaction.id, .status and .amount_in_cents are signed, so Wompi is asked (GET /transactions/{id}) and what it
// answers is applied, matched to our payment by the reference we sent (our transaction id).
//   - Nothing credited that was not asked: Wompi's amount_in_cents, currency and reference (and the event's signed
//     amount) must equal ours; else the payment is closed `rejected` (gateway_mismatch), never credited, and the
//     mismatch is recorded (wompi_transactions.mismatch) and logged for the operator.
//   - APPROVED credits through the payment state machine (lib/payments/settle.ts), whose updates are conditional
//     on `status = 'pending'` under row locks: an event applied twice, or racing the payer's redirect and the poll,
//     credits once, and a payment link is notified once. DECLINED and ERROR end `rejected`; VOIDED ends a pending
//     payment `rejected` and confirms our own reversal of a `refunded` one (reversed_at).
//   - An approval for a payment already closed (expired, rejected) is not credited: recorded as a mismatch for
//     the operator (money Wompi collected that we did not apply: to be returned by hand).
import type { Database } from "@/lib/db/open";
import type { WompiStatus, WompiTransaction } from "@/lib/gateways/wompi/types";
import { paymentGateway } from "@/lib/gateways";
import { mismatchOf, WompiGateway } from "@/lib/gateways/wompi/gateway";
import { recordMismatch } from "@/lib/gateways/wompi/store";
import { toCents } from "@/lib/gateways/wompi/signatures";
import { settleApmOrder, settleCardPayment } from "@/lib/payments/settle";
import { recordOrderPlaced } from "@/lib/payments/service";
import { log } from "@/lib/http/log";
import { confirmReversal, markEventApplied, paymentForWompi, paymentStatus, pendingWompiOrder, pendingWompiPayments, unappliedEvents, writeDecline, type OurPayment, type PendingRow } from "./store";

export interface VerifiedTransactionEvent {
  /** wompi_events.id of the record. */
  eventId: number;
  transactionId: string;
  status: WompiStatus;
  amountInCents: number;
  /** Not signed by Wompi: a hint only. */
  reference: string | null;
  /** Not signed by Wompi: a hint only. */
  currency: string | null;
}

export interface ApplyResult {
  /** True once the event's status is reflected in our payment (or it is known to need nothing). */
  applied: boolean;
  /** A short machine word for the record: credited, rejected, mismatch, unknown_reference ... */
  result: string;
}

export type WompiEventApplier = (database: Database, event: VerifiedTransactionEvent, now: Date) => Promise<ApplyResult>;

/** Asks Wompi about the event's transaction and applies what Wompi answers (see the top of this file). */
export const applyWompiTransactionEvent: WompiEventApplier = async (database, event, now) => {
  const gateway = wompiGateway();
  if (!gateway) return { applied: false, result: "not_wompi" };
  const tx = await gateway.wompiTransaction({ id: event.transactionId });
  if (!tx) return { applied: false, result: "unknown_transaction" };
  return applyWompiTransaction(database, tx, now, { signedAmountInCents: event.amountInCents });
};

function wompiGateway(): WompiGateway | null {
  const g = paymentGateway();
  return g instanceof WompiGateway ? g : null;
}

const DECLINE_TEXT: Record<string, string> = {
  DECLINED: "rechazada por la entidad financiera",
  ERROR: "la pasarela no pudo procesar el pago; no se realizó ningún cargo",
  VOIDED: "el cobro fue anulado en la pasarela; no se realizó ningún cargo",
};

/**
 * Applies Wompi's view of one transaction to the payment it belongs to (by reference). Idempotent: every change
 * is conditional on the payment still being pending. `applied` false: nothing final yet (PENDING, or our payment
 * row is not written yet); the event is tried again on its next delivery and by the reconciliation.
 */
export async function applyWompiTransaction(database: Database, tx: WompiTransaction, now: Date, opts: { signedAmountInCents?: number } = {}): Promise<ApplyResult> {
  const p = await paymentForWompi(database, tx.reference);
  if (!p) return { applied: false, result: "unknown_reference" };
  if (tx.status === "PENDING") return { applied: false, result: "pending" };

  const asked = { reference: p.id, amountInCents: toCents(p.amount), currency: "COP" };
  let why = mismatchOf(tx, asked);
  if (!why && opts.signedAmountInCents !== undefined && opts.signedAmountInCents !== asked.amountInCents) why = "el evento trae otro monto";
  if (why) {
    await recordMismatch(database, tx.reference, why);
    log.error("wompi_mismatch", { reference: tx.reference, transaction: tx.id, status: tx.status });
    if (p.status === "pending") await reject(database, p, "gateway_mismatch", `la pasarela informó un cobro distinto del solicitado (${why}); no se acreditó`, now);
    return { applied: true, result: "mismatch" };
  }

  if (tx.status === "APPROVED") {
    if (p.status === "approved") return { applied: true, result: "already_applied" };
    if (p.status === "refunded") return { applied: true, result: "not_applicable" };
    if (p.method === "card") {
      const o = await settleCardPayment(database, p.id, { approved: true, authorizationCode: tx.id }, now);
      return { applied: true, result: o.status === "approved" ? "credited" : o.status };
    }
    const o = await settleApmOrder(database, p.id, "approved", now);
    if (o) return { applied: true, result: o.status === "approved" ? "credited" : o.status };
    const after = await paymentStatus(database, p.id);
    if (after === "approved" || after === "refunded") return { applied: true, result: "already_applied" };
    // Closed before Wompi's approval arrived (expired, rejected): collected at Wompi, never credited here.
    await recordMismatch(database, tx.reference, `aprobado por Wompi con el pago ya cerrado (${after ?? "?"}): devolver el dinero al pagador`);
    log.error("wompi_approved_after_close", { reference: tx.reference, transaction: tx.id, status: after });
    return { applied: true, result: "approved_after_close" };
  }

  // DECLINED, ERROR, VOIDED: no money stays with us.
  if (tx.status === "VOIDED" && p.status === "refunded") {
    await confirmReversal(database, p.id, now);
    return { applied: true, result: "reversal_confirmed" };
  }
  if (tx.status === "VOIDED" && p.status === "approved") {
    await recordMismatch(database, tx.reference, "anulado en Wompi fuera de la plataforma: el pago figura aprobado aquí");
    log.error("wompi_voided_outside", { reference: tx.reference, transaction: tx.id });
    return { applied: true, result: "voided_outside" };
  }
  if (p.status !== "pending") return { applied: true, result: "already_final" };
  const reason = tx.status === "DECLINED" && tx.statusMessage ? `rechazada: ${tx.statusMessage.slice(0, 200)}` : DECLINE_TEXT[tx.status];
  await reject(database, p, tx.status === "VOIDED" ? "voided" : tx.status === "ERROR" ? "gateway_error" : "declined", reason, now);
  return { applied: true, result: "rejected" };
}

/** Closes a pending payment `rejected` through the state machine (a card's claims released), with our reason. */
async function reject(database: Database, p: OurPayment, code: string, reason: string, now: Date) {
  if (p.method === "card") {
    await settleCardPayment(database, p.id, { approved: false, code, reason }, now);
    return;
  }
  const done = await settleApmOrder(database, p.id, "rejected", now);
  if (done) {
    await writeDecline(database, p.id, code, reason.slice(0, 500));
  }
}

/** Card payments younger than this are left to the request still polling Wompi for them. */
export const RECONCILE_CARD_AFTER_MS = 60_000;

/**
 * Jobs payment-orders and payment-reconcile: asks Wompi about every Wompi payment still pending (a lost event
 * loses nothing) and applies its final status; also retries accepted events not applied yet. No-op with the sandbox.
 */
export async function reconcileWompiPayments(database: Database, now: Date): Promise<number> {
  const gateway = wompiGateway();
  if (!gateway) return 0;
  const pending = await pendingWompiPayments(database, new Date(now.getTime() - RECONCILE_CARD_AFTER_MS));
  let n = 0;
  for (const row of pending) {
    try {
      const tx = await gateway.wompiTransaction({ id: row.wompi_id ?? undefined, reference: row.id });
      if (tx) await keepOrderReference(database, row, tx, now);
      if (!tx || tx.status === "PENDING") continue;
      const r = await applyWompiTransaction(database, tx, now);
      if (r.applied) n++;
    } catch (e) {
      log.warn("wompi_reconcile_failed", { transaction: row.id, message: String((e as Error)?.message ?? e).slice(0, 200) });
    }
  }
  // Accepted events whose payment was not written yet, or whose apply failed: tried again.
  const events = await unappliedEvents(database, new Date(now.getTime() - 72 * 60 * 60_000));
  for (const e of events) {
    try {
      const r = await wompiEventApplier()(
        database,
        { eventId: e.id, transactionId: e.transaction_id, status: e.status as WompiStatus, amountInCents: Number(e.amount_in_cents), reference: e.reference, currency: e.currency },
        now,
      );
      if (r.applied) {
        await markEventApplied(database, e.id, now, r.result.slice(0, 64));
        n++;
      }
    } catch (e2) {
      log.warn("wompi_event_retry_failed", { event: e.id, message: String((e2 as Error)?.message ?? e2).slice(0, 200) });
    }
  }
  return n;
}

/**
 * An order whose request died after Wompi created it, before our row got its reference (lib/payments/service.ts
 * placeOrder): the reference the payer quotes is kept now, and the guest gets the instructions once.
 */
async function keepOrderReference(database: Database, row: PendingRow, tx: WompiTransaction, now: Date) {
  if (row.payment_reference || (row.method !== "cash" && row.method !== "bank_transfer")) return;
  const reference = row.method === "cash" ? tx.extra.paymentIntentionIdentifier : tx.id;
  if (reference) await recordOrderPlaced(database, row.id, reference, now);
}

/**
 * The guest's checkout page (and the PSE return) asks before showing a pending Wompi order: what Wompi holds now
 * is applied to our record (credited once, rejected, or still pending), so the page tells the truth from our
 * record. Wompi not answering changes nothing: the page shows what we have. No-op with the sandbox.
 */
export async function refreshWompiOrder(database: Database, transactionId: string, now: Date): Promise<void> {
  const gateway = wompiGateway();
  if (!gateway) return;
  const row = await pendingWompiOrder(database, transactionId);
  if (!row) return;
  try {
    const tx = await gateway.wompiTransaction({ id: row.wompi_id ?? undefined, reference: row.id });
    if (!tx) return;
    await keepOrderReference(database, row, tx, now);
    if (tx.status !== "PENDING") await applyWompiTransaction(database, tx, now);
  } catch (e) {
    log.warn("wompi_refresh_failed", { transaction: transactionId, message: String((e as Error)?.message ?? e).slice(0, 200) });
  }
}

let applier: WompiEventApplier = applyWompiTransactionEvent;

export function wompiEventApplier(): WompiEventApplier {
  return applier;
}

/** Tests: put another applier in place (undefined: the real one). */
export function setWompiEventApplier(a: WompiEventApplier | undefined) {
  applier = a ?? applyWompiTransactionEvent;
}
