import type { Job } from "@/lib/cron/job";
import { sendDueEmails } from "./deliver";

/** POST /api/cron/emails: every e-mail that is due (new ones, retries, anything a restart left behind). */
export const emailsJob: Job = {
  name: "emails",
  summary: "Envía los correos pendientes y los reintentos que vencen",
  run: ({ database, now }) => sendDueEmails(database, now),
};
