// The payment's lifecycle (docs/payments.md "The payment state machine"), cash and PSE orders included (the same
// row, methods `cash` and `bank_transfer`): every change of `payment_transactions.status` is one of the named
// transitions below, run inside the caller's transaction (lib/payments/settle.ts takes the row locks, in the global
// order, before calling them). Each is guarded by one conditional write (`UPDATE … WHERE status IN (<from>) …
// RETURNING`) and writes what goes with it in the same transaction: the voucher, the link's `payment_link.payment`
// notification, `payment.refunded`, the payer's e-mail. Nothing else writes the status column:
// lib/payments/lifecycle.test.ts scans for other writers and compares TRANSITIONS with the diagram in docs/.
// Plain SQL: the guards are conditional updates on enum columns with RETURNING, which Prisma cannot express.
import { Prisma } from "@/lib/db/generated/client";
import { enqueueWebhook } from "@/lib/webhooks/outbox";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { emailPaymentApproved } from "@/lib/mail/facts";
import { isoBogota } from "@/lib/time";
import { giveBackOneTime } from "@/lib/cards/lifecycle";
import { recordLinkAttempt } from "./link-outcome";
import type { PaymentRow } from "./store";

type Tx = Prisma.TransactionClient;
export type PaymentStatus = "pending" | "approved" | "rejected" | "refunded" | "cancelled" | "expired";

/** Every transition; `from: null` are the creations (the INSERTs of lib/payments/service.ts and pay-from-balance.ts). */
export const TRANSITIONS = {
  /** A card payment recorded and claimed, or a cash / PSE order placed. */
  record: { from: null, to: "pending" },
  /** A virtual card of ours refused by its issuer rules: recorded, never charged. */
  refuse: { from: null, to: "rejected" },
  /** Paid from the agency's balance, in one transaction. */
  payFromBalance: { from: null, to: "approved" },
  approve: { from: ["pending"], to: "approved" },
  reject: { from: ["pending"], to: "rejected" },
  /** Approved by the gateway but it could not be credited: voided or refunded there. */
  reverse: { from: ["pending", "cancelled"], to: "refunded" },
  /** A cash / PSE order whose link or reservation got paid by another payment. */
  supersede: { from: ["pending"], to: "cancelled" },
  /** A cash / PSE order past its deadline. */
  expire: { from: ["pending"], to: "expired" },
} as const satisfies Record<string, { from: readonly PaymentStatus[] | null; to: PaymentStatus }>;

/** Payments the payer completes elsewhere (cash, PSE, Nequi): they expire, and a payment of their target supersedes them. */
const ORDER_METHODS = `('cash', 'bank_transfer', 'nequi')`;
const isOrder = (method: string) => method === "cash" || method === "bank_transfer" || method === "nequi";

/**
 * pending → approved, under the caller's row lock: the voucher, the link's notification and the payer's e-mail.
 * `reference` (a card's authorization) is written when given. A unique violation (the link has an approved payment)
 * propagates: the caller turns it into "not applicable".
 */
export async function approve(tx: Tx, p: PaymentRow, o: { voucherCode: string; reference?: string | null }, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const rows =
    o.reference !== undefined
      ? await tx.$queryRawUnsafe<{ id: string }[]>(
          `UPDATE payment_transactions SET status = 'approved', payment_reference = $2, completed_at = $3::timestamptz WHERE id = $1 AND status IN ('pending') RETURNING id`,
          p.id,
          o.reference,
          at,
        )
      : await tx.$queryRawUnsafe<{ id: string }[]>(
          `UPDATE payment_transactions SET status = 'approved', completed_at = $2::timestamptz WHERE id = $1 AND status IN ('pending') RETURNING id`,
          p.id,
          at,
        );
  if (rows.length === 0) return false;
  await tx.voucher.create({ data: { code: o.voucherCode, transactionId: p.id, createdAt: now } });
  if (p.link_id) await recordLinkAttempt(tx, { linkId: p.link_id, transactionId: p.id, approved: true, amount: new Prisma.Decimal(p.amount), voucherCode: o.voucherCode, at: now });
  await emailPaymentApproved(tx, p.id, now);
  return true;
}

/**
 * pending → rejected (declined, voided before settling, the payer did not complete an order): a card's claims are
 * given back; the voucher (a card's) and the link's "rechazado" notification. An order is rejected only before it
 * expires (after that, its expiry closes it).
 */
