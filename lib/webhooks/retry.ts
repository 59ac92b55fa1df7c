// When a failed delivery is tried again: growing delays with jitter, for more than 24 h in total.
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 24 * 3_600_000];

/** Attempts in all (the first one plus one per delay) before a delivery is marked failed. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Delay after failed attempt number `attempt` (1-based), or null when no attempt is left. ±10 % jitter spreads retries out. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[Math.max(0, attempt - 1)];
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** Consecutive failed attempts to the agency's webhook_url that raise the portal warning and e-mail the agency once. */
export const FAILURE_WARNING_STREAK = 5;
