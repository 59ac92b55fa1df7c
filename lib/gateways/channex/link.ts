// Linking a hotel to a Channex property (docs/channel-managers.md "Linking a hotel"), operator only: an existing
// hotel, or a new one made from the property. Its room types and rate plans are imported with their Channex ids
// as our roomId / rateId; the product registers its webhook at Channex; the mirror is filled at once (within the
// budget) and kept by the channex-sync job.
import type { Database } from "@/lib/db/open";
import { Prisma } from "@/lib/db/generated/client";
import { badRequest, HttpError, notFound } from "@/lib/http/errors";
import { alreadyExists, wrongState } from "@/lib/domain/errors";
import { errorLine, log } from "@/lib/http/log";
import { normalizeCity } from "@/lib/text/city";
import { ChannelManagerUnavailableError } from "../channel-manager";
import { ChannexError, type ChannexPropertyInfo, type ChannexRatePlan, type ChannexRoomType } from "./client";
import { WEBHOOK_SECRET_HEADER, type ChannexDeps } from "./deps";
import { pauseProperty, pullProperty, raiseAlert } from "./mirror";

export interface LinkInput {
  property_id: string;
  hotel_id?: number;
  city?: string;
}

/** The webhook events the product subscribes to: a change of ARI or of a booking is a reason to pull. */
export const EVENT_MASK = "ari;booking";

/** Channex's answer to a call the operator is waiting for, as our standard error. */
function asHttpError(e: unknown, propertyId: string): Error {
  if (!(e instanceof ChannexError)) return e as Error;
  if (e.kind === "not_found") return notFound(`property_id: Channex no tiene la propiedad ${propertyId}, o la clave de API no tiene acceso a ella`);
  if (e.kind === "unauthorized" || e.kind === "forbidden") {
    return new HttpError(502, "Channex rechazó la clave de API (CHANNEX_API_KEY); revísela en la configuración", { message: "El gestor de canales rechazó la solicitud" });
  }
  return new ChannelManagerUnavailableError(e.kind);
}

const ROOM_CODE = ["SINGLE", "SINGLE", "DOUBLE", "TRIPLE"];
const BOARDS: Record<string, [string | null, string]> = {
  none: [null, "Sin comidas"],
  room_only: [null, "Sin comidas"],
  breakfast: ["BB", "Desayuno incluido"],
  half_board: ["HB", "Media pensión"],
  full_board: ["FB", "Pensión completa"],
  all_inclusive: ["AI", "Todo incluido"],
};

/** Upserts the room types and rate plans; what Channex no longer lists is retired (reservations keep it). */
export async function importCatalogue(tx: Prisma.TransactionClient, hotelId: number, p: ChannexPropertyInfo, roomTypes: ChannexRoomType[], ratePlans: ChannexRatePlan[]) {
  const ours = new Map<string, number>();
  for (const rt of roomTypes) {
    const data = {
      roomName: rt.title.slice(0, 200),
      roomType: ROOM_CODE[rt.occAdults] ?? "QUADRUPLE",
      // Channex does not say how many beds; the most adults is the closest it gives.
      beds: rt.occAdults,
      maxAdults: rt.occAdults,
      maxChildren: rt.occChildren,
    };
    const row = await tx.roomType.upsert({
      where: { hotelId_roomId: { hotelId, roomId: rt.id } },
      create: { hotelId, roomId: rt.id, ...data },
      update: data,
      select: { id: true },
    });
    ours.set(rt.id, row.id);
  }
  await tx.roomType.updateMany({ where: { hotelId, roomId: { notIn: roomTypes.map((r) => r.id) }, isActive: true }, data: { isActive: false } });
  const imported: string[] = [];
  for (const rp of ratePlans) {
    const roomTypeId = ours.get(rp.roomTypeId);
    if (roomTypeId === undefined) continue;
    const currency = (rp.currency ?? p.currency ?? "COP").toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) continue;
    const [boardType, boardTypeDescription] = BOARDS[rp.mealType ?? "none"] ?? [null, "Según el hotel"];
    const row = await tx.ratePlan.upsert({
      where: { hotelId_rateId: { hotelId, rateId: rp.id } },
      // Channex says nothing about refunds: no refund is promised until the operator states the hotel's policy.
      create: {
        hotelId,
        rateId: rp.id,
        rateDescription: rp.title.slice(0, 200),
        boardType,
        boardTypeDescription,
        refundable: "none",
        cancellationPolicy: "Según las condiciones del hotel en Channex; confírmelas con el operador antes de prometer un reembolso.",
        currency,
      },
      // A plan the operator retired stays retired; its title and currency follow Channex.
      update: { rateDescription: rp.title.slice(0, 200), currency },
      select: { id: true },
    });
    imported.push(rp.id);
    const options = rp.options.map((o) => ({ occupancy: o.occupancy, isPrimary: o.isPrimary, rate: o.rate }));
    await tx.channexRatePlan.upsert({
      where: { ratePlanId: row.id },
      create: { ratePlanId: row.id, roomTypeId, sellMode: rp.sellMode, options },
      update: { roomTypeId, sellMode: rp.sellMode, options },
    });
  }
  await tx.ratePlan.updateMany({ where: { hotelId, rateId: { notIn: imported }, isActive: true }, data: { isActive: false } });
  return { roomTypes: roomTypes.length, ratePlans: imported.length };
}

