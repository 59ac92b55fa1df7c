// Demo data for an empty database: 8 Colombian cities, 40 hotels with room types, rate plans and a year
// of nightly inventory and COP prices from today, two agencies, one user per role and demo API keys.
import fs from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/db/open";
import { hashPassword } from "@/lib/auth/password";
import { issueApiKey } from "@/lib/auth/api-keys";
import { bogotaDate } from "@/lib/time";
import { seedCalendarDemo } from "@/lib/calendar/seed";
import { seedHotelContent } from "@/lib/hotel-content/seed";
import { seedDemoActivity } from "./activity";

export const DEMO_PASSWORD = "demo1234";

export const DEMO_CITIES: Record<string, { code: string; base: number; hotels: string[] }> = {
  BOGOTA: { code: "BOG", base: 280_000, hotels: ["Hotel Candelaria Colonial", "Zona T Suites", "Usaquén Boutique", "Parque 93 Business", "Chapinero Plaza"] },
  MEDELLIN: { code: "MDE", base: 260_000, hotels: ["El Poblado Lofts", "Laureles Garden", "Envigado Hills", "Provenza Boutique", "Estadio Inn"] },
  CARTAGENA: { code: "CTG", base: 420_000, hotels: ["Casa Real Ciudad Amurallada", "Bocagrande Beach Resort", "Getsemaní Boutique", "Castillogrande Marina", "Manga Colonial"] },
  SANTA_MARTA: { code: "SMR", base: 330_000, hotels: ["Rodadero Playa", "Taganga Bay", "Centro Histórico Santa Marta", "Sierra Nevada Lodge", "Bello Horizonte Resort"] },
  CALI: { code: "CLO", base: 230_000, hotels: ["Granada Cali Hotel", "Casona San Antonio", "Ciudad Jardín Suites", "Peñón Boutique", "Salsa Inn Cali"] },
  SAN_ANDRES: { code: "ADZ", base: 450_000, hotels: ["Spratt Bight Resort", "Johnny Cay View", "Posada Nativa San Luis", "Rocky Cay Beach", "Sound Bay Hotel"] },
  BARRANQUILLA: { code: "BAQ", base: 250_000, hotels: ["Alto Prado Plaza", "Malecón del Río", "Villa Country Suites", "Carnaval Inn", "Riomar Business"] },
  PEREIRA: { code: "PEI", base: 210_000, hotels: ["Hacienda Eje Cafetero", "Circunvalar Pereira", "Santa Rosa Termales Lodge", "Victoria Plaza", "Finca Cafetera Boutique"] },
};

const ROOM_TEMPLATES = [
  { suffix: "DBL", roomType: "DOUBLE", roomName: "Habitación Doble", beds: 2, maxAdults: 2, maxChildren: 1, factor: 1.0 },
  { suffix: "TPL", roomType: "TRIPLE", roomName: "Habitación Triple", beds: 3, maxAdults: 3, maxChildren: 1, factor: 1.3 },
  { suffix: "QUA", roomType: "QUADRUPLE", roomName: "Habitación Cuádruple", beds: 4, maxAdults: 4, maxChildren: 2, factor: 1.55 },
  { suffix: "STE", roomType: "SUITE", roomName: "Suite Junior", beds: 1, maxAdults: 2, maxChildren: 2, factor: 1.8 },
  { suffix: "FAM", roomType: "FAMILY", roomName: "Habitación Familiar", beds: 3, maxAdults: 4, maxChildren: 3, factor: 1.7 },
];

const RATE_TEMPLATES = [
  {
    suffix: "RO",
    rateDescription: "Tarifa flexible solo alojamiento",
    boardType: "RO",
    boardTypeDescription: "Solo alojamiento",
    refundable: "full" as const,
    cancellationPolicy: "Cancelación gratuita hasta 48 horas antes de la llegada; después se cobra la primera noche.",
    factor: 1.0,
  },
  {
    suffix: "BB",
    rateDescription: "Alojamiento y desayuno",
    boardType: "BB",
    boardTypeDescription: "Desayuno incluido",
    refundable: "partial" as const,
    cancellationPolicy: "Cancelación con cargo del 50% de la primera noche hasta 72 horas antes de la llegada; después no es reembolsable.",
    factor: 1.12,
  },
  {
    suffix: "HB",
    rateDescription: "Media pensión no reembolsable",
    boardType: "HB",
    boardTypeDescription: "Desayuno y cena incluidos",
    refundable: "none" as const,
    cancellationPolicy: "Tarifa no reembolsable: no admite cambios ni cancelaciones.",
    factor: 1.18,
  },
];

