// Idempotency-Key (docs/decisions.md 7.11): the same key and body within 24 h returns the first answer again
// without doing the work twice; the same key with another body is a 409. The unique (scope, key) row,
// inserted before the work starts, is what makes two racing requests with one key run the work once.
import crypto from "node:crypto";
import type { Database } from "@/lib/db/open";
import { badRequest, conflict } from "./errors";

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

export async function withIdempotency(
  db: Database,
  opts: { scope: string; key: string; route: string; fingerprint: string; now: Date },
  run: () => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  checkIdempotencyKey(opts.key);
  const { scope, key, route, fingerprint, now } = opts;
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db.sql.query<{ id: number }>(
      `INSERT INTO idempotency_records (scope, key, route, request_hash, state, created_at, expires_at)
       VALUES ($1, $2, $3, $4, 'in_progress', $5, $6) ON CONFLICT (scope, key) DO NOTHING RETURNING id`,
      [scope, key, route, fingerprint, now.toISOString(), new Date(now.getTime() + TTL_MS).toISOString()],
    );
    if (inserted.length === 1) {
      const id = inserted[0].id;
      let res: StoredResponse;
      try {
        res = await run();
      } catch (e) {
        await db.sql.query(`DELETE FROM idempotency_records WHERE id = $1`, [id]);
        throw e;
      }
      if (res.status >= 500) {
        // A failure of ours should not be replayed: let the client retry with the same key.
        await db.sql.query(`DELETE FROM idempotency_records WHERE id = $1`, [id]);
      } else {
        await db.sql.query(
          `UPDATE idempotency_records SET state = 'done', response_status = $2, response_body = $3 WHERE id = $1`,
          [id, res.status, JSON.stringify({ body: res.body, headers: res.headers ?? {} })],
        );
      }
      return { ...res, replayed: false };
    }
    const rows = await db.sql.query<{
      id: number;
      route: string;
      request_hash: string;
      state: string;
      response_status: number | null;
      response_body: string | null;
      expires_at: Date | string;
    }>(`SELECT id, route, request_hash, state, response_status, response_body, expires_at FROM idempotency_records WHERE scope = $1 AND key = $2`, [
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
      throw conflict("Idempotency-Key: una solicitud con esta clave todavía está en curso");
    }
    const stored = JSON.parse(existing.response_body ?? "{}") as { body: unknown; headers: Record<string, string> };
    return { status: existing.response_status, body: stored.body, headers: stored.headers, replayed: true };
  }
  throw conflict("Idempotency-Key: no se pudo registrar la clave; reintente");
}
