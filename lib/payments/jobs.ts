import type { Job } from "@/lib/cron/job";
import { expirePaymentOrders } from "./service";

/** Cash references (72 h) and abandoned bank transfers (2 h) expire. */
export const paymentOrdersJob: Job = {
  name: "payment-orders",
  summary: "Vence las órdenes de pago en efectivo y por transferencia que pasaron su plazo",
  run: ({ db, now }) => expirePaymentOrders(db, now),
};
