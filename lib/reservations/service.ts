// Reservations: create (priced by the channel manager, rooms held all-or-nothing), read, update the main
// guest, cancel, and expire unpaid ones at their payment deadline.
import crypto from "node:crypto";
import type { Database } from "@/lib/db/open";
import { Prisma } from "@/lib/db/generated/client";
import { HoldKeyConflictError, RoomsUnavailableError, type HoldRequest } from "@/lib/gateways/channel-manager";
import { channelManager } from "@/lib/gateways";
import { finishRelease, holdThenWrite } from "@/lib/gateways/channel-holds";
import { oweGuestData, sendGuestData } from "@/lib/gateways/guest-sync";
import { channelSyncOf } from "@/lib/gateways/channex/status";
import { badRequest, notFound } from "@/lib/http/errors";
import { changedMeanwhile, doesNotExist, wrongState } from "@/lib/domain/errors";
import { assertSameAgency, type Principal } from "@/lib/auth/principal";
import { addDays, bogotaDate, daysBetween, isoBogota, ymd } from "@/lib/time";
import type { z } from "zod";
import type { ReservationInput, updateReservationBody } from "./schema";
import { bookingCode, paymentDeadline } from "./rules";
import { cardBrand, luhnValid } from "@/lib/money/card-validation";
import * as lifecycle from "./lifecycle";
import { emailHotelBooking } from "@/lib/mail/notices";
import { sqlMailTx } from "@/lib/mail/outbox";
import { withTxRetry } from "@/lib/db/retry";
import { canReadReservation } from "./scope";
import { bookingHotel, insertReservation } from "./store";
import { earlierEffect, effectWhere, isEffectKeyViolation, type EffectKey } from "@/lib/http/effect-key";
import { crashPoint } from "@/lib/http/crash-points";

type Decimal = Prisma.Decimal;

// Holds on a popular room queue on its inventory rows; give them room to wait instead of failing at 5 s.
const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

export type CreateResult = { msg: string; chatbot_id: string } | { msg: string; no_available_rooms: Array<{ room: string; product: string }> };

interface PricedItem {
  index: number;
  roomId: string;
  rateId: string;
  checkin: string;
  nights: number;
  quantity: number;
  adults: number;
  children: number;
  currency: string;
  roomTypeId?: number;
  ratePlanId?: number;
  nightly: Array<{ day: string; amount: Decimal }>;
  amount: Decimal;
}

/** Checks of the request that a schema cannot express (dates against each other and today, counts). */
function checkCoherence(r: ReservationInput, today: string) {
  if (daysBetween(r.checkin, r.checkout) < 1) throw badRequest("reservation.checkout: debe ser posterior a checkin");
  if (r.checkin < today) throw badRequest(`reservation.checkin: no puede ser anterior a hoy (${today})`);
  if (daysBetween(r.checkin, r.checkout) !== r.nights) {
    throw badRequest(`reservation.nights: debe coincidir con las fechas (${daysBetween(r.checkin, r.checkout)} noches entre checkin y checkout)`);
  }
  const children = r.children ?? 0;
  const ages = (r.children_ages ?? "").trim() === "" ? [] : (r.children_ages ?? "").split(",").map((s) => s.trim());
  if (ages.some((a) => !/^\d{1,2}$/.test(a) || Number(a) > 17)) throw badRequest("reservation.children_ages: edades separadas por comas, cada una entre 0 y 17");
  if (ages.length !== children) throw badRequest(`reservation.children_ages: debe tener ${children} edad(es), una por niño`);
  const totalQty = r.roomsData.reduce((s, i) => s + i.quantity, 0);
  if (totalQty !== r.rooms) throw badRequest(`reservation.rooms: debe ser la suma de roomsData[].quantity (${totalQty})`);
  r.roomsData.forEach((item, i) => {
    const n = daysBetween(item.checkin, item.checkout);
    if (n < 1) throw badRequest(`reservation.roomsData.${i}.checkout: debe ser posterior a checkin`);
    if (n > 30) throw badRequest(`reservation.roomsData.${i}.checkout: la estadía no puede superar 30 noches`);
    if (item.checkin < r.checkin || item.checkout > r.checkout) {
      throw badRequest(`reservation.roomsData.${i}.checkin: las fechas deben estar dentro de la estadía (${r.checkin} a ${r.checkout})`);
    }
    if (item.currency !== r.currency) throw badRequest(`reservation.roomsData.${i}.currency: debe ser igual a reservation.currency (${r.currency})`);
  });
  if (r.ccData) {
    if (!luhnValid(r.ccData.ccNumber)) throw badRequest("reservation.ccData.ccNumber: no es un número de tarjeta válido");
    const [mm, yyyy] = r.ccData.ccExpireDate.split("/").map(Number);
    const [ty, tm] = today.split("-").map(Number);
    if (yyyy < ty || (yyyy === ty && mm < tm)) throw badRequest("reservation.ccData.ccExpireDate: la tarjeta está vencida");
  }
  return { children, ages };
}

