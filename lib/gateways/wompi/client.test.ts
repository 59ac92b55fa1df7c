// The Wompi client against the fake: typed results for every answer Wompi documents (401, 422, 404, 5xx, no
// answer), retries on reads only, the two caches, and no key, secret or card number in any error or log line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWompi, type FakeWompi } from "@/lib/testing/fake-wompi";
import type { Logger } from "@/lib/http/log";
import { WompiClient, type WompiClientOptions, type WompiResult } from "./client";

const CARD = { number: "4242424242424242", cvc: "123", expMonth: 8, expYear: 2031, holder: "ANA PAGADORA" };

let fake: FakeWompi;
const lines: string[] = [];
const capture: Logger = {
  info: (m, f) => lines.push(JSON.stringify({ m, ...f })),
  warn: (m, f) => lines.push(JSON.stringify({ m, ...f })),
  error: (m, f) => lines.push(JSON.stringify({ m, ...f })),
};
const seen: unknown[] = [];

function client(over: Partial<WompiClientOptions> = {}) {
  return new WompiClient({
    baseUrl: fake.url,
    publicKey: fake.keys.publicKey,
    privateKey: fake.keys.privateKey,
    integritySecret: fake.keys.integritySecret,
    timeoutMs: 3000,
    backoffMs: 1,
    log: capture,
    ...over,
  });
}

/** Keeps every answer for the secrets sweep at the end. */
async function keep<T>(p: Promise<WompiResult<T>>): Promise<WompiResult<T>> {
  const r = await p;
  seen.push(r);
  return r;
}

const count = (prefix: string) => fake.requests.filter((r) => r.route.startsWith(prefix)).length;

beforeAll(async () => {
  fake = await startFakeWompi();
});
afterAll(async () => {
  await fake?.close();
});

