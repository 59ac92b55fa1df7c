// The built-in channel manager's ARI (availability, rates, inventory) management: hotels, room types,
// rate plans and nightly values, for the operator or the hotel's own admin (docs/decisions.md 5.10).
import crypto from "node:crypto";
import type { z } from "zod";
import type { Database } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import type { Principal } from "@/lib/auth/principal";
import { assertCanManageHotel } from "@/lib/auth/principal";
import { badRequest } from "@/lib/http/errors";
import { alreadyExists, doesNotExist } from "@/lib/domain/errors";
import { addDays, daysBetween, dateOnly, ymd } from "@/lib/time";
import { withTxRetry } from "@/lib/db/retry";
import { normalizeCity } from "@/lib/text/city";
import { cityLabel } from "@/lib/format";
import { assertNotChannexManaged } from "@/lib/gateways/channex/guard";
import { earlierEffect, effectColumns, effectWhere, isEffectKeyViolation, type EffectKey } from "@/lib/http/effect-key";
import {
  MAX_RANGE_DAYS,
  type createHotelBody,
  type createRatePlanBody,
  type createRoomTypeBody,
  type inventoryBody,
  type patchHotelBody,
  type patchRatePlanBody,
  type patchRoomTypeBody,
  type ratesBody,
} from "./schema";
import { changeNights, lockNights, openMissingNights, removeRateNights, setRateNights, type RateNightKeys } from "./store";

type HotelWithRooms = Prisma.HotelGetPayload<{ include: { roomTypes: true } }>;

export function hotelWire(h: HotelWithRooms) {
  const beds = h.roomTypes.filter((r) => r.isActive).map((r) => r.beds);
  return {
    id: h.id,
    name: h.name,
    city: h.city,
    channel_manager_id: h.channelManagerId,
    hold_minutes: h.holdMinutes,
    is_active: h.isActive,
    largest_room_beds: beds.length ? Math.max(...beds) : 0,
    address: h.address,
    stars: h.stars,
  };
}

type RoomTypeRow = Prisma.RoomTypeGetPayload<object>;
type RatePlanRow = Prisma.RatePlanGetPayload<object>;

export const roomTypeWire = (r: RoomTypeRow) => ({
  roomId: r.roomId,
  roomName: r.roomName,
  roomType: r.roomType,
  beds: r.beds,
  max_adults: r.maxAdults,
  max_children: r.maxChildren,
  is_active: r.isActive,
});

export const ratePlanWire = (r: RatePlanRow) => ({
  rateId: r.rateId,
  rateDescription: r.rateDescription,
  boardType: r.boardType,
  boardTypeDescription: r.boardTypeDescription,
  refundable: r.refundable,
  cancellationPolicy: r.cancellationPolicy,
  currency: r.currency,
  is_active: r.isActive,
});

const shortCode = () => crypto.randomBytes(4).toString("hex").toUpperCase();

function isUniqueViolation(e: unknown): boolean {
  if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") return true;
  // The PGlite adapter passes PostgreSQL's unique_violation through unmapped.
  const err = e as { name?: string; message?: string; cause?: { originalCode?: string; code?: string } };
  return err?.cause?.originalCode === "23505" || err?.cause?.code === "23505" || (err?.name === "DriverAdapterError" && /unique constraint/i.test(err.message ?? ""));
}

/** A hotel the caller may read: agencies see active hotels only. */
async function readableHotel(db: Database, principal: Principal, id: number) {
  const hotel = await db.prisma.hotel.findUnique({ where: { id }, include: { roomTypes: { orderBy: { id: "asc" } } } });
  if (!hotel || (principal.role === "agency" && !hotel.isActive)) throw doesNotExist(`El hotel ${id} no existe`);
  return hotel;
}

/** A hotel the caller manages; another hotel's admin is told it does not exist (tenant rule, docs/decisions.md). */
async function managedHotel(db: Database, principal: Principal, id: number) {
  const hotel = await db.prisma.hotel.findUnique({ where: { id }, include: { roomTypes: { orderBy: { id: "asc" } } } });
  if (!hotel || (principal.role === "hotel_admin" && !principal.hotelIds.includes(id))) throw doesNotExist(`El hotel ${id} no existe`);
  assertCanManageHotel(principal, id);
  return hotel;
}

