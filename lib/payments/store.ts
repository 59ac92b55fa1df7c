// The payments' plain SQL, in one place (issue 25; the model is lib/reservations/store.ts). Why not Prisma here, in
// general: row locks (`FOR UPDATE`, `FOR SHARE`), which Prisma cannot take, and conditional writes on money whose
// condition compares columns with each other (`amount_paid + amount_held + $2 <= amount`), which it cannot express;
// the reason of each query is beside it. All are fixed text. Status changes are not here: they are the transitions
// of lib/payments/lifecycle.ts, link-lifecycle.ts and refund-lifecycle.ts. Lock order, everywhere: payment link row
// -> reservation row -> payment rows (docs/payments.md).
import type { Prisma } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;
/** A query that also runs on its own takes the caller's transaction or, outside one, `database.prisma` (one statement: no second handle). */
type Db = Tx;

export interface PaymentRow {
  id: string;
  method: string;
  status: string;
  agency_id: number | null;
  link_id: string | null;
  reservation_id: string | null;
  virtual_card_id: string | null;
  amount: string;
  created_at: Date;
}

const PAYMENT_COLUMNS = `id, method::text AS method, status::text AS status, agency_id, link_id, reservation_id, virtual_card_id, amount::text AS amount, created_at`;

// ---------------------------------------------------------------------------------------------- payments

/** One payment in the shape the settle and the lifecycle work on. Plain SQL: enums and the amount as text. */
export async function paymentRow(db: Db, id: string): Promise<PaymentRow | null> {
  const rows = await db.$queryRawUnsafe<PaymentRow[]>(`SELECT ${PAYMENT_COLUMNS} FROM payment_transactions WHERE id = $1`, id);
  return rows[0] ?? null;
}

/** Refunded payments whose void/refund the gateway has not confirmed (not owed by hand). Plain SQL: `IS DISTINCT FROM` on a nullable column, in the same row shape as paymentRow. */
export async function unreversedPayments(db: Db): Promise<PaymentRow[]> {
  return db.$queryRawUnsafe<PaymentRow[]>(
    `SELECT ${PAYMENT_COLUMNS} FROM payment_transactions WHERE status = 'refunded' AND reversed_at IS NULL AND reversal IS DISTINCT FROM 'manual' ORDER BY created_at LIMIT 100`,
  );
}

/** Takes the payment's row; its status, undefined when it does not exist. Plain SQL: a row lock. */
export async function lockPayment(tx: Tx, id: string): Promise<string | undefined> {
  const rows = await tx.$queryRawUnsafe<{ status: string }[]>(`SELECT status::text AS status FROM payment_transactions WHERE id = $1 FOR UPDATE`, id);
  return rows[0]?.status;
}

/** Takes a cash/PSE/Nequi order's row while it has not expired; its status, undefined when expired or missing. Plain SQL: a row lock. */
export async function lockUnexpiredOrder(tx: Tx, id: string, now: Date): Promise<string | undefined> {
  const rows = await tx.$queryRawUnsafe<{ status: string }[]>(
    `SELECT status::text AS status FROM payment_transactions WHERE id = $1 AND expires_at > $2::timestamptz FOR UPDATE`,
    id,
    now.toISOString(),
  );
  return rows[0]?.status;
}

/** Raises a payment's refunded amount, never above the payment; the new total, null when refused. Plain SQL: a conditional update comparing two columns. */
export async function addRefunded(tx: Tx, paymentId: string, amount: string): Promise<string | null> {
  const rows = await tx.$queryRawUnsafe<{ refunded_amount: string }[]>(
    `UPDATE payment_transactions SET refunded_amount = refunded_amount + $2::numeric
     WHERE id = $1 AND status = 'approved' AND refunded_amount + $2::numeric <= amount RETURNING refunded_amount::text AS refunded_amount`,
    paymentId,
    amount,
  );
  return rows[0]?.refunded_amount ?? null;
}

/** The gateway refused to place the order: the rejected payment says so. Plain SQL: the fixed decline code on an enum-guarded row, one statement. */
export async function markGatewayRefused(db: Db, id: string, reason: string): Promise<void> {
  await db.$executeRawUnsafe(`UPDATE payment_transactions SET decline_code = 'gateway_refused', decline_reason = $2 WHERE id = $1 AND status = 'rejected'`, id, reason);
}

/** Keeps the reference the gateway gave a placed cash/PSE order, once; false when it was already kept. Plain SQL: a conditional update on an enum column, counted. */
export async function setOrderReference(tx: Tx, id: string, reference: string): Promise<boolean> {
  const n = await tx.$executeRawUnsafe(`UPDATE payment_transactions SET payment_reference = $2 WHERE id = $1 AND payment_reference IS NULL AND method IN ('cash', 'bank_transfer')`, id, reference);
  return n > 0;
}

