// The mail outbox's plain SQL, in one place (issue 25; the model is lib/reservations/store.ts). Why not Prisma here:
// the outbox is written inside the caller's transaction, which is a Prisma transaction or a plain-SQL one (the
// booking, the webhook worker: `MailTx`), so its statements are SQL text both can run; the worker's writes are
// conditional on the claim it holds; the reason of each query is beside it.
import type { SqlRunner } from "@/lib/db/migrate";
import type { MailTx } from "./outbox";

/** Whether one of `owners` turned `template` off. Plain SQL: runs in either kind of caller's transaction (MailTx). */
export async function optedOut(tx: MailTx, owners: string[], template: string): Promise<boolean> {
  const off = await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM email_opt_outs WHERE owner = ANY($1::text[]) AND template = $2`, owners, template);
  return (off[0]?.n ?? 0) > 0;
}

/**
 * Whether the address refused mail before, and how many e-mails went to it and from the agency's facts since
 * `since`: what the outbox's rate limits decide on. Plain SQL: three answers in one round trip, in either kind of
 * caller's transaction (MailTx).
 */
export async function recipientState(tx: MailTx, to: string, since: Date, agencyId: number | null): Promise<{ suppressed: boolean; to_recipient: number; from_agency: number } | undefined> {
  const [state] = await tx.$queryRawUnsafe<{ suppressed: boolean; to_recipient: number; from_agency: number }[]>(
    `SELECT EXISTS (SELECT 1 FROM email_suppressions WHERE address = lower($1)) AS suppressed,
            (SELECT count(*)::int FROM emails WHERE recipient = $1 AND created_at > $2::timestamptz) AS to_recipient,
            (SELECT count(*)::int FROM emails WHERE $3::int IS NOT NULL AND agency_id = $3::int AND created_at > $2::timestamptz) AS from_agency`,
    to,
    since.toISOString(),
    agencyId,
  );
  return state;
}

export interface EmailRow {
  id: string;
  factKey: string;
  recipient: string;
  recipientName: string | null;
  template: string;
  locale: string;
  subject: string;
  data: object;
  agencyId: number | null;
  hotelId: number | null;
  userId: number | null;
  status: "pending" | "suppressed";
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

/**
 * Writes the e-mail once per (fact, recipient); its id, or null when it was written before. Plain SQL: ON CONFLICT
 * DO NOTHING on the unique index (a retried fact never writes twice, concurrent ones make one row), in either kind
 * of caller's transaction (MailTx).
 */
export async function insertEmailOnce(tx: MailTx, e: EmailRow): Promise<string | null> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO emails (id, fact_key, recipient, recipient_name, template, locale, subject, data, agency_id, hotel_id, user_id, status, next_attempt_at, last_error, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::int, $10::int, $11::int, $12, $13::timestamptz, $14, $15::timestamptz)
     ON CONFLICT (fact_key, recipient) DO NOTHING
     RETURNING id`,
    e.id,
    e.factKey,
    e.recipient,
    e.recipientName,
    e.template,
    e.locale,
    e.subject,
    JSON.stringify(e.data),
    e.agencyId,
    e.hotelId,
    e.userId,
    e.status,
    e.nextAttemptAt?.toISOString() ?? null,
    e.lastError,
    e.createdAt.toISOString(),
  );
  return rows[0]?.id ?? null;
}

export type EmailOutcome = { status: "sent" | "kept" | "failed" | "suppressed" | "pending"; error: string | null; retryAt: Date | null };

/**
 * Records a claimed e-mail's outcome and releases its lease, only if the claim (`attemptCount`) still owns it; false
 * when it lost the lease meanwhile. Plain SQL: a conditional write on the claim (lib/db/leased-queue.ts) answering
 * whether it applied.
 */
export async function recordEmailOutcome(sql: SqlRunner, id: string, attemptCount: number, at: Date, o: EmailOutcome): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE emails
        SET status = $3, next_attempt_at = $4::timestamptz, locked_until = NULL, locked_by = NULL, last_attempt_at = $5::timestamptz,
            sent_at = CASE WHEN $3 IN ('sent', 'kept') THEN $5::timestamptz ELSE sent_at END, last_error = $6
      WHERE id = $1 AND attempt_count = $2 AND status = 'pending'
      RETURNING id`,
    [id, attemptCount, o.status, o.retryAt?.toISOString() ?? null, at.toISOString(), o.error],
  );
  return rows.length === 1;
}

/** Whether the address is marked (it refused mail before). Plain SQL: the worker's handle is the plain-SQL one. */
export async function isAddressSuppressed(sql: SqlRunner, address: string): Promise<boolean> {
  return (await sql.query(`SELECT 1 FROM email_suppressions WHERE address = lower($1)`, [address])).length > 0;
}

/** Marks an address that refused mail (first reason kept). Plain SQL: ON CONFLICT DO NOTHING, from the worker's plain-SQL handle. */
export async function suppressAddress(sql: SqlRunner, address: string, reason: string, now: Date): Promise<void> {
  await sql.query(`INSERT INTO email_suppressions (address, reason, created_at) VALUES (lower($1), $2, $3::timestamptz) ON CONFLICT (address) DO NOTHING`, [address, reason, now.toISOString()]);
}

/**
 * The marked addresses (newest first, at most 500), with how many e-mails went to each; `agencyId` keeps those an
 * agency's e-mails went to. Plain SQL: a correlated count and an EXISTS over e-mails that share no relation with
 * `email_suppressions` in the schema.
 */
export function suppressedAddresses(sql: MailTx, agencyId: number | null) {
  return sql.$queryRawUnsafe<Array<{ address: string; reason: string; created_at: Date; emails: number }>>(
    `SELECT s.address, s.reason, s.created_at,
            (SELECT count(*)::int FROM emails e WHERE e.recipient = s.address AND ($1::int IS NULL OR e.agency_id = $1::int)) AS emails
       FROM email_suppressions s
      WHERE $1::int IS NULL OR EXISTS (SELECT 1 FROM emails e WHERE e.recipient = s.address AND e.agency_id = $1::int)
      ORDER BY s.created_at DESC, s.address
      LIMIT 500`,
    agencyId,
  );
}

/** Clears an address's mark (for an agency: only one its e-mails went to); how many rows went. Plain SQL: the EXISTS over e-mails (above). */
export async function clearAddressMark(tx: MailTx, address: string, agencyId: number | null): Promise<number> {
  const rows = await tx.$queryRawUnsafe<{ address: string }[]>(
    `DELETE FROM email_suppressions s WHERE s.address = $1 AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM emails e WHERE e.recipient = s.address AND e.agency_id = $2::int))
     RETURNING s.address`,
    address,
    agencyId,
  );
  return rows.length;
}

/** Queues a `kept` e-mail for sending, once: false when it is no longer kept. Plain SQL: a conditional write on the status. */
export async function requeueKeptEmail(tx: MailTx, id: string, now: Date): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE emails SET status = 'pending', next_attempt_at = $2::timestamptz, sent_at = NULL, last_error = NULL WHERE id = $1 AND status = 'kept' RETURNING id`,
    id,
    now.toISOString(),
  );
  return rows.length === 1;
}
