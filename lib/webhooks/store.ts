// The webhooks' plain SQL, in one place (issue 25; the model is lib/reservations/store.ts): the outbox's worker
// and the sealing of signing secrets at start (lib/webhooks/secret-box.ts). Why not Prisma here: the delivery
// worker and the startup run on the plain-SQL handle (lib/db/leased-queue.ts claims, `database.transaction`) and
// their writes are conditional (on the claim the worker holds, on the plaintext still being there); the reason of
// each query is beside it. (The mail worker's outcome, lib/mail/store.ts `recordEmailOutcome`, is one UPDATE of
// its own row: not the same statement as this attempt + delivery + streak write, so the two stay apart; what they
// share, the claim and its lease, is lib/db/leased-queue.ts.)
import type { SqlRunner } from "@/lib/db/migrate";
import type { SendResult } from "./send";

/** The agency's sealed signing secret (null: none yet); undefined when the agency does not exist. Plain SQL: the worker's handle. */
export async function agencySecretRow(sql: SqlRunner, agencyId: number): Promise<{ webhook_secret: string | null } | undefined> {
  return (await sql.query<{ webhook_secret: string | null }>(`SELECT webhook_secret FROM agencies WHERE id = $1`, [agencyId]))[0];
}

/** Stores a sealed secret only when the agency has none: two racing workers keep the first. Plain SQL: a conditional write. */
export async function setSecretIfNone(sql: SqlRunner, agencyId: number, sealed: string): Promise<void> {
  await sql.query(`UPDATE agencies SET webhook_secret = $1 WHERE id = $2 AND webhook_secret IS NULL`, [sealed, agencyId]);
}

/** Agencies whose signing secret is still stored in plaintext (written before sealing), by id. Plain SQL: a `NOT LIKE` on the stored form, on the startup's handle. */
export function plaintextSecrets(sql: SqlRunner, batch: number): Promise<Array<{ id: number; webhook_secret: string }>> {
  return sql.query<{ id: number; webhook_secret: string }>(
    `SELECT id, webhook_secret FROM agencies WHERE webhook_secret IS NOT NULL AND webhook_secret NOT LIKE 'v1:%' ORDER BY id LIMIT $1`,
    [batch],
  );
}

/** Replaces a plaintext secret by its sealed form, only if the plaintext is still there; whether it did. Plain SQL: a conditional write, so instances starting together seal each row once. */
export async function sealSecretIfPlain(sql: SqlRunner, agencyId: number, sealed: string, plain: string): Promise<boolean> {
  const done = await sql.query(`UPDATE agencies SET webhook_secret = $2 WHERE id = $1 AND webhook_secret = $3 RETURNING id`, [agencyId, sealed, plain]);
  return done.length === 1;
}

export interface AttemptRecord {
  deliveryId: string;
  /** The claim: the attempt number the worker claimed the delivery with. */
  attemptCount: number;
  at: Date;
  result: SendResult;
  status: "succeeded" | "failed" | "pending";
  nextAttemptAt: Date | null;
  ok: boolean;
}

/**
 * Records the attempt, moves the delivery on and counts the agency's failure streak (reset on success), in one
 * statement, only if this claim still owns the delivery and the attempt was not recorded before; the agency's new
 * streak when the delivery went to its current webhook_url. Plain SQL: one statement (a CTE) over three tables,
 * conditional on the claim, with the enum cast of the status, none of which Prisma can express in one round trip.
 */
export async function recordDeliveryAttempt(sql: SqlRunner, a: AttemptRecord): Promise<{ agency_id: number; streak: number } | undefined> {
  const rows = await sql.query<{ agency_id: number; streak: number }>(
    `WITH ins AS (
       INSERT INTO webhook_attempts (delivery_id, attempt_no, at, status_code, latency_ms, response_body, error)
       VALUES ($1, $2, $3::timestamptz, $4::int, $5::int, $6::text, $7::text)
       ON CONFLICT (delivery_id, attempt_no) DO NOTHING
       RETURNING delivery_id
     ), upd AS (
       UPDATE webhook_deliveries
          SET status = $8::text::"DeliveryStatus",
              next_attempt_at = $9::timestamptz,
              locked_until = NULL,
              locked_by = NULL,
              last_attempt_at = $3::timestamptz,
              succeeded_at = CASE WHEN $8::text = 'succeeded' THEN $3::timestamptz ELSE succeeded_at END,
              failed_at = CASE WHEN $8::text = 'failed' THEN $3::timestamptz ELSE NULL END
        WHERE id = $1 AND attempt_count = $2 AND EXISTS (SELECT 1 FROM ins)
        RETURNING agency_id, url
     )
     UPDATE agencies a
        SET webhook_failure_streak = CASE WHEN $10::boolean THEN 0 ELSE a.webhook_failure_streak + 1 END
       FROM upd
      WHERE a.id = upd.agency_id AND a.webhook_url = upd.url
     RETURNING a.id AS agency_id, a.webhook_failure_streak AS streak`,
    [a.deliveryId, a.attemptCount, a.at.toISOString(), a.result.statusCode, a.result.latencyMs, a.result.responseBody, a.result.error, a.status, a.nextAttemptAt?.toISOString() ?? null, a.ok],
  );
  return rows[0];
}
