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
 * docs/decisions.md 6.6 and docs/reservations.md "The payment deadline": the hotel's hold time, but never later than the start of check-in day (Bogotá).
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
