// Job `reservations-expiry` (docs/decisions.md 9.1, 6.6): unpaid reservations past their deadline expire and free their rooms.
import type { Job } from "@/lib/cron/job";
import { expireDueReservations } from "./service";

export const reservationsExpiryJob: Job = {
  name: "reservations-expiry",
  summary: "Vence las reservas sin pagar al llegar su plazo, libera sus habitaciones y notifica a la agencia",
  run: ({ database, now }) => expireDueReservations(database, now),
};
