// Wompi's plain SQL on our side of the gateway (issue 25; the model is lib/reservations/store.ts): the events we
// received (wompi_events), the payments an event or the reconciliation applies to, and what is owed back by hand.
// Why plain SQL here, in general: these queries were written for `database.sql` (the events' upsert with
// ON CONFLICT … RETURNING and the counting of repeats, the joins with wompi_transactions, the UNION of what is owed)
// and read the enum columns as text; the reason of each is beside it. All are fixed text. Status changes are not
// here: a payment's through lib/payments/settle.ts, a refund's through lib/payments/refund-lifecycle.ts. The
// gateway's own record (wompi_transactions) is lib/gateways/wompi/store.ts.
import type { Database } from "@/lib/db";

// ---------------------------------------------------------------------------------------------- payments

/** Our payment as the apply reads it. */
export interface OurPayment {
  id: string;
  method: string;
  status: string;
  amount: string;
  reversal: string | null;
  reversed_at: Date | null;
}

/** The payment an event's reference names. Plain SQL: enums and the amount as text, for the comparison with Wompi's cents. */
export async function paymentForWompi(database: Database, id: string): Promise<OurPayment | undefined> {
  const rows = await database.sql.query<OurPayment>(
    `SELECT id, method::text AS method, status::text AS status, amount::text AS amount, reversal, reversed_at FROM payment_transactions WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** A payment's status now (after a settle that did not apply). Plain SQL: the enum as text. */
export async function paymentStatus(database: Database, id: string): Promise<string | undefined> {
  const after = await database.sql.query<{ status: string }>(`SELECT status::text AS status FROM payment_transactions WHERE id = $1`, [id]);
  return after[0]?.status;
}

/** Wompi voided what we reversed: our reversal is confirmed, once. Plain SQL: conditional on the state, no status change. */
export async function confirmReversal(database: Database, id: string, now: Date): Promise<void> {
  await database.sql.query(`UPDATE payment_transactions SET reversed_at = $2 WHERE id = $1 AND status = 'refunded' AND reversed_at IS NULL`, [id, now]);
}

/**
 * Our own decline code and reason on a payment the settle just closed `rejected` (the state machine writes its
 * generic one). Inside no transaction: the settle committed. Plain SQL: a conditional write on the enum column.
 */
export async function writeDecline(database: Database, id: string, code: string, reason: string): Promise<void> {
  await database.prisma.$executeRawUnsafe(`UPDATE payment_transactions SET decline_code = $2, decline_reason = $3 WHERE id = $1 AND status = 'rejected'`, id, code, reason);
}

/** A pending payment Wompi holds, with Wompi's id for it. */
export interface PendingRow {
  id: string;
  method: string;
  payment_reference: string | null;
  wompi_id: string | null;
}

/** Every Wompi payment still pending (cards only once older than `cardsBefore`), oldest first. Plain SQL: the join with the gateway's record. */
export async function pendingWompiPayments(database: Database, cardsBefore: Date): Promise<PendingRow[]> {
  return database.sql.query<PendingRow>(
    `SELECT p.id, p.method::text AS method, p.payment_reference, w.wompi_id FROM payment_transactions p JOIN wompi_transactions w ON w.reference = p.id
     WHERE p.status = 'pending' AND (p.method <> 'card' OR p.created_at <= $1)
     ORDER BY p.created_at LIMIT 100`,
    [cardsBefore],
  );
}

/** One pending cash or PSE order at Wompi (the guest's checkout page). Plain SQL: the join with the gateway's record. */
export async function pendingWompiOrder(database: Database, transactionId: string): Promise<PendingRow | undefined> {
  const rows = await database.sql.query<PendingRow>(
    `SELECT p.id, p.method::text AS method, p.payment_reference, w.wompi_id FROM payment_transactions p JOIN wompi_transactions w ON w.reference = p.id
     WHERE p.id = $1 AND p.status = 'pending' AND p.method IN ('cash', 'bank_transfer')`,
    [transactionId],
  );
  return rows[0];
}

/** The payments the operator's page names (by id). Plain SQL: `= ANY($1::text[])` and the enums as text. */
export async function paymentsNamed(database: Database, ids: string[]) {
  return database.sql.query<{ id: string; ref_number: string; ref_name: string; ref_lastname: string; amount: string; method: string; status: string }>(
    `SELECT id, ref_number, ref_name, ref_lastname, amount::text AS amount, method::text AS method, status::text AS status FROM payment_transactions WHERE id = ANY($1::text[])`,
    [ids],
  );
}

/** Our references of the Wompi transactions the latest `limit` events name. Plain SQL: a join through a sub-select. */
export async function referencesOfRecentEvents(database: Database, limit: number) {
  return database.sql.query<{ reference: string; wompi_id: string; currency: string }>(
    `SELECT w.reference, w.wompi_id, w.currency FROM wompi_transactions w
        WHERE w.wompi_id IN (SELECT transaction_id FROM wompi_events WHERE transaction_id IS NOT NULL ORDER BY last_received_at DESC LIMIT $1)`,
    [limit],
  );
}

// ---------------------------------------------------------------------------------------------- events

/** What an event's record says: the facts received, signed or not. */
export interface EventFacts {
  event: string | null;
  environment: string | null;
  transactionId: string | null;
  reference: string | null;
  status: string | null;
  amountInCents: number | null;
  currency: string | null;
  timestamp: number | null;
}

/**
 * One row per key: the first receipt inserts, a repeat counts (times_received, last_received_at). Plain SQL:
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING`, whose counter tells the first receipt from a repeat in one statement.
 */
export async function upsertEvent(database: Database, key: string, now: Date, f: EventFacts, o: { verified: boolean; outcome: "accepted" | "refused"; reason: string | null }) {
  const rows = await database.sql.query<{ id: number; applied: boolean; times_received: number }>(
    `INSERT INTO wompi_events (dedupe_key, received_at, last_received_at, event, environment, transaction_id, reference, status, amount_in_cents, currency,
       event_timestamp, verified, outcome, reason)
     VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (dedupe_key) DO UPDATE SET times_received = wompi_events.times_received + 1, last_received_at = EXCLUDED.last_received_at
     RETURNING id, applied, times_received`,
    [key, now, f.event, f.environment, f.transactionId, f.reference, f.status, f.amountInCents, f.currency, f.timestamp, o.verified, o.outcome, o.reason],
  );
  return rows[0];
}

/** How many unverified events arrived since `since` (their recording is capped). Plain SQL: a count as int. */
export async function unverifiedSince(database: Database, since: Date): Promise<number> {
  const recent = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM wompi_events WHERE NOT verified AND received_at > $1`, [since]);
  return Number(recent[0]?.n ?? 0);
}

/**
 * The apply's outcome on the event, once: null when another delivery marked it applied first. Plain SQL: conditional
 * on `NOT applied` with RETURNING.
 */
export async function recordApplyResult(database: Database, id: number, applied: boolean, now: Date, result: string): Promise<boolean | null> {
  const rows = await database.sql.query<{ applied: boolean }>(
    `UPDATE wompi_events SET applied = $2, applied_at = CASE WHEN $2 THEN $3::timestamptz END, apply_result = $4 WHERE id = $1 AND NOT applied RETURNING applied`,
    [id, applied, now, result],
  );
  return rows[0]?.applied ?? null;
}

/** An accepted event applied by the reconciliation's retry, once. Plain SQL: conditional on `NOT applied`. */
export async function markEventApplied(database: Database, id: number, now: Date, result: string): Promise<void> {
  await database.sql.query(`UPDATE wompi_events SET applied = true, applied_at = $2, apply_result = $3 WHERE id = $1 AND NOT applied`, [id, now, result]);
}

/** Accepted events received since `since` and not applied yet, oldest first. Plain SQL: the amount as text. */
export async function unappliedEvents(database: Database, since: Date) {
  return database.sql.query<{ id: number; transaction_id: string; status: string; amount_in_cents: string; reference: string | null; currency: string | null }>(
    `SELECT id, transaction_id, status, amount_in_cents::text AS amount_in_cents, reference, currency FROM wompi_events
     WHERE outcome = 'accepted' AND NOT applied AND received_at > $1 ORDER BY id LIMIT 100`,
    [since],
  );
}

/** The latest events received, newest first. Plain SQL: the amount as text. */
export async function latestEvents(database: Database, limit: number) {
  return database.sql.query<{
    id: number;
    received_at: Date;
    last_received_at: Date;
    times_received: number;
    event: string | null;
    transaction_id: string | null;
    reference: string | null;
    status: string | null;
    amount_in_cents: string | null;
    verified: boolean;
    outcome: string;
    reason: string | null;
    applied: boolean;
    apply_result: string | null;
  }>(
    `SELECT id, received_at, last_received_at, times_received, event, transaction_id, reference, status, amount_in_cents::text AS amount_in_cents,
       verified, outcome, reason, applied, apply_result
     FROM wompi_events ORDER BY last_received_at DESC, id DESC LIMIT $1`,
    [limit],
  );
}

/** Forgets refusals last received before `before`; how many. Plain SQL: `DELETE … RETURNING`. */
export async function deleteRefusalsBefore(database: Database, before: Date): Promise<number> {
  const rows = await database.sql.query(`DELETE FROM wompi_events WHERE outcome = 'refused' AND last_received_at < $1 RETURNING id`, [before]);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------- owed by hand

export interface OwedRow {
  id: string;
  kind: "refund" | "not_applied";
  payment_id: string;
  method: string;
  amount: string;
  ref_name: string;
  ref_lastname: string;
  email: string | null;
  phone: string | null;
  fiscal_number: string | null;
  reason: string | null;
  since: Date;
}

/** Refunds owed by hand and approvals whose reversal is manual, oldest first. Plain SQL: one UNION ALL of both kinds. */
export async function owedByHand(database: Database, limit: number): Promise<OwedRow[]> {
  return database.sql.query<OwedRow>(
    `SELECT r.id, 'refund' AS kind, p.id AS payment_id, p.method::text AS method, r.amount::text AS amount, p.ref_name, p.ref_lastname, p.email, p.phone,
            p.fiscal_number, r.reason, r.created_at AS since
       FROM payment_refunds r JOIN payment_transactions p ON p.id = r.payment_id WHERE r.status = 'manual_pending'
     UNION ALL
     SELECT p.id, 'not_applied' AS kind, p.id AS payment_id, p.method::text AS method, p.amount::text AS amount, p.ref_name, p.ref_lastname, p.email, p.phone,
            p.fiscal_number, p.decline_reason AS reason, COALESCE(p.completed_at, p.created_at) AS since
       FROM payment_transactions p WHERE p.status = 'refunded' AND p.reversal = 'manual' AND p.reversed_at IS NULL
     ORDER BY since LIMIT $1`,
    [limit],
  );
}

/** The operator paid back a manual reversal: reversed_at, once; false when none was owed. Plain SQL: conditional, RETURNING. */
export async function markReversalPaidByHand(database: Database, id: string, now: Date): Promise<boolean> {
  const rows = await database.sql.query(
    `UPDATE payment_transactions SET reversed_at = $2 WHERE id = $1 AND status = 'refunded' AND reversal = 'manual' AND reversed_at IS NULL RETURNING id`,
    [id, now],
  );
  return rows.length === 1;
}

/** Whether a refund exists. Plain SQL: one probe, beside the conditional write above. */
export async function refundExists(database: Database, id: string): Promise<boolean> {
  return (await database.sql.query(`SELECT 1 FROM payment_refunds WHERE id = $1`, [id])).length > 0;
}

/** Whether a payment exists. Plain SQL: one probe, beside the conditional write above. */
export async function paymentExists(database: Database, id: string): Promise<boolean> {
  return (await database.sql.query(`SELECT 1 FROM payment_transactions WHERE id = $1`, [id])).length > 0;
}
