// The message an agent sends a guest on WhatsApp about a payment: who sends it (the agency), what for (hotel and
// dates), how much, until when, and where to pay. One wording for payment links and Cobrar's cash/PSE orders.
import { formatDate, formatDateTime } from "@/lib/format";

export interface PaymentMessage {
  guestName: string;
  agencyName?: string | null;
  hotelName: string;
  amount: string;
  /** "2026-12-04 - 2026-12-06" (a link's booking_dates) or the two days. */
  dates?: { from: string; to: string } | null;
  /** Until when it can be paid (an instant). */
  deadline?: string | null;
  /** The payment page, or the reference to pay with in cash. */
  url?: string | null;
  reference?: string | null;
}

/** "2026-12-04 - 2026-12-06" -> {from, to}; null otherwise. */
export function splitBookingDates(s: string | null | undefined): { from: string; to: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2}) - (\d{4}-\d{2}-\d{2})$/.exec(s ?? "");
  return m ? { from: m[1], to: m[2] } : null;
}

export function paymentMessageText(m: PaymentMessage): string {
  const first = m.guestName.trim().split(/\s+/)[0] ?? "";
  const lines = [`Hola ${first}${m.agencyName ? `, le escribimos de ${m.agencyName}` : ""}.`];
  const stay = m.dates ? ` del ${formatDate(m.dates.from)} al ${formatDate(m.dates.to)}` : "";
  lines.push(`Para su reserva en ${m.hotelName}${stay} el valor a pagar es ${m.amount}.`);
  if (m.deadline) lines.push(`Puede pagar hasta el ${formatDateTime(m.deadline)}`.replace(/\.?$/, "."));
  if (m.reference) lines.push(`Referencia de pago: ${m.reference}.`);
  if (m.url) lines.push(`Pague aquí: ${m.url}`);
  return lines.join("\n").replace(/([ap]\.\s?m\.)\./g, "$1");
}

/** wa.me link to the guest's number (digits only; Colombian 10-digit mobiles get 57) with the message. */
export function whatsappHref(phone: string | null | undefined, text: string): string {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (/^3\d{9}$/.test(digits)) digits = `57${digits}`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
