// The mail worker (the `emails` job): claims due e-mails (row lock + lease, SKIP LOCKED, as lib/webhooks/deliver.ts),
// renders each one, sends it through SMTP (or keeps it when there is no SMTP_URL) and records the outcome only if
// its claim still owns it. N instances and an external cron never send one e-mail twice while the lease holds.
import type { Database } from "@/lib/db/open";
import { config } from "@/lib/config";
import { log } from "@/lib/http/log";
import { instanceId } from "@/lib/runtime/instance";
import { mailSettings } from "./config";
import { renderEmail } from "./render";
import { sendMail, SMTP_TIMEOUT_MS, type SendOutcome } from "./transport";
import { attachmentRefs, makeAttachment } from "./attachments";
import { mailRetryDelayMs } from "./retry";
import { SUPPRESSED_REASONS } from "./outbox";
import { isAddressSuppressed, recordEmailOutcome, suppressAddress, type EmailOutcome } from "./store";
import { claimDue, releaseLeases } from "@/lib/db/leased-queue";

/** A claimed e-mail stays reserved this long (MAIL_LEASE_MS, default 2 min), never less than a slow SMTP exchange. */
export function mailLeaseMs(): number {
  const n = Number(process.env.MAIL_LEASE_MS ?? 120_000);
  return Math.max(3 * SMTP_TIMEOUT_MS + 5_000, Number.isFinite(n) ? n : 120_000);
}
const BATCH = 10;
const MAX_PER_RUN = 500;

interface Claimed {
  id: string;
  recipient: string;
  recipient_name: string | null;
  template: string;
  locale: string;
  data: unknown;
  attempt_count: number;
}

const CLAIMED_COLUMNS = ["id", "recipient", "recipient_name", "template", "locale", "data", "attempt_count"] as const;

function claim(database: Database, now: Date, max: number): Promise<Claimed[]> {
  return claimDue<Claimed & Record<string, unknown>>(database, "emails", CLAIMED_COLUMNS, { now, leaseMs: mailLeaseMs(), limit: max, owner: instanceId() });
}

type Outcome = EmailOutcome;

function record(database: Database, e: Claimed, at: Date, o: Outcome): Promise<boolean> {
  return recordEmailOutcome(database.sql, e.id, e.attempt_count, at, o);
}

function outcomeOf(e: Claimed, now: Date, r: SendOutcome): Outcome {
  if (r.ok) return { status: "sent", error: null, retryAt: null };
  if (r.permanent) return { status: "failed", error: r.error, retryAt: null };
  const delay = mailRetryDelayMs(e.attempt_count);
  return delay === null ? { status: "failed", error: r.error, retryAt: null } : { status: "pending", error: r.error, retryAt: new Date(now.getTime() + delay) };
}

async function attempt(database: Database, e: Claimed, now: Date): Promise<void> {
  const settings = mailSettings();
  if (await isAddressSuppressed(database.sql, e.recipient)) {
    await record(database, e, now, { status: "suppressed", error: SUPPRESSED_REASONS.address, retryAt: null });
    return;
  }
  if (settings.kind === "outbox") {
    // No SMTP_URL: the e-mail stays in the outbox for the operator to read in 'Correos'.
    await record(database, e, now, { status: "kept", error: null, retryAt: null });
    return;
  }
  const locale = e.locale === "en" ? "en" : "es";
  const rendered = await renderEmail(e.template, e.data, locale, config().publicBaseUrl);
  const attachments = await Promise.all(attachmentRefs(e.data).map((a) => makeAttachment(database, a)));
  const result = await sendMail(settings, { id: e.id, to: { name: e.recipient_name, address: e.recipient }, subject: rendered.subject, html: rendered.html, text: rendered.text, attachments });
  const o = outcomeOf(e, now, result);
  if (!result.ok && result.addressRefused) {
    await suppressAddress(database.sql, e.recipient, result.error.slice(0, 300), now);
  }
  await record(database, e, now, o);
  log.info("email_attempt", { email: e.id, template: e.template, attempt: e.attempt_count, status: o.status });
}

/** Sends every e-mail due at `now`; returns how many were attempted. */
export async function sendDueEmails(database: Database, now: Date): Promise<number> {
  let processed = 0;
  while (processed < MAX_PER_RUN) {
    const batch = await claim(database, now, Math.min(BATCH, MAX_PER_RUN - processed));
    if (batch.length === 0) break;
    await Promise.all(
      batch.map((e) =>
        attempt(database, e, now).catch(async (err) => {
          // A template or attachment that could not be made: retried with the same backoff, then failed.
          log.error("email_attempt_failed", { email: e.id, error: (err as Error)?.name, message: String((err as Error)?.message ?? "").slice(0, 200) });
          await record(database, e, now, outcomeOf(e, now, { ok: false, permanent: false, addressRefused: false, error: "No se pudo preparar el correo" })).catch(() => undefined);
        }),
      ),
    );
    processed += batch.length;
  }
  return processed;
}

/** Shutdown: hands back this instance's leases so another instance sends them now. */
export function releaseOwnMailLeases(database: Database): Promise<number> {
  return releaseLeases(database, "emails", instanceId());
}
