// Hotel content (docs/decisions.md 5.13, 5.14): stars, address and map, amenities, times, description, RNT and
// photos. Read by everyone who sees the hotel (agencies: active hotels only), edited by the operator or the
// hotel's own admin (another hotel's admin is told it does not exist).
import type { Database } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import type { Principal } from "@/lib/auth/principal";
import { assertCanManageHotel } from "@/lib/auth/principal";
import { badRequest } from "@/lib/http/errors";
import { DomainError, alreadyExists, doesNotExist } from "@/lib/domain/errors";
import { normalizeCity } from "@/lib/text/city";
import { cityLabel } from "@/lib/format";
import { fileStorage } from "@/lib/storage/files";
import { amenityName, sortAmenities } from "./amenities";
import { MAX_ALT, MAX_PHOTOS, type ContentBody } from "./schema";
import { photoKey, photoUrl, type ProcessedPhoto } from "./photos";
import { lockHotel } from "./store";

type PhotoRow = Prisma.HotelPhotoGetPayload<object>;
type HotelRow = Prisma.HotelGetPayload<{ include: { photos: true } }>;

const photoOrder = [{ position: "asc" as const }, { id: "asc" as const }];

export function photoWire(p: PhotoRow) {
  const widths = [...p.widths].sort((a, b) => a - b);
  const largest = widths[widths.length - 1];
  return {
    id: p.id,
    alt: p.alt,
    position: p.position,
    width: p.width,
    height: p.height,
    url: photoUrl(p.hash, largest),
    sizes: widths.map((w) => ({ width: w, url: photoUrl(p.hash, w) })),
  };
}

