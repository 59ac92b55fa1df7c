// Demo content for the demo hotels: text for every hotel and small photos drawn here at seed time (no image
// files in the repository), stored through the same path as an upload (processPhoto + storage).
import crypto from "node:crypto";
import sharp from "sharp";
import type { Database } from "@/lib/db";
import { fileStorage } from "@/lib/storage/files";
import { AMENITIES } from "./amenities";
import { photoKey, processPhoto } from "./photos";

const CENTERS: Record<string, [number, number]> = {
  BOGOTA: [4.5981, -74.076],
  MEDELLIN: [6.2442, -75.5812],
  CARTAGENA: [10.4236, -75.5478],
  SANTA_MARTA: [11.2408, -74.199],
  CALI: [3.4516, -76.532],
  SAN_ANDRES: [12.5847, -81.7006],
  BARRANQUILLA: [10.9685, -74.7813],
  PEREIRA: [4.8133, -75.6961],
};
const COASTAL = new Set(["CARTAGENA", "SANTA_MARTA", "SAN_ANDRES", "BARRANQUILLA"]);
const WALLS = ["#c2410c", "#0e7490", "#a16207", "#be185d", "#4d7c0f", "#6d28d9", "#b91c1c", "#1d4ed8"];

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const seeded = (s: string) => crypto.createHash("sha256").update(s).digest().readUInt32BE(0);

/** A small picture of a hotel front: sky, a coloured building with windows, sea or garden. */
async function drawPhoto(seed: number, coastal: boolean, view: number): Promise<Buffer> {
  const w = 640;
  const h = 427;
  const px = Buffer.alloc(w * h * 3);
  const wall = hex(WALLS[seed % WALLS.length]);
  const ground = coastal ? [14, 116, 144] : [77, 124, 15];
  const horizon = Math.round(h * (0.62 + (view % 3) * 0.04));
  const bx0 = Math.round(w * (0.12 + ((seed >> 3) % 20) / 100));
  const bx1 = bx0 + Math.round(w * (0.45 + view * 0.05));
  const by0 = Math.round(h * (0.18 + ((seed >> 7) % 10) / 100));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let c: number[];
      if (y >= horizon) c = ground.map((v) => Math.min(255, v + Math.round(((y - horizon) / h) * 60)));
      else if (x >= bx0 && x < bx1 && y >= by0) {
        const window = (x - bx0) % 40 > 12 && (x - bx0) % 40 < 30 && (y - by0) % 44 > 12 && (y - by0) % 44 < 34;
        c = window ? [253, 230, 138] : wall;
      } else c = [135 + Math.round((y / h) * 80), 190 + Math.round((y / h) * 40), 235];
      px.set(c, (y * w + x) * 3);
    }
  }
  return sharp(px, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

export async function seedHotelContent(db: Database, hotels: Array<{ id: number; name: string; city: string; index: number }>, opts: { galleryFor: number[] }) {
  const storage = fileStorage(db.prisma);
  for (const hotel of hotels) {
    const seed = seeded(`${hotel.city}-${hotel.index}`);
    const [lat, lon] = CENTERS[hotel.city] ?? [4.6, -74.08];
    const coastal = COASTAL.has(hotel.city);
    const amenities = AMENITIES.filter((_, k) => k < 3 || (seed >> k) % 3 === 0)
      .map((a) => a.code)
      .filter((c) => coastal || c !== "beach_access");
    await db.prisma.hotel.update({
      where: { id: hotel.id },
      data: {
        latitude: Number((lat + (((seed >> 4) % 200) - 100) / 10000).toFixed(6)),
        longitude: Number((lon + (((seed >> 12) % 200) - 100) / 10000).toFixed(6)),
        amenities,
        checkInTime: coastal ? "15:00" : "14:00",
        checkOutTime: coastal ? "12:00" : "11:00",
        rnt: String(10000 + (seed % 89999)),
        description: `${hotel.name} ofrece habitaciones cómodas y atención cercana${coastal ? " a pocos minutos del mar" : " en una zona tranquila y bien conectada"}. Ideal para viajes de descanso y de trabajo.`,
      },
    });
    const count = opts.galleryFor.includes(hotel.id) ? 3 : 1;
    for (let view = 0; view < count; view++) {
      const photo = await processPhoto(await drawPhoto(seed + view * 7919, coastal, view));
      for (const r of photo.renditions) await storage.put(photoKey(photo.hash, r.width), { bytes: r.bytes, mime: "image/webp" });
      const largest = photo.renditions[photo.renditions.length - 1];
      await db.prisma.hotelPhoto.create({
        data: {
          hotelId: hotel.id,
          position: view,
          alt: [`Fachada de ${hotel.name}`, `Vista desde ${hotel.name}`, `Zona común de ${hotel.name}`][view],
          hash: photo.hash,
          widths: photo.renditions.map((r) => r.width),
          width: largest.width,
          height: largest.height,
        },
      });
    }
  }
}
