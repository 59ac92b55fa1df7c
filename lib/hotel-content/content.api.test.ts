// Issue 27: hotel content (stars, address and map, amenities, times, description, RNT) and photos. Who may edit
// (another hotel's admin: 404), what is refused (400 in Spanish, nothing changed or stored), what is served (the
// resized widths, immutable cache headers, nosniff), and that 4.2/4.3 answers do not change with content.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { handleApi } from "@/lib/api";
import { OPERATOR_KEY } from "@/lib/testing/api";
import { startTestServer, type TestServer } from "@/lib/testing/server";
import { agencyWithKey, createUser } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { addDays, bogotaDate } from "@/lib/time";
import { testTarget } from "@/lib/testing/db";
import { handleHotelMedia } from "./media";
import { MAX_PHOTO_BYTES } from "./photos";
import { MAX_PHOTOS } from "./schema";

let api: TestServer;
let hotelA: number;
let hotelB: number;
let inactive: number;
let adminA: string;
let adminB: string;
let agencyKey: string;
const D = addDays(bogotaDate(new Date()), 10);
const CITY = "Villa de Leyva";

const jpeg = (width: number, height: number, color = "#2f6fb0") => sharp({ create: { width, height, channels: 3, background: color } }).jpeg({ quality: 80 }).toBuffer();
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: "#e0a030" } }).png().toBuffer();

async function upload(hotelId: number, key: string | undefined, bytes: Buffer, alt?: string) {
  const q = alt === undefined ? "" : `?alt=${encodeURIComponent(alt)}`;
  const r = await fetch(`${api.url}/media/hotels/${hotelId}/photos${q}`, {
    method: "POST",
    body: new Uint8Array(bytes),
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": "application/octet-stream" },
  });
  return { status: r.status, headers: r.headers, body: await r.json().catch(() => null) };
}

/** What is stored: photo rows and stored files of hotel photos. */
async function stored() {
  const [photos] = await api.db.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM hotel_photos`);
  const [files] = await api.db.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM stored_files WHERE key LIKE 'hotel-photos/%'`);
  return { photos: Number(photos.n), files: Number(files.n) };
}

