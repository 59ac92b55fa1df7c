import type { Job } from "@/lib/cron/job";
import { purgeRateLimitCounters } from "@/lib/auth/rate-limit";
import { purgeLoginThrottles } from "@/lib/auth/login-throttle";

/** Forgets ended rate-limit windows, stale sign-in failure counts and sessions past their expiry. */
export const securityCleanup: Job = {
  name: "security-cleanup",
  summary: "Borra contadores de límite de solicitudes vencidos, intentos de inicio de sesión viejos y sesiones expiradas",
  async run({ database, now }) {
    const counters = await purgeRateLimitCounters(database, now);
    const throttles = await purgeLoginThrottles(database, now);
    const sessions = await database.sql.query<{ n: number }>(
      `WITH d AS (DELETE FROM auth_sessions WHERE expires_at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM d`,
      [new Date(now.getTime() - 24 * 3600_000).toISOString()],
    );
    return counters + throttles + Number(sessions[0]?.n ?? 0);
  },
};
