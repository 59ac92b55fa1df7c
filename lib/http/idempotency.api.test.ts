import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/lib/testing/db";
import type { Database } from "@/lib/db/open";
import { withIdempotency, requestFingerprint } from "./idempotency";
import { HttpError } from "./errors";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const now = new Date("2026-11-22T12:00:00Z");

describe("Idempotency-Key records", () => {
  it("run the work once for 10 concurrent requests with one key, and replay its answer", async () => {
    let runs = 0;
    const fp = requestFingerprint("POST", "/x", '{"a":1}');
    const work = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 50));
      return { status: 200, body: { n: runs } };
    };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => withIdempotency(db, { scope: "agency:1", key: "k-race", route: "/x", fingerprint: fp, now }, work)),
    );
    expect(runs).toBe(1);
    const ok = results.filter((r) => r.status === "fulfilled");
    const busy = results.filter((r) => r.status === "rejected");
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // The others either saw the work in progress (409) or, when they came after it, its stored answer.
    for (const r of busy) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(HttpError);
    for (const r of busy) expect(((r as PromiseRejectedResult).reason as HttpError).status).toBe(409);
    const replay = await withIdempotency(db, { scope: "agency:1", key: "k-race", route: "/x", fingerprint: fp, now }, work);
    expect(replay).toMatchObject({ status: 200, body: { n: 1 }, replayed: true });
    expect(runs).toBe(1);
  });

  it("refuse the same key with another body (409) and scope keys per caller", async () => {
    const a = requestFingerprint("POST", "/x", '{"a":1}');
    const b = requestFingerprint("POST", "/x", '{"a":2}');
    await withIdempotency(db, { scope: "agency:2", key: "k1", route: "/x", fingerprint: a, now }, async () => ({ status: 200, body: { ok: true } }));
    await expect(withIdempotency(db, { scope: "agency:2", key: "k1", route: "/x", fingerprint: b, now }, async () => ({ status: 200, body: {} }))).rejects.toMatchObject({
      status: 409,
    });
    const other = await withIdempotency(db, { scope: "agency:3", key: "k1", route: "/x", fingerprint: b, now }, async () => ({ status: 200, body: { mine: true } }));
    expect(other).toMatchObject({ body: { mine: true }, replayed: false });
  });

  it("forget failures of ours (5xx) so the client can retry, and expire after 24 h", async () => {
    const fp = requestFingerprint("POST", "/y", "{}");
    const first = await withIdempotency(db, { scope: "s", key: "k5", route: "/y", fingerprint: fp, now }, async () => ({ status: 500, body: { code: "500" } }));
    expect(first.status).toBe(500);
    const retry = await withIdempotency(db, { scope: "s", key: "k5", route: "/y", fingerprint: fp, now }, async () => ({ status: 200, body: { ok: 1 } }));
    expect(retry).toMatchObject({ status: 200, replayed: false });
    const later = new Date(now.getTime() + 25 * 3600_000);
    const fresh = await withIdempotency(db, { scope: "s", key: "k5", route: "/y", fingerprint: fp, now: later }, async () => ({ status: 200, body: { ok: 2 } }));
    expect(fresh).toMatchObject({ body: { ok: 2 }, replayed: false });
  });

  it("reject malformed keys with 400", async () => {
    await expect(
      withIdempotency(db, { scope: "s", key: "has space", route: "/y", fingerprint: "f", now }, async () => ({ status: 200, body: {} })),
    ).rejects.toMatchObject({ status: 400 });
  });
});
