// Housekeeping jobs of the platform (docs/decisions.md 9.1).
import type { Job } from "@/lib/cron/job";
import { purgeRateLimitCounters } from "@/lib/auth/rate-limit";
import { purgeLoginThrottles } from "@/lib/auth/login-throttle";
import { purgeIdempotencyRecords, purgeSessions } from "./store";

/** Forgets idempotency records older than their 24 h window. */
export const idempotencyCleanup: Job = {
  name: "idempotency-cleanup",
  summary: "Borra los registros de Idempotency-Key vencidos (más de 24 h)",
  async run({ database, now }) {
    return purgeIdempotencyRecords(database, now);
  },
};

/** Forgets ended rate-limit windows, stale sign-in failure counts and sessions past their expiry. */
export const securityCleanup: Job = {
  name: "security-cleanup",
  summary: "Borra contadores de límite de solicitudes vencidos, intentos de inicio de sesión viejos y sesiones expiradas",
  async run({ database, now }) {
    const counters = await purgeRateLimitCounters(database, now);
    const throttles = await purgeLoginThrottles(database, now);
    const sessions = await purgeSessions(database, new Date(now.getTime() - 24 * 3600_000));
    return counters + throttles + sessions;
  },
};
