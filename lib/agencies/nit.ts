// Colombian NIT: digits, optionally written with dots and its DIAN check digit ("900.123.456-8").
// The check digit (dígito de verificación) is DIAN's modulo 11 over the digits with the weights below, from the
// right. Stored and compared without dots and without the check digit, so "900123456-8" and "900123456" are the
// same organisation.
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** DIAN's check digit of a NIT's digits (at most 15). */
export function nitCheckDigit(digits: string): number {
  const d = digits.split("").reverse();
  const sum = d.reduce((s, c, i) => s + Number(c) * WEIGHTS[i], 0);
  const r = sum % 11;
  return r > 1 ? 11 - r : r;
}

/** Dots and spaces out: "900.123.456 - 8" -> "900123456-8". */
export const compactDocument = (s: string) => s.replace(/[.\s]/g, "");

/**
 * A document number as typed, read as a NIT with a check digit when it has one ("900123456-8").
 * `error` is a Spanish sentence when the check digit does not match.
 */
export function readNit(input: string): { base: string; error: string | null } {
  const m = /^(\d{5,15})-(\d)$/.exec(compactDocument(input));
  if (!m) return { base: compactDocument(input), error: null };
  const expected = nitCheckDigit(m[1]);
  return Number(m[2]) === expected ? { base: m[1], error: null } : { base: m[1], error: `el dígito de verificación no corresponde a este NIT: para ${m[1]} es ${expected}` };
}
