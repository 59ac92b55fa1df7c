import { describe, expect, it } from "vitest";
import { caretAfterRegroup, groupMoneyText, moneyFieldText, parseMoneyText } from "./input";

describe("parseMoneyText: amounts typed or pasted the Colombian way", () => {
  it.each([
    ["350.000", 350000],
    ["350000", 350000],
    ["$ 350.000", 350000],
    ["$ 350.000,00", 350000],
    ["$\u00a0350.000,50", 350000.5],
    ["1.500.000", 1500000],
    ["1.500.000,5", 1500000.5],
    ["1,500,000", 1500000],
    ["1,500,000.25", 1500000.25],
    ["1500000,25", 1500000.25],
    ["350.5", 350.5],
    ["350,5", 350.5],
    ["600.000", 600000],
    ["12", 12],
    ["COP 80.000", 80000],
  ])("%s -> %d", (text, expected) => {
    expect(parseMoneyText(text)).toBe(expected);
  });

  it.each(["", "  ", "abc", "1.50.000", "1.500,000,00", "350,000.00.00", "1,2345", "3-5", "-350.000", "1.500.000,123"])(
    "refuses %j",
    (text) => {
      expect(parseMoneyText(text)).toBeNull();
    },
  );

  it("reads a single separator before three digits as grouping, never as three decimals", () => {
    expect(parseMoneyText("12,345")).toBe(12345);
    expect(parseMoneyText("12.345")).toBe(12345);
  });
});

describe("grouping while typing", () => {
  it("groups thousands with dots and keeps at most two decimals after a comma", () => {
    expect(groupMoneyText("350000")).toBe("350.000");
    expect(groupMoneyText("3500001")).toBe("3.500.001");
    expect(groupMoneyText("350.000,5")).toBe("350.000,5");
    expect(groupMoneyText("350000,567")).toBe("350.000,56");
    expect(groupMoneyText("$ 0012")).toBe("12");
    expect(groupMoneyText(",5")).toBe("0,5");
    expect(groupMoneyText("")).toBe("");
  });

  it("shows a stored number the same way", () => {
    expect(moneyFieldText(350000)).toBe("350.000");
    expect(moneyFieldText(1250.5)).toBe("1.250,50");
    expect(moneyFieldText(null)).toBe("");
  });

  it("keeps the caret after the same digits once dots are inserted", () => {
    // typing the 4th digit of "3500" with the caret at the end: "3.500", caret at 5
    expect(caretAfterRegroup("3.500", 4)).toBe(5);
    // caret after the first digit stays after it
    expect(caretAfterRegroup("3.500", 1)).toBe(1);
    expect(caretAfterRegroup("3.500", 0)).toBe(0);
  });
});
