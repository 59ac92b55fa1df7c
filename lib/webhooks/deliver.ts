// The delivery worker: claims due deliveries (row lock + lease, SKIP LOCKED), POSTs each one signed,
// and records the attempt. Used by the `webhooks` cron job and by kickDeliveries() right after commit.
import type { Database } from "@/lib/db/open";
import { config } from "@/lib/config";
import { log } from "@/lib/http/log";
import { generateWebhookSecret, signWebhook } from "./signing";
import { openWebhookSecret, sealWebhookSecret } from "./secret-box";
import { isAcknowledged, sendWebhook, ATTEMPT_TIMEOUT_MS, type SendResult } from "./send";
import { FAILURE_WARNING_STREAK, retryDelayMs } from "./retry";
import { instanceId } from "@/lib/runtime/instance";
import { claimDue, releaseLeases } from "@/lib/db/leased-queue";
import { sqlMailTx } from "@/lib/mail/outbox";
import { emailWebhookFailing } from "@/lib/mail/notices";
import { agencySecretRow, recordDeliveryAttempt, setSecretIfNone } from "./store";

/**
 * A claimed delivery stays reserved this long (WEBHOOK_LEASE_MS, default 60 s); never shorter than one attempt
 * can take plus a margin, or a slow receiver would get the same delivery from two instances.
 */
export function leaseMs(): number {
  const n = Number(process.env.WEBHOOK_LEASE_MS ?? 60_000);
  return Math.max(ATTEMPT_TIMEOUT_MS + 5_000, Number.isFinite(n) ? n : 60_000);
}
const BATCH = 10;
/** Upper bound per run so one call cannot run forever; the next run continues. */
const MAX_PER_RUN = 500;

interface Claimed {
  id: string;
  agency_id: number | null;
  url: string;
  payload: string;
  event: string;
  attempt_count: number;
}

const CLAIMED_COLUMNS = ["id", "agency_id", "url", "payload", "event", "attempt_count"] as const;

/** Claims up to `limit` due deliveries under a lease (lib/db/leased-queue.ts). */
function claim(database: Database, now: Date, limit: number): Promise<Claimed[]> {
  return claimDue<Claimed & Record<string, unknown>>(database, "webhook_deliveries", CLAIMED_COLUMNS, { now, leaseMs: leaseMs(), limit, owner: instanceId() });
}

/** The agency's signing secret; one is generated and stored when it has none yet. */
async function secretFor(database: Database, agencyId: number, cache: Map<number, string>): Promise<string | null> {
  const cached = cache.get(agencyId);
  if (cached) return cached;
  const row = await agencySecretRow(database.sql, agencyId);
  if (!row) return null;
  let stored = row.webhook_secret;
  if (!stored) {
    // Two workers may race here: the conditional update keeps the first secret, the other re-reads it.
    await setSecretIfNone(database.sql, agencyId, sealWebhookSecret(agencyId, generateWebhookSecret()));
    stored = (await agencySecretRow(database.sql, agencyId))?.webhook_secret ?? null;
  }
  // Stored sealed (lib/webhooks/secret-box.ts); opened only here, to sign.
  const secret = stored ? openWebhookSecret(agencyId, stored) : null;
  if (secret) cache.set(agencyId, secret);
  return secret;
}

/** Records the attempt and moves the delivery on, in one statement, only if this claim still owns it. */
async function record(database: Database, d: Claimed, at: Date, result: SendResult): Promise<void> {
  const ok = isAcknowledged(result);
  const delay = ok ? null : retryDelayMs(d.attempt_count);
  const status = ok ? "succeeded" : delay === null ? "failed" : "pending";
  const next = !ok && delay !== null ? new Date(at.getTime() + delay) : null;
  await database.transaction(async (sql) => {
    const hit = await recordDeliveryAttempt(sql, { deliveryId: d.id, attemptCount: d.attempt_count, at, result, status, nextAttemptAt: next, ok });
    // The attempt that makes the streak reach the warning tells the agency by e-mail, once per streak (docs/emails.md).
    if (!ok && hit && Number(hit.streak) === FAILURE_WARNING_STREAK) {
      const lastError = result.error ?? (result.statusCode !== null ? `HTTP ${result.statusCode}` : "Sin respuesta");
      await emailWebhookFailing(sqlMailTx(sql), Number(hit.agency_id), { deliveryId: d.id, attempt: d.attempt_count, url: d.url, failures: FAILURE_WARNING_STREAK, lastError }, at);
    }
  });
}

async function attempt(database: Database, d: Claimed, now: Date, secrets: Map<number, string>): Promise<void> {
  let result: SendResult;
  const secret = d.agency_id === null ? null : await secretFor(database, d.agency_id, secrets);
  if (!secret) {
    result = { statusCode: null, responseBody: null, error: "La agencia de esta entrega no existe", latencyMs: 0 };
  } else {
    // The timestamp is wall-clock time: receivers compare it with their own clock (replay window).
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      "content-type": "application/json",
      "user-agent": "HotelPay-Webhooks/1.0",
      "webhook-id": d.id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signWebhook(secret, d.id, timestamp, d.payload),
    };
    result = await sendWebhook(d.url, headers, d.payload, { allowPrivate: config().webhookAllowPrivate });
    if (result.statusCode !== null && result.statusCode >= 300 && result.statusCode < 400) {
      result = { ...result, error: `Redirección no seguida (HTTP ${result.statusCode})` };
    }
  }
  await record(database, d, now, result);
  log.info("webhook_attempt", { delivery: d.id, event: d.event, attempt: d.attempt_count, status: result.statusCode, ok: isAcknowledged(result), ms: result.latencyMs });
}

/** Sends every delivery due at `now`; returns how many attempts were made. */
export async function deliverDue(database: Database, now: Date): Promise<number> {
  let processed = 0;
  const secrets = new Map<number, string>();
  while (processed < MAX_PER_RUN) {
    const batch = await claim(database, now, Math.min(BATCH, MAX_PER_RUN - processed));
    if (batch.length === 0) break;
    await Promise.all(
      batch.map((d) =>
        // One broken delivery must not stop the others; its lease runs out and a later run retries it.
        attempt(database, d, now, secrets).catch((e) => log.error("webhook_attempt_failed", { delivery: d.id, error: (e as Error)?.name, message: String((e as Error)?.message ?? "").slice(0, 200) })),
      ),
    );
    processed += batch.length;
  }
  return processed;
}

/**
 * Shutdown: the leases this instance still holds are handed back, so another instance retries them now
 * rather than when the lease runs out. The receiver may have seen the attempt: the same webhook-id comes again.
 */
export function releaseOwnLeases(database: Database): Promise<number> {
  return releaseLeases(database, "webhook_deliveries", instanceId());
}
