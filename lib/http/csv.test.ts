import { describe, expect, it } from "vitest";
import { amountCell, csvLine, dateCell, dateTimeCell, textCell } from "./csv";
import { composition, ddmmyyyy } from "@/lib/reports/messages";

describe("CSV cells for Excel es-CO", () => {
  it("neutralises formulas and quotes what needs it", () => {
    for (const s of ["=1+1", "+57300", "-5", "@SUM(A1)", "\tx", "\rx"]) expect(textCell(s).replace(/^"/, "").startsWith("'")).toBe(true);
    expect(textCell("Gómez")).toBe("Gómez");
    expect(textCell("a;b")).toBe('"a;b"');
    expect(textCell('di "hola"')).toBe('"di ""hola"""');
    expect(textCell("línea\nnueva")).toBe('"línea\nnueva"');
    expect(textCell(null)).toBe("");
  });
  it("writes amounts with a decimal comma, never grouped", () => {
    expect(amountCell(1250000)).toBe("1250000");
    expect(amountCell(200000.5)).toBe("200000,5");
    expect(amountCell({ toString: () => "99.90" })).toBe("99,90");
    expect(amountCell(null)).toBe("");
  });
  it("writes dates dd/mm/aaaa and instants in Bogotá", () => {
    expect(dateCell("2026-11-24")).toBe("24/11/2026");
    expect(dateTimeCell(new Date("2026-11-25T03:30:00Z"))).toBe("24/11/2026 22:30");
    expect(csvLine(["a", "b"])).toBe("a;b\r\n");
  });
  it("says the guest composition in Spanish", () => {
    const es: Record<string, string> = { "composition.adult": "1 adulto", "composition.adults": "{n} adultos", "composition.child": "1 niño", "composition.children": "{n} niños", "composition.and": "y", "composition.rooms": "{n} habitaciones" };
    const t = (k: string, v?: Record<string, string | number>) => es[k].replace("{n}", String(v?.n ?? ""));
    expect(composition(t, { adults: 2, children: 1 })).toBe("2 adultos y 1 niño");
    expect(composition(t, { adults: 1, children: 0 })).toBe("1 adulto");
    expect(composition(t, { adults: 4, children: 2, rooms: 2 })).toBe("4 adultos y 2 niños · 2 habitaciones");
    expect(ddmmyyyy("2026-01-05")).toBe("05/01/2026");
  });
});
