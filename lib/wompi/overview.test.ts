import { describe, expect, it } from "vitest";
import { mismatchOf } from "@/lib/gateways/wompi/gateway";
import { wompiSaid } from "./overview";

// The "Pasarela" page shows what Wompi said beside what we expected, read back from the mismatch's words.
describe("wompiSaid", () => {
  const asked = { reference: "tx_a", amountInCents: 48_000_000, currency: "COP" };
  it("reads Wompi's amount and currency from what mismatchOf writes", () => {
    expect(wompiSaid(mismatchOf({ ...asked, amountInCents: 100 }, asked)!, 480000)).toEqual({ amount: 1, currency: "COP" });
    expect(wompiSaid(mismatchOf({ ...asked, amountInCents: 48_000_050 }, asked)!, 480000)).toEqual({ amount: 480000.5, currency: "COP" });
    expect(wompiSaid(mismatchOf({ ...asked, currency: "USD" }, asked)!, 480000)).toEqual({ amount: 480000, currency: "USD" });
    expect(wompiSaid(mismatchOf({ ...asked, reference: "tx_b", amountInCents: 5_000 }, asked)!, 480000)).toEqual({ amount: 50, currency: "COP" });
  });
  it("an approval of a closed payment keeps our amount; a forged event amount is unknown", () => {
    expect(wompiSaid("aprobado por Wompi con el pago ya cerrado (expired): devolver el dinero al pagador", 480000)).toEqual({ amount: 480000, currency: "COP" });
    expect(wompiSaid("el evento trae otro monto", 480000)).toEqual({ amount: null, currency: "COP" });
  });
});