// ------------------------------------------------------------------ hotels

export async function createHotel(db: Database, input: z.output<typeof createHotelBody>, effectKey?: EffectKey | null) {
  // An earlier attempt with this Idempotency-Key created the hotel (and maybe crashed): answer with it.
  const earlierHotel = async () => (effectKey ? earlierEffect(effectKey, await db.prisma.hotel.findUnique({ where: effectWhere(effectKey), include: { roomTypes: true } })) : null);
  const earlier = await earlierHotel();
  if (earlier) return hotelWire(earlier);
  const city = normalizeCity(input.city);
  if (!city) throw badRequest("city: debe contener letras");
  try {
    const hotel = await db.prisma.hotel.create({
      data: {
        name: input.name,
        city,
        channelManagerId: input.channel_manager_id ?? `CM-${shortCode()}`,
        holdMinutes: input.hold_minutes ?? 1440,
        address: input.address || null,
        stars: input.stars ?? null,
        ...effectColumns(effectKey),
      },
      include: { roomTypes: true },
    });
    return hotelWire(hotel);
  } catch (e) {
    const first = isEffectKeyViolation(e) ? await earlierHotel() : null;
    if (first) return hotelWire(first);
    if (isUniqueViolation(e)) throw alreadyExists(`channel_manager_id: ya existe un hotel con ${input.channel_manager_id}`);
    throw e;
  }
}

export async function updateHotel(db: Database, principal: Principal, id: number, input: z.output<typeof patchHotelBody>) {
  await managedHotel(db, principal, id);
  const data: Prisma.HotelUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.city !== undefined) {
    const city = normalizeCity(input.city);
    if (!city) throw badRequest("city: debe contener letras");
    data.city = city;
  }
  if (input.channel_manager_id !== undefined) data.channelManagerId = input.channel_manager_id;
  if (input.hold_minutes !== undefined) data.holdMinutes = input.hold_minutes;
  if (input.is_active !== undefined) data.isActive = input.is_active;
  if (input.address !== undefined) data.address = input.address || null;
  if (input.stars !== undefined) data.stars = input.stars;
  try {
    return hotelWire(await db.prisma.hotel.update({ where: { id }, data, include: { roomTypes: true } }));
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyExists(`channel_manager_id: ya existe un hotel con ${input.channel_manager_id}`);
    throw e;
  }
}

/** 4.14: hotels by city. Agencies see active hotels; a hotel admin sees their own hotels. */
export async function listHotels(db: Database, principal: Principal, city?: string) {
  const where: Prisma.HotelWhereInput = {};
  if (city) where.city = normalizeCity(city);
  if (principal.role === "agency") where.isActive = true;
  if (principal.role === "hotel_admin") where.id = { in: principal.hotelIds };
  const hotels = await db.prisma.hotel.findMany({ where, include: { roomTypes: true }, orderBy: [{ city: "asc" }, { name: "asc" }] });
  return hotels.map(hotelWire);
}

export async function getHotel(db: Database, principal: Principal, id: number) {
  return hotelWire(await readableHotel(db, principal, id));
}

/** Cities with active hotels, for search suggestions. */
export async function listCities(db: Database) {
  const rows = await db.prisma.hotel.groupBy({ by: ["city"], where: { isActive: true }, _count: { _all: true }, orderBy: { city: "asc" } });
  return rows.map((r) => ({ city: r.city, name: cityLabel(r.city), hotels: r._count._all }));
}

// ------------------------------------------------------------------ room types and rate plans

export async function listRoomTypes(db: Database, principal: Principal, hotelId: number) {
  const hotel = await readableHotel(db, principal, hotelId);
  return hotel.roomTypes.filter((r) => r.isActive || principal.role !== "agency").map(roomTypeWire);
}

