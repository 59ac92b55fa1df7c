// Idempotency-Key (docs/decisions.md 7.11): the same key and body within 24 h returns the first answer again
// without doing the work twice; the same key with another body is a 409. The unique (scope, key) row,
// inserted before the work starts, is what makes two racing requests with one key run the work once.
// While the work runs the record holds a lease (IDEMPOTENCY_LEASE_SECONDS, 60 s, renewed every quarter of
// it): a record whose request crashed is taken over by the next request with the key once its lease ran out,
// instead of answering "in progress" for 24 h.
import crypto from "node:crypto";
import type { Database } from "@/lib/db/open";
import { badRequest, conflict } from "./errors";
import { systemClock, type Clock } from "@/lib/clock";

export interface StoredResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const TTL_MS = 24 * 60 * 60 * 1000;

export function requestFingerprint(method: string, path: string, body: string): string {
  return crypto.createHash("sha256").update(`${method}\n${path}\n${body}`).digest("hex");
}

export function checkIdempotencyKey(key: string) {
  if (key.length < 1 || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest("Idempotency-Key: debe tener entre 1 y 255 caracteres visibles ASCII");
  }
}

/** How long an in-progress record stays its request's own without a renewal (IDEMPOTENCY_LEASE_SECONDS, 60 s). */
export function leaseMs(): number {
  const s = Number(process.env.IDEMPOTENCY_LEASE_SECONDS ?? 60);
  return (Number.isFinite(s) && s > 0 ? s : 60) * 1000;
}

export interface IdempotencyOptions {
  scope: string;
  key: string;
  route: string;
  fingerprint: string;
  now: Date;
  /** "now" while the work runs, for lease renewals (default: the system clock). */
  clock?: Clock;
  /** Lease length (default leaseMs()). */
  leaseMs?: number;
  /** How often the owner renews its lease (default a quarter of the lease: 15 s). */
  renewEveryMs?: number;
}

export async function withIdempotency(db: Database, opts: IdempotencyOptions, run: () => Promise<StoredResponse>): Promise<StoredResponse & { replayed: boolean }> {
  checkIdempotencyKey(opts.key);
  const { scope, key, route, fingerprint, now } = opts;
  const clock = opts.clock ?? systemClock;
  const lease = opts.leaseMs ?? leaseMs();
  const renewEvery = opts.renewEveryMs ?? Math.max(10, Math.floor(lease / 4));
  const token = crypto.randomUUID();
  const leaseEnd = (at: Date) => new Date(at.getTime() + lease).toISOString();

  /** Runs the work as the record's owner, renewing the lease meanwhile; stores (or forgets) the answer. */
  const own = async (id: number): Promise<StoredResponse & { replayed: boolean }> => {
    const renew = setInterval(() => {
      db.sql
        .query(`UPDATE idempotency_records SET lease_until = $3 WHERE id = $1 AND lease_token = $2 AND state = 'in_progress'`, [id, token, leaseEnd(clock.now())])
        .catch(() => undefined); // a missed renewal only shortens the lease
    }, renewEvery);
    renew.unref?.();
    let res: StoredResponse;
    try {
      res = await run();
    } catch (e) {
      clearInterval(renew);
      await db.sql.query(`DELETE FROM idempotency_records WHERE id = $1 AND lease_token = $2`, [id, token]);
      throw e;
    }
    clearInterval(renew);
    if (res.status >= 500 || res.status === 202) {
      // A failure of ours should not be replayed: let the client retry with the same key. Nor a 202 (accepted, outcome
      // not known yet: a card payment in verification): the retry asks the row the key is written on again, and
      // answers its final outcome once the reconciliation job knows it (the row carries the key: no second effect).
      await db.sql.query(`DELETE FROM idempotency_records WHERE id = $1 AND lease_token = $2`, [id, token]);
    } else {
      // Only while still the owner: a request that outlived its lease lost the record to a newer one.
      await db.sql.query(
        `UPDATE idempotency_records SET state = 'done', response_status = $3, response_body = $4, lease_until = NULL WHERE id = $1 AND lease_token = $2`,
        [id, token, res.status, JSON.stringify({ body: res.body, headers: res.headers ?? {} })],
      );
    }
    return { ...res, replayed: false };
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db.sql.query<{ id: number }>(
      `INSERT INTO idempotency_records (scope, key, route, request_hash, state, created_at, expires_at, lease_until, lease_token)
       VALUES ($1, $2, $3, $4, 'in_progress', $5, $6, $7, $8) ON CONFLICT (scope, key) DO NOTHING RETURNING id`,
      [scope, key, route, fingerprint, now.toISOString(), new Date(now.getTime() + TTL_MS).toISOString(), leaseEnd(now), token],
    );
    if (inserted.length === 1) return own(inserted[0].id);
    const rows = await db.sql.query<{
      id: number;
      route: string;
      request_hash: string;
      state: string;
      response_status: number | null;
      response_body: string | null;
      expires_at: Date | string;
      lease_until: Date | string | null;
    }>(`SELECT id, route, request_hash, state, response_status, response_body, expires_at, lease_until FROM idempotency_records WHERE scope = $1 AND key = $2`, [
      scope,
      key,
    ]);
    const existing = rows[0];
    if (!existing) continue; // deleted meanwhile: try to insert again
    if (new Date(existing.expires_at).getTime() <= now.getTime()) {
      await db.sql.query(`DELETE FROM idempotency_records WHERE id = $1`, [existing.id]);
      continue;
    }
    if (existing.request_hash !== fingerprint || existing.route !== route) {
      throw conflict("Idempotency-Key: la clave ya se usó con otra solicitud");
    }
    if (existing.state !== "done" || existing.response_status === null) {
      // In progress. Its lease ran out (the request that held it crashed or hung): take it over, once.
      const leaseUntil = existing.lease_until === null ? 0 : new Date(existing.lease_until).getTime();
      if (leaseUntil <= now.getTime()) {
        const taken = await db.sql.query<{ id: number }>(
          `UPDATE idempotency_records SET lease_until = $2, lease_token = $3, created_at = $4
           WHERE id = $1 AND state = 'in_progress' AND (lease_until IS NULL OR lease_until <= $4) RETURNING id`,
          [existing.id, leaseEnd(now), token, now.toISOString()],
        );
        if (taken.length === 1) return own(existing.id);
      }
      throw conflict("Idempotency-Key: una solicitud con esta clave todavía está en curso");
    }
    const stored = JSON.parse(existing.response_body ?? "{}") as { body: unknown; headers: Record<string, string> };
    return { status: existing.response_status, body: stored.body, headers: stored.headers, replayed: true };
  }
  throw conflict("Idempotency-Key: no se pudo registrar la clave; reintente");
}