/** Prices each requested item from the channel manager; items it cannot offer are returned apart. */
async function priceItems(database: Database, hotelId: number, r: ReservationInput) {
  const cm = channelManager(database);
  const priced: PricedItem[] = [];
  const unavailable: number[] = [];
  // One search per distinct stay and occupancy.
  const groups = new Map<string, number[]>();
  r.roomsData.forEach((item, i) => {
    const k = `${item.checkin}|${item.checkout}|${item.adults}|${item.children}`;
    groups.set(k, [...(groups.get(k) ?? []), i]);
  });
  for (const [k, indexes] of groups) {
    const [checkin, checkout, adults, children] = k.split("|");
    const nights = daysBetween(checkin, checkout);
    const offers = await cm.search(
      { where: { hotelId }, checkin, nights, layout: [{ adults: Number(adults), childrenAges: Array.from({ length: Number(children) }, () => 0) }] },
      { includeEmpty: true },
    );
    const rooms = offers[0]?.items[0]?.rooms ?? [];
    for (const i of indexes) {
      const item = r.roomsData[i];
      const room = rooms.find((x) => x.roomId === item.id);
      const product = room?.products.find((p) => p.rateId === item.rateId);
      if (!room || !product || room.count < item.quantity || product.currency !== item.currency) {
        unavailable.push(i);
        continue;
      }
      priced.push({
        index: i,
        roomId: item.id,
        rateId: item.rateId,
        checkin,
        nights,
        quantity: item.quantity,
        adults: item.adults,
        children: item.children,
        currency: product.currency,
        // The channel manager speaks exact decimal text; money stays Decimal from here on.
        nightly: product.nightly.map((n) => ({ day: n.day, amount: new Prisma.Decimal(n.amount) })),
        amount: new Prisma.Decimal(product.total).mul(item.quantity),
      });
    }
  }
  return { priced, unavailable };
}

/** Rooms held per stay, as the channel manager expects them. */
function holdsOf(hotelId: number, items: Array<{ roomId: string; checkin: string; nights: number; quantity: number }>): HoldRequest[] {
  const byStay = new Map<string, HoldRequest>();
  for (const it of items) {
    const k = `${it.checkin}|${it.nights}`;
    let h = byStay.get(k);
    if (!h) byStay.set(k, (h = { hotelId, checkin: it.checkin, nights: it.nights, rooms: [] }));
    h.rooms.push({ roomId: it.roomId, quantity: it.quantity });
  }
  return [...byStay.values()];
}

const noAvailability = (r: ReservationInput, indexes: number[]): CreateResult => ({
  msg: "No hay disponibilidad para una o más habitaciones solicitadas; no se registró la reserva",
  no_available_rooms: [...new Set(indexes)].sort((a, b) => a - b).map((i) => ({ room: r.roomsData[i].id, product: r.roomsData[i].rateId })),
});

