import { describe, expect, it } from "vitest";
import { bookingCode, paymentDeadline, SAME_DAY_GRACE_MINUTES } from "./rules";

describe("booking codes", () => {
  it("are HB plus 8 unambiguous characters, and differ", () => {
    const codes = new Set(Array.from({ length: 2000 }, bookingCode));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(/^HB[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
  });
});

describe("payment deadline", () => {
  const now = new Date("2026-12-01T15:00:00Z"); // 10:00 in Bogotá
  it("is the hotel's hold time when check-in is far", () => {
    expect(paymentDeadline(now, 1440, "2026-12-10").toISOString()).toBe("2026-12-02T15:00:00.000Z");
  });
  it("is never later than the start of check-in day in Bogotá", () => {
    expect(paymentDeadline(now, 1440, "2026-12-02").toISOString()).toBe("2026-12-02T05:00:00.000Z");
  });
  it("gives a same-day booking a short grace instead of expiring at once", () => {
    expect(paymentDeadline(now, 1440, "2026-12-01").getTime()).toBe(now.getTime() + SAME_DAY_GRACE_MINUTES * 60_000);
    expect(paymentDeadline(now, 10, "2026-12-01").getTime()).toBe(now.getTime() + 10 * 60_000);
  });
});
