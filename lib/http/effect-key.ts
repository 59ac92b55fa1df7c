// The effect key (docs/decisions.md 7.11, issue 24): the caller and Idempotency-Key of the request that creates a
// row, and the request's fingerprint. The creating service writes them in the row's own INSERT (columns idem_scope,
// idem_key, idem_hash, unique per caller), so the idempotency record and the effect it guards are one fact: a retry
// after any crash (a lease taken over, a record lost to a 5xx) finds the row the first attempt made and answers from
// it, never making a second one; where the first attempt left nothing, the retry runs. Passed down explicitly.
import { conflict } from "./errors";

export interface EffectKey {
  readonly scope: string;
  readonly key: string;
  /** The request fingerprint (lib/http/idempotency.ts requestFingerprint). */
  readonly hash: string;
  /** Set by a service that answered from the row an earlier attempt made: the answer is marked Idempotent-Replayed. */
  replayed: boolean;
}

export function effectKey(scope: string, key: string, hash: string): EffectKey {
  return { scope, key, hash, replayed: false };
}

/** The columns to write with the created row (none without a key). */
export function effectColumns(ek: EffectKey | null | undefined): { idemScope?: string; idemKey?: string; idemHash?: string } {
  return ek ? { idemScope: ek.scope, idemKey: ek.key, idemHash: ek.hash } : {};
}

/** Prisma's where for the row made with this key. */
export function effectWhere(ek: EffectKey) {
  return { idemScope_idemKey: { idemScope: ek.scope, idemKey: ek.key } };
}

/**
 * The row an earlier attempt made with this key, when there is one: the request is then a replay (marked), or a
 * 409 when the key was used for another request (a reuse after the 24 h record expired).
 */
export function earlierEffect<T extends { idemHash: string | null }>(ek: EffectKey | null | undefined, row: T | null): T | null {
  if (!ek || !row) return null;
  if (row.idemHash !== ek.hash) throw conflict("Idempotency-Key: la clave ya se usó con otra solicitud");
  ek.replayed = true;
  return row;
}

/** A unique violation of the (idem_scope, idem_key) index: a concurrent attempt with the key made the row first. */
export function isEffectKeyViolation(e: unknown): boolean {
  for (let x = e as { code?: unknown; meta?: { target?: unknown; constraint?: unknown }; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++) {
    const text = JSON.stringify([x.meta?.target ?? null, x.meta?.constraint ?? null, x.constraint ?? null, typeof x.message === "string" ? x.message : null]);
    if ((x.code === "P2002" || x.code === "23505") && /idem_key|idemKey/.test(text)) return true;
  }
  return false;
}
