// Payment links (4.5): create, list, read, cancel, and expire after available_hours.
import crypto from "node:crypto";
import { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import { agencyScope, assertSameAgency, type Principal } from "@/lib/auth/principal";
import { badRequest, forbidden, notFound } from "@/lib/http/errors";
import { doesNotExist, wrongState } from "@/lib/domain/errors";
import { config } from "@/lib/config";
import { checkWebhookUrl } from "@/lib/webhooks/url-guard";
import { dateOnly, isoBogota, ymd } from "@/lib/time";
import { formatDateTime, formatMoney } from "@/lib/format";
import type { z } from "zod";
import type { CreateLinkInput, listLinksQuery } from "./schema";
import { earlierEffect, effectColumns, effectWhere, isEffectKeyViolation, type EffectKey } from "@/lib/http/effect-key";
import * as linkLifecycle from "@/lib/payments/link-lifecycle";

/** 128 random bits: the code is the only thing guarding the public payment page. */
/** "$ 1.250.000" (es-CO), plain spaces for API messages. */
const cop = (d: Prisma.Decimal) => formatMoney(d.toFixed(2), "COP").replace(/\u00a0/g, " ");

export const newLinkCode = () => crypto.randomBytes(16).toString("base64url");
export const linkUrl = (code: string) => `${config().publicBaseUrl}/pay/${code}`;

/** A link cannot outlive what it pays: it expires at the latest with the reservation's payment deadline. */
export function hoursLeftToPay(paymentDeadline: Date, now: Date): number {
  return Math.floor((paymentDeadline.getTime() - now.getTime()) / 3_600_000);
}

/**
 * What a new link for reservation `code` starts from (the portal's "Crear enlace" on a reservation): the guest,
 * the hotel, the amount still due (the whole amount when nothing is due) and the longest validity allowed. The
 * agency's own reservations, or any for the operator; another agency's is a 404.
 */
export async function linkDraftForReservation(db: Database, principal: Principal, code: string, now: Date) {
  const r = await db.prisma.reservation.findUnique({ where: { code: code.toUpperCase() }, include: { hotel: { select: { name: true } } } });
  if (!r) throw doesNotExist(`La reserva ${code} no existe`);
  assertSameAgency(principal, r.agencyId, `La reserva ${code}`);
  const due = Prisma.Decimal.max(r.amount.sub(r.amountPaid), 0);
  return {
    agency_id: r.agencyId,
    reservation_code: r.code,
    hotel_id: r.hotelId,
    hotel_name: r.hotel.name,
    guest_name: `${r.firstName} ${r.lastName}`,
    email: r.email,
    telephone: r.telephone,
    amount: (due.gt(0) ? due : r.amount).toNumber(),
    nights: r.nights,
    from: ymd(r.checkin),
    to: ymd(r.checkout),
    payment_deadline: isoBogota(r.paymentDeadline),
    max_hours: hoursLeftToPay(r.paymentDeadline, now),
  };
}

export async function createLink(db: Database, principal: Principal, input: CreateLinkInput, now: Date, effectKey?: EffectKey | null) {
  // An earlier attempt with this Idempotency-Key created the link (and maybe crashed): answer with it.
  const earlierLink = async () => (effectKey ? earlierEffect(effectKey, await db.prisma.paymentLink.findUnique({ where: effectWhere(effectKey), select: { code: true, idemHash: true } })) : null);
  const earlier = await earlierLink();
  if (earlier) return linkCreated(earlier.code);
  if (principal.role === "agency" && principal.agencyId !== input.agency_id) {
    throw forbidden("agency_id: debe ser el de su propia agencia");
  }
  if (input.temp_webhook_url) {
    const guard = await checkWebhookUrl(input.temp_webhook_url, { allowPrivate: config().webhookAllowPrivate });
    if (!guard.ok) throw badRequest(`temp_webhook_url: ${guard.reason}`);
  }
  const agency = await db.prisma.agency.findUnique({ where: { id: input.agency_id } });
  if (!agency) throw notFound(`agency_id: la agencia ${input.agency_id} no existe`);
  const hotel = await db.prisma.hotel.findUnique({ where: { id: input.hotel_id } });
  if (!hotel) throw notFound(`hotel_id: el hotel ${input.hotel_id} no existe`);
  let reservationId: string | null = null;
  if (input.reservation_code) {
    const r = await db.prisma.reservation.findUnique({ where: { code: input.reservation_code.toUpperCase() } });
    if (!r || r.agencyId !== agency.id) throw notFound(`reservation_code: la reserva ${input.reservation_code} no existe`);
    if (r.hotelId !== hotel.id) throw badRequest(`reservation_code: la reserva es del hotel ${r.hotelId}, no del ${hotel.id}`);
    if (r.status !== "pending_payment") throw wrongState(`reservation_code: la reserva ${r.code} no está pendiente de pago`);
    const maxHours = hoursLeftToPay(r.paymentDeadline, now);
    if (maxHours < 1) throw badRequest(`reservation_code: el plazo de pago de la reserva ${r.code} vence en menos de una hora; no se puede crear un enlace`);
    if (input.available_hours > maxHours) {
      throw badRequest(`available_hours: el enlace no puede vencer después del plazo de pago de la reserva (${formatDateTime(r.paymentDeadline)}); use como máximo ${maxHours} ${maxHours === 1 ? "hora" : "horas"}`);
    }
    // A link never asks for more than the reservation still owes (paying it would only end in a 409).
    const owed = r.amount.sub(r.amountPaid);
    if (new Prisma.Decimal(input.amount).gt(owed)) {
      throw badRequest(`amount: la reserva ${r.code} debe ${cop(owed)}; el enlace no puede cobrar más (pidió ${cop(new Prisma.Decimal(input.amount))})`);
    }
    reservationId = r.id;
  }
  const [start, end] = input.booking_dates ? input.booking_dates.split(" - ") : [null, null];
  const code = newLinkCode();
  const created = await db.prisma.paymentLink.create({
    data: {
      id: `lnk_${crypto.randomBytes(10).toString("base64url")}`,
      code,
      agencyId: agency.id,
      hotelId: hotel.id,
      reservationId,
      guestName: input.guest_name,
      email: input.email,
      phone: input.phone,
      amount: new Prisma.Decimal(input.amount),
      bookingStart: start ? dateOnly(start) : null,
      bookingEnd: end ? dateOnly(end) : null,
      description: input.description,
      availableHours: input.available_hours,
      expiresAt: new Date(now.getTime() + input.available_hours * 3_600_000),
      source: input.source ?? null,
      externalRefId: input.external_ref_id ?? null,
      tempWebhookUrl: input.temp_webhook_url ?? null,
      successUrl: input.redirect?.success_url ?? null,
      failureUrl: input.redirect?.failure_url ?? null,
      createdAt: now,
      ...effectColumns(effectKey),
    },
    select: { code: true },
  }).catch(async (e: unknown) => {
    // A concurrent attempt with this key created its link first: answer with that one.
    const first = isEffectKeyViolation(e) ? await earlierLink() : null;
    if (!first) throw e;
    return first;
  });
  return linkCreated(created.code);
}

const linkCreated = (code: string) => ({ msg: "Enlace de pago creado", url: linkUrl(code), code });

const include = { hotel: true, agency: { select: { id: true, name: true } }, reservation: { select: { code: true } } } satisfies Prisma.PaymentLinkInclude;
type Row = Prisma.PaymentLinkGetPayload<{ include: typeof include }>;

/** A link past its validity reads as expired even before the cron job has marked it. */
export function effectiveStatus(l: { status: Row["status"]; expiresAt: Date }, now: Date): Row["status"] {
  return l.status === "active" && l.expiresAt.getTime() <= now.getTime() ? "expired" : l.status;
}

function summary(l: Row, now: Date) {
  return {
    code: l.code,
    url: linkUrl(l.code),
    status: effectiveStatus(l, now),
    agency_id: l.agencyId,
    agency: { id: l.agency.id, name: l.agency.name },
    hotel_id: l.hotelId,
    hotel_name: l.hotel.name,
    guest_name: l.guestName,
    email: l.email,
    phone: l.phone,
    amount: l.amount,
    currency: l.currency,
    description: l.description,
    booking_dates: l.bookingStart && l.bookingEnd ? `${ymd(l.bookingStart)} - ${ymd(l.bookingEnd)}` : null,
    reservation_code: l.reservation?.code ?? null,
    external_ref_id: l.externalRefId,
    expires_at: isoBogota(l.expiresAt),
    paid_at: l.paidAt ? isoBogota(l.paidAt) : null,
    created_at: isoBogota(l.createdAt),
  };
}

export async function listLinks(db: Database, principal: Principal, q: z.output<typeof listLinksQuery>, now: Date) {
  const agencyId = agencyScope(principal);
  const byStatus: Prisma.PaymentLinkWhereInput =
    q.status === "active"
      ? { status: "active", expiresAt: { gt: now } }
      : q.status === "expired"
        ? { OR: [{ status: "expired" }, { status: "active", expiresAt: { lte: now } }] }
        : q.status
          ? { status: q.status }
          : {};
  const where: Prisma.PaymentLinkWhereInput = {
    AND: [
      agencyId !== null ? { agencyId } : {},
      byStatus,
      q.q
        ? {
            OR: [
              { guestName: { contains: q.q, mode: "insensitive" } },
              { email: { contains: q.q, mode: "insensitive" } },
              { description: { contains: q.q, mode: "insensitive" } },
            ],
          }
        : {},
      q.reservation_code ? { reservation: { code: q.reservation_code.toUpperCase() } } : {},
    ],
  };
  const [total, rows] = await Promise.all([
    db.prisma.paymentLink.count({ where }),
    db.prisma.paymentLink.findMany({ where, include, orderBy: { createdAt: "desc" }, skip: (q.page - 1) * q.per_page, take: q.per_page }),
  ]);
  return { items: rows.map((r) => summary(r, now)), total, page: q.page, per_page: q.per_page };
}

export async function getLink(db: Database, principal: Principal, code: string, now: Date) {
  const l = await db.prisma.paymentLink.findUnique({ where: { code }, include });
  if (!l) throw doesNotExist(`El enlace ${code} no existe`);
  assertSameAgency(principal, l.agencyId, `El enlace ${code}`);
  const [attempts, deliveries] = await Promise.all([
    db.prisma.paymentTransaction.findMany({ where: { linkId: l.id }, include: { voucher: true }, orderBy: { createdAt: "asc" } }),
    db.prisma.webhookDelivery.findMany({ where: { linkId: l.id }, orderBy: { createdAt: "asc" } }),
  ]);
  return {
    ...summary(l, now),
    available_hours: l.availableHours,
    source: l.source,
    temp_webhook_url: l.tempWebhookUrl,
    redirect: { success_url: l.successUrl, failure_url: l.failureUrl },
    attempts: attempts.map((t) => ({
      transaction_id: t.id,
      method: t.method,
      status: t.status,
      amount: t.amount,
      card_last4: t.cardLast4,
      created_at: isoBogota(t.createdAt),
      voucher_url: t.voucher ? `/v2/vouchers/${t.voucher.code}` : null,
    })),
    webhook_deliveries: deliveries.map((d) => ({
      id: d.id,
      event: d.event,
      status: d.status,
      attempts: d.attemptCount,
      created_at: isoBogota(d.createdAt),
      last_attempt_at: d.lastAttemptAt ? isoBogota(d.lastAttemptAt) : null,
    })),
  };
}

export async function cancelLink(db: Database, principal: Principal, code: string, now: Date) {
  const l = await db.prisma.paymentLink.findUnique({ where: { code } });
  if (!l) throw doesNotExist(`El enlace ${code} no existe`);
  assertSameAgency(principal, l.agencyId, `El enlace ${code}`);
  // Conditional on still being payable: a payment racing the cancel wins or loses cleanly.
  if (!(await linkLifecycle.cancel(db.prisma, l.id, now))) throw wrongState(`El enlace ${code} está ${effectiveStatus(l, now)}; solo se cancela un enlace activo`);
  return { msg: "Enlace cancelado", code, status: "cancelled" as const };
}

/**
 * The payment-links job: active links past their validity become expired; active links of a reservation no longer
 * pending payment are cancelled (the trigger of migration 20261127100100 does it with the reservation's change, but
 * skips a link a payment held locked at that instant).
 */
export async function expireLinks(db: Database, now: Date): Promise<number> {
  const expired = await linkLifecycle.expireDue(db, now);
  const closed = await linkLifecycle.closeForClosedReservations(db.prisma, now);
  return expired + closed;
}

/** What the guest's payment page shows: nothing of the agency's internals. */
export async function publicLinkView(db: Database, code: string, now: Date) {
  const l = await db.prisma.paymentLink.findUnique({ where: { code }, include: { hotel: true, agency: { select: { name: true, isArchived: true } } } });
  if (!l) return null;
  const paid = l.status === "paid" ? await db.prisma.paymentTransaction.findFirst({ where: { linkId: l.id, status: "approved" }, include: { voucher: true }, orderBy: { createdAt: "desc" } }) : null;
  const pending = await db.prisma.paymentTransaction.findFirst({ where: { linkId: l.id, status: "pending", method: { in: ["cash", "bank_transfer"] }, expiresAt: { gt: now } }, orderBy: { createdAt: "desc" } });
  // A Nequi payment still waiting for the guest's answer: the page goes back to waiting for it instead of asking again.
  const nequi = await db.prisma.paymentTransaction.findFirst({ where: { linkId: l.id, status: "pending", method: "nequi", expiresAt: { gt: now } }, orderBy: { createdAt: "desc" }, select: { id: true, nequiPhone: true } });
  return {
    code: l.code,
    status: effectiveStatus(l, now),
    hotel: { name: l.hotel.name, city: l.hotel.city, address: l.hotel.address, stars: l.hotel.stars, rnt: l.hotel.rnt },
    agency: l.agency.name,
    /** The agency was archived: its links take no payment (docs/payments.md); the page says why. */
    agencyArchived: l.agency.isArchived,
    guestName: l.guestName,
    description: l.description,
    amount: l.amount.toNumber(),
    currency: l.currency,
    bookingDates: l.bookingStart && l.bookingEnd ? { from: ymd(l.bookingStart), to: ymd(l.bookingEnd) } : null,
    expiresAt: l.expiresAt.toISOString(),
    paidAt: l.paidAt?.toISOString() ?? null,
    voucherUrl: paid?.voucher ? `/v2/vouchers/${paid.voucher.code}` : null,
    cardLast4: paid?.cardLast4 ?? null,
    pendingCheckout: pending ? { transactionId: pending.id, method: pending.method } : null,
    pendingNequi: nequi ? { transactionId: nequi.id, phone: nequi.nequiPhone ?? "" } : null,
    successUrl: l.successUrl,
    failureUrl: l.failureUrl,
  };
}
export type PublicLinkView = NonNullable<Awaited<ReturnType<typeof publicLinkView>>>;
