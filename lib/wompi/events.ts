// Wompi's events, received (docs/payments.md "Wompi events"). Every body is hostile until its checksum is
// verified: SHA-256 of the values of `signature.properties` (read inside `data`, in order), then `timestamp`,
// then the events secret, compared in constant time. Unverifiable or wrong: 401 and no payment touched (the
// refusal is recorded, at most UNVERIFIED_PER_HOUR rows an hour, so a misconfigured secret shows up on the
// operator's page). Verified: 200, whatever we make of it, so Wompi stops retrying; recorded once per
// (transaction, status), repeats counted, and handed to the apply hook (lib/wompi/apply.ts) until applied.
//
// Replays are harmless because each (transaction, status) is applied once, not because of a short time window:
// Wompi retries the same event for up to 24 hours. A verified event older than EVENT_MAX_AGE_MS (well past
// Wompi's last retry) or from more than EVENT_MAX_FUTURE_MS ahead is still answered 200 but refused: only
// someone replaying a captured event sends those.
import crypto from "node:crypto";
import type { Database } from "@/lib/db/open";
import type { Logger } from "@/lib/http/log";
import { checksumMatches, eventChecksum } from "@/lib/gateways/wompi/signatures";
import { WOMPI_STATUSES, type WompiStatus } from "@/lib/gateways/wompi/types";
import { wompiEventApplier } from "./apply";
import { deleteRefusalsBefore, latestEvents, recordApplyResult, unverifiedSince, upsertEvent, type EventFacts } from "./store";

export const EVENT_MAX_AGE_MS = 72 * 60 * 60_000;
export const EVENT_MAX_FUTURE_MS = 60 * 60_000;
/** Refusals of unverified bodies recorded per hour; beyond it only a log line (a flood fills no table). */
export const UNVERIFIED_PER_HOUR = 1000;
/** The transaction fields we act on must be among the signed ones: the others are hints. */
export const REQUIRED_SIGNED = ["transaction.id", "transaction.status", "transaction.amount_in_cents"] as const;

export type RefusalReason =
  /** Unverified (401). */
  | "missing_signature"
  | "malformed_signature"
  | "checksum_header_mismatch"
  | "unverifiable"
  | "bad_checksum"
  /** Verified (200) but not acted on. */
  | "unsupported_event"
  | "wrong_environment"
  | "unsigned_fields"
  | "malformed"
  | "stale"
  | "future";

export const REFUSAL_TEXT: Record<RefusalReason, string> = {
  missing_signature: "sin firma (signature.checksum, signature.properties o timestamp)",
  malformed_signature: "firma mal formada",
  checksum_header_mismatch: "el encabezado X-Event-Checksum no coincide con el cuerpo",
  unverifiable: "falta un valor firmado",
  bad_checksum: "checksum inválido (¿secreto de eventos equivocado?)",
  unsupported_event: "tipo de evento que no se procesa",
  wrong_environment: "evento de otro ambiente (pruebas / producción)",
  unsigned_fields: "el evento no firma el id, el estado y el monto de la transacción",
  malformed: "transacción ilegible",
  stale: "evento demasiado antiguo (repetición)",
  future: "evento con fecha futura",
};

export interface EventContext {
  database: Database;
  now: Date;
  eventsSecret: string;
  /** The environment our keys belong to: Wompi's `environment` field (`test` or `prod`). */
  environment: "test" | "prod";
  /** X-Event-Checksum, when sent. */
  headerChecksum: string | null;
  log: Logger;
}

export type EventAnswer =
  | { status: 200; body: { received: true; outcome: "accepted" | "refused"; reason: string | null; duplicate: boolean; applied: boolean } }
  | { status: 401; reason: RefusalReason };

type Facts = EventFacts;

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);
const text = (x: unknown, max: number): string | null => (typeof x === "string" && x.length > 0 ? x.slice(0, max) : null);
const PROPERTY = /^[A-Za-z0-9_]{1,64}(\.[A-Za-z0-9_]{1,64}){0,5}$/;
const HEX64 = /^[0-9a-fA-F]{64}$/;

/** What the body says, each field cut to size; nothing here is trusted before verification. */
function factsOf(body: Record<string, unknown>): Facts {
  const tx = isObject(body.data) && isObject(body.data.transaction) ? body.data.transaction : {};
  const amount = tx.amount_in_cents;
  const ts = body.timestamp;
  return {
    event: text(body.event, 64),
    environment: text(body.environment, 16),
    transactionId: text(tx.id, 100),
    reference: text(tx.reference, 255),
    status: text(tx.status, 16),
    amountInCents: typeof amount === "number" && Number.isSafeInteger(amount) && amount >= 0 ? amount : null,
    currency: text(tx.currency, 8),
    timestamp: typeof ts === "number" && Number.isSafeInteger(ts) && ts >= 0 ? ts : null,
  };
}

