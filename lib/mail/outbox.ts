// The mail outbox (docs/emails.md): an e-mail is an `emails` row written in the same transaction as the fact it
// reports, once per (fact, recipient) (unique index, ON CONFLICT DO NOTHING), sent later by the `emails` job.
// Opt-outs, refused addresses and the rate limits are applied here, so a row always says what became of it.
import crypto from "node:crypto";
import type { SqlRunner } from "@/lib/db/migrate";
import { config } from "@/lib/config";
import { log } from "@/lib/http/log";
import { normalizeAddress, displayName } from "./address";
import { emailContent } from "./render";
import { TEMPLATES } from "./templates/catalog";
import type { Locale } from "./templates/types";
import { insertEmailOnce, optedOut, recipientState } from "./store";

/**
 * The caller's transaction: a Prisma transaction client, or a plain-SQL one through `sqlMailTx` (the booking and
 * the webhook worker write in plain SQL).
 */
export interface MailTx {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** A plain-SQL transaction (lib/db/open.ts `transaction`) seen as a MailTx. */
export const sqlMailTx = (sql: SqlRunner): MailTx => ({
  $queryRawUnsafe: <T,>(query: string, ...values: unknown[]) => sql.query(query, values) as Promise<T>,
});

export interface EmailInput {
  template: string;
  /** What happened, stable across retries of the fact ("payment:<id>:approved"): one e-mail per fact and recipient. */
  factKey: string;
  to: string | null | undefined;
  toName?: string | null;
  data: object;
  locale?: Locale;
  agencyId?: number | null;
  hotelId?: number | null;
  userId?: number | null;
  /** Who may have turned this (non-essential) e-mail off: "agency:12", "user:5". */
  optOutOwners?: string[];
}

export const newEmailId = () => `eml_${crypto.randomBytes(12).toString("base64url")}`;

const limit = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
};
/** E-mails to one address per hour, and from one agency's facts per hour; 0 turns the limit off. */
export const perRecipientHour = () => limit("MAIL_MAX_PER_RECIPIENT_HOUR", 30);
export const perAgencyHour = () => limit("MAIL_MAX_PER_AGENCY_HOUR", 500);

export const SUPPRESSED_REASONS = {
  address: "La dirección rechazó un correo antes; no se le envían más",
  optOut: "El destinatario desactivó este tipo de aviso (Preferencias de correo)",
  recipientLimit: "Límite de correos por hora a esta dirección alcanzado",
  agencyLimit: "Límite de correos por hora de la agencia alcanzado",
} as const;

/**
 * Writes the e-mail in the caller's transaction; returns its id, or null when nothing is owed (no valid address,
 * or already written for this fact and recipient). An e-mail its owner turned off, to a marked address or over a
 * rate limit is written `suppressed` with the reason.
 */
export async function enqueueEmail(tx: MailTx, input: EmailInput, now: Date): Promise<string | null> {
  const def = TEMPLATES[input.template];
  if (!def) throw new Error(`enqueueEmail: unknown template ${input.template}`);
  const to = normalizeAddress(input.to);
  if (!to) {
    log.warn("email_skipped_bad_address", { template: input.template });
    return null;
  }
  const locale: Locale = input.locale === "en" ? "en" : "es";
  // Turned off by its owner: still written, as `suppressed` with the reason, so 'Correos' shows it was not sent.
  const optedOutHere = !def.essential && !!input.optOutOwners && input.optOutOwners.length > 0 && (await optedOut(tx, input.optOutOwners, input.template));
  const subject = emailContent(input.template, input.data, locale, config().publicBaseUrl).subject;
  const state = await recipientState(tx, to, new Date(now.getTime() - 3_600_000), input.agencyId ?? null);
  let reason: string | null = null;
  if (optedOutHere) reason = SUPPRESSED_REASONS.optOut;
  else if (state?.suppressed) reason = SUPPRESSED_REASONS.address;
  else if (perRecipientHour() > 0 && (state?.to_recipient ?? 0) >= perRecipientHour()) reason = SUPPRESSED_REASONS.recipientLimit;
  else if (input.agencyId != null && perAgencyHour() > 0 && (state?.from_agency ?? 0) >= perAgencyHour()) reason = SUPPRESSED_REASONS.agencyLimit;
  if (reason === SUPPRESSED_REASONS.recipientLimit || reason === SUPPRESSED_REASONS.agencyLimit) log.warn("email_rate_limited", { template: input.template, agency: input.agencyId ?? null });
  return insertEmailOnce(tx, {
    id: newEmailId(),
    factKey: input.factKey.slice(0, 200),
    recipient: to,
    recipientName: displayName(input.toName),
    template: input.template,
    locale,
    subject,
    data: input.data,
    agencyId: input.agencyId ?? null,
    hotelId: input.hotelId ?? null,
    userId: input.userId ?? null,
    status: reason ? "suppressed" : "pending",
    nextAttemptAt: reason ? null : now,
    lastError: reason,
    createdAt: now,
  });
}
