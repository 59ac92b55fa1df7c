// POST /api/gateways/wompi/events through real HTTP, with events sent by the fake Wompi and crafted by hand:
// a valid checksum answers 200 and is recorded once per (transaction, status); a bad or missing one answers 401
// and touches nothing; hostile bodies never make a 500; the apply hook is called until an event is applied.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestServer } from "@/lib/testing/server";
import { testTarget } from "@/lib/testing/db";
import { signWompiEvent, type FakeWompi, type WompiEventBody } from "@/lib/testing/fake-wompi";
import { startWompiApi, WOMPI_EVENTS_PATH, type WompiApi } from "@/lib/testing/wompi";
import type { WompiClient } from "@/lib/gateways/wompi/client";
import { setWompiEventApplier, type VerifiedTransactionEvent } from "./apply";
import { EVENT_MAX_AGE_MS, pruneWompiEvents, UNVERIFIED_PER_HOUR } from "./events";

const PATH = WOMPI_EVENTS_PATH;

let api: TestServer;
let fake: FakeWompi;
let w: WompiApi;
let client: WompiClient;

interface EventRow {
  dedupe_key: string;
  transaction_id: string | null;
  status: string | null;
  verified: boolean;
  outcome: string;
  reason: string | null;
  applied: boolean;
  apply_result: string | null;
  times_received: number;
}
const rows = (where = "TRUE", params: unknown[] = []) =>
  api.db.sql.query<EventRow>(`SELECT dedupe_key, transaction_id, status, verified, outcome, reason, applied, apply_result, times_received FROM wompi_events WHERE ${where} ORDER BY id`, params);

let refs = 0;
/** A Nequi transaction at the fake (approved or declined by the sandbox number), made final now unless asked not to. */
async function nequi(phone = "3991111111", opts: { finalNow?: boolean } = {}) {
  const reference = `tx_evt_${++refs}_${Date.now()}`;
  const r = await client.createTransaction({ reference, amountInCents: 12345600, currency: "COP", customerEmail: "a@b.co", paymentMethod: { type: "NEQUI", phone_number: phone } });
  if (!r.ok) throw new Error(r.error.message);
  if (opts.finalNow !== false) fake.complete(r.value.id); // the payer answered in the app; the fake sends the event
  return fake.transaction(r.value.id)!;
}

const post = (body: unknown, headers: Record<string, string> = {}) => api.call("POST", PATH, { body, headers });
const resign = (e: WompiEventBody, secret = fake.keys.eventsSecret): WompiEventBody => signWompiEvent(e, secret);

beforeAll(async () => {
  w = await startWompiApi({ finalizeAfterMs: { NEQUI: null }, gateway: false });
  ({ api, fake, client } = w);
});
afterAll(async () => {
  setWompiEventApplier(undefined);
  await w?.close();
});
beforeEach(() => {
  setWompiEventApplier(undefined);
  fake.events.mode = "deliver";
  fake.events.tamper = null;
  fake.events.delayMs = 0;
});

