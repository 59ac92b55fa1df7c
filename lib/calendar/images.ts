// Calendar images: uploads from the portal are stored through lib/storage (the database by default, so any
// instance serves them) and served from /media/calendar/<id>/<filename>; an http(s) URL given as `image` is
// recorded as an image row (never fetched by the server).
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import { config } from "@/lib/config";
import { fileStorage } from "@/lib/storage/files";
import { isPositiveInt, type WpContext } from "./wp";

type Tx = Prisma.TransactionClient;

export const IMAGE_TYPES: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp" };
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

function mimeFromName(name: string): string {
  const ext = (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? "").toLowerCase();
  return { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp", svg: "image/svg+xml" }[ext] ?? "image/jpeg";
}

/** `image` input to an image id: "", 0 -> none; an id -> itself; a URL -> a (reused) image row. */
export async function resolveImage(ctx: WpContext, tx: Tx, v: unknown): Promise<number | null> {
  if (v === "" || v === 0 || v === "0" || v === null || v === undefined) return null;
  if (isPositiveInt(v)) return Number(v);
  const url = String(v);
  const existing = await tx.calendarImage.findFirst({ where: { url, storedPath: null } });
  if (existing) return existing.id;
  const filename = decodeURIComponent(new URL(url).pathname.split("/").pop() || "imagen");
  const row = await tx.calendarImage.create({ data: { url, filename, mimeType: mimeFromName(filename), authorId: ctx.principal?.userId ?? 0 } });
  return row.id;
}

/** Width and height from a PNG, GIF or JPEG header (enough for the image object). */
export function imageSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47) return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (buf.length > 10 && buf.toString("ascii", 0, 3) === "GIF") return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) return null;
      const marker = buf[i + 1];
      const len = buf.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
      i += 2 + len;
    }
  }
  return null;
}

function sniff(buf: Buffer): string | null {
  if (buf.length > 8 && buf.readUInt32BE(0) === 0x89504e47) return "image/png";
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "image/jpeg";
  if (buf.length > 6 && buf.toString("ascii", 0, 3) === "GIF") return "image/gif";
  if (buf.length > 12 && buf.toString("ascii", 0, 4) === "RIFF" && buf.toString("ascii", 8, 12) === "WEBP") return "image/webp";
  return null;
}

export class ImageUploadError extends Error {}

/** Stores an uploaded image (type checked from its bytes, not from the header) and records it. */
export async function saveUpload(db: Database, opts: { bytes: Buffer; filename: string; authorId: number }) {
  if (opts.bytes.length === 0) throw new ImageUploadError("archivo: está vacío");
  if (opts.bytes.length > MAX_IMAGE_BYTES) throw new ImageUploadError(`archivo: supera ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const mime = sniff(opts.bytes);
  if (!mime) throw new ImageUploadError("archivo: debe ser una imagen JPEG, PNG, GIF o WebP");
  const ext = IMAGE_TYPES[mime];
  const base = opts.filename.replace(/\.[^.]*$/, "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-zA-Z0-9_-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "imagen";
  const filename = `${base}.${ext}`;
  const size = imageSize(opts.bytes);
  // Row and bytes in one transaction: an image is never listed without its file.
  return db.prisma.$transaction(async (tx) => {
    const row = await tx.calendarImage.create({
      data: { authorId: opts.authorId, filename, mimeType: mime, width: size?.width ?? null, height: size?.height ?? null, filesize: opts.bytes.length, url: "", storedPath: "" },
    });
    const key = `calendar/${row.id}-${filename}`;
    await fileStorage(tx).put(key, { bytes: opts.bytes, mime });
    return tx.calendarImage.update({ where: { id: row.id }, data: { storedPath: key, url: `${config().publicBaseUrl}/media/calendar/${row.id}/${filename}` } });
  });
}

export async function readUpload(db: Database, id: number, filename: string): Promise<{ bytes: Buffer; mime: string } | null> {
  if (!isPositiveInt(id)) return null; // /media/calendar/99999999999/x.png names nothing
  const row = await db.prisma.calendarImage.findUnique({ where: { id } });
  if (!row || !row.storedPath || row.filename !== filename) return null;
  const file = await fileStorage(db.prisma).get(row.storedPath);
  return file ? { bytes: file.bytes, mime: row.mimeType } : null;
}
