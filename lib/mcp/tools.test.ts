import { describe, expect, it } from "vitest";
import { tools } from "./tools";
import { listTools, twinOf } from "./engine";
import { labelDetail } from "./fields";
import { day, instant, money, party } from "./speech";

describe("MCP tools", () => {
  it("each tool mirrors an existing REST route, and only read routes are marked read-only", () => {
    for (const t of tools) {
      const route = twinOf(t);
      const reads = route.method === "GET" || route.path.endsWith("/availability");
      expect(t.annotations.readOnlyHint, t.name).toBe(reads);
      if (!reads) expect(typeof t.annotations.destructiveHint, t.name).toBe("boolean");
      // Only routes that honour Idempotency-Key take idempotency_key.
      expect("idempotency_key" in t.input.shape, t.name).toBe(route.idempotent === true);
    }
  });

  it("describes every argument in Spanish for the model", () => {
    for (const t of listTools()) {
      const props = (t.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [name, p] of Object.entries(props)) expect(p.description, `${t.name}.${name}`).toMatch(/\S{3,}/);
    }
  });
});

describe("Spanish for a guest", () => {
  it("says amounts, dates and people as in Colombia", () => {
    expect(money(1_250_000)).toBe("$ 1.250.000");
    expect(money("640000.00")).toBe("$ 640.000");
    expect(day("2026-11-24")).toBe("24/11/2026");
    expect(instant("2026-11-24T20:05:00Z")).toBe("24/11/2026 a las 15:05");
    expect(party(2)).toBe("2 adultos");
    expect(party(1, [4, 9])).toBe("1 adulto y 2 niños (4 y 9 años)");
  });

  it("names wire fields in Spanish next to the rule", () => {
    expect(labelDetail("checkin: debe ser una fecha válida AAAA-MM-DD; layout.1.children_ages.0: debe estar entre 0 y 17")).toBe(
      "checkin (fecha de llegada): debe ser una fecha válida AAAA-MM-DD; layout.1.children_ages.0 (edades de los niños, elemento 2 de habitaciones pedidas): debe estar entre 0 y 17",
    );
    expect(labelDetail("reservation.roomsData.0.rateId: es obligatorio")).toBe("reservation.roomsData.0.rateId (tarifa, elemento 1 de habitaciones a reservar): es obligatorio");
    expect(labelDetail("La reserva HB123 no existe")).toBe("La reserva HB123 no existe");
  });
});
