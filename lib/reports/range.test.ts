// The report period's rules (docs/reports.md, issue 27): this month, the previous period of the same length,
// what is wrong with a range, and the change in percent.
import { describe, expect, it } from "vitest";
import { monthRange, percentChange, previousPeriod, rangeDays, rangeProblem } from "./range";

describe("report range", () => {
  it("the month a day falls in, leap years and December included", () => {
    expect(monthRange("2026-11-27")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(monthRange("2028-02-10")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthRange("2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("the previous period has the same length and ends the day before", () => {
    expect(previousPeriod({ from: "2026-11-01", to: "2026-11-30" })).toEqual({ from: "2026-10-02", to: "2026-10-31" });
    expect(previousPeriod({ from: "2030-01-01", to: "2030-01-05" })).toEqual({ from: "2029-12-27", to: "2029-12-31" });
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-01" })).toEqual({ from: "2026-02-28", to: "2026-02-28" });
    expect(rangeDays(previousPeriod({ from: "2026-01-01", to: "2026-12-31" }))).toBe(365);
  });

  it("names what is wrong: a missing or impossible date, the order, more than 366 days", () => {
    expect(rangeProblem({ from: "2026-11-01", to: "2026-11-30" })).toBeNull();
    expect(rangeProblem({ from: "2026-02-30", to: "2026-03-01" })).toBe("from-invalid");
    expect(rangeProblem({ from: "", to: "2026-03-01" })).toBe("from-invalid");
    expect(rangeProblem({ from: "2026-03-01", to: "ayer" })).toBe("to-invalid");
    expect(rangeProblem({ from: "2026-11-10", to: "2026-11-01" })).toBe("order");
    expect(rangeProblem({ from: "2024-01-01", to: "2024-12-31" })).toBeNull(); // 366 days (leap year)
    expect(rangeProblem({ from: "2025-01-01", to: "2026-01-02" })).toBe("too-long"); // 367 days
  });

  it("the change in percent, one decimal; no base when the previous period is 0", () => {
    expect(percentChange(5, 1)).toBe(400);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(7, 0)).toBeNull();
    expect(percentChange(-50, -100)).toBe(50);
  });
});
