import { describe, expect, it } from "vitest";
import { weekBars } from "./month";

// The week of Monday 2026-12-07 to Sunday 2026-12-13, all inside December.
const week = ["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11", "2026-12-12", "2026-12-13"];
const ev = (id: number, start: string, end: string) => ({ id, start_date: `${start} 00:00:00`, end_date: `${end} 23:59:59` });
const shape = (r: ReturnType<typeof weekBars>) => r.bars.map((b) => [b.event.id, b.from, b.to, b.lane, b.continued]);

describe("weekBars: multi-day events as bars across a week", () => {
  it("one bar per event over the days it covers; one-day events are not bars", () => {
    const r = weekBars([ev(1, "2026-12-10", "2026-12-12"), ev(2, "2026-12-08", "2026-12-08")], week);
    expect(shape(r)).toEqual([[1, 3, 5, 0, false]]);
    expect(r.lanes).toBe(1);
  });

  it("an event from an earlier week starts at Monday, marked as continuing; one going on is cut at Sunday", () => {
    const r = weekBars([ev(1, "2026-12-05", "2026-12-08"), ev(2, "2026-12-12", "2026-12-15")], week);
    expect(shape(r)).toEqual([
      [1, 0, 1, 0, true],
      [2, 5, 6, 0, false],
    ]);
    expect(r.lanes).toBe(1); // they do not overlap: one lane
    expect(r.bars.map((b) => b.goesOn)).toEqual([false, true]);
  });

  it("overlapping events go to separate lanes, longer first; a later one reuses a free lane", () => {
    const r = weekBars([ev(1, "2026-12-08", "2026-12-09"), ev(2, "2026-12-08", "2026-12-12"), ev(3, "2026-12-10", "2026-12-11")], week);
    expect(shape(r)).toEqual([
      [2, 1, 5, 0, false],
      [1, 1, 2, 1, false],
      [3, 3, 4, 1, false],
    ]);
    expect(r.lanes).toBe(2);
  });

  it("the month's first and last weeks: padding days are not columns a bar can cover", () => {
    // December 2026 starts on a Tuesday: Monday is padding.
    const first = [null, "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"];
    expect(shape(weekBars([ev(1, "2026-11-28", "2026-12-02")], first))).toEqual([[1, 1, 2, 0, true]]);
    // The last week: Thursday 31 then padding.
    const last = ["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", null, null, null];
    expect(shape(weekBars([ev(1, "2026-12-30", "2027-01-03")], last))).toEqual([[1, 2, 3, 0, false]]);
    expect(weekBars([ev(1, "2027-01-01", "2027-01-03")], last).bars).toEqual([]);
  });
});
