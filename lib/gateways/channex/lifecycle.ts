// A pushed booking's lifecycle (docs/channel-managers.md "A pushed booking's lifecycle"): every change of
// `channex_bookings.state` is one of the named transitions below, each one statement on the handle it is given
// (`database.sql`, or the caller's transaction). Nothing else writes the state column:
// lib/gateways/channex/lifecycle.test.ts scans for other writers and compares TRANSITIONS with the diagram.
// Every write is guarded by its from-states (`AND state IN (…)`): the worker holds the row's lease (push.ts `claim`)
// but our release (push.ts `oweCancellation`) does not take it, so a release can come in while a POST is in
// flight; the worker's answer then never overwrites the cancellation owed (Channex's id is kept for it).
import type { SqlRunner } from "@/lib/db/migrate";

export type BookingState = "owed" | "uncertain" | "pushed" | "confirmed" | "refused" | "cancel_owed" | "cancelled" | "released";

/** Every transition; `owe` is the creation (lib/gateways/channex/store.ts owePush inserts it `owed`). */
export const TRANSITIONS = {
  owe: { from: null, to: "owed" },
  /** About to POST (committed before it is sent); from uncertain when the lookup proved nothing landed (not a change). */
  post: { from: ["owed", "uncertain"], to: "uncertain" },
  /** The reservation is not written yet: nothing was sent, wait. */
  unpost: { from: ["uncertain"], to: "owed" },
  /** Channex refused our API key (401): not the booking's fault, it stays owed. */
  keyRefused: { from: ["uncertain"], to: "owed" },
  /** Channex answered the POST with its id. */
  push: { from: ["uncertain"], to: "pushed" },
  /** Seen at Channex: found by its code after a lost answer, or processed. */
  confirm: { from: ["uncertain", "pushed"], to: "confirmed" },
  /** A definite no to the POST, or accepted and never processed. */
  refuse: { from: ["uncertain", "pushed"], to: "refused" },
  /** The operator's retry of a booking never posted. */
  retry: { from: ["refused"], to: "owed" },
  /** The operator's retry of a booking once posted: looked up before any new POST. */
  retryPosted: { from: ["refused"], to: "uncertain" },
  /** Our release before anything was sent. */
  release: { from: ["owed"], to: "released" },
  /** Our release of a booking Channex refused (it is not there). */
  releaseRefused: { from: ["refused"], to: "released" },
  /** Our release of a booking that may be at Channex. */
  oweCancellation: { from: ["uncertain", "pushed", "confirmed"], to: "cancel_owed" },
  /** The cancellation owed found nothing at Channex long after the POST: it never arrived. */
  releaseNeverArrived: { from: ["cancel_owed"], to: "released" },
  /** Channex has it cancelled. */
  cancel: { from: ["cancel_owed"], to: "cancelled" },
} as const satisfies Record<string, { from: readonly BookingState[] | null; to: BookingState }>;

/** Claims the POST: only from `from` (owed, or uncertain when the lookup proved nothing landed); false when a release came in between. */
export async function claimPost(sql: SqlRunner, key: string, from: (typeof TRANSITIONS.post.from)[number], now: Date): Promise<boolean> {
  const claimed = await sql.query(
    `UPDATE channex_bookings SET state = 'uncertain', posted_at = $2, modify_owed = false, attempts = attempts + 1, updated_at = $2
     WHERE key = $1 AND state = $3::"ChannexBookingState" RETURNING key`,
    [key, now, from],
  );
  return claimed.length > 0;
}

/** uncertain → owed: the hold's reservation is not written yet (or never will be), nothing was sent. */
export async function unpost(sql: SqlRunner, key: string): Promise<void> {
  await sql.query(`UPDATE channex_bookings SET state = 'owed', posted_at = NULL WHERE key = $1 AND state = 'uncertain'`, [key]);
}

/** uncertain → owed: Channex refused our API key; `error` kept. */
export async function keyRefused(sql: SqlRunner, key: string, error: string, now: Date): Promise<void> {
  await sql.query(`UPDATE channex_bookings SET state = 'owed', last_error = $3, updated_at = $2 WHERE key = $1 AND state = 'uncertain'`, [key, now, error]);
}