describe(`Wompi events endpoint (${testTarget()})`, () => {
  it("records an event Wompi sends, verified, once per (transaction, status), and answers 200 to each repeat", async () => {
    const t = await nequi("3991111111", { finalNow: false });
    fake.events.mode = "duplicate";
    fake.complete(t.id);
    await fake.events.idle();
    expect(fake.events.delivered.filter((d) => d.transactionId === t.id).map((d) => d.answered)).toEqual([200, 200]);
    expect(await rows("transaction_id = $1", [t.id])).toEqual([
      { dedupe_key: `tx:${t.id}:APPROVED`, transaction_id: t.id, status: "APPROVED", verified: true, outcome: "accepted", reason: null, applied: false, apply_result: "unknown_reference", times_received: 2 },
    ]);
    // Wompi's retries (the same event later) are counted, not recorded again.
    const again = await fake.events.resend(fake.events.delivered.find((d) => d.transactionId === t.id)!.body);
    expect(again).toBe(200);
    expect((await rows("transaction_id = $1", [t.id]))[0].times_received).toBe(3);
  });

  it("a later status of the same transaction is a new row (APPROVED, then VOIDED)", async () => {
    const t = await nequi();
    await fake.events.idle();
    const voided = resign(fake.eventFor(t.id, { transaction: { status: "VOIDED" } }));
    expect((await post(voided)).status).toBe(200);
    expect((await rows("transaction_id = $1", [t.id])).map((r) => r.status)).toEqual(["APPROVED", "VOIDED"]);
  });

  it("events held and released in reverse order are all recorded; a dropped one is not (reconciliation's job)", async () => {
    fake.events.mode = "hold";
    const a = await nequi();
    const b = await nequi("3992222222");
    fake.events.mode = "deliver";
    await fake.events.release("lifo");
    expect((await rows("transaction_id IN ($1, $2)", [a.id, b.id])).map((r) => `${r.transaction_id}:${r.status}`)).toEqual([`${b.id}:DECLINED`, `${a.id}:APPROVED`]);
    fake.events.mode = "drop";
    const c = await nequi();
    await fake.events.idle();
    expect(await rows("transaction_id = $1", [c.id])).toEqual([]);
  });

  it("a tampered event (status changed after signing) answers 401, is recorded as refused, and nothing is applied", async () => {
    let calls = 0;
    setWompiEventApplier(async () => {
      calls++;
      return { applied: true, result: "credited" };
    });
    fake.events.tamper = (e) => ({ ...e, data: { transaction: { ...e.data.transaction, status: "APPROVED" } } });
    const t = await nequi("3992222222");
    await fake.events.idle();
    expect(fake.events.delivered.at(-1)!.answered).toBe(401);
    expect(await rows("transaction_id = $1", [t.id])).toEqual([expect.objectContaining({ verified: false, outcome: "refused", reason: "bad_checksum", applied: false })]);
    expect(calls).toBe(0);
  });

  it("an event signed with another secret, or whose X-Event-Checksum differs from its body, answers 401", async () => {
    const t = await nequi();
    await fake.events.idle();
    const other = fake.eventFor(t.id, { secret: "test_events_not_ours" });
    const r = await post(other);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: "401", message: "Evento no verificado", detail: expect.stringContaining("checksum inválido") });
    const good = fake.eventFor(t.id);
    expect((await post(good, { "x-event-checksum": other.signature.checksum })).status).toBe(401);
    expect((await post(good, { "x-event-checksum": good.signature.checksum.toUpperCase() })).status).toBe(200);
  });

  it("hostile bodies: 0 × 500, nothing accepted, the apply hook never called", async () => {
    const t = await nequi();
    await fake.events.idle();
    let calls = 0;
    setWompiEventApplier(async () => {
      calls++;
      return { applied: true, result: "credited" };
    });
    const accepted = async () => (await rows("outcome = 'accepted'")).length;
    const acceptedBefore = await accepted();
    const good = fake.eventFor(t.id);
    const noSig: Record<string, unknown> = { ...good };
    delete noSig.signature;
    const noTs: Record<string, unknown> = { ...good };
    delete noTs.timestamp;
    const cases: Array<{ name: string; raw?: string; body?: unknown; contentType?: string; status: number[] }> = [
      { name: "bad JSON", raw: '{"event": "transaction.updated", "data": ', status: [400] },
      { name: "empty body", raw: "", status: [400] },
      { name: "JSON array", body: [good], status: [400] },
      { name: "JSON string", body: "transaction.updated", status: [400] },
      { name: "JSON null", raw: "null", status: [400] },
      { name: "deep nesting", raw: `${"[".repeat(5000)}${"]".repeat(5000)}`, status: [400] },
      { name: "huge body", raw: JSON.stringify({ ...good, padding: "x".repeat(2 * 1024 * 1024) }), status: [413] },
      { name: "form body", raw: "event=transaction.updated&signature=x", contentType: "application/x-www-form-urlencoded", status: [401] },
      { name: "no signature", body: noSig, status: [401] },
      { name: "no timestamp", body: noTs, status: [401] },
      { name: "no data", body: { ...good, data: undefined }, status: [401] },
      { name: "signature a string", body: { ...good, signature: "abc" }, status: [401] },
      { name: "checksum not hex", body: { ...good, signature: { ...good.signature, checksum: "z".repeat(64) } }, status: [401] },
      { name: "checksum short", body: { ...good, signature: { ...good.signature, checksum: "ab" } }, status: [401] },
      { name: "checksum a number", body: { ...good, signature: { ...good.signature, checksum: 12345 } }, status: [401] },
      { name: "properties empty", body: { ...good, signature: { ...good.signature, properties: [] } }, status: [401] },
      { name: "properties not strings", body: { ...good, signature: { ...good.signature, properties: [{ a: 1 }] } }, status: [401] },
      { name: "properties prototype path", body: { ...good, signature: { ...good.signature, properties: ["constructor.name"] } }, status: [401] },
      { name: "properties 10000 long", body: { ...good, signature: { ...good.signature, properties: Array(10000).fill("transaction.id") } }, status: [401] },
      { name: "signed value missing", body: { ...good, data: { transaction: { ...good.data.transaction, amount_in_cents: undefined } } }, status: [401] },
      { name: "signed value an object", body: { ...good, data: { transaction: { ...good.data.transaction, status: { $ne: 1 } } } }, status: [401] },
      { name: "timestamp a string", body: { ...good, timestamp: String(good.timestamp) }, status: [401] },
      { name: "timestamp negative", body: { ...good, timestamp: -1 }, status: [401] },
      { name: "timestamp 1e400", raw: JSON.stringify(good).replace(/"timestamp":\d+/, '"timestamp":1e400'), status: [400, 401] },
      { name: "stale timestamp, not re-signed", body: { ...good, timestamp: good.timestamp - 10 * 24 * 3600 }, status: [401] },
      { name: "amount 1e300, not re-signed", body: { ...good, data: { transaction: { ...good.data.transaction, amount_in_cents: 1e300 } } }, status: [401] },
      { name: "__proto__ key", raw: JSON.stringify(good).replace('"event"', '"__proto__":{"x":1},"event"'), status: [400, 401] },
      { name: "NUL in id", body: { ...good, data: { transaction: { ...good.data.transaction, id: "a\u0000b" } } }, status: [400, 401] },
    ];
    for (const c of cases) {
      const r = await api.call("POST", PATH, {
        rawBody: c.raw ?? JSON.stringify(c.body),
        headers: { "content-type": c.contentType ?? "application/json" },
      });
      expect({ name: c.name, ok: c.status.includes(r.status) }).toEqual({ name: c.name, ok: true });
      if (r.status !== 413) expect(r.body).toMatchObject({ code: String(r.status), message: expect.any(String), detail: expect.any(String) });
    }
    expect(await accepted()).toBe(acceptedBefore);
    expect(calls).toBe(0);
  });

  it("a verified event we do not act on answers 200 and is recorded with its reason, not applied", async () => {
    const t = await nequi();
    await fake.events.idle();
    let calls = 0;
    setWompiEventApplier(async () => {
      calls++;
      return { applied: true, result: "credited" };
    });
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, WompiEventBody]> = [
      ["stale", fake.eventFor(t.id, { timestamp: now - Math.ceil(EVENT_MAX_AGE_MS / 1000) - 60 })],
      ["future", fake.eventFor(t.id, { timestamp: now + 2 * 3600 })],
      ["unsigned_fields", fake.eventFor(t.id, { properties: ["transaction.id", "transaction.status"] })],
      ["malformed", resign(fake.eventFor(t.id, { transaction: { status: "SETTLED" } }))],
      ["unsupported_event", resign({ ...fake.eventFor(t.id), event: "nequi_token.updated" })],
      ["wrong_environment", { ...fake.eventFor(t.id), environment: "prod" }],
    ];
    for (const [reason, body] of cases) {
      const r = await post(body);
      expect({ reason, status: r.status, outcome: r.body?.outcome }).toEqual({ reason, status: 200, outcome: "refused" });
      const [row] = await rows("dedupe_key = $1", [`v:${reason}:${body.signature.checksum}`]);
      expect(row).toMatchObject({ verified: true, outcome: "refused", reason, applied: false });
    }
    // The same refused event again: counted, one row.
    await post(cases[0][1]);
    expect((await rows("dedupe_key = $1", [`v:stale:${cases[0][1].signature.checksum}`]))[0].times_received).toBe(2);
    expect(calls).toBe(0);
  });

  it("the apply hook: called until it applies, then never again; a failing hook is recorded, still 200", async () => {
    const seen: VerifiedTransactionEvent[] = [];
    let answer: "no" | "yes" | "throw" = "no";
    setWompiEventApplier(async (_db, e) => {
      seen.push(e);
      if (answer === "throw") throw new Error("base de datos caída");
      return answer === "yes" ? { applied: true, result: "credited" } : { applied: false, result: "unknown_reference" };
    });
    const t = await nequi();
    await fake.events.idle();
    const body = fake.events.delivered.find((d) => d.transactionId === t.id)!.body;
    expect(seen).toEqual([{ eventId: expect.any(Number), transactionId: t.id, status: "APPROVED", amountInCents: 12345600, reference: t.reference, currency: "COP" }]);
    answer = "throw";
    const failed = await post(body);
    expect(failed).toMatchObject({ status: 200, body: { outcome: "accepted", duplicate: true, applied: false } });
    expect((await rows("transaction_id = $1", [t.id]))[0].apply_result).toBe("error");
    answer = "yes";
    expect((await post(body)).body).toMatchObject({ applied: true, duplicate: true });
    expect((await post(body)).body).toMatchObject({ applied: true, duplicate: true });
    expect(seen).toHaveLength(3);
    expect((await rows("transaction_id = $1", [t.id]))[0]).toMatchObject({ applied: true, apply_result: "credited", times_received: 4 });
  });

  it("20 deliveries of one event at once: one row, counted 20 times, applied once, 0 × 500", async () => {
    let applied = 0;
    setWompiEventApplier(async (database, e) => {
      // An idempotent applier, as phase 2's must be: a conditional update decides who applies.
      const claimed = await database.sql.query(`UPDATE wompi_events SET apply_result = 'claimed' WHERE id = $1 AND apply_result IS NULL RETURNING id`, [e.eventId]);
      if (claimed.length > 0) applied++;
      return { applied: true, result: "credited" };
    });
    fake.events.mode = "hold";
    const t = await nequi();
    fake.events.mode = "deliver";
    const body = fake.events.held.splice(0)[0];
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.body.duplicate)).toHaveLength(1);
    expect(await rows("transaction_id = $1", [t.id])).toEqual([expect.objectContaining({ times_received: 20, applied: true, apply_result: "credited" })]);
    expect(applied).toBe(1);
  });

  it("refusals of unverified bodies are recorded at most UNVERIFIED_PER_HOUR an hour; pruned after 30 days", async () => {
    await api.db.sql.query(
      `INSERT INTO wompi_events (dedupe_key, received_at, last_received_at, verified, outcome, reason)
       SELECT 'u:flood:' || g, now(), now(), false, 'refused', 'bad_checksum' FROM generate_series(1, $1::int) g`,
      [UNVERIFIED_PER_HOUR],
    );
    const before = (await rows("NOT verified")).length;
    const t = await nequi();
    await fake.events.idle();
    expect((await post(fake.eventFor(t.id, { secret: "test_events_flood" }))).status).toBe(401);
    expect((await rows("NOT verified")).length).toBe(before);

    const accepted = (await rows("outcome = 'accepted'")).length;
    const in31Days = new Date(Date.now() + 31 * 24 * 3600_000);
    expect(await pruneWompiEvents(api.db, in31Days)).toBeGreaterThanOrEqual(UNVERIFIED_PER_HOUR);
    expect(await rows("outcome = 'refused'")).toEqual([]);
    expect((await rows("outcome = 'accepted'")).length).toBe(accepted);
  });

  it("answers 404 while Wompi is not the gateway in use, 503 while it is misconfigured", async () => {
    const t = await nequi();
    await fake.events.idle();
    const body = fake.eventFor(t.id);
    process.env.PAYMENT_GATEWAY = "sandbox";
    try {
      expect(await post(body)).toMatchObject({ status: 404, body: { code: "404" } });
      process.env.PAYMENT_GATEWAY = "wompi";
      delete process.env.WOMPI_EVENTS_SECRET;
      expect(await post(body)).toMatchObject({ status: 503, body: { code: "503" } });
    } finally {
      process.env.PAYMENT_GATEWAY = "wompi";
      process.env.WOMPI_EVENTS_SECRET = fake.keys.eventsSecret;
    }
  });
});