export async function createReservation(database: Database, principal: Principal, hotelId: number, r: ReservationInput, now: Date, effectKey?: EffectKey | null): Promise<CreateResult> {
  const agencyId = principal.agencyId;
  if (principal.role !== "agency" || agencyId === null) throw badRequest("Solo una agencia puede crear reservas");
  // An earlier attempt with this Idempotency-Key registered the reservation (and maybe crashed): answer with it,
  // hold no rooms again.
  const earlierBooking = async () =>
    effectKey ? earlierEffect(effectKey, await database.prisma.reservation.findUnique({ where: effectWhere(effectKey), select: { code: true, idemHash: true } })) : null;
  const earlier = await earlierBooking();
  if (earlier) return registered(earlier.code);
  const today = bogotaDate(now);
  const { children, ages } = checkCoherence(r, today);
  const hotel = await bookingHotel(database, hotelId, [...new Set(r.roomsData.map((i) => i.id))], [...new Set(r.roomsData.map((i) => i.rateId))]);
  if (!hotel || !hotel.is_active) throw notFound(`El hotel ${hotelId} no existe`);

  const { priced, unavailable } = await priceItems(database, hotelId, r);
  // Priced means the channel manager offers it, which only an active room type and rate plan of this hotel are.
  const roomTypeId = new Map(hotel.room_types.map((x) => [x.room_id, x.id]));
  const ratePlanId = new Map(hotel.rate_plans.map((x) => [x.rate_id, x.id]));
  for (const p of priced) if (!roomTypeId.has(p.roomId) || !ratePlanId.has(p.rateId)) unavailable.push(p.index);
  if (unavailable.length > 0) return noAvailability(r, unavailable);

  const amount = priced.reduce((s, p) => s.add(p.amount), new Prisma.Decimal(0));
  const code = bookingCode();
  const deadline = paymentDeadline(now, hotel.hold_minutes, r.checkin);
  const id = `res_${crypto.randomBytes(10).toString("base64url")}`;

  try {
    // Every room of the request or none, held by the channel manager under the reservation's id; then the
    // reservation is written. If the write fails, the hold is released (compensation) before the error goes on.
    // docs/reservations.md "The channel-manager boundary".
    await holdThenWrite(database, channelManager(database), { key: id, hotelId, holds: holdsOf(hotelId, priced), now }, async (tx) => {
      await insertReservation(tx, {
        id,
        code,
        agencyId,
        hotelId,
        status: "pending_payment",
        checkin: r.checkin,
        checkout: r.checkout,
        nights: r.nights,
        roomsCount: r.rooms,
        adults: r.adults,
        children,
        childrenAges: ages.length ? ages.join(",") : null,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        telephone: r.telephone,
        country: r.country,
        city: r.city || null,
        notes: r.notes || null,
        currency: r.currency,
        amount,
        // A card guarantee keeps only brand and last four.
        cardBrand: r.ccData ? cardBrand(r.ccData.ccNumber) : null,
        cardLast4: r.ccData ? r.ccData.ccNumber.slice(-4) : null,
        paymentDeadline: deadline,
        createdAt: now,
        rooms: priced.map((p) => ({
          roomTypeId: roomTypeId.get(p.roomId)!,
          ratePlanId: ratePlanId.get(p.rateId)!,
          checkin: p.checkin,
          checkout: addDays(p.checkin, p.nights),
          quantity: p.quantity,
          adults: p.adults,
          children: p.children,
          currency: p.currency,
          amount: p.amount,
          nightly: p.nightly.map((n) => ({ day: n.day, amount: n.amount.toFixed(2) })),
        })),
        history: [{ fromStatus: null, toStatus: "pending_payment", reason: "Reserva registrada", at: now }],
        idem: effectKey,
      });
      await emailHotelBooking(sqlMailTx(tx), id, "new", now);
    });
  } catch (e) {
    // A concurrent attempt with this key registered it first; this one's rooms were given back (compensation).
    const first = isEffectKeyViolation(e) ? await earlierBooking() : null;
    if (first) return registered(first.code);
    if (e instanceof RoomsUnavailableError) {
      const lost = new Set(e.roomIds);
      return noAvailability(
        r,
        priced.filter((p) => lost.has(p.roomId)).map((p) => p.index),
      );
    }
    // Only when the channel-holds job took this hold for an orphan while it was being made: nothing is held.
    if (e instanceof HoldKeyConflictError) throw changedMeanwhile("La reserva no pudo registrarse; intente de nuevo");
    throw e;
  }
  crashPoint("booking:after-commit");
  return registered(code);
}

