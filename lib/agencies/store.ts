// The agencies' plain SQL, in one place (issue 25; the model is lib/reservations/store.ts). Why not Prisma here:
// the balance moves as one conditional UPDATE … RETURNING on a numeric column (the money rule holds under
// concurrency without a read-then-write), which Prisma's update cannot make conditional on the value it changes
// and still answer the new balance; the reason of each query is beside it.
import type { Prisma } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;

/**
 * Takes `amount` (a numeric string, 2 decimals) from a preloaded agency whose balance covers it; no row when the
 * agency does not exist, is not preloaded or has too little. Plain SQL: the covering check and the write are one
 * statement (never below zero under concurrency; a CHECK constraint backs it), answering the new balance and the alert.
 */
export async function takeFromBalance(tx: Tx, agencyId: number, amount: string, now: Date): Promise<{ balance: string; threshold: string | null } | undefined> {
  const rows = await tx.$queryRawUnsafe<{ balance: string; threshold: string | null }[]>(
    `UPDATE agencies SET balance = balance - $1::numeric, updated_at = $3 WHERE id = $2 AND is_preloaded AND balance >= $1::numeric
     RETURNING balance::text AS balance, balance_alert_threshold::text AS threshold`,
    amount,
    agencyId,
    now,
  );
  return rows[0];
}

/**
 * Adds `amount` (a numeric string) to an agency's balance (a top-up, a refund back); the new balance, or undefined
 * when the agency does not exist. Plain SQL: an increment answered in the same statement, so the ledger entry
 * records the balance this very write left (two concurrent credits never record the same balance_after).
 */
export async function addToBalance(tx: Tx, agencyId: number, amount: string, now: Date): Promise<string | undefined> {
  const rows = await tx.$queryRawUnsafe<{ balance: string }[]>(
    `UPDATE agencies SET balance = balance + $1::numeric, updated_at = $3 WHERE id = $2 RETURNING balance::text AS balance`,
    amount,
    agencyId,
    now,
  );
  return rows[0]?.balance;
}
