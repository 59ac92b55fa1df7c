// Every scheduled job of the service, each from its capability's jobs.ts (docs/architecture.md). Each becomes
// POST /api/cron/{name} and runs every minute in-process.
import type { Job } from "@/lib/cron/job";
import { idempotencyCleanup, securityCleanup } from "@/lib/system/jobs";
import { paymentOrdersJob, paymentReconcileJob } from "@/lib/payments/jobs";
import { webhooksJob } from "@/lib/webhooks/jobs";
import { arrivalsDigestJob, emailsJob } from "@/lib/mail/jobs";
import { paymentLinksJob } from "@/lib/links/jobs";
import { virtualCardsJob } from "@/lib/cards/jobs";
import { reservationsExpiryJob } from "@/lib/reservations/jobs";
import { channelGuestsJob, channelHoldsJob } from "@/lib/gateways/jobs";
import { askingWompiFirst, wompiEventsJob } from "@/lib/wompi/jobs";
import { channexBookingsJob, channexSyncJob } from "@/lib/gateways/channex/jobs";
import "@/lib/payments/voucher-attachment"; // e-mails attach vouchers (lib/mail/attachments.ts)

export const jobs: Job[] = [];
jobs.push(askingWompiFirst(paymentOrdersJob));
jobs.push(askingWompiFirst(paymentReconcileJob));
jobs.push(webhooksJob);
jobs.push(emailsJob);
jobs.push(arrivalsDigestJob);
jobs.push(reservationsExpiryJob);
jobs.push(channelHoldsJob);
jobs.push(channelGuestsJob);
jobs.push(channexSyncJob);
jobs.push(channexBookingsJob);
jobs.push(paymentLinksJob);
jobs.push(virtualCardsJob);
jobs.push(idempotencyCleanup);
jobs.push(securityCleanup);
jobs.push(wompiEventsJob);
