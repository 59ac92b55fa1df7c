import { describe, expect, it } from "vitest";
import { bogotaDate, isIsoDate, addDays, daysBetween, bogotaDayStart, isoBogota } from "./time";

describe("Bogotá dates", () => {
  it("takes the calendar date in America/Bogota (UTC-5)", () => {
    expect(bogotaDate(new Date("2026-12-01T04:59:59Z"))).toBe("2026-11-30");
    expect(bogotaDate(new Date("2026-12-01T05:00:00Z"))).toBe("2026-12-01");
  });
  it("validates real calendar dates only", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("26-01-01")).toBe(false);
  });
  it("adds days across months and years", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(daysBetween("2026-12-30", "2027-01-02")).toBe(3);
  });
  it("knows when a Bogotá day starts and prints offsets", () => {
    expect(bogotaDayStart("2026-12-01").toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(isoBogota(new Date("2026-12-01T23:00:00Z"))).toBe("2026-12-01T18:00:00-05:00");
  });
});
