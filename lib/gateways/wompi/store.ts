// The Wompi gateway's own record (table wompi_transactions): what it asked Wompi for, under our reference (the
// payment's transaction id), and the last status it learned. Written before POST /transactions, so a lost answer
// still leaves a trace of the attempt and its time: "never seen by Wompi" can then be told from "too early to tell".
// Times are the database's (now()), as the sandbox gateway's: no clock crosses the gateway interface.
import type { Database } from "@/lib/db/open";
import { jsonColumn } from "@/lib/db/open";
import { FINAL_STATUSES, type WompiStatus, type WompiTransaction } from "./types";

/** Our side of an attempt: `CREATING` (sent, answer unknown), `FAILED` (Wompi refused it: nothing exists), or Wompi's status. */
export type LocalStatus = "CREATING" | "FAILED" | WompiStatus;

export interface LocalTransaction {
  reference: string;
  wompiId: string | null;
  method: string;
  amountInCents: number;
  currency: string;
  status: LocalStatus;
  statusMessage: string | null;
  extra: WompiTransaction["extra"] | null;
  /** Milliseconds since the attempt was recorded (database clock). */
  ageMs: number;
}

interface Row {
  reference: string;
  wompi_id: string | null;
  method: string;
  amount_in_cents: string;
  currency: string;
  status: string;
  status_message: string | null;
  extra: WompiTransaction["extra"] | string | null;
  age_ms: string | number;
}

const COLUMNS = `reference, wompi_id, method, amount_in_cents::text AS amount_in_cents, currency, status, status_message, extra,
  (EXTRACT(EPOCH FROM (now() - created_at)) * 1000)::float8 AS age_ms`;

const toLocal = (r: Row): LocalTransaction => ({
  reference: r.reference,
  wompiId: r.wompi_id,
  method: r.method,
  amountInCents: Number(r.amount_in_cents),
  currency: r.currency,
  status: r.status as LocalStatus,
  statusMessage: r.status_message,
  extra: r.extra === null ? null : jsonColumn(r.extra),
  ageMs: Number(r.age_ms),
});

export async function localTransaction(db: Database, reference: string): Promise<LocalTransaction | null> {
  const rows = await db.sql.query<Row>(`SELECT ${COLUMNS} FROM wompi_transactions WHERE reference = $1`, [reference]);
  return rows[0] ? toLocal(rows[0]) : null;
}

/** Records an attempt once per reference (a retry finds the first); returns the row that holds the reference. */
export async function recordAttempt(db: Database, a: { reference: string; method: string; amountInCents: number; currency: string }): Promise<LocalTransaction> {
  await db.sql.query(
    `INSERT INTO wompi_transactions (reference, method, amount_in_cents, currency, status) VALUES ($1, $2, $3, $4, 'CREATING') ON CONFLICT (reference) DO NOTHING`,
    [a.reference, a.method, a.amountInCents, a.currency],
  );
  return (await localTransaction(db, a.reference))!;
}

/**
 * Keeps what Wompi said about a transaction. A final status is never overwritten by PENDING (an older read
 * arriving late); APPROVED may still become VOIDED.
 */
export async function saveTransaction(db: Database, t: WompiTransaction): Promise<void> {
  const finals = FINAL_STATUSES.map((s) => `'${s}'`).join(", ");
  await db.sql.query(
    `INSERT INTO wompi_transactions (reference, wompi_id, method, amount_in_cents, currency, status, status_message, extra)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
     ON CONFLICT (reference) DO UPDATE SET
       wompi_id = EXCLUDED.wompi_id,
       status = CASE WHEN wompi_transactions.status IN (${finals}) AND EXCLUDED.status = 'PENDING' THEN wompi_transactions.status ELSE EXCLUDED.status END,
       status_message = COALESCE(EXCLUDED.status_message, wompi_transactions.status_message),
       extra = EXCLUDED.extra,
       updated_at = now()`,
    [t.reference, t.id, t.paymentMethodType || "UNKNOWN", t.amountInCents, t.currency, t.status, t.statusMessage, JSON.stringify(t.extra)],
  );
}

/** Wompi refused the attempt (4xx): nothing exists at Wompi under this reference. */
export async function markFailed(db: Database, reference: string, message: string): Promise<void> {
  await db.sql.query(`UPDATE wompi_transactions SET status = 'FAILED', status_message = $2, updated_at = now() WHERE reference = $1 AND status = 'CREATING'`, [
    reference,
    message.slice(0, 300),
  ]);
}

/** Wompi reported something we did not ask for (or an approval we could not credit): kept for the operator, first reason wins. */
export async function recordMismatch(db: Database, reference: string, why: string): Promise<void> {
  await db.sql.query(`UPDATE wompi_transactions SET mismatch = COALESCE(mismatch, $2), mismatch_at = COALESCE(mismatch_at, now()), updated_at = now() WHERE reference = $1`, [
    reference,
    why.slice(0, 300),
  ]);
}

/** Transactions Wompi reported differently from what we asked, newest first (the operator's "Pasarela" page). */
export async function wompiMismatches(db: Database, limit = 50) {
  return db.sql.query<{ reference: string; wompi_id: string | null; method: string; status: string; amount_in_cents: string; mismatch: string; mismatch_at: Date }>(
    `SELECT reference, wompi_id, method, status, amount_in_cents::text AS amount_in_cents, mismatch, mismatch_at FROM wompi_transactions
     WHERE mismatch IS NOT NULL ORDER BY mismatch_at DESC LIMIT $1`,
    [limit],
  );
}