export interface DemoKeys {
  operator: string;
  retailer: string;
  wholesale: string;
  hotelAdmin: string;
}

export interface DemoSummary {
  hotels: number;
  cities: number;
  users: Array<{ email: string; role: string }>;
  keys: DemoKeys;
}

export function demoKeysFile(dataDir: string) {
  return path.join(dataDir, "secrets", "demo-api-keys.json");
}

/** Seeds only an empty database (no hotels and no agencies). Returns null when it did nothing. */
export async function seedDemo(db: Database, opts: { now: Date; dataDir: string; nights?: number }): Promise<DemoSummary | null> {
  const { prisma } = db;
  if ((await prisma.hotel.count()) > 0 || (await prisma.agency.count()) > 0) return null;
  const nights = opts.nights ?? 365;
  const today = bogotaDate(opts.now);

  // Hotels, room types and rate plans (small: through Prisma).
  const priceRows: Array<{ rp: number; rt: number; base: number; perAdultOne: boolean }> = [];
  const hotelIdsByCity: Record<string, number[]> = {};
  for (const [city, info] of Object.entries(DEMO_CITIES)) {
    hotelIdsByCity[city] = [];
    for (const [i, name] of info.hotels.entries()) {
      const cm = `CM-${info.code}-${String(i + 1).padStart(3, "0")}`;
      const hotelFactor = [1.0, 1.35, 0.85, 1.15, 0.95][i];
      const roomTemplates = ROOM_TEMPLATES.slice(0, 3 + (i % 3));
      const rateTemplates = RATE_TEMPLATES.slice(0, i % 2 === 0 ? 3 : 2);
      const hotel = await prisma.hotel.create({
        data: {
          name,
          city,
          channelManagerId: cm,
          holdMinutes: 1440,
          stars: 3 + (i % 3),
          address: `Calle ${10 + i * 7} # ${3 + i}-${20 + i * 3}`,
          roomTypes: { create: roomTemplates.map((r) => ({ roomId: `${cm}-${r.suffix}`, roomName: r.roomName, roomType: r.roomType, beds: r.beds, maxAdults: r.maxAdults, maxChildren: r.maxChildren })) },
          ratePlans: {
            create: rateTemplates.map((r) => ({
              rateId: `${cm}-${r.suffix}`,
              rateDescription: r.rateDescription,
              boardType: r.boardType,
              boardTypeDescription: r.boardTypeDescription,
              refundable: r.refundable,
              cancellationPolicy: r.cancellationPolicy,
              currency: "COP",
            })),
          },
        },
        include: { roomTypes: true, ratePlans: true },
      });
      hotelIdsByCity[city].push(hotel.id);
      for (const rt of hotel.roomTypes) {
        const rtt = ROOM_TEMPLATES.find((r) => rt.roomId.endsWith(`-${r.suffix}`))!;
        for (const rp of hotel.ratePlans) {
          const rpt = RATE_TEMPLATES.find((r) => rp.rateId.endsWith(`-${r.suffix}`))!;
          priceRows.push({ rp: rp.id, rt: rt.id, base: Math.round(info.base * hotelFactor * rtt.factor * rpt.factor), perAdultOne: rtt.roomType === "DOUBLE" });
        }
      }
    }
  }

  // A year of nights (large: one INSERT ... SELECT each, generated in the database).
  const coastal = "('CARTAGENA','SANTA_MARTA','SAN_ANDRES')";
  await db.sql.query(
    `INSERT INTO inventory_nights (room_type_id, date, rooms, sold, stop_sell, min_stay)
     SELECT rt.id, d::date,
            4 + abs(hashtext(rt.room_id)) % 9,
            0,
            abs(hashtext(rt.room_id || d::date::text)) % 97 = 0,
            CASE WHEN h.city IN ${coastal} AND to_char(d, 'MM-DD') BETWEEN '12-24' AND '12-31' THEN 2 ELSE 1 END
     FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id
     CROSS JOIN generate_series($1::date, $1::date + ($2::int - 1), interval '1 day') AS d`,
    [today, nights],
  );
  const values = priceRows.map((p) => `(${p.rp}, ${p.rt}, ${p.base}, ${p.perAdultOne})`).join(",");
  await db.sql.query(
    `INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax)
     SELECT p.rp, p.rt, d::date, 0,
            round(p.base * CASE WHEN extract(isodow FROM d) IN (5, 6) THEN 1.15 ELSE 1 END
                          * CASE WHEN to_char(d, 'MM') IN ('12', '01', '06', '07') THEN 1.2 ELSE 1 END / 1000) * 1000
     FROM (VALUES ${values}) AS p(rp, rt, base, one)
     CROSS JOIN generate_series($1::date, $1::date + ($2::int - 1), interval '1 day') AS d`,
    [today, nights],
  );
  // Single occupancy of a double room is cheaper: a per-adult price that wins over the general one.
  await db.sql.query(
    `INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax)
     SELECT rate_plan_id, room_type_id, date, 1, round(amount_before_tax * 0.85 / 1000) * 1000
     FROM rate_nights
     WHERE adults = 0 AND (rate_plan_id, room_type_id) IN (SELECT p.rp, p.rt FROM (VALUES ${values}) AS p(rp, rt, base, one) WHERE p.one)`,
  );

  // Agencies, users and keys.
  const retailer = await prisma.agency.create({
    data: {
      name: "Viajes Andinos SAS",
      phone: "6015550101",
      countryCode: "+57",
      emailForNotifications: "reservas@viajesandinos.example.co",
      documentType: "NIT",
      documentNumber: "900123456",
      agencyType: "retailer",
      payoutAccountId: "payout_demo_retailer",
    },
  });
  const wholesale = await prisma.agency.create({
    data: {
      name: "Caribe Mayorista de Turismo",
      phone: "6055550202",
      countryCode: "+57",
      emailForNotifications: "operaciones@caribemayorista.example.co",
      documentType: "NIT",
      documentNumber: "900654321",
      agencyType: "wholesale",
      isPreloaded: true,
      payoutAccountId: "payout_demo_wholesale",
      balance: 5_000_000,
      balanceEntries: { create: { amount: 5_000_000, balanceAfter: 5_000_000, kind: "topup", note: "Saldo inicial de demostración" } },
    },
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const adminHotels = hotelIdsByCity.CARTAGENA.slice(0, 2);
  const operator = await prisma.user.create({ data: { email: "operador@demo.co", name: "Olga Operadora", passwordHash, role: "operator" } });
  await prisma.user.create({ data: { email: "agencia@demo.co", name: "Andrés Agente", passwordHash, role: "agency", agencyId: retailer.id, agencyAdmin: true } });
  await prisma.user.create({ data: { email: "mayorista@demo.co", name: "Marta Mayorista", passwordHash, role: "agency", agencyId: wholesale.id, agencyAdmin: true } });
  const hotelAdmin = await prisma.user.create({
    data: { email: "hotel@demo.co", name: "Héctor Hotelero", passwordHash, role: "hotel_admin", hotels: { create: adminHotels.map((hotelId) => ({ hotelId })) } },
  });
  await seedCalendarDemo(db, { now: opts.now, authorId: hotelAdmin.id, hotelIdsByCity });
  // Photos, stars, address and map, amenities, times and RNT (issue 27); a gallery for the demo hotel admin's hotels.
  const demoHotels = Object.entries(hotelIdsByCity).flatMap(([city, ids]) => ids.map((id, index) => ({ id, city, index, name: DEMO_CITIES[city].hotels[index] })));
  await seedHotelContent(db, demoHotels, { galleryFor: adminHotels });
  await seedDemoActivity(db, { now: opts.now, retailerId: retailer.id, wholesaleId: wholesale.id, hotelIds: [...adminHotels, ...hotelIdsByCity.CARTAGENA.slice(2, 3), hotelIdsByCity.MEDELLIN[0]] });

  const keys: DemoKeys = {
    operator: (await issueApiKey(db, { role: "operator", userId: operator.id, label: "demo" }, opts.now)).key,
    retailer: (await issueApiKey(db, { role: "agency", agencyId: retailer.id, label: "demo" }, opts.now)).key,
    wholesale: (await issueApiKey(db, { role: "agency", agencyId: wholesale.id, label: "demo" }, opts.now)).key,
    hotelAdmin: (await issueApiKey(db, { role: "hotel_admin", userId: hotelAdmin.id, label: "demo" }, opts.now)).key,
  };
  const file = demoKeysFile(opts.dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });

  return {
    hotels: Object.values(hotelIdsByCity).flat().length,
    cities: Object.keys(DEMO_CITIES).length,
    users: [
      { email: "operador@demo.co", role: "operator" },
      { email: "agencia@demo.co", role: "agency (retailer)" },
      { email: "mayorista@demo.co", role: "agency (wholesale, preloaded)" },
      { email: "hotel@demo.co", role: "hotel_admin" },
    ],
    keys,
  };
}

export function readDemoKeys(dataDir: string): DemoKeys | null {
  try {
    return JSON.parse(fs.readFileSync(demoKeysFile(dataDir), "utf8")) as DemoKeys;
  } catch {
    return null;
  }
}