async function makeHotel(name: string) {
  const h = await api.call("POST", "/api/v2/hotels", { key: OPERATOR_KEY, body: { name, city: CITY } });
  expect(h.status).toBe(201);
  const id = h.body.id as number;
  expect((await api.call("POST", `/api/v2/hotels/${id}/room-types`, { key: OPERATOR_KEY, body: { roomId: "DBL", roomName: "Doble", roomType: "DOUBLE", beds: 2, max_adults: 2, max_children: 1 } })).status).toBe(201);
  expect((await api.call("POST", `/api/v2/hotels/${id}/rate-plans`, { key: OPERATOR_KEY, body: { rateId: "RO", rateDescription: "Solo alojamiento", boardType: "RO", boardTypeDescription: "Solo alojamiento", refundable: "full", cancellationPolicy: "Gratis", currency: "COP" } })).status).toBe(201);
  expect((await api.call("PUT", `/api/v2/hotels/${id}/inventory`, { key: OPERATOR_KEY, body: { updates: [{ roomId: "DBL", from: D, to: addDays(D, 5), rooms: 4 }] } })).status).toBe(200);
  expect((await api.call("PUT", `/api/v2/hotels/${id}/rates`, { key: OPERATOR_KEY, body: { updates: [{ roomId: "DBL", rateId: "RO", from: D, to: addDays(D, 5), amountBeforeTax: 210000 }] } })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  api = await startTestServer([
    { prefix: "/api", handler: handleApi },
    { prefix: "/media/hotels", handler: handleHotelMedia },
  ]);
  hotelA = await makeHotel("Posada del Molino");
  hotelB = await makeHotel("Casa Terracota");
  inactive = await makeHotel("Hotel Cerrado");
  expect((await api.call("PATCH", `/api/v2/hotels/${inactive}`, { key: OPERATOR_KEY, body: { is_active: false } })).status).toBe(200);
  const ua = await createUser(api.db, "hotel_admin", { hotelIds: [hotelA] });
  const ub = await createUser(api.db, "hotel_admin", { hotelIds: [hotelB] });
  adminA = (await issueApiKey(api.db, { role: "hotel_admin", userId: ua.id }, new Date())).key;
  adminB = (await issueApiKey(api.db, { role: "hotel_admin", userId: ub.id }, new Date())).key;
  agencyKey = (await agencyWithKey(api.db)).key;
});
afterAll(async () => {
  await api?.close();
});

const CONTENT = {
  stars: 4,
  address: "Carrera 9 # 12-41",
  latitude: 5.634512,
  longitude: -73.524311,
  amenities: ["pool", "wifi", "breakfast"],
  check_in_time: "15:00",
  check_out_time: "12:00",
  description: "Casa colonial con patio de piedra a dos cuadras de la plaza mayor.",
  rnt: "123456",
};

describe(`hotel content on ${testTarget()}`, () => {
  it("the hotel's admin and the operator edit it; another hotel's admin gets 404 and an agency 403", async () => {
    const own = await api.call("PATCH", `/api/v2/hotels/${hotelA}/content`, { key: adminA, body: CONTENT });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ hotel_id: hotelA, stars: 4, rnt: "123456", check_in_time: "15:00", address: CONTENT.address });
    // Amenities come back in the list's order with their Spanish names.
    expect(own.body.amenities).toEqual([
      { code: "wifi", name: "Wi-Fi gratis" },
      { code: "breakfast", name: "Desayuno disponible" },
      { code: "pool", name: "Piscina" },
    ]);
    expect(own.body.map_url).toBe("https://www.openstreetmap.org/?mlat=5.634512&mlon=-73.524311#map=17/5.634512/-73.524311");

    const other = await api.call("PATCH", `/api/v2/hotels/${hotelA}/content`, { key: adminB, body: { stars: 1 } });
    expect(other.status).toBe(404);
    expect((await api.call("PATCH", `/api/v2/hotels/${hotelA}/content`, { key: agencyKey, body: { stars: 1 } })).status).toBe(403);
    const op = await api.call("PATCH", `/api/v2/hotels/${hotelB}/content`, { key: OPERATOR_KEY, body: { stars: 3, address: "Calle 14 # 7-20", rnt: "98765" } });
    expect(op.status).toBe(200);
    // Without coordinates the map link searches the address in its city.
    expect(op.body.map_url).toBe(`https://www.openstreetmap.org/search?query=${encodeURIComponent("Calle 14 # 7-20, Villa De Leyva, Colombia")}`);
    expect((await api.call("GET", `/api/v2/hotels/${hotelA}/content`, { key: agencyKey })).body.stars).toBe(4);
  });

  it("refuses bad content with a Spanish 400 and changes nothing", async () => {
    const before = (await api.call("GET", `/api/v2/hotels/${hotelA}/content`, { key: OPERATOR_KEY })).body;
    const cases: Array<[unknown, RegExp]> = [
      [{ stars: 6 }, /^stars: debe estar entre 1 y 5$/],
      [{ stars: 3.5 }, /^stars: debe ser un número entero$/],
      [{ rnt: "12a45" }, /^rnt: debe tener solo dígitos, entre 4 y 10$/],
      [{ rnt: "123" }, /^rnt: debe tener solo dígitos/],
      [{ rnt: "12345678901" }, /^rnt: debe tener solo dígitos/],
      [{ amenities: ["wifi", "helipuerto"] }, /^amenities\.1: no es un servicio de la lista$/],
      [{ amenities: ["wifi", "wifi"] }, /^amenities: tiene servicios repetidos$/],
      [{ check_in_time: "25:00" }, /^check_in_time: debe ser una hora HH:MM/],
      [{ description: "x".repeat(2001) }, /^description: máximo 2000 caracteres$/],
      [{ latitude: 5.6 }, /la latitud y la longitud van juntas/],
      [{ latitude: 95, longitude: 10 }, /^latitude: debe estar entre -90 y 90$/],
      [{ photos: [] }, /^cuerpo: campo desconocido: photos/],
      [{}, /debe incluir al menos un campo/],
    ];
    for (const [body, detail] of cases) {
      const r = await api.call("PATCH", `/api/v2/hotels/${hotelA}/content`, { key: adminA, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe("Solicitud inválida");
      expect(r.body.detail, JSON.stringify(body)).toMatch(detail);
    }
    expect((await api.call("GET", `/api/v2/hotels/${hotelA}/content`, { key: OPERATOR_KEY })).body).toEqual(before);
  });

  it("the database itself refuses content the pages cannot show", async () => {
    for (const set of [`rnt = 'ABC123'`, `stars = 7`, `check_out_time = '9:00'`, `latitude = 4.6`, `description = repeat('x', 2001)`]) {
      await expect(api.db.sql.query(`UPDATE hotels SET ${set} WHERE id = $1`, [hotelB]), set).rejects.toThrow();
    }
  });

  it("an agency sees active hotels only; the batch answers by city or ids", async () => {
    expect((await api.call("GET", `/api/v2/hotels/${inactive}/content`, { key: agencyKey })).status).toBe(404);
    expect((await api.call("GET", `/api/v2/hotels/${inactive}/content`, { key: OPERATOR_KEY })).status).toBe(200);
    const city = await api.call("GET", `/api/v2/hotel-content?city=${encodeURIComponent(CITY)}`, { key: agencyKey });
    expect(city.status).toBe(200);
    expect(city.body.map((h: { hotel_id: number }) => h.hotel_id).sort()).toEqual([hotelA, hotelB].sort());
    expect(city.body[0]).not.toHaveProperty("description");
    const ids = await api.call("GET", `/api/v2/hotel-content?ids=${hotelB},${inactive},999999`, { key: agencyKey });
    expect(ids.body.map((h: { hotel_id: number }) => h.hotel_id)).toEqual([hotelB]);
    for (const q of ["", "?city=X&ids=1", "?ids=1,a", `?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(",")}`]) {
      const r = await api.call("GET", `/api/v2/hotel-content${q}`, { key: agencyKey });
      expect(r.status, q).toBe(400);
    }
  });

  it("stores an upload in three widths, served with immutable cache headers, the right type and nosniff", async () => {
    const up = await upload(hotelA, adminA, await jpeg(2000, 1000), "Patio colonial con buganvilias");
    expect(up.status).toBe(201);
    expect(up.body.alt).toBe("Patio colonial con buganvilias");
    expect(up.body.sizes.map((s: { width: number }) => s.width)).toEqual([320, 800, 1600]);
    expect(up.body).toMatchObject({ width: 1600, height: 800 });
    expect(up.body.url).toMatch(/^\/media\/hotels\/[0-9a-f]{32}\/1600\.webp$/);
    for (const s of up.body.sizes as Array<{ width: number; url: string }>) {
      const r = await fetch(`${api.url}${s.url}`);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("image/webp");
      expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(s.width);
    }
    // A small PNG is never enlarged: one width, its own.
    const small = await upload(hotelA, OPERATOR_KEY, await png(200, 120));
    expect(small.status).toBe(201);
    expect(small.body.sizes.map((s: { width: number }) => s.width)).toEqual([200]);
    expect(small.body.alt).toBe("Foto de Posada del Molino");
    // The same image twice is refused (a rule's refusal, answered in the standard body).
    const twice = await upload(hotelA, adminA, await png(200, 120));
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "archivo: esta foto ya está en la galería del hotel" });
    const content = (await api.call("GET", `/api/v2/hotels/${hotelA}/content`, { key: agencyKey })).body;
    expect(content.photos.map((p: { id: number }) => p.id)).toEqual([up.body.id, small.body.id]);
    const batch = (await api.call("GET", `/api/v2/hotel-content?ids=${hotelA}`, { key: agencyKey })).body;
    expect(batch[0]).toMatchObject({ photo_count: 2, cover: { id: up.body.id } });
    expect((await fetch(`${api.url}/media/hotels/${"0".repeat(32)}/320.webp`)).status).toBe(404);
  });

  it("refuses hostile uploads with a Spanish 400 and stores nothing", async () => {
    const before = await stored();
    const svg = Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>`);
    const bareSvg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`);
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")]);
    const tooLarge = Buffer.concat([await jpeg(100, 100), Buffer.alloc(MAX_PHOTO_BYTES)]);
    const cases: Array<[string, Buffer, RegExp]> = [
      ["svg with script", svg, /^archivo: debe ser una foto JPEG, PNG o WebP$/],
      ["bare svg", bareSvg, /^archivo: debe ser una foto JPEG, PNG o WebP$/],
      ["gif", gif, /^archivo: debe ser una foto JPEG, PNG o WebP$/],
      ["html", Buffer.from("<!doctype html><p>hola</p>"), /^archivo: debe ser una foto JPEG, PNG o WebP$/],
      ["jpeg magic, html inside", fakeJpeg, /^archivo: la imagen está dañada/],
      ["too large", tooLarge, /^archivo: supera 8 MB$/],
      ["empty", Buffer.alloc(0), /^archivo: está vacío$/],
      ["tiny", await png(10, 10), /^archivo: la imagen es muy pequeña/],
    ];
    for (const [name, bytes, detail] of cases) {
      const r = await upload(hotelB, adminB, bytes);
      expect(r.status, name).toBe(400);
      expect(r.body, name).toMatchObject({ code: "400", message: "Solicitud inválida" });
      expect(r.body.detail, name).toMatch(detail);
    }
    const good = await jpeg(640, 480, "#108060");
    const notMine = await upload(hotelB, adminA, good); // another hotel's admin
    expect(notMine.status).toBe(404);
    expect(notMine.body).toEqual({ code: "404", message: "Recurso no encontrado", detail: `El hotel ${hotelB} no existe` });
    expect((await upload(hotelB, agencyKey, good)).status).toBe(403);
    expect((await upload(hotelB, undefined, good)).status).toBe(401);
    expect((await upload(hotelB, adminB, good, "x".repeat(151))).status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it("edits alt text, reorders and deletes photos; a deleted photo's files go", async () => {
    const a = (await upload(hotelB, adminB, await jpeg(900, 600, "#aa3355"))).body;
    const b = (await upload(hotelB, adminB, await jpeg(900, 600, "#33aa55"))).body;
    const alt = await api.call("PATCH", `/api/v2/hotels/${hotelB}/photos/${a.id}`, { key: adminB, body: { alt: "Fachada de la casa" } });
    expect(alt.body.alt).toBe("Fachada de la casa");
    expect((await api.call("PATCH", `/api/v2/hotels/${hotelB}/photos/${a.id}`, { key: adminA, body: { alt: "otra" } })).status).toBe(404);
    const elsewhere = await api.call("PATCH", `/api/v2/hotels/${hotelA}/photos/${a.id}`, { key: OPERATOR_KEY, body: { alt: "otra" } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ code: "404", message: "Recurso no encontrado", detail: `La foto ${a.id} no existe` });
    const partial = await api.call("PUT", `/api/v2/hotels/${hotelB}/photo-order`, { key: adminB, body: { ids: [b.id] } });
    expect(partial.status).toBe(400);
    expect(partial.body).toEqual({ code: "400", message: "Solicitud inválida", detail: "ids: debe nombrar cada foto del hotel una vez" });
    const order = await api.call("PUT", `/api/v2/hotels/${hotelB}/photo-order`, { key: adminB, body: { ids: [b.id, a.id] } });
    expect(order.body.map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    expect((await api.call("GET", `/api/v2/hotels/${hotelB}/content`, { key: agencyKey })).body.photos.map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    expect((await api.call("DELETE", `/api/v2/hotels/${hotelB}/photos/${a.id}`, { key: adminA })).status).toBe(404);
    expect((await api.call("DELETE", `/api/v2/hotels/${hotelB}/photos/${a.id}`, { key: adminB })).status).toBe(204);
    expect((await fetch(`${api.url}${a.url}`)).status).toBe(404);
    expect((await fetch(`${api.url}${b.url}`)).status).toBe(200);
  });

  it("a hotel with the most photos allowed refuses one more with a Spanish 400 and stores nothing", async () => {
    const full = await makeHotel("Casa Llena");
    for (let i = 0; i < MAX_PHOTOS; i++) {
      await api.db.prisma.hotelPhoto.create({ data: { hotelId: full, position: i, alt: `Foto ${i}`, hash: `${"f".repeat(30)}${String(i).padStart(2, "0")}`, widths: [320], width: 320, height: 200 } });
    }
    const before = await stored();
    const more = await upload(full, OPERATOR_KEY, await jpeg(640, 480, "#406080"));
    expect(more.status).toBe(400);
    expect(more.body).toEqual({ code: "400", message: "Solicitud inválida", detail: `archivo: el hotel ya tiene ${MAX_PHOTOS} fotos; borre una antes de subir otra` });
    expect(await stored()).toEqual(before);
  });

  it("4.2 and 4.3 answer the same bytes whatever the content (content has its own routes)", async () => {
    const q43 = `/api/v2/bookings/availability?hotel_id=${hotelA}&checkin=${D}&nights=2&adults=2`;
    const q42 = `/api/v2/bookings/agencies/retailer/availability?checkin=${D}&nights=2&city=${encodeURIComponent(CITY)}`;
    const layout = { layout: [{ adults: 2, children_ages: [] }] };
    const a43 = (await api.call("GET", q43, { key: agencyKey })).text;
    const a42 = (await api.call("POST", q42, { key: agencyKey, body: layout })).text;
    expect(JSON.parse(a43).total_count).toBeGreaterThan(0);
    expect(a42).not.toMatch(/rnt|amenities|photos/);
    expect((await api.call("PATCH", `/api/v2/hotels/${hotelA}/content`, { key: adminA, body: { stars: 5, amenities: ["spa"], rnt: "555555" } })).status).toBe(200);
    expect((await api.call("GET", q43, { key: agencyKey })).text).toBe(a43);
    expect((await api.call("POST", q42, { key: agencyKey, body: layout })).text).toBe(a42);
  });
});
