// The e-mails each fact owes (docs/emails.md), written by the fact's own transaction: each function reads what
// the e-mail needs inside that transaction and enqueues one row per recipient. Services call exactly one of these.
import type { Prisma } from "@/lib/db/generated/client";
import { guestsLabel } from "@/lib/format";
import { ymd } from "@/lib/time";
import { voucherPath } from "@/lib/money/voucher-code";
import { BANKS, CASH_METHODS, lookupName } from "@/lib/money/lookups";
import { enqueueEmail } from "./outbox";
import { wompiAgreementCode } from "./store";
import type { ConfirmedData, LinkData, OrderData, PaymentReceivedData, ReceiptData, RefundData, ReservationExpiredData } from "./templates/catalog";

type Tx = Prisma.TransactionClient;

const day = (d: Date | null | undefined) => (d ? ymd(d) : null);
const person = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" ").trim();

async function paymentFacts(tx: Tx, paymentId: string) {
  return tx.paymentTransaction.findUnique({
    where: { id: paymentId },
    include: {
      hotel: { select: { name: true } },
      agency: { select: { id: true, name: true, emailForNotifications: true } },
      voucher: { select: { code: true } },
      link: { select: { email: true, guestName: true, description: true, bookingStart: true, bookingEnd: true, agency: { select: { id: true, name: true, emailForNotifications: true } } } },
      reservation: {
        select: {
          id: true, code: true, email: true, firstName: true, lastName: true, checkin: true, checkout: true, status: true, adults: true, children: true, childrenAges: true,
          amount: true, currency: true, hotelId: true, agency: { select: { id: true, name: true, emailForNotifications: true } },
        },
      },
    },
  });
}

/**
 * An approved payment (card, cash, PSE, balance): the guest's receipt with the voucher PDF, the agency's "payment
 * received", and "reservation confirmed" when it paid the reservation in full. Call after the voucher row is written.
 */
export async function emailPaymentApproved(tx: Tx, paymentId: string, now: Date): Promise<void> {
  const t = await paymentFacts(tx, paymentId);
  if (!t || t.status !== "approved") return;
  const agency = t.agency ?? t.link?.agency ?? t.reservation?.agency ?? null;
  const r = t.reservation;
  const guestName = t.link?.guestName || (r ? person(r.firstName, r.lastName) : "") || person(t.refName, t.refLastname);
  const guestEmail = t.email || t.link?.email || r?.email;
  if (t.voucher) {
    const receipt: ReceiptData = {
      guestName,
      agencyName: agency?.name ?? null,
      hotelName: t.hotel.name,
      amount: t.amount.toFixed(2),
      currency: t.currency,
      method: t.method,
      cardBrand: t.cardBrand,
      cardLast4: t.cardLast4,
      authorizationCode: t.method === "card" ? t.paymentReference : null,
      paymentReference: t.method === "card" ? null : t.paymentReference,
      paidAt: (t.completedAt ?? now).toISOString(),
      reservationCode: r?.code ?? null,
      checkin: day(r?.checkin ?? t.link?.bookingStart),
      checkout: day(r?.checkout ?? t.link?.bookingEnd),
      voucherPath: voucherPath(t.voucher.code),
    };
    await enqueueEmail(tx, { template: "payment_receipt", factKey: `payment:${t.id}:approved`, to: guestEmail, toName: guestName, data: { ...receipt, attachments: [{ kind: "voucher", code: t.voucher.code }] }, agencyId: agency?.id ?? null, hotelId: t.hotelId }, now);
  }
  if (agency) {
    const received: PaymentReceivedData = {
      agencyName: agency.name,
      guestName,
      hotelName: t.hotel.name,
      amount: t.amount.toFixed(2),
      currency: t.currency,
      method: t.method,
      reservationCode: r?.code ?? null,
      linkDescription: t.link?.description ?? null,
      paidAt: (t.completedAt ?? now).toISOString(),
    };
    await enqueueEmail(tx, { template: "payment_received", factKey: `payment:${t.id}:approved`, to: agency.emailForNotifications, toName: agency.name, data: received, agencyId: agency.id, hotelId: t.hotelId, optOutOwners: [`agency:${agency.id}`] }, now);
  }
  if (r && r.status === "confirmed") {
    const confirmed: ConfirmedData = {
      guestName: person(r.firstName, r.lastName),
      agencyName: r.agency.name,
      hotelName: t.hotel.name,
      reservationCode: r.code,
      checkin: ymd(r.checkin),
      checkout: ymd(r.checkout),
      guests: guestsLabel(r.adults, r.childrenAges, r.children),
      amount: r.amount.toFixed(2),
      currency: r.currency,
    };
    await enqueueEmail(tx, { template: "reservation_confirmed", factKey: `reservation:${r.id}:confirmed`, to: r.email, toName: confirmed.guestName, data: confirmed, agencyId: r.agency.id, hotelId: r.hotelId, optOutOwners: [`agency:${r.agency.id}`] }, now);
  }
}

/**
 * A cash or PSE order placed: the guest gets the amount, the reference and until when to pay. `known.bankName`: the
 * PSE bank's name as payments read it from the gateway's list (Wompi's codes are not in the built-in list).
 */
