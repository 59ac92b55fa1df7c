// Mail's plain SQL, in one place (issue 25; the model is lib/reservations/store.ts): the outbox, its worker,
// suppressions, and what the notices, the arrivals digest and the bounces read and write. Why not Prisma here: the
// outbox and the notices run inside the caller's transaction, which is a Prisma transaction or a plain-SQL one (the
// booking, the webhook worker: `MailTx`), so their statements are SQL text both can run; the worker's writes are
// conditional on the claim it holds; the reason of each query is beside it.
import type { Database } from "@/lib/db/open";
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

// ---------------------------------------------------------------------------------------------- notices (lib/mail/notices.ts)
// What a notice says, read inside the fact's own transaction. Plain SQL: the fact's transaction may be a plain-SQL
// one (the booking, the webhook worker), so these run as SQL text in either kind (MailTx).

export interface ExpiredLinkFacts {
  id: string;
  status: string;
  guest_name: string;
  description: string;
  amount: string;
  currency: string;
  expires_at: Date;
  hotel_id: number;
  hotel_name: string;
  agency_id: number;
  agency_name: string;
  agency_email: string;
}

/** A payment link with its hotel's and agency's names and the agency's address. Plain SQL: in either kind of caller's transaction (MailTx). */
export async function linkNoticeFacts(tx: MailTx, linkId: string): Promise<ExpiredLinkFacts | undefined> {
  const [l] = await tx.$queryRawUnsafe<ExpiredLinkFacts[]>(
    `SELECT l.id, l.status::text AS status, l.guest_name, l.description, l.amount::text AS amount, l.currency, l.expires_at, l.hotel_id,
            h.name AS hotel_name, a.id AS agency_id, a.name AS agency_name, a.email_for_notifications AS agency_email
       FROM payment_links l JOIN hotels h ON h.id = l.hotel_id JOIN agencies a ON a.id = l.agency_id
      WHERE l.id = $1`,
    linkId,
  );
  return l;
}

/** The agency's name and notification address. Plain SQL: in either kind of caller's transaction (MailTx; the webhook worker's is plain SQL). */
export async function agencyContact(tx: MailTx, agencyId: number): Promise<{ name: string; email: string } | undefined> {
  const [a] = await tx.$queryRawUnsafe<Array<{ name: string; email: string }>>(`SELECT name, email_for_notifications AS email FROM agencies WHERE id = $1::int`, agencyId);
  return a;
}

/** The agency's name and notification address, and the code of the reservation a debit paid (null: none). Plain SQL: one round trip, in either kind of caller's transaction (MailTx). */
export async function agencyContactWithBooking(tx: MailTx, agencyId: number, reservationId: string | null): Promise<{ name: string; email: string; code: string | null } | undefined> {
  const [a] = await tx.$queryRawUnsafe<Array<{ name: string; email: string; code: string | null }>>(
    `SELECT a.name, a.email_for_notifications AS email, (SELECT r.code FROM reservations r WHERE r.id = $2) AS code FROM agencies a WHERE a.id = $1::int`,
    agencyId,
    reservationId,
  );
  return a;
}

export interface MailRecipientUser {
  id: number;
  email: string;
  name: string;
  locale: string;
}

/** The active hotel-admin users of a hotel: who gets the hotel's e-mails (each may turn them off). Plain SQL: in either kind of caller's transaction (MailTx; the booking's is plain SQL). */
export function hotelAdmins(tx: MailTx, hotelId: number): Promise<MailRecipientUser[]> {
  return tx.$queryRawUnsafe<MailRecipientUser[]>(
    `SELECT u.id, u.email, u.name, u.locale FROM users u JOIN user_hotels uh ON uh.user_id = u.id
      WHERE uh.hotel_id = $1::int AND u.role::text = 'hotel_admin' AND u.is_active ORDER BY u.id`,
    hotelId,
  );
}

export interface BookingNoticeFacts {
  id: string;
  code: string;
  hotel_id: number;
  hotel_name: string;
  agency_id: number;
  agency_name: string;
  first_name: string;
  last_name: string;
  checkin: string;
  checkout: string;
  rooms_count: number;
  adults: number;
  children: number;
  children_ages: string | null;
}

/** A reservation with its hotel's and agency's names, dates as YYYY-MM-DD. Plain SQL: in either kind of caller's transaction (MailTx; the booking's is plain SQL). */
export async function bookingNoticeFacts(tx: MailTx, reservationId: string): Promise<BookingNoticeFacts | undefined> {
  const [r] = await tx.$queryRawUnsafe<BookingNoticeFacts[]>(
    `SELECT r.id, r.code, r.hotel_id, h.name AS hotel_name, r.agency_id, a.name AS agency_name, r.first_name, r.last_name,
            to_char(r.checkin, 'YYYY-MM-DD') AS checkin, to_char(r.checkout, 'YYYY-MM-DD') AS checkout, r.rooms_count, r.adults, r.children, r.children_ages
       FROM reservations r JOIN hotels h ON h.id = r.hotel_id JOIN agencies a ON a.id = r.agency_id
      WHERE r.id = $1`,
    reservationId,
  );
  return r;
}

