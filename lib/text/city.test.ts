import { describe, expect, it } from "vitest";
import { normalizeCity } from "@/lib/text/city";

describe("normalizeCity", () => {
  it("ignores case, spaces, underscores and accents", () => {
    for (const s of ["Santa Marta", "santa_marta", " SANTA  marta ", "Santa-Marta"]) expect(normalizeCity(s)).toBe("SANTA_MARTA");
    expect(normalizeCity("Bogotá")).toBe("BOGOTA");
    expect(normalizeCity("San Andrés")).toBe("SAN_ANDRES");
    expect(normalizeCity("medellín")).toBe("MEDELLIN");
  });
  it("keeps different cities different", () => {
    expect(normalizeCity("Cali")).not.toBe(normalizeCity("Calima"));
  });
});
