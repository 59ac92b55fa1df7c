// The virtual cards' plain SQL, in one place (issue 25; the model is lib/reservations/store.ts). Why not Prisma
// here: the card's row lock (`FOR UPDATE`), which Prisma cannot take, and a sum of an expression over the card's
// charges, which its aggregates cannot express; the reason of each query is beside it. Status changes are not here:
// they are the transitions of lib/cards/lifecycle.ts.
import { Prisma } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;
type CardStatus = "frozen" | "active" | "cancelled";

/**
 * What counts against the all_time limit: charges approved or still in verification, less what was refunded of
 * them. Declined charges, and approvals voided because they could not be applied, do not count.
 */
const CARD_SPENT_SQL = `SELECT COALESCE(SUM(amount - refunded_amount), 0)::text AS spent FROM payment_transactions
  WHERE virtual_card_id = $1 AND status IN ('pending', 'approved')`;

/** What the card has spent (above). Plain SQL: a SUM of a difference of columns, which Prisma's aggregate cannot take. */
export async function cardSpent(db: Pick<Tx, "$queryRawUnsafe">, cardId: string): Promise<Prisma.Decimal> {
  const rows = await db.$queryRawUnsafe<{ spent: string }[]>(CARD_SPENT_SQL, cardId);
  return new Prisma.Decimal(rows[0]?.spent ?? 0);
}

export interface LockedCardRow {
  status: CardStatus;
  one_time_use: boolean;
  used_at: Date | null;
  activation: Date;
  expiration: Date;
  limit_per_authorization: string | null;
  limit_all_time: string | null;
}

/** Takes the card's row for the rest of the caller's transaction: what an authorization decides on. Plain SQL: a row lock. */
export async function lockCardForCharge(tx: Tx, cardId: string): Promise<LockedCardRow | undefined> {
  const rows = await tx.$queryRawUnsafe<LockedCardRow[]>(
    `SELECT status::text AS status, one_time_use, used_at, activation, expiration,
            limit_per_authorization::text AS limit_per_authorization, limit_all_time::text AS limit_all_time
     FROM virtual_cards WHERE id = $1 FOR UPDATE`,
    cardId,
  );
  return rows[0];
}

/** Takes the card's row while its spending controls change: its status and limits. Plain SQL: a row lock. */
export async function lockCardControls(tx: Tx, cardId: string): Promise<{ status: CardStatus; limit_per_authorization: string | null; limit_all_time: string | null } | undefined> {
  const rows = await tx.$queryRawUnsafe<{ status: CardStatus; limit_per_authorization: string | null; limit_all_time: string | null }[]>(
    `SELECT status::text AS status, limit_per_authorization::text AS limit_per_authorization, limit_all_time::text AS limit_all_time FROM virtual_cards WHERE id = $1 FOR UPDATE`,
    cardId,
  );
  return rows[0];
}