/** An OpenStreetMap link (no key needed): the pin when there are coordinates, else a search for the address. */
export function mapUrl(h: { latitude: number | null; longitude: number | null; address: string | null; city: string }): string | null {
  if (h.latitude !== null && h.longitude !== null) {
    const lat = h.latitude.toFixed(6);
    const lon = h.longitude.toFixed(6);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  if (!h.address) return null;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${h.address}, ${cityLabel(h.city)}, Colombia`)}`;
}

function baseWire(h: HotelRow) {
  return {
    hotel_id: h.id,
    name: h.name,
    city: h.city,
    stars: h.stars,
    address: h.address,
    latitude: h.latitude,
    longitude: h.longitude,
    map_url: mapUrl(h),
    amenities: sortAmenities(h.amenities).map((code) => ({ code, name: amenityName(code) })),
    check_in_time: h.checkInTime,
    check_out_time: h.checkOutTime,
    rnt: h.rnt,
  };
}

export const contentWire = (h: HotelRow) => ({ ...baseWire(h), description: h.description, photos: h.photos.map(photoWire) });
export const summaryWire = (h: HotelRow) => ({ ...baseWire(h), cover: h.photos[0] ? photoWire(h.photos[0]) : null, photo_count: h.photos.length });

const withPhotos = { photos: { orderBy: photoOrder } } satisfies Prisma.HotelInclude;

/** The content of a hotel the caller may see (agencies: active hotels only). */
export async function getContent(db: Database, principal: Principal | null, id: number) {
  const h = await db.prisma.hotel.findUnique({ where: { id }, include: withPhotos });
  if (!h || (principal?.role !== "operator" && principal?.role !== "hotel_admin" && !h.isActive)) throw doesNotExist(`El hotel ${id} no existe`);
  return contentWire(h);
}

/** Summaries for the search results: the hotels of a city, or the ids asked for (unknown ones left out). */
export async function listContents(db: Database, principal: Principal, q: { city?: string; ids?: number[] }) {
  const where: Prisma.HotelWhereInput = q.city !== undefined ? { city: normalizeCity(q.city) } : { id: { in: q.ids ?? [] } };
  if (principal.role === "agency") where.isActive = true;
  const hotels = await db.prisma.hotel.findMany({ where, include: withPhotos, orderBy: { id: "asc" }, take: 500 });
  return hotels.map(summaryWire);
}

/** A hotel the caller manages; another hotel's admin gets a 404 (tenant rule, docs/architecture.md). */
export async function managedHotel(db: Database, principal: Principal, id: number) {
  const h = await db.prisma.hotel.findUnique({ where: { id }, select: { id: true, name: true } });
  if (!h || (principal.role === "hotel_admin" && !principal.hotelIds.includes(id))) throw doesNotExist(`El hotel ${id} no existe`);
  assertCanManageHotel(principal, id);
  return h;
}

export async function updateContent(db: Database, principal: Principal, id: number, input: ContentBody) {
  await managedHotel(db, principal, id);
  const data: Prisma.HotelUpdateInput = {};
  const orNull = (s: string | null | undefined) => (s === undefined ? undefined : s === null || s === "" ? null : s);
  if (input.stars !== undefined) data.stars = input.stars;
  if (input.address !== undefined) data.address = orNull(input.address);
  if (input.latitude !== undefined) data.latitude = input.latitude;
  if (input.longitude !== undefined) data.longitude = input.longitude;
  if (input.amenities !== undefined) data.amenities = sortAmenities(input.amenities);
  if (input.check_in_time !== undefined) data.checkInTime = orNull(input.check_in_time);
  if (input.check_out_time !== undefined) data.checkOutTime = orNull(input.check_out_time);
  if (input.description !== undefined) data.description = orNull(input.description);
  if (input.rnt !== undefined) data.rnt = orNull(input.rnt);
  const h = await db.prisma.hotel.update({ where: { id }, data, include: withPhotos });
  return contentWire(h);
}

/** Records an already checked and resized photo and stores its renditions, in one transaction. */
export async function addPhoto(db: Database, principal: Principal, id: number, photo: ProcessedPhoto, alt: string | null) {
  const text = alt?.trim() ?? "";
  if (text.length > MAX_ALT) throw badRequest(`alt: máximo ${MAX_ALT} caracteres`);
  const hotel = await managedHotel(db, principal, id);
  const largest = photo.renditions[photo.renditions.length - 1];
  try {
    const row = await db.prisma.$transaction(async (tx) => {
      // The hotel's row lock makes the count and the insert one step (two uploads cannot pass the limit together).
      await lockHotel(tx, id);
      const count = await tx.hotelPhoto.count({ where: { hotelId: id } });
      if (count >= MAX_PHOTOS) throw new DomainError("invalid", `archivo: el hotel ya tiene ${MAX_PHOTOS} fotos; borre una antes de subir otra`);
      const last = await tx.hotelPhoto.aggregate({ where: { hotelId: id }, _max: { position: true } });
      const created = await tx.hotelPhoto.create({
        data: {
          hotelId: id,
          position: (last._max.position ?? -1) + 1,
          alt: text || `Foto de ${hotel.name}`.slice(0, MAX_ALT),
          hash: photo.hash,
          widths: photo.renditions.map((r) => r.width),
          width: largest.width,
          height: largest.height,
        },
      });
      const storage = fileStorage(tx);
      for (const r of photo.renditions) await storage.put(photoKey(photo.hash, r.width), { bytes: r.bytes, mime: "image/webp" });
      return created;
    });
    return photoWire(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyExists("archivo: esta foto ya está en la galería del hotel");
    throw e;
  }
}

async function managedPhoto(db: Database, principal: Principal, id: number, photoId: number) {
  await managedHotel(db, principal, id);
  const p = await db.prisma.hotelPhoto.findFirst({ where: { id: photoId, hotelId: id } });
  if (!p) throw doesNotExist(`La foto ${photoId} no existe`);
  return p;
}

export async function updatePhoto(db: Database, principal: Principal, id: number, photoId: number, input: { alt: string }) {
  await managedPhoto(db, principal, id, photoId);
  return photoWire(await db.prisma.hotelPhoto.update({ where: { id: photoId }, data: { alt: input.alt } }));
}

/** Removes a photo; its stored files go too unless another hotel uses the same image. */
export async function deletePhoto(db: Database, principal: Principal, id: number, photoId: number) {
  const p = await managedPhoto(db, principal, id, photoId);
  await db.prisma.$transaction(async (tx) => {
    await tx.hotelPhoto.delete({ where: { id: photoId } });
    const others = await tx.hotelPhoto.count({ where: { hash: p.hash } });
    if (others === 0) await tx.storedFile.deleteMany({ where: { key: { in: p.widths.map((w) => photoKey(p.hash, w)) } } });
  });
}

/** Sets the gallery order: `ids` must be exactly the hotel's photos. */
export async function reorderPhotos(db: Database, principal: Principal, id: number, ids: number[]) {
  await managedHotel(db, principal, id);
  const photos = await db.prisma.$transaction(async (tx) => {
    await lockHotel(tx, id);
    const current = await tx.hotelPhoto.findMany({ where: { hotelId: id }, select: { id: true } });
    const known = new Set(current.map((p) => p.id));
    if (current.length !== ids.length || ids.some((x) => !known.has(x))) throw new DomainError("invalid", "ids: debe nombrar cada foto del hotel una vez");
    for (const [position, photoId] of ids.entries()) await tx.hotelPhoto.update({ where: { id: photoId }, data: { position } });
    return tx.hotelPhoto.findMany({ where: { hotelId: id }, orderBy: photoOrder });
  });
  return photos.map(photoWire);
}

function isUniqueViolation(e: unknown): boolean {
  if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") return true;
  const err = e as { name?: string; message?: string; cause?: { originalCode?: string; code?: string } };
  return err?.cause?.originalCode === "23505" || err?.cause?.code === "23505" || (err?.name === "DriverAdapterError" && /unique constraint/i.test(err.message ?? ""));
}
