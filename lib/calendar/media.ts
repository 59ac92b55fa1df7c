// /media/calendar: POST uploads an image (operator or hotel admin; raw bytes, ?filename=), GET serves
// /media/calendar/<id>/<filename>. Outside /api because the body is binary, not JSON.
import { getDatabase } from "@/lib/db";
import { systemClock } from "@/lib/clock";
import { authenticate } from "@/lib/auth/authenticate";
import { HttpError } from "@/lib/http/errors";
import { ImageUploadError, MAX_IMAGE_BYTES, readUpload, saveUpload } from "./images";
import { imageData } from "./repr";

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}
const error = (status: number, message: string, detail: string) => json(status, { code: String(status), message, detail });

export async function handleMedia(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const parts = url.pathname.replace(/^\/media\/calendar\/?/, "").split("/").filter(Boolean);
  const database = await getDatabase();
  if ((req.method === "GET" || req.method === "HEAD") && parts.length === 2 && /^\d+$/.test(parts[0])) {
    const file = await readUpload(database, Number(parts[0]), decodeURIComponent(parts[1]));
    if (!file) return new Response("No encontrado", { status: 404 });
    return new Response(req.method === "HEAD" ? null : new Uint8Array(file.bytes), {
      status: 200,
      headers: { "content-type": file.mime, "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" },
    });
  }
  if (req.method !== "POST" || parts.length !== 0) return error(404, "Recurso no encontrado", `No existe la ruta ${req.method} ${url.pathname}`);
  let principal;
  try {
    principal = (await authenticate(req, database, systemClock, true)).principal;
  } catch (e) {
    if (e instanceof HttpError) return error(e.status, e.message, e.detail);
    throw e;
  }
  if (!principal) return error(401, "No autenticado", "Se requiere una sesión o una clave API");
  if (principal.role !== "operator" && principal.role !== "hotel_admin") return error(403, "Acceso denegado", "Solo operadores y administradores de hotel pueden subir imágenes");
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_IMAGE_BYTES) return error(413, "La solicitud es demasiado grande", `archivo: supera ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const bytes = Buffer.from(await req.arrayBuffer());
  try {
    const row = await saveUpload(database, { bytes, filename: url.searchParams.get("filename") ?? "imagen", authorId: principal.userId ?? 0 });
    return json(201, imageData(row));
  } catch (e) {
    if (e instanceof ImageUploadError) return error(400, "Solicitud inválida", e.message);
    throw e;
  }
}
