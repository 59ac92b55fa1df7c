// The refund's lifecycle (docs/payments.md "The refund's lifecycle"): every change of `payment_refunds.status` is one
// of the named transitions below, callable inside the caller's transaction or on its own. Each is one conditional
// write (`UPDATE … WHERE status IN (<from>) RETURNING`), so a retry, the reconciliation job and the operator change a
// refund once. The refund's outbox rows (`payment.refunded`, its e-mail) are written with its creation
// (lib/payments/refunds.ts). Nothing else writes the status column: lib/payments/refund-lifecycle.test.ts scans for
// other writers and compares TRANSITIONS with the diagram. Plain SQL: conditional updates with RETURNING.
import type { Prisma } from "@/lib/db/generated/client";

/** The caller's transaction or, for a lone transition outside one, `database.prisma` (one statement: no second handle). */
type Db = Prisma.TransactionClient;
export type RefundStatus = "pending" | "succeeded" | "manual_pending";

/** Every transition; `request` is the creation (lib/payments/refunds.ts inserts it `pending`). */
export const TRANSITIONS = {
  request: { from: null, to: "pending" },
  /** The gateway confirmed it (a balance refund: at once, the ledger was credited with the request). */
  complete: { from: ["pending"], to: "succeeded" },
  /** The gateway has no API for it (Wompi: a partial card refund): owed to the payer by hand. */
  oweByHand: { from: ["pending"], to: "manual_pending" },
  /** The operator paid it back by hand. */
  paidByHand: { from: ["manual_pending"], to: "succeeded" },
} as const satisfies Record<string, { from: readonly RefundStatus[] | null; to: RefundStatus }>;

type Name = Exclude<keyof typeof TRANSITIONS, "request">;

async function transition(db: Db, name: Name, id: string, now: Date | null): Promise<boolean> {
  const t = TRANSITIONS[name];
  const from = (t.from as readonly string[]).map((s) => `'${s}'`).join(", ");
  const rows = now
    ? await db.$queryRawUnsafe<{ id: string }[]>(`UPDATE payment_refunds SET status = '${t.to}', completed_at = $2::timestamptz WHERE id = $1 AND status IN (${from}) RETURNING id`, id, now.toISOString())
    : await db.$queryRawUnsafe<{ id: string }[]>(`UPDATE payment_refunds SET status = '${t.to}' WHERE id = $1 AND status IN (${from}) RETURNING id`, id);
  return rows.length === 1;
}

/** pending → succeeded. */
export const complete = (db: Db, id: string, now: Date) => transition(db, "complete", id, now);

/** pending → manual_pending ("reembolso manual pendiente": never retried, never pretended). */
export const oweByHand = (db: Db, id: string) => transition(db, "oweByHand", id, null);

/** manual_pending → succeeded, once; false when it was not owed by hand. */
export const paidByHand = (db: Db, id: string, now: Date) => transition(db, "paidByHand", id, now);
