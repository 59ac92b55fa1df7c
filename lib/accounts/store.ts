// The accounts' plain SQL, in one place (issue 25; the model is lib/reservations/store.ts); the reason beside it.
import type { Prisma } from "@/lib/db/generated/client";

/**
 * Uses a link once: marks the unused, unexpired token of an active user as used and answers whose it was and what
 * for; none when it was used, expired, unknown or its user deactivated. Plain SQL: the check and the write are one
 * conditional UPDATE … RETURNING, so two requests with the same link never both set a password.
 */
export async function spendToken(tx: Prisma.TransactionClient, tokenHash: string, now: Date): Promise<{ user_id: number; purpose: string } | undefined> {
  const rows = await tx.$queryRawUnsafe<{ user_id: number; purpose: string }[]>(
    `UPDATE user_tokens SET used_at = $2::timestamptz WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz
     AND EXISTS (SELECT 1 FROM users u WHERE u.id = user_tokens.user_id AND u.is_active) RETURNING user_id, purpose`,
    tokenHash,
    now.toISOString(),
  );
  return rows[0];
}
