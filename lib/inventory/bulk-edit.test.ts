import { describe, expect, it } from "vitest";
import { friendlyError, planBulk, requestsFor, type NightRow } from "./bulk-edit";

const night = (roomId: string, day: string, rooms: number, extra: Partial<NightRow> = {}): NightRow => ({
  roomId, day, rooms, sold: 0, stop_sell: false, min_stay: 1, closed_to_arrival: false, closed_to_departure: false, ...extra,
});

describe("planBulk", () => {
  const nights = [night("DBL", "2026-12-01", 5), night("DBL", "2026-12-02", 5), night("DBL", "2026-12-03", 3), night("STE", "2026-12-01", 8)];
  const rates = [
    { roomId: "DBL", rateId: "RO", day: "2026-12-01", adults: null, amountBeforeTax: 500000 },
    { roomId: "DBL", rateId: "RO", day: "2026-12-02", adults: null, amountBeforeTax: 500000 },
    { roomId: "DBL", rateId: "RO", day: "2026-12-03", adults: 2, amountBeforeTax: 1 },
    { roomId: "STE", rateId: "RO", day: "2026-12-01", adults: null, amountBeforeTax: 1021000 },
  ];

  it("touches only the room types and rate plans picked, grouping nights with the same old value", () => {
    const changes = planBulk({ roomIds: ["DBL"], rateIds: ["RO"], from: "2026-12-01", to: "2026-12-03", values: { rooms: 5, closed_to_arrival: true }, price: 600000 }, nights, rates);
    expect(changes).toEqual([
      { roomId: "DBL", field: "rooms", from: "2026-12-03", to: "2026-12-03", old: 3, next: 5 },
      { roomId: "DBL", field: "closed_to_arrival", from: "2026-12-01", to: "2026-12-03", old: false, next: true },
      { roomId: "DBL", rateId: "RO", field: "price", from: "2026-12-01", to: "2026-12-02", old: 500000, next: 600000 },
      { roomId: "DBL", rateId: "RO", field: "price", from: "2026-12-03", to: "2026-12-03", old: null, next: 600000 },
    ]);
    // The suite is untouched: it was not picked.
    expect(changes.some((c) => c.roomId === "STE")).toBe(false);
  });

  it("undo restores every old value, removing prices that did not exist", () => {
    const changes = planBulk({ roomIds: ["DBL", "STE"], rateIds: ["RO"], from: "2026-12-01", to: "2026-12-03", values: { rooms: 4 }, price: 600000 }, nights, rates);
    const undo = requestsFor(changes, "old");
    expect(undo.inventory).toContainEqual({ roomId: "STE", from: "2026-12-02", to: "2026-12-03", rooms: 0 });
    expect(undo.inventory).toContainEqual({ roomId: "DBL", from: "2026-12-03", to: "2026-12-03", rooms: 3 });
    expect(undo.rates).toContainEqual({ roomId: "STE", rateId: "RO", from: "2026-12-01", to: "2026-12-01", amountBeforeTax: "1021000" });
    expect(undo.rates).toContainEqual({ roomId: "DBL", rateId: "RO", from: "2026-12-03", to: "2026-12-03", amountBeforeTax: null });
    const apply = requestsFor(changes, "next");
    expect(apply.rates.every((r) => r.amountBeforeTax === "600000")).toBe(true);
  });

  it("nothing to change when the values are already those", () => {
    expect(planBulk({ roomIds: ["DBL"], rateIds: [], from: "2026-12-01", to: "2026-12-02", values: { rooms: 5 }, price: null }, nights, rates)).toEqual([]);
  });
});

describe("friendlyError", () => {
  it("names fields by their Spanish label, never by the wire path", () => {
    expect(friendlyError("updates.0.amountBeforeTax: debe ser un número mayor o igual a 0 con máximo dos decimales")).toBe(
      "Precio: debe ser un número mayor o igual a 0 con máximo dos decimales",
    );
    expect(friendlyError("updates.3: debe incluir rooms, stop_sell, min_stay, closed_to_arrival o closed_to_departure")).toBe("Cambios: indique al menos un valor que cambiar");
    expect(friendlyError("El hotel 9 no existe")).toBe("El hotel 9 no existe");
  });
});