const registered = (code: string): CreateResult => ({ msg: "Reserva registrada; pendiente de pago", chatbot_id: code });

const detailInclude = {
  hotel: true,
  agency: { select: { id: true, name: true } },
  rooms: { include: { roomType: true, ratePlan: true }, orderBy: { id: "asc" } },
  history: { orderBy: { id: "asc" } },
  transactions: { include: { voucher: true }, orderBy: { createdAt: "asc" } },
} satisfies Prisma.ReservationInclude;

type DetailRow = Prisma.ReservationGetPayload<{ include: typeof detailInclude }>;

async function findOwned(db: Database, principal: Principal, code: string) {
  const row = await db.prisma.reservation.findUnique({ where: { code: code.toUpperCase() }, include: detailInclude });
  if (!row) throw doesNotExist(`La reserva ${code} no existe`);
  assertSameAgency(principal, row.agencyId, `La reserva ${code}`);
  return row;
}

export function summary(r: { code: string; status: DetailRow["status"]; hotelId: number; hotel: { name: string }; agency: { id: number; name: string }; checkin: Date; checkout: Date; nights: number; firstName: string; lastName: string; email: string; currency: string; amount: Decimal; amountPaid: Decimal; paymentDeadline: Date; createdAt: Date; roomsCount: number; adults: number; children: number }) {
  return {
    chatbot_id: r.code,
    status: r.status,
    hotel_id: r.hotelId,
    hotel_name: r.hotel.name,
    agency: { id: r.agency.id, name: r.agency.name },
    checkin: ymd(r.checkin),
    checkout: ymd(r.checkout),
    nights: r.nights,
    guest_name: `${r.firstName} ${r.lastName}`,
    email: r.email,
    rooms: r.roomsCount,
    adults: r.adults,
    children: r.children,
    currency: r.currency,
    amount: r.amount,
    amount_paid: r.amountPaid,
    payment_deadline: isoBogota(r.paymentDeadline),
    created_at: isoBogota(r.createdAt),
  };
}

export function presentReservation(r: DetailRow) {
  return {
    ...summary(r),
    hotel_city: r.hotel.city,
    rooms: r.roomsCount,
    adults: r.adults,
    children: r.children,
    children_ages: r.childrenAges,
    firstName: r.firstName,
    lastName: r.lastName,
    telephone: r.telephone,
    country: r.country,
    city: r.city,
    notes: r.notes,
    amount_due: Prisma.Decimal.max(r.amount.sub(r.amountPaid), 0),
    card: r.cardBrand && r.cardLast4 ? { brand: r.cardBrand, last_four: r.cardLast4 } : null,
    rooms_data: r.rooms.map((x) => ({
      room_id: x.roomType.roomId,
      room_name: x.roomType.roomName,
      rate_id: x.ratePlan.rateId,
      rate_description: x.ratePlan.rateDescription,
      board_type: x.ratePlan.boardType,
      refundable: x.ratePlan.refundable,
      cancellation_policy: x.ratePlan.cancellationPolicy,
      checkin: ymd(x.checkin),
      checkout: ymd(x.checkout),
      quantity: x.quantity,
      adults: x.adults,
      children: x.children,
      currency: x.currency,
      amount: x.amount,
      nightly: (x.nightly as Array<{ day: string; amount: string }>).map((n) => ({ day: n.day, amount: new Prisma.Decimal(n.amount) })),
    })),
    payments: r.transactions.map((t) => ({
      transaction_id: t.id,
      method: t.method,
      status: t.status,
      amount: t.amount,
      created_at: isoBogota(t.createdAt),
      voucher_url: t.voucher ? `/v2/vouchers/${t.voucher.code}` : null,
    })),
    history: r.history.map((h) => ({ from: h.fromStatus, to: h.toStatus, at: isoBogota(h.at), reason: h.reason })),
    updated_at: isoBogota(r.updatedAt),
  };
}

