// The platform's own plain SQL (health, readiness, housekeeping jobs), in one place (issue 25; the model is
// lib/reservations/store.ts). Why not Prisma: the reason of each query is beside it.
import type { Database } from "@/lib/db/open";

/** Whether the database answers. Plain SQL: a round trip that reads no table. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.sql.query("SELECT 1");
}

/** The names of the migrations applied and not rolled back. Plain SQL: `_prisma_migrations` is Prisma's own table, not a model of the schema. */
export async function appliedMigrations(database: Database): Promise<string[]> {
  const rows = await database.sql.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
  return rows.map((r) => r.migration_name);
}

/**
 * Forgets idempotency records whose 24 h window ended; how many. Plain SQL, as written before issue 25 and like the
 * purges beside it in the same job table (lib/auth rate-limit counters and login throttles): one DELETE by expiry
 * on the plain-SQL handle; Prisma's deleteMany could say the same.
 */
export async function purgeIdempotencyRecords(database: Database, now: Date): Promise<number> {
  const rows = await database.sql.query<{ id: number }>(`DELETE FROM idempotency_records WHERE expires_at <= $1 RETURNING id`, [now.toISOString()]);
  return rows.length;
}

/** Forgets sessions that expired before `before`; how many. Plain SQL: one DELETE counted in the same statement, like the purges above. */
export async function purgeSessions(database: Database, before: Date): Promise<number> {
  const rows = await database.sql.query<{ n: number }>(`WITH d AS (DELETE FROM auth_sessions WHERE expires_at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM d`, [before.toISOString()]);
  return Number(rows[0]?.n ?? 0);
}
