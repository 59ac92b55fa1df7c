// When a failed e-mail is tried again: growing delays with ±10 % jitter, about 22 h in all, then `failed`.
export const MAIL_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;

export function mailRetryDelayMs(attempt: number, random: () => number = Math.random): number | null {
  if (attempt >= MAIL_MAX_ATTEMPTS) return null;
  const base = MAIL_RETRY_DELAYS_MS[Math.max(0, attempt - 1)];
  return Math.round(base * (0.9 + 0.2 * random()));
}
