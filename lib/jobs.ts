// Every scheduled job of the service. Each becomes POST /api/cron/{name} and runs every minute in-process.
import type { Job } from "@/lib/cron/job";
import { idempotencyCleanup } from "@/lib/system/idempotency-cleanup";
import { paymentOrdersJob, paymentReconcileJob } from "@/lib/payments/jobs";
import { webhooksJob } from "@/lib/webhooks/job";
import { paymentLinksJob } from "@/lib/links/routes";
import { virtualCardsJob } from "@/lib/cards/lifecycle";
import { reservationsExpiryJob } from "@/lib/reservations/routes";
import { securityCleanup } from "@/lib/system/security-cleanup";

export const jobs: Job[] = [];
jobs.push(paymentOrdersJob);
jobs.push(paymentReconcileJob);
jobs.push(webhooksJob);
jobs.push(reservationsExpiryJob);
jobs.push(paymentLinksJob);
jobs.push(virtualCardsJob);
jobs.push(idempotencyCleanup);
jobs.push(securityCleanup);
