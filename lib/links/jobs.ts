// Job `payment-links` (docs/decisions.md 9.1, 7.10): active links past their available_hours become expired.
import type { Job } from "@/lib/cron/job";
import { expireLinks } from "./service";

export const paymentLinksJob: Job = {
  name: "payment-links",
  summary: "Vence los enlaces de pago activos cuya vigencia (available_hours) terminó",
  run: ({ database, now }) => expireLinks(database, now),
};