/** Receives one event body (already JSON, an object): verifies, records, applies. */
export async function receiveWompiEvent(ctx: EventContext, body: Record<string, unknown>): Promise<EventAnswer> {
  const facts = factsOf(body);
  const unverified = await verify(ctx, body, facts);
  if (unverified) {
    await recordUnverified(ctx, facts, unverified);
    return { status: 401, reason: unverified };
  }
  const checksum = String((body.signature as Record<string, unknown>).checksum).toLowerCase();
  const reason = refusalOfVerified(ctx, body, facts);
  if (reason) {
    const row = await upsert(ctx, `v:${reason}:${checksum}`, facts, { verified: true, outcome: "refused", reason });
    ctx.log.warn("wompi_event_refused", { reason, transaction: facts.transactionId, status: facts.status });
    return { status: 200, body: { received: true, outcome: "refused", reason: REFUSAL_TEXT[reason], duplicate: !row.first, applied: false } };
  }
  const row = await upsert(ctx, `tx:${facts.transactionId}:${facts.status}`, facts, { verified: true, outcome: "accepted", reason: null });
  let applied = row.applied;
  if (!applied) applied = await apply(ctx, row.id, facts);
  return { status: 200, body: { received: true, outcome: "accepted", reason: null, duplicate: !row.first, applied } };
}

/** Null when the checksum is verified; else why not. */
async function verify(ctx: EventContext, body: Record<string, unknown>, facts: Facts): Promise<RefusalReason | null> {
  const sig = body.signature;
  if (!isObject(sig) || sig.checksum === undefined || sig.properties === undefined || body.timestamp === undefined || !isObject(body.data)) return "missing_signature";
  const props = sig.properties;
  if (
    typeof sig.checksum !== "string" ||
    !HEX64.test(sig.checksum) ||
    !Array.isArray(props) ||
    props.length === 0 ||
    props.length > 16 ||
    !props.every((p) => typeof p === "string" && PROPERTY.test(p)) ||
    facts.timestamp === null
  ) {
    return "malformed_signature";
  }
  if (ctx.headerChecksum !== null && ctx.headerChecksum.trim().toLowerCase() !== sig.checksum.toLowerCase()) return "checksum_header_mismatch";
  const expected = eventChecksum({ data: body.data, timestamp: facts.timestamp, signature: { properties: props as string[] } }, ctx.eventsSecret);
  if (expected === undefined) return "unverifiable";
  return checksumMatches(sig.checksum, expected) ? null : "bad_checksum";
}

/** A verified event we still do not act on, or null. */
function refusalOfVerified(ctx: EventContext, body: Record<string, unknown>, f: Facts): RefusalReason | null {
  if (f.event !== "transaction.updated") return "unsupported_event";
  if (f.environment !== null && f.environment !== ctx.environment) return "wrong_environment";
  const props = (body.signature as { properties: string[] }).properties;
  if (!REQUIRED_SIGNED.every((p) => props.includes(p))) return "unsigned_fields";
  if (!f.transactionId || !f.status || !WOMPI_STATUSES.includes(f.status as WompiStatus) || f.amountInCents === null) return "malformed";
  const ageMs = ctx.now.getTime() - f.timestamp! * 1000;
  if (ageMs > EVENT_MAX_AGE_MS) return "stale";
  if (-ageMs > EVENT_MAX_FUTURE_MS) return "future";
  return null;
}

interface RowState {
  id: number;
  applied: boolean;
  first: boolean;
}

/** One row per key: the first receipt inserts, repeats count (times_received, last_received_at). */
async function upsert(ctx: EventContext, key: string, f: Facts, o: { verified: boolean; outcome: "accepted" | "refused"; reason: RefusalReason | null }): Promise<RowState> {
  const r = await upsertEvent(ctx.database, key, ctx.now, f, o);
  return { id: Number(r.id), applied: r.applied, first: Number(r.times_received) === 1 };
}

async function recordUnverified(ctx: EventContext, f: Facts, reason: RefusalReason): Promise<void> {
  const recent = await unverifiedSince(ctx.database, new Date(ctx.now.getTime() - 60 * 60_000));
  ctx.log.warn("wompi_event_unverified", { reason, transaction: f.transactionId, status: f.status });
  if (recent >= UNVERIFIED_PER_HOUR) return;
  const key = `u:${reason}:${crypto.createHash("sha256").update(JSON.stringify([f.transactionId, f.status, f.amountInCents, f.timestamp])).digest("hex").slice(0, 32)}`;
  await upsert(ctx, key, f, { verified: false, outcome: "refused", reason });
}

/** Hands an accepted event to the apply hook; marks it applied when the hook says so. A hook failure is recorded, never a 500. */
async function apply(ctx: EventContext, id: number, f: Facts): Promise<boolean> {
  let result: { applied: boolean; result: string };
  try {
    result = await wompiEventApplier()(
      ctx.database,
      { eventId: id, transactionId: f.transactionId!, status: f.status as WompiStatus, amountInCents: f.amountInCents!, reference: f.reference, currency: f.currency },
      ctx.now,
    );
  } catch (e) {
    ctx.log.error("wompi_event_apply_failed", { event: id, error: (e as Error)?.name, message: String((e as Error)?.message ?? e).split("\n")[0].slice(0, 200) });
    result = { applied: false, result: "error" };
  }
  return (await recordApplyResult(ctx.database, id, result.applied, ctx.now, result.result.slice(0, 64))) ?? true; // null: another delivery marked it applied first
}

/** The latest events received, newest first (the operator's "Pasarela" page in phase 2, and tests). */
export async function recentWompiEvents(database: Database, limit = 50) {
  return latestEvents(database, Math.min(Math.max(1, limit), 500));
}

/** Job wompi-events: refusals older than 30 days are forgotten (accepted events are kept: they are the audit trail). */
export async function pruneWompiEvents(database: Database, now: Date): Promise<number> {
  return deleteRefusalsBefore(database, new Date(now.getTime() - 30 * 24 * 60 * 60_000));
}
