// Wompi's two hashes and our money in its units (docs/payments.md "Wompi"; docs.wompi.co "Widget & Checkout
// Web" and "Eventos"). Pure functions: no I/O, no secrets kept, nothing logged.
import crypto from "node:crypto";

/** COP text as we store it ("350000.00", "199999.5", "12") to Wompi's integer cents. Never through a float. */
export function toCents(amount: string | { toFixed(d: number): string }): number {
  const text = typeof amount === "string" ? amount.trim() : amount.toFixed(2);
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError("el monto debe ser un número positivo con hasta 2 decimales");
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) throw new RangeError("el monto es demasiado grande");
  return cents;
}

/** Wompi's integer cents back to our decimal text ("350000.00"). */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError("centavos inválidos");
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * The integrity signature sent with POST /transactions: SHA-256 hex of reference + amount_in_cents + currency
 * (+ expiration_time when one is sent) + the integrity secret.
 */
export function integritySignature(input: { reference: string; amountInCents: number; currency: string; expirationTime?: string }, integritySecret: string): string {
  const { reference, amountInCents, currency, expirationTime } = input;
  return crypto
    .createHash("sha256")
    .update(`${reference}${amountInCents}${currency}${expirationTime ?? ""}${integritySecret}`, "utf8")
    .digest("hex");
}

/** The fields of an event Wompi signs: `signature.properties` (paths read inside `data`), `timestamp`. */
export interface SignedEvent {
  data: unknown;
  timestamp: number;
  signature: { properties: string[]; checksum?: string };
}

/** The value at a dotted path inside `data` ("transaction.amount_in_cents"); undefined when absent or not a scalar. */
export function valueAt(data: unknown, path: string): string | undefined {
  let cur: unknown = data;
  for (const part of path.split(".")) {
    if (cur === null || typeof cur !== "object" || Array.isArray(cur) || !Object.prototype.hasOwnProperty.call(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  if (typeof cur === "string") return cur;
  if (typeof cur === "number" && Number.isFinite(cur)) return String(cur);
  if (typeof cur === "boolean") return String(cur);
  return undefined;
}

/**
 * An event's checksum: SHA-256 hex of the values of `signature.properties` in the order given, then `timestamp`,
 * then the events secret. Undefined when a signed property has no scalar value (the event cannot be checked).
 */
export function eventChecksum(event: SignedEvent, eventsSecret: string): string | undefined {
  const values: string[] = [];
  for (const p of event.signature.properties) {
    const v = valueAt(event.data, p);
    if (v === undefined) return undefined;
    values.push(v);
  }
  return crypto.createHash("sha256").update(`${values.join("")}${event.timestamp}${eventsSecret}`, "utf8").digest("hex");
}

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** Compares a received checksum with the one computed, in constant time (hex compared case-insensitively). */
export function checksumMatches(received: string, expected: string): boolean {
  if (!HEX64.test(received) || !HEX64.test(expected)) return false;
  return crypto.timingSafeEqual(Buffer.from(received.toLowerCase(), "ascii"), Buffer.from(expected.toLowerCase(), "ascii"));
}
