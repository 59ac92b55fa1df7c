// Job `wompi-events` (docs/payments.md "Wompi events"): refusals older than 30 days are forgotten.
import type { Job } from "@/lib/cron/job";
import { pruneWompiEvents } from "./events";

export const wompiEventsJob: Job = {
  name: "wompi-events",
  summary: "Olvida los eventos de Wompi rechazados hace más de 30 días",
  run: ({ database, now }) => pruneWompiEvents(database, now),
};
