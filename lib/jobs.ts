// Every scheduled job of the service. Each becomes POST /api/cron/{name} and runs every minute in-process.
import type { Job } from "@/lib/cron/job";
import { idempotencyCleanup } from "@/lib/system/idempotency-cleanup";
import { reservationsExpiryJob } from "@/lib/reservations/routes";

export const jobs: Job[] = [reservationsExpiryJob, idempotencyCleanup];
