// Portal sign-in throttling, counted in the database so every instance sees the same numbers. Failures are
// counted per (account, client IP) and per client IP, each with a backoff that doubles per failure beyond a
// free allowance. The account is never locked as such: a stranger who fails from their address slows only
// that address, so the owner signing in from another one gets in at once (docs/security.md, "Sign-in").
import type { Database } from "@/lib/db/open";

interface Rule {
  /** Failures allowed before any wait. */
  free: number;
}

export const ACCOUNT_IP_RULE: Rule = { free: 5 };
export const IP_RULE: Rule = { free: 30 };
/** Counters forget an address after this long without failures. */
export const FORGET_AFTER_MS = 60 * 60_000;
/** Longest single wait. */
export const MAX_BLOCK_MS = 15 * 60_000;

/** Wait after the n-th failure: none within the allowance, then 2 s, 4 s, 8 s, ... up to 15 min. */
export function backoffMs(failures: number, rule: Rule): number {
  const over = failures - rule.free;
  if (over <= 0) return 0;
  return Math.min(MAX_BLOCK_MS, 1000 * 2 ** over);
}

function keys(email: string, ip: string) {
  return { pair: `acct:${email.toLowerCase()}|ip:${ip}`, ip: `ip:${ip}` };
}

export type ThrottleVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export async function checkLogin(database: Database, email: string, ip: string, now: Date): Promise<ThrottleVerdict> {
  const k = keys(email, ip);
  const rows = await database.sql.query<{ blocked_until: Date | string }>(
    `SELECT blocked_until FROM login_throttles WHERE key = ANY($1::text[]) AND blocked_until > $2::timestamptz`,
    [[k.pair, k.ip], now.toISOString()],
  );
  if (rows.length === 0) return { ok: true };
  const until = Math.max(...rows.map((r) => new Date(r.blocked_until).getTime()));
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

async function bump(database: Database, key: string, rule: Rule, now: Date): Promise<void> {
  const rows = await database.sql.query<{ failures: number }>(
    `INSERT INTO login_throttles (key, failures, last_failure_at) VALUES ($1, 1, $2::timestamptz)
     ON CONFLICT (key) DO UPDATE
        SET failures = CASE WHEN login_throttles.last_failure_at < $3::timestamptz THEN 1 ELSE login_throttles.failures + 1 END,
            last_failure_at = $2::timestamptz
     RETURNING failures`,
    [key, now.toISOString(), new Date(now.getTime() - FORGET_AFTER_MS).toISOString()],
  );
  const wait = backoffMs(Number(rows[0].failures), rule);
  await database.sql.query(`UPDATE login_throttles SET blocked_until = $2::timestamptz WHERE key = $1`, [key, wait > 0 ? new Date(now.getTime() + wait).toISOString() : null]);
}

export async function recordLoginFailure(database: Database, email: string, ip: string, now: Date): Promise<void> {
  const k = keys(email, ip);
  await bump(database, k.pair, ACCOUNT_IP_RULE, now);
  await bump(database, k.ip, IP_RULE, now);
}

/** A correct password clears this account's count from this address (the address's own count stays). */
export async function recordLoginSuccess(database: Database, email: string, ip: string): Promise<void> {
  await database.sql.query(`DELETE FROM login_throttles WHERE key = $1`, [keys(email, ip).pair]);
}

/** Spanish message for the sign-in form. */
export function throttleMessage(retryAfterSeconds: number): string {
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} segundos` : `${Math.ceil(retryAfterSeconds / 60)} minutos`;
  return `Demasiados intentos fallidos desde esta conexión. Espere ${wait} e intente de nuevo.`;
}

export async function purgeLoginThrottles(database: Database, now: Date): Promise<number> {
  const rows = await database.sql.query<{ n: number }>(
    `WITH d AS (DELETE FROM login_throttles WHERE last_failure_at < $1::timestamptz AND (blocked_until IS NULL OR blocked_until < $2::timestamptz) RETURNING 1)
     SELECT count(*)::int AS n FROM d`,
    [new Date(now.getTime() - FORGET_AFTER_MS).toISOString(), now.toISOString()],
  );
  return Number(rows[0]?.n ?? 0);
}
