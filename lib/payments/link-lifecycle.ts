// The payment link's lifecycle (docs/payments.md "The payment link's lifecycle"): every change of
// `payment_links.status` is one of the named transitions below, callable inside the caller's transaction. Each is
// one conditional write (`UPDATE … WHERE status IN (<from>) … RETURNING`), so a payment racing a cancel, the job or
// another payment changes a link once. It lives with payments, not in lib/links: a link is paid inside the payment's
// settle transaction (lib/payments/settle.ts), and lib/links sits above lib/payments (its pay page calls payments).
// Besides these, one database trigger closes a reservation's active links with it (`close`, migration
// 20261127100100_links_follow_reservation). Nothing else writes the status column:
// lib/payments/link-lifecycle.test.ts scans for other writers and compares TRANSITIONS with the diagram.
// Plain SQL: conditional updates with RETURNING.
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import { emailLinkExpired } from "@/lib/mail/notices";

/** The caller's transaction or, for a lone transition outside one, `database.prisma` (one statement: no second handle). */
type Db = Prisma.TransactionClient;
export type LinkStatus = "active" | "paid" | "expired" | "cancelled";

/** Every transition; `create` is the creation (lib/links/service.ts inserts it `active`). */
export const TRANSITIONS = {
  create: { from: null, to: "active" },
  /** Paid by an approved payment (an expired link still takes the payment whose charge was already claimed). */
  pay: { from: ["active", "expired"], to: "paid" },
  /** Cancelled by its agency (or the operator) while still payable. */
  cancel: { from: ["active"], to: "cancelled" },
  /** Past its validity (job payment-links). */
  expire: { from: ["active"], to: "expired" },
  /** Its reservation left pending_payment (the trigger, and the job for a link a payment held locked then). */
  close: { from: ["active"], to: "cancelled" },
} as const satisfies Record<string, { from: readonly LinkStatus[] | null; to: LinkStatus }>;

const fromList = (name: Exclude<keyof typeof TRANSITIONS, "create">) => (TRANSITIONS[name].from as readonly string[]).map((s) => `'${s}'`).join(", ");

/** active or expired → paid, inside the paying settle transaction (the link row already locked); false when not. */
export async function pay(tx: Db, linkId: string, now: Date): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE payment_links SET status = 'paid', paid_at = $2::timestamptz, payment_lock_until = NULL WHERE id = $1 AND status IN (${fromList("pay")}) RETURNING id`,
    linkId,
    now.toISOString(),
  );
  return rows.length === 1;
}

/** active → cancelled while not past its validity; false when it no longer was payable. */
export async function cancel(db: Db, linkId: string, now: Date): Promise<boolean> {
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE payment_links SET status = 'cancelled', cancelled_at = $2::timestamptz WHERE id = $1 AND status IN (${fromList("cancel")}) AND expires_at > $2::timestamptz RETURNING id`,
    linkId,
    now.toISOString(),
  );
  return rows.length === 1;
}

/**
 * active → expired for every link past its validity, in batches of 200 (each its own transaction, skipping links a
 * payment holds locked); each link's "expired unpaid" e-mail to its agency is written in its expiry's transaction.
 * How many.
 */
export async function expireDue(db: Database, now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const n = await db.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
        `UPDATE payment_links SET status = 'expired', expired_at = $1::timestamptz
          WHERE id IN (SELECT id FROM payment_links WHERE status IN (${fromList("expire")}) AND expires_at <= $1::timestamptz ORDER BY expires_at LIMIT 200 FOR UPDATE SKIP LOCKED)
            AND status IN (${fromList("expire")})
          RETURNING id`,
        now.toISOString(),
      );
      for (const { id } of rows) await emailLinkExpired(tx, id, now);
      return rows.length;
    });
    expired += n;
    if (n < 200) return expired;
  }
}

/** active → cancelled for every link whose reservation is no longer pending payment; how many. */
export async function closeForClosedReservations(db: Db, now: Date): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE payment_links l SET status = 'cancelled', cancelled_at = $1::timestamptz, payment_lock_until = NULL
     FROM reservations r WHERE l.reservation_id = r.id AND l.status IN (${fromList("close")}) AND r.status <> 'pending_payment' RETURNING l.id`,
    now.toISOString(),
  );
  return rows.length;
}
