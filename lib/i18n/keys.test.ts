// Message keys are typed: a key `t()` asks for that the dictionary lacks fails `tsc` (part of `npm test`), and
// English must have exactly Spanish's keys. The @ts-expect-error lines below stop compiling if that typing is lost.
import { describe, expect, it } from "vitest";
import { defineMessages, translate, type Translate } from "./index";
import { es } from "./es";
import { en } from "./en";
import { linkMessages } from "@/lib/links/messages";
import { payMessages } from "@/lib/links/pay-messages";
import { paymentMessages } from "@/lib/payments/messages";
import { reservationMessages } from "@/lib/reservations/messages";

const dict = defineMessages({ es: { title: "Pagos", status: { paid: "Pagado" } }, en: { title: "Payments", status: { paid: "Paid" } } });
const t: Translate<typeof dict.es> = (key, vars) => translate(dict.es, key, vars);

function keysOf(o: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : keysOf(v as Record<string, unknown>, `${prefix}${k}.`))).sort();
}

describe("typed message keys", () => {
  it("takes the dictionary's keys, and computed ones only under an existing group", () => {
    const status: string = "paid";
    expect(t("title")).toBe("Pagos");
    expect(t("status.paid")).toBe("Pagado");
    expect(t(`status.${status}`)).toBe("Pagado");
    // @ts-expect-error a key the dictionary does not have fails the typecheck
    expect(t("status.refunded")).toBe("status.refunded");
    // @ts-expect-error so does a group that does not exist
    expect(t(`state.${status}`)).toBe(`state.${status}`);
    // @ts-expect-error and any string at all
    expect(t(status)).toBe("paid");
  });

  it("refuses an English dictionary with a missing or an extra key", () => {
    // @ts-expect-error "paid" is missing in English
    defineMessages({ es: { status: { paid: "Pagado" } }, en: { status: {} } });
    // @ts-expect-error "refunded" is not in Spanish
    defineMessages({ es: { status: { paid: "Pagado" } }, en: { status: { paid: "Paid", refunded: "Refunded" } } });
  });

  it.each([
    ["portal", { es, en }],
    ["links", linkMessages],
    ["guest payment page", payMessages],
    ["payments", paymentMessages],
    ["reservations", reservationMessages],
  ] as const)("%s: English and Spanish have the same keys", (_name, d) => {
    expect(keysOf(d.en as Record<string, unknown>)).toEqual(keysOf(d.es as Record<string, unknown>));
  });
});
