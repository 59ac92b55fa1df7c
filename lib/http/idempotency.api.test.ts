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
    // The work holds until the nine others have their answer: each of them meets it in progress.
    let release!: () => void;
    const othersAnswered = new Promise<void>((r) => (release = r));
    let settled = 0;
    const work = async () => {
      runs += 1;
      await othersAnswered;
      return { status: 200, body: { n: runs } };
    };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        withIdempotency(db, { scope: "agency:1", key: "k-race", route: "/x", fingerprint: fp, now }, work).catch((e: unknown) => {
          if (++settled === 9) release();
          throw e;
        }),
      ),
    );
    expect(runs).toBe(1);
    const ok = results.filter((r) => r.status === "fulfilled");
    const busy = results.filter((r) => r.status === "rejected");
    expect(ok).toHaveLength(1);
    expect(busy).toHaveLength(9);
    // The others saw the work in progress (409).
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

describe("Idempotency-Key lease", () => {
  const fp = requestFingerprint("POST", "/lease", '{"a":1}');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it("a record whose request crashed is taken over once its lease (60 s) ran out, not pinned for 24 h", async () => {
    // A request that took the key and died: its record stays in_progress with a lease until now + 60 s.
    let ownerRuns!: () => void;
    const recordTaken = new Promise<void>((r) => (ownerRuns = r));
    const crashed = withIdempotency(db, { scope: "lease", key: "k-crash", route: "/lease", fingerprint: fp, now, renewEveryMs: 3_600_000 }, () => {
      ownerRuns();
      return new Promise<never>(() => undefined);
    });
    void crashed;
    await recordTaken;
    let runs = 0;
    const work = async () => ({ status: 201, body: { n: ++runs } });
    await expect(withIdempotency(db, { scope: "lease", key: "k-crash", route: "/lease", fingerprint: fp, now: at(59_000) }, work)).rejects.toMatchObject({ status: 409 });
    expect(runs).toBe(0);
    const taken = await withIdempotency(db, { scope: "lease", key: "k-crash", route: "/lease", fingerprint: fp, now: at(61_000) }, work);
    expect(taken).toMatchObject({ status: 201, body: { n: 1 }, replayed: false });
    // The take-over's answer is the one kept: later retries replay it.
    const replay = await withIdempotency(db, { scope: "lease", key: "k-crash", route: "/lease", fingerprint: fp, now: at(62_000) }, work);
    expect(replay).toMatchObject({ status: 201, body: { n: 1 }, replayed: true });
    expect(runs).toBe(1);
    // Another body with the key is still a conflict, lease or not.
    const other = requestFingerprint("POST", "/lease", '{"a":2}');
    await expect(withIdempotency(db, { scope: "lease", key: "k-crash", route: "/lease", fingerprint: other, now: at(200_000) }, work)).rejects.toMatchObject({ status: 409 });
  });

  it("a long request renews its lease while it runs, so it is not taken over", async () => {
    let clockNow = now;
    const clock = { now: () => clockNow };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let running!: () => void;
    const ownerRuns = new Promise<void>((r) => (running = r));
    const first = withIdempotency(db, { scope: "lease", key: "k-long", route: "/lease", fingerprint: fp, now, clock, leaseMs: 60_000, renewEveryMs: 20 }, async () => {
      running();
      await gate;
      return { status: 200, body: { first: true } };
    });
    await ownerRuns;
    // 45 s later by the clock, a renewal moves the lease to 45 + 60 = 105 s.
    clockNow = at(45_000);
    const leaseUntil = async () => new Date((await db.sql.query<{ lease_until: string | Date }>(`SELECT lease_until FROM idempotency_records WHERE scope = 'lease' AND key = 'k-long'`))[0].lease_until).getTime();
    // Waited on the renewal itself (every 20 ms), not on a fixed time.
    for (let i = 0; i < 250 && (await leaseUntil()) < at(105_000).getTime(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await leaseUntil()).toBeGreaterThanOrEqual(at(105_000).getTime());
    // At 70 s (past the first lease, inside the renewed one) a retry is still told "in progress".
    await expect(withIdempotency(db, { scope: "lease", key: "k-long", route: "/lease", fingerprint: fp, now: at(70_000) }, async () => ({ status: 200, body: { second: true } }))).rejects.toMatchObject({
      status: 409,
    });
    release();
    expect(await first).toMatchObject({ status: 200, body: { first: true }, replayed: false });
    expect(await withIdempotency(db, { scope: "lease", key: "k-long", route: "/lease", fingerprint: fp, now: at(80_000) }, async () => ({ status: 200, body: {} }))).toMatchObject({
      body: { first: true },
      replayed: true,
    });
  });

  it("a former owner that outlived its lease cannot overwrite the answer of the request that took over", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let taken!: () => void;
    const recordTaken = new Promise<void>((r) => (taken = r));
    const slow = withIdempotency(db, { scope: "lease", key: "k-slow", route: "/lease", fingerprint: fp, now, renewEveryMs: 3_600_000 }, async () => {
      taken();
      await gate;
      return { status: 200, body: { slow: true } };
    });
    await recordTaken;
    const fresh = await withIdempotency(db, { scope: "lease", key: "k-slow", route: "/lease", fingerprint: fp, now: at(61_000) }, async () => ({ status: 200, body: { fresh: true } }));
    expect(fresh.body).toEqual({ fresh: true });
    release();
    await slow;
    const replay = await withIdempotency(db, { scope: "lease", key: "k-slow", route: "/lease", fingerprint: fp, now: at(62_000) }, async () => ({ status: 200, body: {} }));
    expect(replay).toMatchObject({ body: { fresh: true }, replayed: true });
  });
});
