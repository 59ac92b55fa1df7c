import type { Job } from "@/lib/cron/job";
import { sendDueEmails } from "./deliver";
import { writeArrivalDigests } from "./digest";

/** POST /api/cron/emails: every e-mail that is due (new ones, retries, anything a restart left behind). */
export const emailsJob: Job = {
  name: "emails",
  summary: "Envía los correos pendientes y los reintentos que vencen",
  run: ({ database, now }) => sendDueEmails(database, now),
};

/** POST /api/cron/arrivals-digest: the hotels' daily arrivals digest, once per hotel and Bogotá day (opt-in). */
export const arrivalsDigestJob: Job = {
  name: "arrivals-digest",
  summary: "Escribe el resumen diario de llegadas de cada hotel cuyos administradores lo pidieron (una vez por día)",
  run: ({ database, now }) => writeArrivalDigests(database, now),
};