/** Read only: the agency that made it, the operator, or an admin of its hotel (issue 16); anyone else 404. */
export async function getReservation(db: Database, principal: Principal, code: string) {
  const row = await db.prisma.reservation.findUnique({ where: { code: code.toUpperCase() }, include: detailInclude });
  if (!row || !canReadReservation(principal, row)) throw doesNotExist(`La reserva ${code} no existe`);
  return { ...presentReservation(row), channel_sync: await channelSyncOf(db, row.id) };
}

export async function updateGuest(
  database: Database,
  principal: Principal,
  code: string,
  input: z.output<typeof updateReservationBody>["reservation"],
  now: Date,
) {
  const row = await findOwned(database, principal, code);
  if (row.status === "expired" || row.status === "cancelled") {
    throw wrongState(`La reserva ${row.code} está ${row.status === "expired" ? "vencida" : "cancelada"}; no se puede modificar`);
  }
  const data = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const changed = await database.prisma.$transaction(async (tx) => {
    // Conditional on the state so a concurrent expiry wins cleanly.
    const updated = await tx.reservation.updateMany({ where: { id: row.id, status: { in: ["pending_payment", "confirmed"] } }, data: { ...data, updatedAt: now } });
    if (updated.count === 0) return false;
    // The channel manager is owed the guest as it now is, committed with the change (lib/gateways/guest-sync.ts).
    const guest = await tx.reservation.findUniqueOrThrow({ where: { id: row.id }, select: { firstName: true, lastName: true, email: true, telephone: true } });
    await oweGuestData(tx, { bookingCode: row.code, hotelId: row.hotelId, guest, now });
    await emailHotelBooking(tx, row.id, "guest_changed", now);
    return true;
  });
  if (!changed) throw changedMeanwhile(`La reserva ${row.code} ya no admite cambios`);
  // Sent now; if the channel manager does not answer, the channel-guests job sends it later. The change stands.
  await sendGuestData(database, channelManager(database), row.code);
  return { msg: "Datos del huésped actualizados" };
}

/**
 * Ends a reservation that still holds rooms; returns null when it no longer could. The release is asked of the
 * channel manager after the commit; one that does not get through is retried by the channel-holds job.
 */
async function closeReservation(database: Database, id: string, to: "expired" | "cancelled", reason: string, now: Date) {
  // The transition's conditional update is the claim: two runs (or an expiry racing a cancel) change it once.
  const closed = await withTxRetry(() => database.prisma.$transaction((tx) => (to === "expired" ? lifecycle.expire(tx, id, now) : lifecycle.cancel(tx, id, reason, now)), TX_OPTIONS));
  if (closed) await finishRelease(database, channelManager(database), id, now);
  return closed;
}

export async function cancelReservation(database: Database, principal: Principal, code: string, now: Date) {
  const row = await findOwned(database, principal, code);
  if (row.status !== "pending_payment") throw wrongState(`La reserva ${row.code} está en estado ${row.status}; solo se cancelan reservas pendientes de pago`);
  const done = await closeReservation(database, row.id, "cancelled", "Cancelada por la agencia", now);
  if (!done) throw changedMeanwhile(`La reserva ${row.code} cambió de estado; recargue e intente de nuevo`);
  return { msg: "Reserva cancelada; las habitaciones volvieron al inventario" };
}

/** The expiry job: unpaid reservations past their deadline release their rooms and notify the agency. */
export async function expireDueReservations(database: Database, now: Date): Promise<number> {
  let processed = 0;
  for (;;) {
    const due = await database.prisma.reservation.findMany({
      where: { status: "pending_payment", paymentDeadline: { lte: now } },
      select: { id: true },
      orderBy: { paymentDeadline: "asc" },
      take: 100,
    });
    if (due.length === 0) break;
    for (const { id } of due) {
      if (await closeReservation(database, id, "expired", "Plazo de pago vencido", now)) processed += 1;
    }
    if (due.length < 100) break;
  }
  return processed;
}