describe("Wompi client", () => {
  it("tokenizes a card with the public key, creates a transaction with the private key, reads it back", async () => {
    const c = client();
    const token = await keep(c.tokenizeCard(CARD));
    expect(token).toMatchObject({ ok: true, value: { lastFour: "4242", brand: "VISA" } });
    expect(fake.requests.at(-1)).toMatchObject({ route: "POST /v1/tokens/cards", auth: "public" });
    const created = await keep(
      c.createTransaction({ reference: "ref-client-1", amountInCents: 150000, currency: "COP", customerEmail: "a@b.co", paymentMethod: { type: "CARD", token: (token as { value: { id: string } }).value.id, installments: 1 } }),
    );
    expect(created).toMatchObject({ ok: true, value: { reference: "ref-client-1", status: "PENDING", amountInCents: 150000 } });
    expect(fake.requests.at(-1)).toMatchObject({ route: "POST /v1/transactions", auth: "private" });
    const id = (created as { value: { id: string } }).value.id;
    const read = await keep(c.getTransaction(id));
    expect(read).toMatchObject({ ok: true, value: { id, status: "APPROVED", extra: { processorResponseCode: "00" } } });
    expect(await keep(c.findByReference("ref-client-1"))).toMatchObject({ ok: true, value: [{ id }] });
    expect(await keep(c.findByReference("ref-client"))).toEqual({ ok: true, value: [] });
  });

  it("caches the acceptance tokens: one merchant request for many charges, also when they race", async () => {
    const c = client();
    const before = count("GET /v1/merchants/");
    await Promise.all(Array.from({ length: 8 }, () => c.acceptanceTokens()));
    await c.acceptanceTokens();
    expect(count("GET /v1/merchants/") - before).toBe(1);
    const t = await c.acceptanceTokens();
    expect(t).toMatchObject({ ok: true, value: { acceptancePermalink: expect.stringMatching(/^http/), personalAuthPermalink: expect.stringMatching(/^http/) } });
  });

  it("fetches them again after their time, and after Wompi refuses a rotated one (sending the transaction once more)", async () => {
    let now = 0;
    const c = client({ nowMs: () => now, acceptanceTtlMs: 1000 });
    await c.acceptanceTokens();
    now = 999;
    await c.acceptanceTokens();
    const before = count("GET /v1/merchants/");
    now = 1001;
    await c.acceptanceTokens();
    expect(count("GET /v1/merchants/") - before).toBe(1);

    fake.rotateAcceptanceTokens();
    const r = await keep(c.createTransaction({ reference: "ref-rotated", amountInCents: 100000, currency: "COP", customerEmail: "a@b.co", paymentMethod: { type: "NEQUI", phone_number: "3991111111" } }));
    expect(r.ok).toBe(true);
    expect(fake.charges("ref-rotated")).toHaveLength(1);
  });

  it("maps a wrong key to 'unauthorized', and a key of the other environment says so", async () => {
    const wrong = await keep(client({ privateKey: "prv_test_NOTTHEKEY0000000" }).findByReference("x"));
    expect(wrong).toMatchObject({ ok: false, error: { kind: "unauthorized", status: 401, type: "INVALID_ACCESS_TOKEN" } });
    const otherEnv = await keep(client({ publicKey: "pub_prod_OTHERENV00000000" }).tokenizeCard(CARD));
    expect(otherEnv).toMatchObject({ ok: false, error: { kind: "unauthorized", message: expect.stringContaining("no corresponde a este ambiente") } });
  });

  it("maps Wompi's 422 to 'validation' with its fields: a reference used before, a bad signature", async () => {
    const c = client();
    const pm = { type: "NEQUI" as const, phone_number: "3991111111" };
    await keep(c.createTransaction({ reference: "ref-dup", amountInCents: 100000, currency: "COP", customerEmail: "a@b.co", paymentMethod: pm }));
    const dup = await keep(c.createTransaction({ reference: "ref-dup", amountInCents: 100000, currency: "COP", customerEmail: "a@b.co", paymentMethod: pm }));
    expect(dup).toMatchObject({ ok: false, error: { kind: "validation", status: 422, uncertain: false, fields: { reference: ["La referencia ya ha sido usada"] } } });
    const sig = await keep(client({ integritySecret: "test_integrity_WRONGWRONGWRONG" }).createTransaction({ reference: "ref-sig", amountInCents: 1000, currency: "COP", customerEmail: "a@b.co", paymentMethod: pm }));
    expect(sig).toMatchObject({ ok: false, error: { kind: "validation", fields: { signature: expect.any(Array) } } });
    const card = await keep(c.tokenizeCard({ ...CARD, expYear: 2019 }));
    expect(card).toMatchObject({ ok: false, error: { kind: "validation", fields: { exp_year: expect.any(Array) } } });
    expect(await keep(c.getTransaction("no-such-id"))).toMatchObject({ ok: false, error: { kind: "not_found", status: 404 } });
  });

  it("retries reads through 5xx and no answer, then succeeds; gives up after the attempts with 'unavailable'", async () => {
    const c = client({ timeoutMs: 300 });
    fake.failNext("GET /pse/financial_institutions", "500", 2);
    const before = count("GET /v1/pse/financial_institutions");
    expect(await keep(c.financialInstitutions())).toMatchObject({ ok: true, value: [{ code: "1" }, { code: "2" }] });
    expect(count("GET /v1/pse/financial_institutions") - before).toBe(3);
    // Cached now: no request at all.
    expect(await keep(c.financialInstitutions())).toMatchObject({ ok: true });
    expect(count("GET /v1/pse/financial_institutions") - before).toBe(3);

    fake.failNext("GET /transactions?reference", "hang", 1);
    expect(await keep(c.findByReference("ref-dup"))).toMatchObject({ ok: true, value: [{ reference: "ref-dup" }] });
    fake.failNext("GET /transactions?reference", "500", 3);
    expect(await keep(c.findByReference("ref-dup"))).toMatchObject({ ok: false, error: { kind: "unavailable", status: 500, uncertain: false } });
  });

  it("never retries a write: a 5xx or a hang on POST /transactions is one request, 'uncertain'", async () => {
    const c = client({ timeoutMs: 300 });
    const pm = { type: "NEQUI" as const, phone_number: "3991111111" };
    for (const [kind, expected] of [
      ["500", "unavailable"],
      ["hang", "timeout"],
      ["500-after", "unavailable"],
      ["hang-after", "timeout"],
    ] as const) {
      const ref = `ref-${kind}`;
      const before = count("POST /v1/transactions");
      fake.failNext("POST /transactions", kind);
      const r = await keep(c.createTransaction({ reference: ref, amountInCents: 100000, currency: "COP", customerEmail: "a@b.co", paymentMethod: pm }));
      expect(r).toMatchObject({ ok: false, error: { kind: expected, uncertain: true } });
      expect(count("POST /v1/transactions") - before).toBe(1);
      expect(fake.charges(ref)).toHaveLength(kind.endsWith("after") ? 1 : 0);
    }
  });

  it("a void needs the private key and an approved card transaction", async () => {
    const c = client();
    const pm = { type: "NEQUI" as const, phone_number: "3991111111" };
    const r = await keep(c.createTransaction({ reference: "ref-void-nequi", amountInCents: 100000, currency: "COP", customerEmail: "a@b.co", paymentMethod: pm }));
    const id = (r as { value: { id: string } }).value.id;
    expect(await keep(c.voidTransaction(id))).toMatchObject({ ok: false, error: { kind: "validation" } });
    expect(await keep(client({ privateKey: fake.keys.publicKey }).voidTransaction(id))).toMatchObject({ ok: false, error: { kind: "unauthorized" } });
  });

  it("no error or log line ever carries a key, a secret or the card number", () => {
    const all = JSON.stringify(seen) + lines.join("\n");
    expect(seen.filter((r) => !(r as { ok: boolean }).ok).length).toBeGreaterThan(10);
    for (const secret of [fake.keys.privateKey, fake.keys.integritySecret, fake.keys.eventsSecret, CARD.number, "NOTTHEKEY", "WRONGWRONGWRONG"]) {
      expect(all).not.toContain(secret);
    }
  });
});
