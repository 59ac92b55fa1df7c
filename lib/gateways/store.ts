// The gateways' plain SQL on their own tables, in one place (issue 25; the model is lib/reservations/store.ts): the
// hold ledger's statements on the booking's path (channel_holds), the guest data owed to the channel manager
// (channel_guest_syncs), the sandbox gateway's operations (sandbox_gateway_operations) and the card-hash upgrade
// at start (virtual_cards). All are fixed text; the reason each is not Prisma is beside it. Not here: the built-in
// channel manager's statements (lib/gateways/builtin-channel-manager.ts, the search and hold hot path measured in
// bench/, kept with the code reading their rows) and Channex's (lib/gateways/channex/store.ts).
import type { Prisma } from "@/lib/db/generated/client";
import type { SqlRunner } from "@/lib/db/migrate";
import type { GuestData } from "./channel-manager";

type Tx = Prisma.TransactionClient;
/** A query that also runs on its own takes the caller's transaction or, outside one, `database.prisma` (one statement: no second handle). */
type Db = Tx;

// ---------------------------------------------------------------------------------------------- channel holds

/**
 * The ledger's entry written before the hold is asked for (state `holding`). Plain SQL: on the booking's path (4.1
 * is hot), a prepared statement through `database.sql`.
 */
export async function insertHoldingEntry(sql: SqlRunner, key: string, hotelId: number, now: Date): Promise<void> {
  await sql.query(`INSERT INTO channel_holds (key, hotel_id, state, created_at, updated_at) VALUES ($1, $2, 'holding', $3, $3)`, [key, hotelId, now], { prepared: true });
}

/**
 * The claim, inside the booking's plain-SQL transaction (`Database.transaction`): `holding` becomes `held`; false
 * when the job already took the hold for an orphan. Plain SQL: a conditional write in that transaction, prepared
 * (4.1's path).
 */
export async function claimHold(tx: SqlRunner, key: string, now: Date): Promise<boolean> {
  const claimed = await tx.query(`UPDATE channel_holds SET state = 'held', updated_at = $2 WHERE key = $1 AND state = 'holding' RETURNING key`, [key, now], { prepared: true });
  return claimed.length === 1;
}

// ---------------------------------------------------------------------------------------------- guest data owed

/**
 * Inside the transaction that changes the guest: the full data owed, one version up. Plain SQL: one atomic upsert
 * whose version is computed from the stored row (`version + 1` ON CONFLICT), so concurrent changes each count.
 */
export async function oweGuestSync(tx: Tx, r: { bookingCode: string; hotelId: number; guest: GuestData; now: Date }): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO channel_guest_syncs (booking_code, hotel_id, guest, version, updated_at) VALUES ($1, $2, $3::jsonb, 1, $4)
     ON CONFLICT (booking_code) DO UPDATE SET guest = EXCLUDED.guest, version = channel_guest_syncs.version + 1, updated_at = EXCLUDED.updated_at`,
    r.bookingCode,
    r.hotelId,
    JSON.stringify(r.guest),
    r.now,
  );
}

export interface GuestSyncRow {
  hotel_id: number;
  guest: GuestData | string;
  version: number;
  sent_version: number;
}

/** What is owed for one booking. Plain SQL, like the table's other statements: the row as the driver gives it (the JSON column through `jsonColumn`). */
export async function guestSyncRow(sql: SqlRunner, bookingCode: string): Promise<GuestSyncRow | undefined> {
  const [row] = await sql.query<GuestSyncRow>(`SELECT hotel_id, guest, version, sent_version FROM channel_guest_syncs WHERE booking_code = $1`, [bookingCode]);
  return row;
}

/** A send that failed: one more attempt and its error. Plain SQL: an increment and the error in one statement, no read. */
export async function guestSyncFailed(sql: SqlRunner, bookingCode: string, error: string): Promise<void> {
  await sql.query(`UPDATE channel_guest_syncs SET attempts = attempts + 1, last_error = $2 WHERE booking_code = $1`, [bookingCode, error]);
}

/**
 * `version` acknowledged. Plain SQL: only ever forward (`GREATEST`), and the error cleared only when the latest
 * version is sent (a condition between columns), which Prisma cannot express: a send of an older version
 * finishing late does not undo a newer acknowledgement.
 */
export async function guestSyncSent(sql: SqlRunner, bookingCode: string, version: number): Promise<void> {
  await sql.query(
    `UPDATE channel_guest_syncs SET sent_version = GREATEST(sent_version, $2), last_error = CASE WHEN GREATEST(sent_version, $2) >= version THEN NULL ELSE last_error END
     WHERE booking_code = $1`,
    [bookingCode, version],
  );
}

/** The channel-guests job's batch: everything still owed, oldest change first (200). Plain SQL: compares two columns (`sent_version < version`). */
export async function guestSyncsDue(sql: SqlRunner): Promise<{ booking_code: string }[]> {
  return sql.query<{ booking_code: string }>(`SELECT booking_code FROM channel_guest_syncs WHERE sent_version < version ORDER BY updated_at LIMIT 200`);
}

// ---------------------------------------------------------------------------------------------- sandbox gateway

export interface SandboxOperationRow {
  kind: string;
  payment_ref: string;
  result: string;
  detail: string | null;
  amount: string | null;
}

/**
 * Records an operation under its idempotency key, unless one holds it already. Plain SQL: ON CONFLICT DO NOTHING
 * on the unique key (a repeated key, even concurrent, writes once and keeps the first outcome).
 */
export async function insertSandboxOperationOnce(
  db: Db,
  op: { kind: string; paymentRef: string; idempotencyKey: string; amount: string | null; result: string; detail: string | null },
): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO sandbox_gateway_operations (kind, payment_ref, idempotency_key, amount, result, detail) VALUES ($1, $2, $3, $4::numeric, $5, $6)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    op.kind,
    op.paymentRef,
    op.idempotencyKey,
    op.amount,
    op.result,
    op.detail,
  );
}

/** The operation holding an idempotency key. Plain SQL: the amount as text (`amount::text`), as the gateway answers it. */
export async function sandboxOperation(db: Db, idempotencyKey: string): Promise<SandboxOperationRow | undefined> {
  const rows = await db.$queryRawUnsafe<SandboxOperationRow[]>(
    `SELECT kind, payment_ref, result, detail, amount::text AS amount FROM sandbox_gateway_operations WHERE idempotency_key = $1`,
    idempotencyKey,
  );
  return rows[0];
}

// ---------------------------------------------------------------------------------------------- card-hash upgrade

/** A batch of cards still holding an unkeyed hash (hash_version 0), in id order. Plain SQL: run at start through `database.sql`, before any request. */
export async function unkeyedCardHashes(sql: SqlRunner, batch: number): Promise<{ id: string; number_encrypted: string }[]> {
  return sql.query<{ id: string; number_encrypted: string }>(`SELECT id, number_encrypted FROM virtual_cards WHERE hash_version = 0 ORDER BY id LIMIT $1`, [batch]);
}

/**
 * One card's new hash; true when this call wrote it. Plain SQL: conditional on `hash_version = 0` with RETURNING,
 * so instances starting together each rehash a row once and count only their own writes.
 */
export async function setCardHash(sql: SqlRunner, id: string, hash: string, version: number): Promise<boolean> {
  const done = await sql.query(`UPDATE virtual_cards SET number_hash = $2, hash_version = $3 WHERE id = $1 AND hash_version = 0 RETURNING id`, [id, hash, version]);
  return done.length > 0;
}
