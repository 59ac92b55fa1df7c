import { describe, expect, it } from "vitest";
import { caretAfterGrouping, cardBrand, groupCardNumber } from "./card-number";

describe("card numbers as people read them", () => {
  it("groups as typed, four by four, and American Express 4-6-5", () => {
    expect(groupCardNumber("42424")).toBe("4242 4");
    expect(groupCardNumber("4242-4242 4242 4242")).toBe("4242 4242 4242 4242");
    expect(groupCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(groupCardNumber("4".repeat(25)).replace(/ /g, "")).toHaveLength(19);
  });
  it("names the brand from the first digits", () => {
    expect(cardBrand("4")).toBe("visa");
    expect(cardBrand("5105")).toBe("mastercard");
    expect(cardBrand("2221 00")).toBe("mastercard");
    expect(cardBrand("37")).toBe("amex");
    expect(cardBrand("36")).toBe("diners");
    expect(cardBrand("6011")).toBeNull();
    expect(cardBrand("")).toBeNull();
  });
  it("keeps the caret after the digit just typed", () => {
    expect(caretAfterGrouping("4242 4", 5)).toBe(6);
    expect(caretAfterGrouping("4242 4242", 4)).toBe(4);
    expect(caretAfterGrouping("4242", 0)).toBe(0);
  });
});
