import { describe, expect, it } from "vitest";
import { nitCheckDigit, readNit } from "./nit";

describe("NIT check digit (DIAN)", () => {
  it("matches published NITs", () => {
    expect(nitCheckDigit("800197268")).toBe(4); // DIAN
    expect(nitCheckDigit("860002964")).toBe(4);
    expect(nitCheckDigit("900123456")).toBe(8);
  });
  it("reads a NIT with dots and its check digit as its digits", () => {
    expect(readNit("900.123.456-8")).toEqual({ base: "900123456", error: null });
    expect(readNit("900123456")).toEqual({ base: "900123456", error: null });
  });
  it("says in Spanish which check digit a NIT has when the one typed is wrong", () => {
    expect(readNit("900123456-7").error).toBe("el dígito de verificación no corresponde a este NIT: para 900123456 es 8");
  });
});
