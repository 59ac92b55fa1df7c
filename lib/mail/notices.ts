// The notices of issue 29 (docs/emails.md): a link expired unpaid, a failing webhook, a low balance (agency), and
// a booking made, cancelled or changed (the hotel's admins). Each one is written by the fact's own transaction in
// plain SQL, so it works inside a Prisma transaction and inside a plain-SQL one (`sqlMailTx`): the booking and
// the webhook worker write that way. Services call exactly one function, after their own write.
import { guestsLabel } from "@/lib/format";
import { enqueueEmail, type MailTx } from "./outbox";
import type { BalanceLowData, HotelBookingData, LinkExpiredData, WebhookFailingData } from "./templates/catalog";

const person = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" ").trim();

/** An active link that expired unpaid (the payment-links job): its agency is told, once per link. */
export async function emailLinkExpired(tx: MailTx, linkId: string, now: Date): Promise<void> {
  const [l] = await tx.$queryRawUnsafe<Array<{ id: string; status: string; guest_name: string; description: string; amount: string; currency: string; expires_at: Date; hotel_id: number; hotel_name: string; agency_id: number; agency_name: string; agency_email: string }>>(
    `SELECT l.id, l.status::text AS status, l.guest_name, l.description, l.amount::text AS amount, l.currency, l.expires_at, l.hotel_id,
            h.name AS hotel_name, a.id AS agency_id, a.name AS agency_name, a.email_for_notifications AS agency_email
       FROM payment_links l JOIN hotels h ON h.id = l.hotel_id JOIN agencies a ON a.id = l.agency_id
      WHERE l.id = $1`,
    linkId,
  );
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
  const [a] = await tx.$queryRawUnsafe<Array<{ name: string; email: string }>>(`SELECT name, email_for_notifications AS email FROM agencies WHERE id = $1::int`, agencyId);
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
  const [a] = await tx.$queryRawUnsafe<Array<{ name: string; email: string; code: string | null }>>(
    `SELECT a.name, a.email_for_notifications AS email, (SELECT r.code FROM reservations r WHERE r.id = $2) AS code FROM agencies a WHERE a.id = $1::int`,
    agencyId,
    crossing.reservationId,
  );
  if (!a) return;
  const data: BalanceLowData = { agencyName: a.name, balance: crossing.balance, threshold: crossing.threshold, currency: "COP", reservationCode: a.code, at: now.toISOString() };
  await enqueueEmail(tx, { template: "balance_low", factKey: `agency:${agencyId}:balance_low:${crossing.entryId}`, to: a.email, toName: a.name, data, agencyId, optOutOwners: [`agency:${agencyId}`] }, now);
}

export type HotelBookingKind = HotelBookingData["kind"];

/** The active hotel-admin users of a hotel: who gets the hotel's e-mails (each may turn them off). */
export function hotelAdmins(tx: MailTx, hotelId: number) {
  return tx.$queryRawUnsafe<Array<{ id: number; email: string; name: string; locale: string }>>(
    `SELECT u.id, u.email, u.name, u.locale FROM users u JOIN user_hotels uh ON uh.user_id = u.id
      WHERE uh.hotel_id = $1::int AND u.role::text = 'hotel_admin' AND u.is_active ORDER BY u.id`,
    hotelId,
  );
}

/**
 * A booking of the hotel was made, cancelled, or its guest's data changed: each hotel admin of that hotel is told.
 * `version` tells apart two changes of one reservation (the change's time); new and cancelled happen once.
 */
export async function emailHotelBooking(tx: MailTx, reservationId: string, kind: HotelBookingKind, now: Date): Promise<void> {
  const [r] = await tx.$queryRawUnsafe<Array<{ id: string; code: string; hotel_id: number; hotel_name: string; agency_id: number; agency_name: string; first_name: string; last_name: string; checkin: string; checkout: string; rooms_count: number; adults: number; children: number; children_ages: string | null }>>(
    `SELECT r.id, r.code, r.hotel_id, h.name AS hotel_name, r.agency_id, a.name AS agency_name, r.first_name, r.last_name,
            to_char(r.checkin, 'YYYY-MM-DD') AS checkin, to_char(r.checkout, 'YYYY-MM-DD') AS checkout, r.rooms_count, r.adults, r.children, r.children_ages
       FROM reservations r JOIN hotels h ON h.id = r.hotel_id JOIN agencies a ON a.id = r.agency_id
      WHERE r.id = $1`,
    reservationId,
  );
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
