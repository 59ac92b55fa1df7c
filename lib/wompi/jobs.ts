// Job `wompi-events` (docs/payments.md "Wompi events"): refusals older than 30 days are forgotten.
import type { Job } from "@/lib/cron/job";
import { pruneWompiEvents } from "./events";
import { reconcileWompiPayments } from "./apply";

export const wompiEventsJob: Job = {
  name: "wompi-events",
  summary: "Olvida los eventos de Wompi rechazados hace más de 30 días",
  run: ({ database, now }) => pruneWompiEvents(database, now),
};

/**
 * A payment job that first asks Wompi about every Wompi payment still pending and applies its final status (a lost
 * event loses nothing); a no-op with the sandbox. Used for payment-orders (so a paid order is credited, not
 * expired) and payment-reconcile.
 */
export function askingWompiFirst(job: Job): Job {
  return { ...job, run: async (ctx) => (await reconcileWompiPayments(ctx.database, ctx.now)) + (await job.run(ctx)) };
}
