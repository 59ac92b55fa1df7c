// Small rules of reservations, kept pure so they are tested on their own.
import crypto from "node:crypto";
import { bogotaDayStart } from "@/lib/time";

// No 0/O, 1/I/L: codes are read aloud and typed by people.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A booking code like HB7K3Q9XWD: "HB" and 8 random characters (~40 bits). */
export function bookingCode(): string {
  const bytes = crypto.randomBytes(8);
  let out = "HB";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** Same-day bookings still get this long to pay, even though check-in has started. */
export const SAME_DAY_GRACE_MINUTES = 30;

/**
 * decisions.md section 6: the hotel's hold time, but never later than the start of check-in day (Bogotá).
 * A same-day booking (check-in day already started) gets a short grace instead of an instant expiry.
 */
export function paymentDeadline(now: Date, holdMinutes: number, checkin: string): Date {
  const byHold = new Date(now.getTime() + holdMinutes * 60_000);
  const checkinStart = bogotaDayStart(checkin);
  if (checkinStart.getTime() <= now.getTime()) {
    return new Date(Math.min(byHold.getTime(), now.getTime() + SAME_DAY_GRACE_MINUTES * 60_000));
  }
  return byHold.getTime() < checkinStart.getTime() ? byHold : checkinStart;
}

export function luhnValid(pan: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = pan.length - 1; i >= 0; i--) {
    let d = pan.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return pan.length > 0 && sum % 10 === 0;
}

export function cardBrand(pan: string): string {
  if (/^4/.test(pan)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(pan)) return "mastercard";
  if (/^3[47]/.test(pan)) return "amex";
  if (/^3(0[0-5]|[689])/.test(pan)) return "diners";
  if (/^(6011|65|64[4-9])/.test(pan)) return "discover";
  return "otra";
}
