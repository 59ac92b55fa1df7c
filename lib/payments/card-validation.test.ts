import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cardBrand, luhnValid, validateCard } from "@/lib/money/card-validation";
import { breakdown } from "./service";
import { Prisma } from "@/lib/db/generated/client";

const now = new Date("2026-11-22T15:00:00Z");
const card = (over: Partial<Record<string, string>> = {}) => ({
  cc_number: "4242424242424242",
  cc_code: "123",
  cc_expire_month: "12",
  cc_expire_year: "2030",
  cc_holder: "Ana Gómez",
  ...over,
});

describe("card checks", () => {
  it("Luhn accepts the test cards and rejects a changed digit", () => {
    for (const n of ["4242424242424242", "4000000000000002", "4000000000009995", "5555555555554444", "378282246310005"]) expect(luhnValid(n)).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("42424242")).toBe(false);
  });

  it("any single-digit change breaks the check digit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digits = "4242424242424242".split("");
        digits[pos] = String((Number(digits[pos]) + delta) % 10);
        return !luhnValid(digits.join(""));
      }),
    );
  });

  it("brands", () => {
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("2223003122003222")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
  });

  it.each([
    [{ cc_number: "4242424242424241" }, /^card_item\.cc_number: /],
    [{ cc_number: "abc" }, /^card_item\.cc_number: /],
    [{ cc_expire_month: "13" }, /^card_item\.cc_expire_month: .*1 y 12/],
    [{ cc_expire_month: "0" }, /^card_item\.cc_expire_month: /],
    [{ cc_expire_year: "30" }, /^card_item\.cc_expire_year: .*4 dígitos/],
    [{ cc_expire_year: "2025" }, /^card_item\.cc_expire_year: .*vencida/],
    [{ cc_expire_year: "2026", cc_expire_month: "10" }, /^card_item\.cc_expire_month: .*vencida/],
    [{ cc_code: "12" }, /^card_item\.cc_code: .*3 o 4/],
    [{ cc_code: "12345" }, /^card_item\.cc_code: /],
    [{ cc_holder: "   " }, /^card_item\.cc_holder: /],
  ])("refuses %o", (over, detail) => {
    const r = validateCard(card(over), now);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.detail).toMatch(detail);
  });

  it("accepts this month in Bogotá and strips spaces from the number", () => {
    const r = validateCard(card({ cc_expire_year: "2026", cc_expire_month: "11", cc_number: "4242 4242 4242 4242" }), now);
    expect(r.ok && r.card.number).toBe("4242424242424242");
  });
});

describe("amount breakdown", () => {
  it("base, taxes and service add up to the total exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (cents, tax, svc) => {
        const amount = new Prisma.Decimal(cents).div(100);
        const b = breakdown(amount, new Prisma.Decimal(tax).div(100), new Prisma.Decimal(svc).div(100));
        return b.base.plus(b.tax).plus(b.service).equals(amount) && b.base.decimalPlaces() <= 2 && b.service.decimalPlaces() <= 2;
      }),
    );
  });

  it("119000 with 19 % tax is 100000 + 19000", () => {
    const b = breakdown(new Prisma.Decimal(119000), new Prisma.Decimal("0.19"), new Prisma.Decimal(0));
    expect(b.base.toFixed(2)).toBe("100000.00");
    expect(b.tax.toFixed(2)).toBe("19000.00");
  });
});
