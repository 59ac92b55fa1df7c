// Wompi's hashes and our money in its units: the documentation's own example, and checksums computed here by
// the formula written out, independently of the code under test.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { checksumMatches, eventChecksum, fromCents, integritySignature, toCents, valueAt } from "./signatures";

const sha = (s: string) => crypto.createHash("sha256").update(s, "utf8").digest("hex");

describe("amounts in Wompi's cents", () => {
  it("turns COP text into integer cents exactly, never through a float", () => {
    expect(toCents("350000.00")).toBe(35000000);
    expect(toCents("199999.5")).toBe(19999950);
    expect(toCents("0.29")).toBe(29); // 0.29 * 100 is 28.999999999999996 as a float
    expect(toCents("1000000000")).toBe(100000000000);
    expect(toCents({ toFixed: () => "1234.56" })).toBe(123456);
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", "-1", "1.234", "1e3", "abc", "1,50", " ", "12345678901234"]) expect(() => toCents(bad)).toThrow(RangeError);
  });

  it("and back", () => {
    expect(fromCents(19999950)).toBe("199999.50");
    expect(fromCents(5)).toBe("0.05");
    expect(() => fromCents(-1)).toThrow(RangeError);
  });
});

describe("integrity signature", () => {
  it("matches the example on Wompi's Widget & Checkout page", () => {
    expect(
      integritySignature({ reference: "sk8-438k4-xmxm392-sn2m", amountInCents: 2490000, currency: "COP" }, "prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6"),
    ).toBe("37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5");
  });

  it("includes the expiration time between the currency and the secret when one is sent", () => {
    const s = integritySignature({ reference: "R1", amountInCents: 100, currency: "COP", expirationTime: "2026-12-01T05:00:00.000Z" }, "sec");
    expect(s).toBe(sha("R1100COP2026-12-01T05:00:00.000Zsec"));
  });
});

describe("event checksum", () => {
  const data = { transaction: { id: "1234-1610641025-49201", status: "APPROVED", amount_in_cents: 4490000, reference: "MZQ3X2DE2SMX", nested: { ok: true } } };
  const props = ["transaction.id", "transaction.status", "transaction.amount_in_cents"];

  it("hashes the signed values in the order given, then the timestamp, then the secret", () => {
    const got = eventChecksum({ data, timestamp: 1530291411, signature: { properties: props } }, "test_events_secret");
    expect(got).toBe(sha("1234-1610641025-49201APPROVED44900001530291411test_events_secret"));
    const reordered = eventChecksum({ data, timestamp: 1530291411, signature: { properties: [props[2], props[0], props[1]] } }, "test_events_secret");
    expect(reordered).toBe(sha("44900001234-1610641025-49201APPROVED1530291411test_events_secret"));
  });

  it("cannot be computed when a signed property is missing or not a scalar", () => {
    expect(eventChecksum({ data, timestamp: 1, signature: { properties: ["transaction.missing"] } }, "s")).toBeUndefined();
    expect(eventChecksum({ data, timestamp: 1, signature: { properties: ["transaction.nested"] } }, "s")).toBeUndefined();
    expect(eventChecksum({ data: null, timestamp: 1, signature: { properties: ["transaction.id"] } }, "s")).toBeUndefined();
    expect(valueAt(data, "transaction.nested.ok")).toBe("true");
    expect(valueAt(data, "transaction.__proto__")).toBeUndefined();
    expect(valueAt({ a: ["x"] }, "a.0")).toBeUndefined();
  });

  it("compares hex in constant time, upper or lower case, and refuses anything else", () => {
    const c = sha("x");
    expect(checksumMatches(c.toUpperCase(), c)).toBe(true);
    expect(checksumMatches(c, c.toUpperCase())).toBe(true);
    expect(checksumMatches(sha("y"), c)).toBe(false);
    expect(checksumMatches(c.slice(1), c)).toBe(false);
    expect(checksumMatches(`${c.slice(0, 63)}g`, c)).toBe(false);
    expect(checksumMatches("", c)).toBe(false);
  });
});
