import type { Job } from "@/lib/cron/job";
import { expirePaymentOrders } from "./service";
import { reconcilePayments } from "./settle";

/**
 * Cash references (72 h) and abandoned bank transfers (2 h) expire. With Wompi, Wompi is asked first about every
 * pending order (a payment whose event was lost is credited, not expired): lib/wompi/jobs.ts wraps both jobs, as
 * lib/wompi sits above payments.
 */
export const paymentOrdersJob: Job = {
  name: "payment-orders",
  summary: "Vence las órdenes de pago en efectivo y por transferencia que pasaron su plazo",
  run: ({ database, now }) => expirePaymentOrders(database, now),
};

/** Card payments left pending (crash, lost answer, database failure) are settled or voided; reversals retried. */
export const paymentReconcileJob: Job = {
  name: "payment-reconcile",
  summary: "Concilia con la pasarela los pagos con tarjeta que quedaron pendientes y reintenta anulaciones y reembolsos",
  run: ({ database, now }) => reconcilePayments(database, now),
};
