// The lease both outboxes (webhook_deliveries, emails) are sent under. A claim takes up to `limit` due pending rows
// (next_attempt_at reached, no live lease): the subquery locks candidates with SKIP LOCKED and the lease
// (locked_until, locked_by = this instance) keeps them away from other workers after the statement commits;
// attempt_count is bumped in the same statement, so each claim owns exactly one attempt number. On shutdown an
// instance hands its leases back so another sends them now rather than when the lease runs out.
import type { Database } from "./open";

/** The tables sent this way (fixed names: never built from input). */
export type LeasedTable = "webhook_deliveries" | "emails";

export function claimDue<T extends Record<string, unknown>>(
  database: Database,
  table: LeasedTable,
  returning: readonly string[],
  opts: { now: Date; leaseMs: number; limit: number; owner: string },
): Promise<T[]> {
  return database.sql.query<T>(
    `UPDATE ${table} q
        SET locked_until = $2::timestamptz, locked_by = $4, attempt_count = q.attempt_count + 1
       FROM (SELECT id FROM ${table}
              WHERE status = 'pending' AND next_attempt_at <= $1::timestamptz
                AND (locked_until IS NULL OR locked_until <= $1::timestamptz)
              ORDER BY next_attempt_at, id
              LIMIT $3
              FOR UPDATE SKIP LOCKED) c
      WHERE q.id = c.id
      RETURNING ${returning.map((c) => `q.${c}`).join(", ")}`,
    [opts.now.toISOString(), new Date(opts.now.getTime() + opts.leaseMs).toISOString(), opts.limit, opts.owner],
  );
}

/** Shutdown: the pending rows `owner` still holds are handed back; how many. */
export async function releaseLeases(database: Database, table: LeasedTable, owner: string): Promise<number> {
  const rows = await database.sql.query(`UPDATE ${table} SET locked_until = NULL, locked_by = NULL WHERE locked_by = $1 AND status = 'pending' RETURNING id`, [owner]);
  return rows.length;
}