export async function createRoomType(db: Database, principal: Principal, hotelId: number, input: z.output<typeof createRoomTypeBody>) {
  const hotel = await managedHotel(db, principal, hotelId);
  await assertNotChannexManaged(db, hotelId);
  try {
    const rt = await db.prisma.roomType.create({
      data: {
        hotelId,
        roomId: input.roomId ?? `${hotel.channelManagerId}-${input.roomType.replace(/[^A-Z0-9]/g, "")}-${shortCode()}`,
        roomName: input.roomName,
        roomType: input.roomType,
        beds: input.beds,
        maxAdults: input.max_adults,
        maxChildren: input.max_children,
      },
    });
    return roomTypeWire(rt);
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyExists(`roomId: ya existe la habitación ${input.roomId} en este hotel`);
    throw e;
  }
}

/** PATCH a room type: only the fields sent change; `is_active: false` retires it (no longer offered). */
export async function updateRoomType(db: Database, principal: Principal, hotelId: number, roomId: string, input: z.output<typeof patchRoomTypeBody>) {
  await managedHotel(db, principal, hotelId);
  const data: Prisma.RoomTypeUpdateManyMutationInput = {};
  if (input.room_name !== undefined) data.roomName = input.room_name;
  if (input.room_type !== undefined) data.roomType = input.room_type;
  if (input.beds !== undefined) data.beds = input.beds;
  if (input.max_adults !== undefined) data.maxAdults = input.max_adults;
  if (input.max_children !== undefined) data.maxChildren = input.max_children;
  if (input.is_active !== undefined) data.isActive = input.is_active;
  const changed = await db.prisma.roomType.updateMany({ where: { hotelId, roomId }, data });
  if (changed.count === 0) throw doesNotExist(`La habitación ${roomId} no existe en este hotel`);
  return roomTypeWire(await db.prisma.roomType.findUniqueOrThrow({ where: { hotelId_roomId: { hotelId, roomId } } }));
}

/** PATCH a rate plan: only the fields sent change; `is_active: false` retires it (no longer offered). */
export async function updateRatePlan(db: Database, principal: Principal, hotelId: number, rateId: string, input: z.output<typeof patchRatePlanBody>) {
  await managedHotel(db, principal, hotelId);
  const data: Prisma.RatePlanUpdateManyMutationInput = {};
  if (input.rate_description !== undefined) data.rateDescription = input.rate_description;
  if (input.board_type !== undefined) data.boardType = input.board_type ? input.board_type.toUpperCase() : null;
  if (input.board_type_description !== undefined) data.boardTypeDescription = input.board_type_description;
  if (input.refundable !== undefined) data.refundable = input.refundable;
  if (input.cancellation_policy !== undefined) data.cancellationPolicy = input.cancellation_policy;
  if (input.is_active !== undefined) data.isActive = input.is_active;
  const changed = await db.prisma.ratePlan.updateMany({ where: { hotelId, rateId }, data });
  if (changed.count === 0) throw doesNotExist(`La tarifa ${rateId} no existe en este hotel`);
  return ratePlanWire(await db.prisma.ratePlan.findUniqueOrThrow({ where: { hotelId_rateId: { hotelId, rateId } } }));
}

export async function listRatePlans(db: Database, principal: Principal, hotelId: number) {
  await readableHotel(db, principal, hotelId);
  const plans = await db.prisma.ratePlan.findMany({ where: { hotelId, ...(principal.role === "agency" ? { isActive: true } : {}) }, orderBy: { id: "asc" } });
  return plans.map(ratePlanWire);
}

export async function createRatePlan(db: Database, principal: Principal, hotelId: number, input: z.output<typeof createRatePlanBody>) {
  const hotel = await managedHotel(db, principal, hotelId);
  await assertNotChannexManaged(db, hotelId);
  try {
    const rp = await db.prisma.ratePlan.create({
      data: {
        hotelId,
        rateId: input.rateId ?? `${hotel.channelManagerId}-RATE-${shortCode()}`,
        rateDescription: input.rateDescription,
        boardType: input.boardType ? input.boardType.toUpperCase() : null,
        boardTypeDescription: input.boardTypeDescription,
        refundable: input.refundable,
        cancellationPolicy: input.cancellationPolicy,
        currency: input.currency,
      },
    });
    return ratePlanWire(rp);
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyExists(`rateId: ya existe la tarifa ${input.rateId} en este hotel`);
    throw e;
  }
}

