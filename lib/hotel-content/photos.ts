// Hotel photos (docs/decisions.md 5.14): an upload is checked by its bytes (JPEG, PNG or WebP only: an SVG, which
// can carry scripts, or anything else is refused), decoded and re-encoded by sharp into a few WebP widths (which
// also drops metadata and anything hidden after the image), and stored through lib/storage under a
// content-hashed key, so each URL always means the same bytes and can be cached for a year.
import crypto from "node:crypto";
import sharp from "sharp";

export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** Widths stored for each photo (one smaller when the original is narrower; never enlarged). */
export const PHOTO_WIDTHS = [320, 800, 1600] as const;
/** Larger originals are refused before decoding (a small file can announce an enormous image). */
const MAX_INPUT_PIXELS = 40_000_000;
const MIN_SIDE = 64;

export class PhotoError extends Error {}

type Kind = "jpeg" | "png" | "webp";

/** The image type the bytes start with; null for anything else (SVG, GIF, HTML, PDF...). */
export function sniffImage(buf: Buffer): Kind | null {
  if (buf.length >= 8 && buf.readUInt32BE(0) === 0x89504e47 && buf.readUInt32BE(4) === 0x0d0a1a0a) return "png";
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.length >= 12 && buf.toString("latin1", 0, 4) === "RIFF" && buf.toString("latin1", 8, 12) === "WEBP") return "webp";
  return null;
}

export interface Rendition {
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  hash: string;
  renditions: Rendition[];
}

export const photoKey = (hash: string, width: number) => `hotel-photos/${hash}/${width}.webp`;
export const photoUrl = (hash: string, width: number) => `/media/hotels/${hash}/${width}.webp`;

/** Checks an upload and makes its WebP renditions; throws PhotoError (a Spanish sentence) when it is refused. */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length === 0) throw new PhotoError("archivo: está vacío");
  if (bytes.length > MAX_PHOTO_BYTES) throw new PhotoError(`archivo: supera ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);
  const kind = sniffImage(bytes);
  if (!kind) throw new PhotoError("archivo: debe ser una foto JPEG, PNG o WebP");
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).metadata();
  } catch {
    throw new PhotoError("archivo: la imagen está dañada o es demasiado grande (máximo 40 megapíxeles)");
  }
  // The decoder must agree with the first bytes (no polyglot files).
  if (meta.format !== kind || !meta.width || !meta.height) throw new PhotoError("archivo: debe ser una foto JPEG, PNG o WebP");
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new PhotoError("archivo: la imagen es demasiado grande (máximo 40 megapíxeles)");
  // EXIF orientation 5-8 swaps the sides once rotated.
  const width = meta.orientation && meta.orientation >= 5 ? meta.height : meta.width;
  const height = meta.orientation && meta.orientation >= 5 ? meta.width : meta.height;
  if (width < MIN_SIDE || height < MIN_SIDE) throw new PhotoError(`archivo: la imagen es muy pequeña (mínimo ${MIN_SIDE} × ${MIN_SIDE} píxeles)`);
  const targets = [...new Set(PHOTO_WIDTHS.map((w) => Math.min(w, width)))];
  const renditions: Rendition[] = [];
  try {
    for (const w of targets) {
      const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      renditions.push({ width: out.info.width, height: out.info.height, bytes: out.data });
    }
  } catch {
    throw new PhotoError("archivo: la imagen está dañada");
  }
  const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  return { hash, renditions };
}
