import type { Job } from "@/lib/cron/job";

/** Forgets idempotency records older than their 24 h window. */
export const idempotencyCleanup: Job = {
  name: "idempotency-cleanup",
  summary: "Borra los registros de Idempotency-Key vencidos (más de 24 h)",
  async run({ database, now }) {
    const rows = await database.sql.query<{ id: number }>(`DELETE FROM idempotency_records WHERE expires_at <= $1 RETURNING id`, [now.toISOString()]);
    return rows.length;
  },
};
