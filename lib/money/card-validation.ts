// Checks on decrypted card data (docs/decisions.md 7.2). Messages name the card_item field in Spanish.
import { bogotaDate } from "@/lib/time";
import type { CardDetails } from "@/lib/gateways/payment-gateway";

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^3(0[0-5]|[689])/.test(number)) return "diners";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  return "otra";
}


export type RawCard = { cc_number: string; cc_code: string; cc_expire_month: string; cc_expire_year: string; cc_holder: string };

/** Returns the card, or the first problem as "card_item.<field>: <rule>". */
export function validateCard(raw: RawCard, now: Date): { ok: true; card: CardDetails } | { ok: false; detail: string } {
  const number = raw.cc_number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) return { ok: false, detail: "card_item.cc_number: debe tener entre 12 y 19 dígitos" };
  if (!luhnValid(number)) return { ok: false, detail: "card_item.cc_number: el número de tarjeta no es válido (dígito de control)" };
  const month = raw.cc_expire_month.trim();
  if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12) {
    return { ok: false, detail: "card_item.cc_expire_month: debe ser un mes entre 1 y 12" };
  }
  const year = raw.cc_expire_year.trim();
  if (!/^\d{4}$/.test(year)) return { ok: false, detail: "card_item.cc_expire_year: debe ser un año de 4 dígitos (AAAA)" };
  const [todayYear, todayMonth] = bogotaDate(now).split("-").map(Number);
  if (Number(year) < todayYear) return { ok: false, detail: "card_item.cc_expire_year: la tarjeta está vencida (año en el pasado)" };
  if (Number(year) === todayYear && Number(month) < todayMonth) {
    return { ok: false, detail: "card_item.cc_expire_month: la tarjeta está vencida (mes en el pasado)" };
  }
  if (Number(year) > todayYear + 25) return { ok: false, detail: "card_item.cc_expire_year: el año es demasiado lejano" };
  const cvc = raw.cc_code.trim();
  if (!/^\d{3,4}$/.test(cvc)) return { ok: false, detail: "card_item.cc_code: debe tener 3 o 4 dígitos" };
  const holder = raw.cc_holder.trim().replace(/\s+/g, " ");
  if (holder.length === 0) return { ok: false, detail: "card_item.cc_holder: es obligatorio" };
  if (holder.length > 100) return { ok: false, detail: "card_item.cc_holder: máximo 100 caracteres" };
  return { ok: true, card: { number, cvc, expMonth: Number(month), expYear: Number(year), holder } };
}
