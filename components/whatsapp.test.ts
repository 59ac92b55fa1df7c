import { describe, expect, it } from "vitest";
import { paymentMessageText, splitBookingDates, whatsappHref } from "./whatsapp";

describe("the WhatsApp payment message", () => {
  it("names the agency, the hotel, the dates, the amount, the deadline and the page", () => {
    const text = paymentMessageText({
      guestName: "Laura Gómez",
      agencyName: "Viajes Andinos SAS",
      hotelName: "El Poblado Lofts",
      amount: "$ 80.000",
      dates: splitBookingDates("2026-12-04 - 2026-12-06"),
      deadline: "2026-12-01T16:43:00Z",
      url: "https://pay.example/pay/ABC",
    }).replace(/\u00a0/g, " ");
    expect(text).toContain("Hola Laura, le escribimos de Viajes Andinos SAS.");
    expect(text).toContain("Para su reserva en El Poblado Lofts del 04/12/2026 al 06/12/2026 el valor a pagar es $ 80.000.");
    expect(text).toMatch(/Puede pagar hasta el 01\/12\/2026, 11:43 a\. ?m\.\n/);
    expect(text).not.toMatch(/m\.\./);
    expect(text).toContain("Pague aquí: https://pay.example/pay/ABC");
  });
  it("sends to the guest's number with the country code", () => {
    expect(whatsappHref("310 555 1234", "Hola")).toBe("https://wa.me/573105551234?text=Hola");
    expect(whatsappHref("+57 310 555 1234", "Hola")).toBe("https://wa.me/573105551234?text=Hola");
  });
});