// ------------------------------------------------------------------ nightly values

function checkRange(from: string, to: string, field: string) {
  if (to < from) throw badRequest(`${field}.to: debe ser igual o posterior a from`);
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) throw badRequest(`${field}: el rango no puede superar ${MAX_RANGE_DAYS} noches`);
}

async function roomIdsOf(db: Database, hotelId: number) {
  const rts = await db.prisma.roomType.findMany({ where: { hotelId }, select: { id: true, roomId: true } });
  return new Map(rts.map((r) => [r.roomId, r.id]));
}

/** Every (key, date) of inclusive ranges, for writes that go in one global order. */
function eachNight(from: string, to: string, f: (date: string) => void) {
  for (let d = from; d <= to; d = addDays(d, 1)) f(d);
}

const byRoomTypeAndDate = <T extends { rt: number; date: string }>(a: T, b: T) => a.rt - b.rt || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * PUT inventory: rooms to sell, stop-sell, minimum stay and arrival/departure restrictions per night; dates
 * inclusive; only the fields sent change, later updates of the list win. Rows are written in the global lock
 * order (room type, date) that holds use, so an update never deadlocks a booking (docs/reservations.md).
 */
export async function updateInventory(db: Database, principal: Principal, hotelId: number, input: z.output<typeof inventoryBody>) {
  await managedHotel(db, principal, hotelId);
  await assertNotChannexManaged(db, hotelId);
  const rooms = await roomIdsOf(db, hotelId);
  const resolved = input.updates.map((u, i) => {
    const rt = rooms.get(u.roomId);
    if (rt === undefined) throw badRequest(`updates.${i}.roomId: la habitación ${u.roomId} no existe en este hotel`);
    checkRange(u.from, u.to, `updates.${i}`);
    if (u.rooms === undefined && u.stop_sell === undefined && u.min_stay === undefined && u.closed_to_arrival === undefined && u.closed_to_departure === undefined) {
      throw badRequest(`updates.${i}: debe incluir rooms, stop_sell, min_stay, closed_to_arrival o closed_to_departure`);
    }
    return { ...u, rt };
  });
  const keys = new Map<string, { rt: number; date: string }>();
  let nights = 0;
  for (const u of resolved) {
    eachNight(u.from, u.to, (date) => {
      keys.set(`${u.rt}|${date}`, { rt: u.rt, date });
      nights += 1;
    });
  }
  const sorted = [...keys.values()].sort(byRoomTypeAndDate);
  const rts = sorted.map((k) => k.rt);
  const dates = sorted.map((k) => k.date);
  await withTxRetry(() =>
    db.prisma.$transaction(async (tx) => {
      // Nights that do not exist yet start closed (0 rooms) unless `rooms` is sent; created in lock order.
      await openMissingNights(tx, rts, dates);
      await lockNights(tx, rts, dates);
      // Every row is ours now: the updates apply in request order.
      for (const u of resolved) {
        await changeNights(tx, {
          roomTypeId: u.rt,
          from: u.from,
          to: u.to,
          rooms: u.rooms ?? null,
          stopSell: u.stop_sell ?? null,
          minStay: u.min_stay ?? null,
          closedToArrival: u.closed_to_arrival ?? null,
          closedToDeparture: u.closed_to_departure ?? null,
        });
      }
    }),
  );
  return { msg: "Inventario actualizado", nights };
}