export async function emailOrderPlaced(tx: Tx, paymentId: string, now: Date, known: { bankName?: string | null } = {}): Promise<void> {
  const t = await paymentFacts(tx, paymentId);
  if (!t || (t.method !== "cash" && t.method !== "bank_transfer")) return;
  const agency = t.agency ?? t.link?.agency ?? t.reservation?.agency ?? null;
  const r = t.reservation;
  const guestName = t.link?.guestName || (r ? person(r.firstName, r.lastName) : "") || person(t.refName, t.refLastname);
  // Cash through Wompi is paid at a Bancolombia correspondent with two numbers (docs/payments.md "Wompi").
  const agreementCode = t.method === "cash" ? await wompiAgreementCode(tx, t.id) : null;
  const data: OrderData = {
    guestName,
    agencyName: agency?.name ?? null,
    hotelName: t.hotel.name,
    amount: t.amount.toFixed(2),
    currency: t.currency,
    method: t.method,
    cashPoint: agreementCode ? "un corresponsal bancario Bancolombia" : t.cashMethod ? lookupName(CASH_METHODS, t.cashMethod) : null,
    agreementCode,
    bank: t.bankCode ? (known.bankName ?? lookupName(BANKS, t.bankCode)) : null,
    reference: t.paymentReference,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    checkin: day(r?.checkin ?? t.link?.bookingStart),
    checkout: day(r?.checkout ?? t.link?.bookingEnd),
  };
  await enqueueEmail(tx, { template: "order_instructions", factKey: `payment:${t.id}:placed`, to: t.email || t.link?.email || r?.email, toName: guestName, data, agencyId: agency?.id ?? null, hotelId: t.hotelId }, now);
}

/** A reservation expired unpaid: its agency is told (email_for_notifications). */
export async function emailReservationExpired(tx: Tx, reservationId: string, now: Date): Promise<void> {
  const r = await tx.reservation.findUnique({ where: { id: reservationId }, include: { hotel: { select: { name: true } }, agency: { select: { id: true, name: true, emailForNotifications: true } } } });
  if (!r || r.status !== "expired") return;
  const data: ReservationExpiredData = {
    agencyName: r.agency.name,
    guestName: person(r.firstName, r.lastName),
    hotelName: r.hotel.name,
    reservationCode: r.code,
    amount: r.amount.toFixed(2),
    amountPaid: r.amountPaid.toFixed(2),
    currency: r.currency,
    deadline: r.paymentDeadline.toISOString(),
    checkin: ymd(r.checkin),
    checkout: ymd(r.checkout),
  };
  await enqueueEmail(tx, { template: "reservation_expired", factKey: `reservation:${r.id}:expired`, to: r.agency.emailForNotifications, toName: r.agency.name, data, agencyId: r.agency.id, hotelId: r.hotelId, optOutOwners: [`agency:${r.agency.id}`] }, now);
}

/** The agency chose 'enviar por correo': the link's address gets the link (once per link). */
export async function emailPaymentLink(tx: Tx, linkId: string, now: Date): Promise<string | null> {
  const l = await tx.paymentLink.findUnique({ where: { id: linkId }, include: { hotel: { select: { name: true } }, agency: { select: { id: true, name: true } } } });
  if (!l) return null;
  const data: LinkData = {
    guestName: l.guestName,
    agencyName: l.agency.name,
    hotelName: l.hotel.name,
    amount: l.amount.toFixed(2),
    currency: l.currency,
    description: l.description,
    checkin: day(l.bookingStart),
    checkout: day(l.bookingEnd),
    expiresAt: l.expiresAt.toISOString(),
    payPath: `/pay/${l.code}`,
  };
  return enqueueEmail(tx, { template: "payment_link", factKey: `link:${l.id}:sent`, to: l.email, toName: l.guestName, data, agencyId: l.agency.id, hotelId: l.hotelId }, now);
}

/** A refund recorded on an approved payment: the guest is told how much comes back (the refund's own voucher attached). */
export async function emailRefundMade(tx: Tx, refundId: string, now: Date): Promise<void> {
  const refund = await tx.paymentRefund.findUnique({ where: { id: refundId } });
  if (!refund) return;
  const t = await paymentFacts(tx, refund.paymentId);
  if (!t) return;
  const agency = t.agency ?? t.link?.agency ?? t.reservation?.agency ?? null;
  const r = t.reservation;
  const guestName = t.link?.guestName || (r ? person(r.firstName, r.lastName) : "") || person(t.refName, t.refLastname);
  const data: RefundData = {
    guestName,
    agencyName: agency?.name ?? null,
    hotelName: t.hotel.name,
    amount: refund.amount.toFixed(2),
    paymentAmount: t.amount.toFixed(2),
    currency: t.currency,
    method: t.method,
    reason: refund.reason,
    at: refund.createdAt.toISOString(),
  };
  await enqueueEmail(tx, { template: "refund_made", factKey: `refund:${refund.id}`, to: t.email || t.link?.email || r?.email, toName: guestName, data: { ...data, attachments: [{ kind: "voucher", code: refund.voucherCode }] }, agencyId: agency?.id ?? null, hotelId: t.hotelId }, now);
}
