// The notices of issue 29 (docs/emails.md): a link expired unpaid, a failing webhook, a low balance (agency), and
// a booking made, cancelled or changed (the hotel's admins). Each one is written by the fact's own transaction in
// plain SQL (its queries: lib/mail/store.ts), so it works inside a Prisma transaction and inside a plain-SQL one
// (`sqlMailTx`): the booking and the webhook worker write that way. Services call exactly one function, after
// their own write.
import { guestsLabel } from "@/lib/format";
import { enqueueEmail, type MailTx } from "./outbox";
import { agencyContact, agencyContactWithBooking, bookingNoticeFacts, hotelAdmins, linkNoticeFacts } from "./store";
import type { BalanceLowData, HotelBookingData, LinkExpiredData, WebhookFailingData } from "./templates/catalog";

const person = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" ").trim();

/** An active link that expired unpaid (the payment-links job): its agency is told, once per link. */
export async function emailLinkExpired(tx: MailTx, linkId: string, now: Date): Promise<void> {
  const l = await linkNoticeFacts(tx, linkId);
  if (!l || l.status !== "expired") return;
  const data: LinkExpiredData = {
    agencyName: l.agency_name,
    guestName: l.guest_name,
    hotelName: l.hotel_name,
    amount: l.amount,
    currency: l.currency,
    description: l.description,
    expiresAt: new Date(l.expires_at).toISOString(),
  };
  await enqueueEmail(tx, { template: "link_expired", factKey: `link:${l.id}:expired`, to: l.agency_email, toName: l.agency_name, data, agencyId: l.agency_id, hotelId: l.hotel_id, optOutOwners: [`agency:${l.agency_id}`] }, now);
}

/**
 * The agency's webhook reached `failures` failed attempts in a row (the first time in this streak: the worker
 * calls this only on the attempt that takes the streak to the threshold; a success starts a new streak).
 */
export async function emailWebhookFailing(tx: MailTx, agencyId: number, failure: { deliveryId: string; attempt: number; url: string; failures: number; lastError: string }, now: Date): Promise<void> {
  const a = await agencyContact(tx, agencyId);
  if (!a) return;
  const data: WebhookFailingData = { agencyName: a.name, url: failure.url, failures: failure.failures, lastError: failure.lastError.slice(0, 200), at: now.toISOString() };
  await enqueueEmail(
    tx,
    { template: "webhook_failing", factKey: `agency:${agencyId}:webhook_failing:${failure.deliveryId}:${failure.attempt}`, to: a.email, toName: a.name, data, agencyId, optOutOwners: [`agency:${agencyId}`] },
    now,
  );
}

/**
 * A debit took a preloaded agency's balance from at or above its alert threshold to below it: one notice per
 * crossing (the ledger entry is the fact; a top-up and a later debit cross again).
 */
export async function emailBalanceLow(tx: MailTx, agencyId: number, crossing: { entryId: number; balance: string; threshold: string; reservationId: string | null }, now: Date): Promise<void> {
  const a = await agencyContactWithBooking(tx, agencyId, crossing.reservationId);
  if (!a) return;
  const data: BalanceLowData = { agencyName: a.name, balance: crossing.balance, threshold: crossing.threshold, currency: "COP", reservationCode: a.code, at: now.toISOString() };
  await enqueueEmail(tx, { template: "balance_low", factKey: `agency:${agencyId}:balance_low:${crossing.entryId}`, to: a.email, toName: a.name, data, agencyId, optOutOwners: [`agency:${agencyId}`] }, now);
}

export type HotelBookingKind = HotelBookingData["kind"];

/**
 * A booking of the hotel was made, cancelled, or its guest's data changed: each hotel admin of that hotel is told.
 * `version` tells apart two changes of one reservation (the change's time); new and cancelled happen once.
 */
export async function emailHotelBooking(tx: MailTx, reservationId: string, kind: HotelBookingKind, now: Date): Promise<void> {
  const r = await bookingNoticeFacts(tx, reservationId);
  if (!r) return;
  const admins = await hotelAdmins(tx, r.hotel_id);
  if (admins.length === 0) return;
  const data: HotelBookingData = {
    hotelName: r.hotel_name,
    kind,
    reservationCode: r.code,
    guestName: person(r.first_name, r.last_name),
    agencyName: r.agency_name,
    checkin: r.checkin,
    checkout: r.checkout,
    rooms: Number(r.rooms_count),
    guests: guestsLabel(Number(r.adults), r.children_ages, Number(r.children)),
  };
  const factKey = kind === "guest_changed" ? `reservation:${r.id}:hotel:guest_changed:${now.getTime()}` : `reservation:${r.id}:hotel:${kind}`;
  for (const u of admins) {
    await enqueueEmail(tx, { template: "hotel_booking", factKey, to: u.email, toName: u.name, locale: u.locale === "en" ? "en" : "es", data, hotelId: r.hotel_id, userId: u.id, optOutOwners: [`user:${u.id}`] }, now);
  }
}
