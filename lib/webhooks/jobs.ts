import type { Job } from "@/lib/cron/job";
import { deliverDue } from "./deliver";

/** POST /api/cron/webhooks: every delivery that is due (retries, and anything a restart left behind). */
export const webhooksJob: Job = {
  name: "webhooks",
  summary: "Entrega los webhooks pendientes y los reintentos que vencen",
  run: ({ database, now }) => deliverDue(database, now),
};
