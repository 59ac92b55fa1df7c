import { describe, expect, it } from "vitest";
import { strtotime } from "./strtotime";
import { fmtYmdHis } from "./tz";

// 2026-03-11 15:30:00 in Bogotá (a Wednesday) = 20:30 UTC.
const NOW = new Date("2026-03-11T20:30:00Z");
const TZ = "America/Bogota";
const p = (s: unknown) => {
  const d = strtotime(s, NOW, TZ);
  return d ? fmtYmdHis(d) : null;
};

describe("strtotime", () => {
  it("reads absolute dates and date-times as wall clock", () => {
    expect(p("2018-01-01")).toBe("2018-01-01 00:00:00");
    expect(p("2018-01-01 16:00")).toBe("2018-01-01 16:00:00");
    expect(p("2018-01-01 16:00:05")).toBe("2018-01-01 16:00:05");
    expect(p("2018-01-01T16:00:00")).toBe("2018-01-01 16:00:00");
  });
  it("converts ISO 8601 with an offset and unix timestamps into the zone", () => {
    expect(p("2018-01-01T16:00:00Z")).toBe("2018-01-01 11:00:00");
    expect(p("2018-01-01T16:00:00+02:00")).toBe("2018-01-01 09:00:00");
    expect(p(1514822400)).toBe("2018-01-01 11:00:00");
    expect(p("1514822400")).toBe("2018-01-01 11:00:00");
  });
  it("reads relative words from the injected clock", () => {
    expect(p("now")).toBe("2026-03-11 15:30:00");
    expect(p("today")).toBe("2026-03-11 00:00:00");
    expect(p("tomorrow")).toBe("2026-03-12 00:00:00");
    expect(p("yesterday 23:59")).toBe("2026-03-10 23:59:00");
    expect(p("tomorrow 9am")).toBe("2026-03-12 09:00:00");
    expect(p("+24 months")).toBe("2028-03-11 15:30:00");
    expect(p("+3 days")).toBe("2026-03-14 15:30:00");
    expect(p("-2 hours")).toBe("2026-03-11 13:30:00");
    expect(p("+1 week 2 days")).toBe("2026-03-20 15:30:00");
    expect(p("next wednesday 4pm")).toBe("2026-03-18 16:00:00");
    expect(p("next friday")).toBe("2026-03-13 00:00:00");
    expect(p("3 days ago")).toBe("2026-03-08 15:30:00");
    expect(p("2018-01-01 +1 day")).toBe("2018-01-02 00:00:00");
    expect(p("January 5 2019")).toBe("2019-01-05 00:00:00");
  });
  it("rejects garbage", () => {
    for (const bad of ["", "foo", "2018-13-01", "2018-02-30", "25:00", "next foo", "tomorrow bar", "13pm", null, {}]) expect(p(bad)).toBeNull();
  });
});