// ---------------------------------------------------------------------------------------------- links and reservations

/** Takes a payment link's row. Plain SQL: a row lock. */
export async function lockLink(tx: Tx, id: string): Promise<void> {
  await tx.$queryRawUnsafe(`SELECT id FROM payment_links WHERE id = $1 FOR UPDATE`, id);
}

/** Takes a link's row for a card payment on it: its status, expiry and whether its agency is archived. Plain SQL: a row lock of the link only (`FOR UPDATE OF`). */
export async function lockLinkForPayment(tx: Tx, id: string): Promise<{ status: string; expires_at: Date; archived: boolean } | undefined> {
  const rows = await tx.$queryRawUnsafe<{ status: string; expires_at: Date; archived: boolean }[]>(
    `SELECT l.status::text AS status, l.expires_at, a.is_archived AS archived FROM payment_links l JOIN agencies a ON a.id = l.agency_id WHERE l.id = $1 FOR UPDATE OF l`,
    id,
  );
  return rows[0];
}

/** Takes a reservation's row. Plain SQL: a row lock. */
export async function lockReservation(tx: Tx, id: string): Promise<void> {
  await tx.$queryRawUnsafe(`SELECT id FROM reservations WHERE id = $1 FOR UPDATE`, id);
}

/** Takes a reservation's row while it is pending payment: what it asks, has paid and has held. Plain SQL: a row lock. */
export async function lockPendingReservation(tx: Tx, id: string): Promise<{ amount: string; amount_paid: string; amount_held: string } | undefined> {
  const rows = await tx.$queryRawUnsafe<{ amount: string; amount_paid: string; amount_held: string }[]>(
    `SELECT amount::text AS amount, amount_paid::text AS amount_paid, amount_held::text AS amount_held FROM reservations WHERE id = $1 AND status = 'pending_payment' FOR UPDATE`,
    id,
  );
  return rows[0];
}

/** Card claim: holds `amount` so that paid + held never exceeds what the reservation asks; false when refused. Plain SQL: a conditional update comparing columns. */
export async function holdReservationAmount(tx: Tx, reservationId: string, amount: string, now: Date): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE reservations SET amount_held = amount_held + $2::numeric, updated_at = $3::timestamptz
     WHERE id = $1 AND status = 'pending_payment' AND payment_deadline > $3::timestamptz AND amount_paid + amount_held + $2::numeric <= amount
     RETURNING id`,
    reservationId,
    amount,
    now.toISOString(),
  );
  return rows.length === 1;
}

/** Credits a reservation, capped at what it still owes (`held`: the amount moves from held to paid); false when refused. Plain SQL: a conditional update comparing columns. */
export async function creditReservationAmount(tx: Tx, reservationId: string, amount: string, now: Date, held: boolean): Promise<boolean> {
  const at = now.toISOString();
  const rows = held
    ? await tx.$queryRawUnsafe<{ id: string }[]>(
        `UPDATE reservations SET amount_held = amount_held - $2::numeric, amount_paid = amount_paid + $2::numeric, updated_at = $3::timestamptz
         WHERE id = $1 AND status = 'pending_payment' AND amount_held >= $2::numeric AND amount_paid + amount_held <= amount RETURNING id`,
        reservationId,
        amount,
        at,
      )
    : await tx.$queryRawUnsafe<{ id: string }[]>(
        `UPDATE reservations SET amount_paid = amount_paid + $2::numeric, updated_at = $3::timestamptz
         WHERE id = $1 AND status = 'pending_payment' AND payment_deadline > $3::timestamptz AND amount_paid + amount_held + $2::numeric <= amount RETURNING id`,
        reservationId,
        amount,
        at,
      );
  return rows.length > 0;
}

/** A refund lowers the reservation's amount paid, never below zero. Plain SQL: `GREATEST` over the column in one write. */
export async function lowerReservationPaidAmount(tx: Tx, reservationId: string, amount: string, now: Date): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE reservations SET amount_paid = GREATEST(amount_paid - $2::numeric, 0), updated_at = $3::timestamptz WHERE id = $1`,
    reservationId,
    amount,
    now.toISOString(),
  );
}

// ---------------------------------------------------------------------------------------------- virtual cards

/** A virtual card's status and kind, its row kept from changing until the settle commits. Plain SQL: a shared row lock. */
export async function shareVirtualCard(tx: Tx, id: string): Promise<{ status: string; one_time_use: boolean } | undefined> {
  const rows = await tx.$queryRawUnsafe<{ status: string; one_time_use: boolean }[]>(`SELECT status::text AS status, one_time_use FROM virtual_cards WHERE id = $1 FOR SHARE`, id);
  return rows[0];
}
