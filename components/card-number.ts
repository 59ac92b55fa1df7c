// Card numbers as people read them: grouped as typed (4-4-4-4, American Express 4-6-5) and the brand named.
// Pure functions (no React): the card fields of the guest's pay page and the agent's Cobrar page both use them.

export type CardBrand = "visa" | "mastercard" | "amex" | "diners" | null;

export const BRAND_NAMES: Record<Exclude<CardBrand, null>, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", diners: "Diners Club" };

/** The brand the first digits announce (null while they do not say yet). */
export function cardBrand(digits: string): CardBrand {
  const d = digits.replace(/\D/g, "");
  if (/^4/.test(d)) return "visa";
  if (/^3[47]/.test(d)) return "amex";
  if (/^3(0[0-5]|[689])/.test(d)) return "diners";
  const two = Number(d.slice(0, 2));
  const four = Number(d.slice(0, 4));
  if ((two >= 51 && two <= 55) || (d.length >= 4 && four >= 2221 && four <= 2720)) return "mastercard";
  return null;
}

/** "4242424242424242" -> "4242 4242 4242 4242"; "378282246310005" -> "3782 822463 10005"; at most 19 digits. */
export function groupCardNumber(input: string): string {
  const d = input.replace(/\D/g, "").slice(0, 19);
  const groups = cardBrand(d) === "amex" ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let i = 0;
  for (const g of groups) {
    if (i >= d.length) break;
    out.push(d.slice(i, i + g));
    i += g;
  }
  return out.join(" ");
}

/** Where the caret goes after regrouping: after the same number of digits as before. */
export function caretAfterGrouping(grouped: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < grouped.length; i++) {
    if (/\d/.test(grouped[i])) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return grouped.length;
}