/** The Bancolombia agreement code of a Wompi cash order (null: none). Plain SQL: a field inside the `extra` JSON column. */
export async function wompiAgreementCode(tx: MailTx, reference: string): Promise<string | null> {
  const rows = await tx.$queryRawUnsafe<{ code: string | null }[]>(`SELECT extra->>'businessAgreementCode' AS code FROM wompi_transactions WHERE reference = $1`, reference);
  return rows[0]?.code ?? null;
}

// ---------------------------------------------------------------------------------------------- arrivals digest (lib/mail/digest.ts)

/** Hotels with an active admin who opted in to `template`, and no digest yet on `day`. Plain SQL: the opt-in owner is a text key ('user:' || id) no relation in the schema joins on. */
export async function hotelsDueForDigest(db: Database, template: string, day: string): Promise<number[]> {
  const rows = await db.prisma.$queryRawUnsafe<{ hotel_id: number }[]>(
    `SELECT DISTINCT uh.hotel_id FROM user_hotels uh
       JOIN users u ON u.id = uh.user_id AND u.role::text = 'hotel_admin' AND u.is_active
       JOIN email_opt_ins o ON o.owner = 'user:' || u.id::text AND o.template = $1
      WHERE NOT EXISTS (SELECT 1 FROM hotel_arrival_digests d WHERE d.hotel_id = uh.hotel_id AND d.day = $2::date)
      ORDER BY uh.hotel_id`,
    template,
    day,
  );
  return rows.map((r) => r.hotel_id);
}

export interface ArrivalRow {
  code: string;
  first_name: string;
  last_name: string;
  agency_name: string;
  nights: number;
  rooms_count: number;
  adults: number;
  children: number;
  children_ages: string | null;
  status: string;
}

/** The hotel's unpaid and confirmed reservations arriving on `day`, by guest name. Plain SQL: a Bogotá calendar date compared as a date, enums as text, in the digest's transaction. */
export function arrivalsOn(tx: MailTx, hotelId: number, day: string): Promise<ArrivalRow[]> {
  return tx.$queryRawUnsafe<ArrivalRow[]>(
    `SELECT r.code, r.first_name, r.last_name, a.name AS agency_name, r.nights, r.rooms_count, r.adults, r.children, r.children_ages, r.status::text AS status
       FROM reservations r JOIN agencies a ON a.id = r.agency_id
      WHERE r.hotel_id = $1::int AND r.checkin = $2::date AND r.status::text IN ('pending_payment', 'confirmed')
      ORDER BY r.last_name, r.first_name, r.code`,
    hotelId,
    day,
  );
}

/** Claims the hotel's digest of `day`: false when it was written before. Plain SQL: ON CONFLICT DO NOTHING on the primary key (two instances, a cron and a rerun claim once). */
export async function claimArrivalDigest(tx: MailTx, hotelId: number, day: string, arrivals: number, now: Date): Promise<boolean> {
  const claimed = await tx.$queryRawUnsafe<{ hotel_id: number }[]>(
    `INSERT INTO hotel_arrival_digests (hotel_id, day, arrivals, created_at) VALUES ($1::int, $2::date, $3::int, $4::timestamptz)
     ON CONFLICT (hotel_id, day) DO NOTHING RETURNING hotel_id`,
    hotelId,
    day,
    arrivals,
    now.toISOString(),
  );
  return claimed.length > 0;
}

/** The hotel's name ("" when it is gone). Plain SQL: in the digest's transaction, beside the claim. */
export async function hotelName(tx: MailTx, hotelId: number): Promise<string> {
  const [hotel] = await tx.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM hotels WHERE id = $1::int`, hotelId);
  return hotel?.name ?? "";
}

/** The hotel's active admins who opted in to `template`. Plain SQL: the opt-in owner is a text key (above). */
export function optedInHotelAdmins(tx: MailTx, hotelId: number, template: string): Promise<MailRecipientUser[]> {
  return tx.$queryRawUnsafe<MailRecipientUser[]>(
    `SELECT u.id, u.email, u.name, u.locale FROM users u JOIN user_hotels uh ON uh.user_id = u.id
       JOIN email_opt_ins o ON o.owner = 'user:' || u.id::text AND o.template = $2
      WHERE uh.hotel_id = $1::int AND u.role::text = 'hotel_admin' AND u.is_active ORDER BY u.id`,
    hotelId,
    template,
  );
}

// ---------------------------------------------------------------------------------------------- bounces (lib/mail/bounces.ts)

/** Marks an address that bounced for good or complained: true when this bounce made the mark. Plain SQL: ON CONFLICT DO NOTHING answering whether it wrote. */
export async function markBouncedAddress(sql: SqlRunner, address: string, note: string, now: Date): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO email_suppressions (address, reason, created_at) VALUES ($1, $2, $3::timestamptz) ON CONFLICT (address) DO NOTHING RETURNING address`,
    [address, note, now.toISOString()],
  );
  return rows.length === 1;
}

/**
 * Writes a bounce on the e-mail it names, only one that went out to this very address; a hard bounce turns it
 * `failed`, the others keep `sent`. Whether it was found. Plain SQL: a conditional write on the status and the
 * lowercased recipient.
 */
export async function recordBounceOnEmail(sql: SqlRunner, id: string, address: string, note: string, hard: boolean): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE emails SET last_error = $3, status = CASE WHEN $4::boolean THEN 'failed' ELSE status END
      WHERE id = $1 AND lower(recipient) = $2 AND status IN ('sent', 'failed') RETURNING id`,
    [id, address, note, hard],
  );
  return rows.length === 1;
}
