import { describe, expect, it } from "vitest";
import { boardLabel, countLabel, countryName, formatClock, formatDate, formatDateTime, formatMoney, formatPhone, guestsLabel, paymentMethodLabel, paymentStatusLabel, agencyTypeLabel } from "./format";

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("display formatting", () => {
  it("amounts the Colombian way", () => {
    expect(plain(formatMoney(1250000))).toBe("$ 1.250.000");
    expect(plain(formatMoney("350000.00"))).toBe("$ 350.000");
  });
  it("dates as dd/mm/yyyy in Bogotá", () => {
    expect(formatDate("2026-11-24")).toBe("24/11/2026");
    // 02:00 UTC on the 25th is still the 24th in Bogotá.
    expect(formatDate(new Date("2026-11-25T02:00:00Z"))).toBe("24/11/2026");
    expect(plain(formatDateTime("2026-11-24T20:05:00Z"))).toMatch(/^24\/11\/2026, 3:05 p\. ?m\.$/);
    // Wall-clock times read the same way as instants, never "15:39" beside "3:39 p. m.".
    expect(plain(formatClock("15:39"))).toMatch(/^3:39 p\. ?m\.$/);
    expect(plain(formatClock("00:05"))).toMatch(/^12:05 a\. ?m\.$/);
  });
  it("plurals", () => {
    expect(countLabel(1, "pago")).toBe("1 pago");
    expect(countLabel(2, "pago")).toBe("2 pagos");
    expect(countLabel(1, "enlace")).toBe("1 enlace");
    expect(countLabel(3, "habitación")).toBe("3 habitaciones");
    expect(countLabel(2, "cambio sin guardar", "cambios sin guardar")).toBe("2 cambios sin guardar");
  });
  it("who is staying", () => {
    expect(guestsLabel(2, "7")).toBe("2 adultos y 1 niño (7 años)");
    expect(guestsLabel(1, [])).toBe("1 adulto");
    expect(guestsLabel(2, [3, 7])).toBe("2 adultos y 2 niños (3 y 7 años)");
    expect(guestsLabel(2, [1])).toBe("2 adultos y 1 niño (1 año)");
    expect(guestsLabel(2, null, 1)).toBe("2 adultos y 1 niño");
  });
  it("board words, countries, phones, payment words", () => {
    expect(boardLabel("BB")).toBe("Alojamiento y desayuno");
    expect(boardLabel("RO")).toBe("Solo alojamiento");
    expect(boardLabel("AI")).toBe("Todo incluido");
    expect(boardLabel("XX", "Desayuno americano")).toBe("Desayuno americano");
    expect(countryName("COL")).toBe("Colombia");
    expect(countryName("CO")).toBe("Colombia");
    expect(formatPhone("573001234567")).toBe("+57 300 123 4567");
    expect(formatPhone("+57 3001234567")).toBe("+57 300 123 4567");
    expect(formatPhone("3001234567")).toBe("+57 300 123 4567");
    expect(formatPhone("12125550100")).toBe("+1 212 555 0100");
    expect(paymentMethodLabel("bank_transfer")).toBe("PSE (transferencia bancaria)");
    expect(paymentStatusLabel("rejected")).toBe("Rechazado");
    expect(agencyTypeLabel("wholesale")).toBe("Mayorista");
  });
});

import { detailByField, humanizeDetail } from "./format";
describe("API error details for people", () => {
  it("maps field paths to Spanish labels and never shows a field name", () => {
    expect(humanizeDetail("updates.0.amountBeforeTax: debe ser mayor que cero")).toBe("Precio antes de impuestos: debe ser mayor que cero");
    expect(humanizeDetail("city: no hay hoteles en Leticia")).toBe("Ciudad: no hay hoteles en Leticia");
    expect(humanizeDetail("agency_id: debe ser un número entero; email: no es válido")).toBe("Agencia: debe ser un número entero. Correo electrónico: no es válido");
    expect(humanizeDetail("weird_field_x: no sirve")).toBe("No sirve");
    expect(humanizeDetail("La reserva ya fue pagada")).toBe("La reserva ya fue pagada");
    expect(humanizeDetail("amount: x", { amount: "Monto a cobrar" })).toBe("Monto a cobrar: x");
    expect(detailByField("order.amount: debe ser mayor que cero; email: falta")).toEqual({ amount: "Debe ser mayor que cero", email: "Falta" });
  });
});

describe("sentences ending in a time", () => {
  it("keep one period after a. m. / p. m.", async () => {
    const { translate } = await import("@/lib/i18n");
    expect(translate({ s: "Vence el {date}." }, "s", { date: formatDateTime("2026-11-24T16:43:00Z") }).replace(/\s/g, " ")).toMatch(/^Vence el 24\/11\/2026, 11:43 a\. ?m\.$/);
  });
});
