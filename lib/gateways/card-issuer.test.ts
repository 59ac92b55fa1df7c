import { describe, expect, it } from "vitest";
import { cardNumberHash, luhnCheckDigit, sandboxIssuer, seal, unseal } from "./card-issuer";
import { luhnValid } from "@/lib/money/card-validation";
import { oneYearAfter, validateCardDates } from "@/lib/cards/service";

describe("sandbox card issuer", () => {
  it("computes Luhn check digits of known numbers", () => {
    expect(luhnCheckDigit("424242424242424")).toBe(2);
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("4000000000000002")).toBe(true);
  });

  it("issues Luhn-valid 16-digit numbers whose hash and last four match, encrypted at rest", async () => {
    for (let i = 0; i < 20; i++) {
      const c = await sandboxIssuer.issue({ accountHolderId: "ah_x", expiration: "2027-03-15" });
      const d = sandboxIssuer.sandboxDetails(c)!;
      expect(d.number).toMatch(/^400012\d{10}$/);
      expect(luhnValid(d.number)).toBe(true);
      expect(c.lastFour).toBe(d.number.slice(-4));
      expect(c.numberHash).toBe(cardNumberHash(d.number));
      expect(c.numberEncrypted).not.toContain(d.number);
      expect([c.expMonth, c.expYear]).toEqual([3, 2027]);
    }
  });

  it("seal is randomised and authenticated", () => {
    const a = seal("secreto");
    expect(a).not.toBe(seal("secreto"));
    expect(unseal(a)).toBe("secreto");
    const tampered = `${a.slice(0, -4)}${a.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect(() => unseal(tampered)).toThrow();
  });
});

describe("card dates", () => {
  it("one year after, with 29 February", () => {
    expect(oneYearAfter("2026-11-22")).toBe("2027-11-22");
    expect(oneYearAfter("2028-02-29")).toBe("2029-02-28");
  });
  const detailOf = (f: () => void) => {
    try {
      f();
      return null;
    } catch (e) {
      return (e as { detail: string }).detail;
    }
  };
  it("validates activation, expiration order and the one-year limit", () => {
    expect(() => validateCardDates("2026-11-22", "2027-11-22", "2026-11-22")).not.toThrow();
    expect(detailOf(() => validateCardDates("2026-11-21", "2026-12-01", "2026-11-22"))).toMatch(/activation/);
    expect(detailOf(() => validateCardDates("2026-11-25", "2026-11-25", "2026-11-22"))).toMatch(/expiration/);
    expect(detailOf(() => validateCardDates("2026-11-22", "2027-11-23", "2026-11-22"))).toMatch(/un año/);
  });
});