/** Our webhook at Channex (found if it is already there, else created): active, both events, the secret in its headers. */
export async function registerWebhook(database: Database, deps: ChannexDeps, hotelId: number, propertyId: string): Promise<boolean> {
  try {
    const existing = (await deps.client.webhooks(propertyId)).find((w) => w.callbackUrl === deps.callbackUrl && w.isActive);
    const id =
      existing?.id ??
      (
        await deps.client.createWebhook({
          property_id: propertyId,
          callback_url: deps.callbackUrl,
          event_mask: EVENT_MASK,
          headers: { [WEBHOOK_SECRET_HEADER]: deps.webhookSecret },
          // Channex's default is false: a subscription without it is silent.
          is_active: true,
          // Only the event, the property and the time: a webhook is a reason to pull, not data.
          send_data: false,
        })
      ).id;
    await database.prisma.channexProperty.update({ where: { hotelId }, data: { webhookId: id } });
    return true;
  } catch (e) {
    log.warn("channex_webhook_failed", { hotel: hotelId, error: errorLine(e) });
    await database.prisma.channexProperty.update({ where: { hotelId }, data: { lastError: errorLine(e), lastErrorAt: deps.clock.now() } });
    return false;
  }
}

/**
 * The daily full sync (and the first one, on linking): the property's settings and catalogue, then the whole
 * window of ARI. Returns whether the mirror is now complete.
 */
export async function fullSync(database: Database, deps: ChannexDeps, hotelId: number): Promise<boolean> {
  const now = deps.clock.now();
  const link = await database.prisma.channexProperty.findUnique({ where: { hotelId } });
  if (!link) return false;
  if (link.pausedUntil && link.pausedUntil > now) return false;
  try {
    const [p, roomTypes, ratePlans] = await Promise.all([deps.client.property(link.propertyId), deps.client.roomTypes(link.propertyId), deps.client.ratePlans(link.propertyId)]);
    await database.prisma.$transaction(async (tx) => {
      await tx.channexProperty.update({ where: { hotelId }, data: { title: p.title, currency: p.currency, countsBookings: p.countsBookings } });
      await importCatalogue(tx, hotelId, p, roomTypes, ratePlans);
    });
  } catch (e) {
    await pauseProperty(database, hotelId, deps.clock.now(), e);
    await raiseAlert(database.sql, {
      hotelId,
      kind: "sync_failing",
      subject: "sync",
      detail: `No se pudo leer el catálogo de la propiedad en Channex (${e instanceof ChannexError ? e.detail : "error"}); se reintenta.`,
      now: deps.clock.now(),
    });
    return false;
  }
  const out = await pullProperty(database, deps, hotelId, { force: true });
  if (out.pulled) await database.prisma.channexProperty.update({ where: { hotelId }, data: { syncedAt: now, syncWanted: false } });
  return out.pulled;
}

/** POST /v2/channex/properties: links (and imports) a property; the hotel id of the link. */
export async function linkProperty(database: Database, deps: ChannexDeps, input: LinkInput, now: Date): Promise<{ hotelId: number; synced: boolean; webhook: boolean }> {
  const db = database.prisma;
  const propertyId = input.property_id;
  const taken = await db.channexProperty.findUnique({ where: { propertyId }, include: { hotel: { select: { name: true } } } });
  if (taken) throw alreadyExists(`property_id: la propiedad ya está conectada al hotel «${taken.hotel.name}» (${taken.hotelId})`);
  if (input.hotel_id !== undefined) {
    const hotel = await db.hotel.findUnique({ where: { id: input.hotel_id }, include: { channex: true } });
    if (!hotel) throw notFound(`hotel_id: el hotel ${input.hotel_id} no existe`);
    if (hotel.channex) throw alreadyExists(`hotel_id: el hotel ya está conectado a la propiedad ${hotel.channex.propertyId} de Channex`);
  }
  let p: ChannexPropertyInfo;
  let roomTypes: ChannexRoomType[];
  let ratePlans: ChannexRatePlan[];
  try {
    p = await deps.client.property(propertyId);
    [roomTypes, ratePlans] = await Promise.all([deps.client.roomTypes(propertyId), deps.client.ratePlans(propertyId)]);
  } catch (e) {
    throw asHttpError(e, propertyId);
  }
  if (roomTypes.length === 0) throw wrongState("La propiedad no tiene tipos de habitación en Channex; créelos allí antes de conectarla");
  const city = normalizeCity(input.city ?? p.city ?? "");
  if (input.hotel_id === undefined && city === "") throw badRequest("city: es obligatoria cuando la propiedad de Channex no tiene ciudad");

  let hotelId: number;
  try {
    hotelId = await db.$transaction(async (tx) => {
      const hotel =
        input.hotel_id !== undefined
          ? await tx.hotel.update({ where: { id: input.hotel_id }, data: { channelManagerId: propertyId, ...(input.city ? { city } : {}) } })
          : await tx.hotel.create({ data: { name: p.title.slice(0, 200), city, channelManagerId: propertyId } });
      await tx.channexProperty.create({
        data: { hotelId: hotel.id, propertyId, title: p.title, currency: p.currency, countsBookings: p.countsBookings, linkedAt: now, syncWanted: true },
      });
      await importCatalogue(tx, hotel.id, p, roomTypes, ratePlans);
      return hotel.id;
    });
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") throw alreadyExists("property_id: la propiedad ya está conectada a otro hotel");
    const err = e as { cause?: { originalCode?: string; code?: string }; message?: string };
    if (err?.cause?.originalCode === "23505" || err?.cause?.code === "23505" || /unique constraint/i.test(err?.message ?? "")) throw alreadyExists("property_id: la propiedad ya está conectada a otro hotel");
    throw e;
  }
  // Registered and filled now; what fails here is retried by the channex-sync job every minute.
  const webhook = await registerWebhook(database, deps, hotelId, propertyId);
  const out = await pullProperty(database, deps, hotelId, { force: true });
  if (out.pulled) await db.channexProperty.update({ where: { hotelId }, data: { syncedAt: now, syncWanted: false } });
  return { hotelId, synced: out.pulled, webhook };
}
