import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client";
import { declineFor, pesos, type CardForAuthorization } from "./authorize";

const D = (n: number | string) => new Prisma.Decimal(n);
const card = (over: Partial<CardForAuthorization> = {}): CardForAuthorization => ({
  status: "active",
  oneTimeUse: false,
  usedAt: null,
  activation: new Date("2026-12-01T00:00:00Z"),
  expiration: new Date("2026-12-31T00:00:00Z"),
  limitPerAuthorization: null,
  limitAllTime: null,
  ...over,
});
const at = (hotelId: number, amount: number) => ({ amount: D(amount), hotelId, hotelName: `Hotel ${hotelId}` });
const ctx = (over: Partial<Parameters<typeof declineFor>[2]> = {}) => ({ allowedHotels: [], spent: D(0), today: "2026-12-10", ...over });

describe("pesos", () => {
  it("writes COP as Colombians read it, never rounding a limit", () => {
    expect(pesos(1_650_000)).toBe("$ 1.650.000");
    expect(pesos("800000.5")).toBe("$ 800.000,50");
    expect(pesos(D("0.01"))).toBe("$ 0,01");
    expect(pesos(0)).toBe("$ 0");
  });
});

describe("declineFor", () => {
  it("a card without controls pays any amount anywhere", () => {
    expect(declineFor(card(), at(7, 999_999_999), ctx())).toBeNull();
  });

  it("checks state, then hotel, then the charge limit, then the total, as issuers do", () => {
    const c = card({ status: "frozen", limitPerAuthorization: D(10), limitAllTime: D(10) });
    const allowedHotels = [{ id: 1, name: "Hotel Uno" }];
    expect(declineFor(c, at(2, 50), ctx({ allowedHotels }))!.code).toBe("virtual_card_inactive");
    expect(declineFor({ ...c, status: "active" }, at(2, 50), ctx({ allowedHotels }))!.code).toBe("virtual_card_hotel_not_allowed");
    expect(declineFor({ ...c, status: "active" }, at(1, 50), ctx({ allowedHotels }))!.code).toBe("virtual_card_over_charge_limit");
    expect(declineFor({ ...c, status: "active", limitPerAuthorization: null }, at(1, 50), ctx({ allowedHotels }))!.code).toBe("virtual_card_limit_exceeded");
  });

  it("limits are inclusive: exactly the limit or exactly what is left passes", () => {
    expect(declineFor(card({ limitPerAuthorization: D(100) }), at(1, 100), ctx())).toBeNull();
    expect(declineFor(card({ limitAllTime: D(100) }), at(1, 40), ctx({ spent: D(60) }))).toBeNull();
    expect(declineFor(card({ limitAllTime: D(100) }), at(1, 40.01), ctx({ spent: D(60) }))!.reason).toBe(
      "el cobro de $ 40,01 supera el saldo disponible de la tarjeta virtual: $ 40 de un límite total de $ 100",
    );
  });

  it("spent beyond a lowered limit leaves $ 0 available, never a negative amount", () => {
    expect(declineFor(card({ limitAllTime: D(100) }), at(1, 1), ctx({ spent: D(150) }))!.reason).toMatch(/: \$ 0 de un límite total de \$ 100$/);
  });

  it("says why a card is not active", () => {
    const reason = (c: Partial<CardForAuthorization>, today = "2026-12-10") => declineFor(card(c), at(1, 1), ctx({ today }))!.reason;
    expect(reason({ status: "frozen" }, "2026-11-30")).toBe("tarjeta virtual no activa: se activa el 01/12/2026");
    expect(reason({ status: "frozen" })).toBe("tarjeta virtual no activa: está congelada");
    expect(reason({ status: "cancelled", oneTimeUse: true, usedAt: new Date() })).toBe("tarjeta virtual no activa: es de uso único y ya se usó");
    expect(reason({ status: "cancelled" }, "2026-12-31")).toBe("tarjeta virtual no activa: venció el 31/12/2026");
    expect(reason({ status: "cancelled" })).toBe("tarjeta virtual no activa: fue cancelada");
  });
});