/**
 * uncertain → pushed: Channex answered the POST with its id. A release that came in during the POST (cancel_owed)
 * stays owed: the id is kept so that the cancellation goes straight to it.
 */
export async function push(sql: SqlRunner, key: string, channexBookingId: string, now: Date): Promise<void> {
  await sql.query(
    `UPDATE channex_bookings SET state = CASE WHEN state = 'cancel_owed' THEN state ELSE 'pushed' END::"ChannexBookingState", channex_booking_id = $3,
       last_error = NULL, updated_at = $2
     WHERE key = $1 AND state IN ('uncertain', 'cancel_owed')`,
    [key, now, channexBookingId],
  );
}

/** uncertain or pushed → confirmed: seen at Channex at `seenAt` (processed_at keeps the first time). */
export async function confirm(sql: SqlRunner, key: string, seenAt: Date): Promise<void> {
  await sql.query(
    `UPDATE channex_bookings SET state = 'confirmed', processed_at = coalesce(processed_at, $2), last_error = NULL, refusal = NULL, updated_at = $2
     WHERE key = $1 AND state IN ('uncertain', 'pushed')`,
    [key, seenAt],
  );
}

/** uncertain or pushed → refused: `refusal` for the agency, `error` (Channex's words) for the operator. */
export async function refuse(sql: SqlRunner, key: string, refusal: string, error: string, now: Date): Promise<void> {
  await sql.query(`UPDATE channex_bookings SET state = 'refused', refusal = $3, last_error = $4, updated_at = $2 WHERE key = $1 AND state IN ('uncertain', 'pushed')`, [key, now, refusal, error]);
}

/** refused → owed (never posted) or uncertain (posted once: looked up first): the operator's retry; false when it was not refused. */
export async function retryRefused(sql: SqlRunner, key: string, now: Date): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE channex_bookings SET state = CASE WHEN posted_at IS NULL THEN 'owed' ELSE 'uncertain' END::"ChannexBookingState", channex_booking_id = NULL,
       refusal = NULL, attempts = 0, next_attempt_at = $2, updated_at = $2
     WHERE key = $1 AND state = 'refused' RETURNING key`,
    [key, now],
  );
  return rows.length === 1;
}

/** owed → released: our release before anything was sent (under oweCancellation's row lock). */
export async function release(tx: SqlRunner, key: string, now: Date): Promise<void> {
  await tx.query(`UPDATE channex_bookings SET state = 'released', updated_at = $2 WHERE key = $1 AND state = 'owed'`, [key, now]);
}

/** refused → released: our release of a booking Channex never took (under oweCancellation's row lock). */
export async function releaseRefused(tx: SqlRunner, key: string, now: Date): Promise<void> {
  await tx.query(`UPDATE channex_bookings SET state = 'released', next_attempt_at = $2, updated_at = $2 WHERE key = $1 AND state = 'refused'`, [key, now]);
}

/** uncertain, pushed or confirmed → cancel_owed: our release of a booking that may be at Channex, due now (under oweCancellation's row lock). */
export async function oweCancellation(tx: SqlRunner, key: string, now: Date): Promise<void> {
  await tx.query(`UPDATE channex_bookings SET state = 'cancel_owed', next_attempt_at = $2, updated_at = $2 WHERE key = $1 AND state IN ('uncertain', 'pushed', 'confirmed')`, [key, now]);
}

/** cancel_owed → released: nothing with our code at Channex long after the POST. */
export async function releaseNeverArrived(sql: SqlRunner, key: string, now: Date): Promise<void> {
  await sql.query(`UPDATE channex_bookings SET state = 'released', last_error = NULL, updated_at = $2 WHERE key = $1 AND state = 'cancel_owed'`, [key, now]);
}

/** cancel_owed → cancelled: Channex has it cancelled. */
export async function cancelled(sql: SqlRunner, key: string, now: Date): Promise<void> {
  await sql.query(`UPDATE channex_bookings SET state = 'cancelled', last_error = NULL, updated_at = $2 WHERE key = $1 AND state = 'cancel_owed'`, [key, now]);
}