export async function reject(tx: Tx, p: PaymentRow, o: { code: string; reason: string; voucherCode: string | null }, now: Date): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE payment_transactions SET status = 'rejected', decline_code = $2, decline_reason = $3, completed_at = $4::timestamptz
     WHERE id = $1 AND status IN ('pending')${isOrder(p.method) ? " AND expires_at > $4::timestamptz" : ""} RETURNING id`,
    p.id,
    o.code,
    o.reason,
    now.toISOString(),
  );
  if (rows.length === 0) return false;
  await releaseClaims(tx, p, now);
  if (o.voucherCode) await tx.voucher.create({ data: { code: o.voucherCode, transactionId: p.id, createdAt: now } });
  if (p.link_id) await recordLinkAttempt(tx, { linkId: p.link_id, transactionId: p.id, approved: false, amount: new Prisma.Decimal(p.amount), voucherCode: o.voucherCode, at: now });
  return true;
}

/**
 * pending or cancelled → refunded: the gateway approved a charge that cannot be credited. Records how it goes back
 * (`void` for a card, `refund` for an order), a pending one's claims given back, the voucher, `payment.refunded`
 * (automatic) and, for a card on a link, the link's "rechazado" notification. The gateway is asked after the commit.
 */
export async function reverse(
  tx: Tx,
  p: PaymentRow,
  from: "pending" | "cancelled",
  o: { text: string; authorization: string | null; voucherCode: string },
  now: Date,
): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE payment_transactions SET status = 'refunded', reversal = $3, decline_code = 'not_applied', decline_reason = $4,
       payment_reference = COALESCE($5, payment_reference), completed_at = $6::timestamptz
     WHERE id = $1 AND status = $2::"PaymentStatus" AND status IN ('pending', 'cancelled') RETURNING id`,
    p.id,
    from,
    p.method === "card" ? "void" : "refund",
    o.text.slice(0, 500),
    p.method === "card" ? o.authorization : null,
    now.toISOString(),
  );
  if (rows.length === 0) return false;
  if (from === "pending") await releaseClaims(tx, p, now);
  const hasVoucher = await tx.voucher.findUnique({ where: { transactionId: p.id }, select: { id: true } });
  if (!hasVoucher) await tx.voucher.create({ data: { code: o.voucherCode, transactionId: p.id, createdAt: now } });
  await enqueueRefundWebhook(tx, p, { refundId: null, amount: p.amount, refundedAmount: p.amount, reason: o.text, automatic: true, paymentStatus: "refunded" }, now);
  if (p.link_id && p.method === "card") {
    await recordLinkAttempt(tx, { linkId: p.link_id, transactionId: p.id, approved: false, amount: new Prisma.Decimal(p.amount), voucherCode: o.voucherCode, at: now });
  }
  return true;
}

/**
 * pending → cancelled for the cash and PSE orders still open on a link or reservation that `paidBy` just paid;
 * returns their ids (the caller asks the gateway to void them after the commit).
 */
export async function supersedeOrders(tx: Tx, on: { linkId: string } | { reservationId: string }, paidBy: string, reason: string, now: Date): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE payment_transactions SET status = 'cancelled', completed_at = $3::timestamptz, decline_code = 'superseded', decline_reason = $4
     WHERE ${"linkId" in on ? "link_id" : "reservation_id"} = $1 AND id <> $2 AND status IN ('pending') AND method IN ${ORDER_METHODS} RETURNING id`,
    "linkId" in on ? on.linkId : on.reservationId,
    paidBy,
    now.toISOString(),
    reason,
  );
  return rows.map((r) => r.id);
}

/** pending → expired for every cash and PSE order past its deadline, each with its link's "rechazado" notification. */
export async function expireOrders(tx: Tx, now: Date): Promise<Array<{ id: string; link_id: string | null }>> {
  const rows = await tx.$queryRawUnsafe<{ id: string; link_id: string | null; amount: string }[]>(
    `UPDATE payment_transactions SET status = 'expired', completed_at = $1::timestamptz, decline_reason = 'la orden de pago venció sin pagarse'
     WHERE status IN ('pending') AND method IN ${ORDER_METHODS} AND expires_at <= $1::timestamptz RETURNING id, link_id, amount::text AS amount`,
    now.toISOString(),
  );
  for (const r of rows) {
    if (r.link_id) await recordLinkAttempt(tx, { linkId: r.link_id, transactionId: r.id, approved: false, amount: new Prisma.Decimal(r.amount), voucherCode: null, at: now });
  }
  return rows;
}

/** Gives back what a card claim took, when its charge is declined or voided. */
async function releaseClaims(tx: Tx, p: PaymentRow, now: Date) {
  if (p.method !== "card") return;
  if (p.reservation_id) {
    await tx.$executeRawUnsafe(
      `UPDATE reservations SET amount_held = amount_held - $2::numeric, updated_at = $3::timestamptz WHERE id = $1 AND amount_held >= $2::numeric`,
      p.reservation_id,
      p.amount,
      now.toISOString(),
    );
  }
  // A one-time card consumed by this claim (used_at = the claim's instant) is usable again: nothing was charged.
  if (p.virtual_card_id) await giveBackOneTime(tx, p.virtual_card_id, p.created_at, now);
}

/** The webhook an agency gets when money of one of its payments goes back (automatic or a refund). */
export async function enqueueRefundWebhook(
  tx: Tx,
  p: { id: string; agency_id: number | null; method: string; amount: string; link_id: string | null; reservation_id: string | null },
  r: { refundId: string | null; amount: string; refundedAmount: string; reason: string | null; automatic: boolean; paymentStatus: string },
  now: Date,
) {
  if (p.agency_id === null) return;
  const [link, reservation] = await Promise.all([
    p.link_id ? tx.paymentLink.findUnique({ where: { id: p.link_id }, select: { code: true, externalRefId: true } }) : null,
    p.reservation_id ? tx.reservation.findUnique({ where: { id: p.reservation_id }, select: { code: true } }) : null,
  ]);
  await enqueueWebhook(
    tx,
    {
      agencyId: p.agency_id,
      event: WEBHOOK_EVENTS.paymentRefunded,
      payload: {
        event: WEBHOOK_EVENTS.paymentRefunded,
        payment_id: p.id,
        refund_id: r.refundId,
        method: p.method,
        payment_status: r.paymentStatus,
        payment_amount: Number(p.amount),
        amount: Number(r.amount),
        refunded_amount: Number(r.refundedAmount),
        automatic: r.automatic,
        reason: r.reason,
        link_code: link?.code ?? null,
        external_ref_id: link?.externalRefId ?? null,
        reservation_code: reservation?.code ?? null,
        at: isoBogota(now),
      },
      linkId: p.link_id,
      reservationId: p.reservation_id,
    },
    now,
  );
}