/** PUT rates: price of one room for one night; without adults for every adult count, with it for that count only. */
export async function updateRates(db: Database, principal: Principal, hotelId: number, input: z.output<typeof ratesBody>) {
  await managedHotel(db, principal, hotelId);
  await assertNotChannexManaged(db, hotelId);
  const rooms = await roomIdsOf(db, hotelId);
  const plans = new Map((await db.prisma.ratePlan.findMany({ where: { hotelId }, select: { id: true, rateId: true } })).map((r) => [r.rateId, r.id]));
  const resolved = input.updates.map((u, i) => {
    const rt = rooms.get(u.roomId);
    if (rt === undefined) throw badRequest(`updates.${i}.roomId: la habitación ${u.roomId} no existe en este hotel`);
    const rp = plans.get(u.rateId);
    if (rp === undefined) throw badRequest(`updates.${i}.rateId: la tarifa ${u.rateId} no existe en este hotel`);
    checkRange(u.from, u.to, `updates.${i}`);
    return { ...u, rt, rp };
  });
  // One row per (room type, rate plan, date, adults), the last update of the list winning, written in one
  // statement in (room type, date) order.
  const rows = new Map<string, { rt: number; rp: number; date: string; adults: number; amount: string | null }>();
  let nights = 0;
  for (const u of resolved) {
    eachNight(u.from, u.to, (date) => {
      rows.set(`${u.rt}|${u.rp}|${date}|${u.adults ?? 0}`, { rt: u.rt, rp: u.rp, date, adults: u.adults ?? 0, amount: u.amountBeforeTax });
      nights += 1;
    });
  }
  const sorted = [...rows.values()].sort((a, b) => byRoomTypeAndDate(a, b) || a.rp - b.rp || a.adults - b.adults);
  const set = sorted.filter((r) => r.amount !== null);
  // A null amount removes the price of those nights (what an undo of a first price needs).
  const removed = sorted.filter((r) => r.amount === null);
  const keysOf = (list: typeof sorted): RateNightKeys => [list.map((r) => r.rp), list.map((r) => r.rt), list.map((r) => r.date), list.map((r) => r.adults)];
  await withTxRetry(() =>
    db.prisma.$transaction(async (tx) => {
      if (set.length > 0) await setRateNights(tx, keysOf(set), set.map((r) => r.amount as string));
      if (removed.length > 0) await removeRateNights(tx, keysOf(removed));
    }),
  );
  return { msg: "Tarifas actualizadas", nights };
}

/** The grid: room types, rate plans and every stored night of a date range. */
export async function getNights(db: Database, principal: Principal, hotelId: number, from: string, to: string) {
  const hotel = await managedHotel(db, principal, hotelId);
  checkRange(from, to, "from");
  if (daysBetween(from, to) + 1 > 62) throw badRequest("to: el rango no puede superar 62 noches");
  const [plans, inv, rates] = await Promise.all([
    db.prisma.ratePlan.findMany({ where: { hotelId }, orderBy: { id: "asc" } }),
    db.prisma.inventoryNight.findMany({ where: { roomType: { hotelId }, date: { gte: dateOnly(from), lte: dateOnly(to) } }, include: { roomType: { select: { roomId: true } } } }),
    db.prisma.rateNight.findMany({
      where: { roomType: { hotelId }, date: { gte: dateOnly(from), lte: dateOnly(to) } },
      include: { roomType: { select: { roomId: true } }, ratePlan: { select: { rateId: true } } },
    }),
  ]);
  const days: string[] = [];
  for (let d = from; d <= to; d = ymd(new Date(dateOnly(d).getTime() + 86_400_000))) days.push(d);
  return {
    hotel: hotelWire(hotel),
    room_types: hotel.roomTypes.map(roomTypeWire),
    rate_plans: plans.map(ratePlanWire),
    days,
    inventory: inv.map((n) => ({
      roomId: n.roomType.roomId,
      day: ymd(n.date),
      rooms: n.rooms,
      sold: n.sold,
      stop_sell: n.stopSell,
      min_stay: n.minStay,
      closed_to_arrival: n.closedToArrival,
      closed_to_departure: n.closedToDeparture,
    })),
    rates: rates.map((r) => ({ roomId: r.roomType.roomId, rateId: r.ratePlan.rateId, day: ymd(r.date), adults: r.adults === 0 ? null : r.adults, amountBeforeTax: r.amountBeforeTax })),
  };
}
