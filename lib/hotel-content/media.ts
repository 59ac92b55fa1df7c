// /media/hotels: POST /media/hotels/<hotel id>/photos?alt=... uploads a photo (raw bytes; the operator or the
// hotel's admin), GET /media/hotels/<hash>/<width>.webp serves a stored rendition. Outside /api because the body
// is binary and larger than /api's JSON limit; errors use /api's body {code, message, detail}.
import { getDatabase } from "@/lib/db";
import { systemClock } from "@/lib/clock";
import { authenticate } from "@/lib/auth/authenticate";
import { HttpError, STATUS_MESSAGES } from "@/lib/http/errors";
import { DomainError } from "@/lib/domain/errors";
import { DOMAIN_STATUS } from "@/lib/http/steps";
import { readBodyBytes } from "@/lib/http/body";
import { fileStorage } from "@/lib/storage/files";
import { MAX_DB_ID } from "@/lib/http/limits";
import { addPhoto, managedHotel } from "./service";
import { MAX_ALT } from "./schema";
import { MAX_PHOTO_BYTES, PhotoError, photoKey, processPhoto } from "./photos";

const jsonHeaders = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: jsonHeaders });
const error = (status: number, message: string, detail: string) => json(status, { code: String(status), message, detail });
const invalid = (detail: string) => error(400, "Solicitud inválida", detail);

const PHOTO_PATH = /^\/media\/hotels\/([0-9a-f]{32})\/(\d{2,4})\.webp$/;
const UPLOAD_PATH = /^\/media\/hotels\/(\d{1,10})\/photos\/?$/;

export async function handleHotelMedia(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const database = await getDatabase();
  const served = PHOTO_PATH.exec(url.pathname);
  if ((req.method === "GET" || req.method === "HEAD") && served) {
    const file = await fileStorage(database.prisma).get(photoKey(served[1], Number(served[2])));
    if (!file) return new Response("No encontrado", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" } });
    // The key holds the image's hash: these bytes never change under this URL.
    return new Response(req.method === "HEAD" ? null : new Uint8Array(file.bytes), {
      status: 200,
      headers: {
        "content-type": file.mime,
        "content-length": String(file.bytes.length),
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        etag: `"${served[1]}-${served[2]}"`,
      },
    });
  }
  const upload = UPLOAD_PATH.exec(url.pathname);
  if (req.method !== "POST" || !upload) return error(404, "Recurso no encontrado", `No existe la ruta ${req.method} ${url.pathname}`);
  const hotelId = Number(upload[1]);
  if (hotelId < 1 || hotelId > MAX_DB_ID) return error(404, "Recurso no encontrado", `El hotel ${upload[1]} no existe`);
  try {
    const { principal } = await authenticate(req, database, systemClock, true);
    if (!principal) return error(401, "No autenticado", "Se requiere una sesión o una clave API");
    if (principal.role !== "operator" && principal.role !== "hotel_admin") return error(403, "Acceso denegado", "Solo el operador y el administrador del hotel pueden subir fotos");
    await managedHotel(database, principal, hotelId); // another hotel's admin: 404 before any byte is read
    const alt = url.searchParams.get("alt");
    if (alt && alt.trim().length > MAX_ALT) return invalid(`alt: máximo ${MAX_ALT} caracteres`);
    const declared = Number(req.headers.get("content-length") ?? "0");
    if (declared > MAX_PHOTO_BYTES) return invalid(`archivo: supera ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);
    const bytes = await readBodyBytes(req, MAX_PHOTO_BYTES);
    if (!bytes) return invalid(`archivo: supera ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);
    const photo = await processPhoto(bytes);
    return json(201, await addPhoto(database, principal, hotelId, photo, alt));
  } catch (e) {
    if (e instanceof PhotoError) return invalid(e.message);
    if (e instanceof HttpError) return error(e.status, e.message, e.detail);
    if (e instanceof DomainError) return error(DOMAIN_STATUS[e.code], STATUS_MESSAGES[DOMAIN_STATUS[e.code]], e.detail);
    throw e;
  }
}
