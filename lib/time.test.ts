import { describe, expect, it } from "vitest";
import { bogotaDate, isIsoDate, addDays, daysBetween, bogotaDayStart, isoBogota, tzOffsetMinutes } from "./time";
import { offsetAt, toLocal, fromLocal } from "./calendar/tz";

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

describe("one zone-offset computation (lib/time.ts) for the business code and the calendar", () => {
  it("gives Bogotá's offset by default and any IANA zone's, daylight saving included", () => {
    expect(tzOffsetMinutes(new Date("2026-12-01T00:00:00Z"))).toBe(-300);
    expect(tzOffsetMinutes(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toBe(-240);
    expect(tzOffsetMinutes(new Date("2026-12-01T12:00:00Z"), "America/New_York")).toBe(-300);
    expect(tzOffsetMinutes(new Date("2026-12-01T12:00:00Z"), "Asia/Kolkata")).toBe(330);
  });
  it("the calendar adds WordPress's manual offsets on top and agrees with it on named zones", () => {
    const at = new Date("2026-07-01T12:00:00Z");
    expect(offsetAt(at, "America/New_York")).toBe(tzOffsetMinutes(at, "America/New_York"));
    expect(offsetAt(at, "UTC-5")).toBe(-300);
    expect(offsetAt(at, "UTC+5:30")).toBe(330);
    expect(toLocal(at, "America/Bogota").toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(fromLocal(new Date("2026-07-01T07:00:00Z"), "America/Bogota").toISOString()).toBe("2026-07-01T12:00:00.000Z");
  });
});
