// Demo calendar: real Colombian festivals near the demo hotels (next occurrence from "now"), a few events in the
// coming weeks so every month shows something, venues, organizers, categories, tags and one draft.
import type { Database } from "@/lib/db/open";
import { fromLocal, SITE_TZ, toLocal, tzAbbr } from "./tz";
import { slugify } from "./common";
import { parseCost } from "./cost";

interface SeedVenue {
  key: string;
  venue: string;
  address: string;
  city: string;
  province: string;
  phone?: string;
  website?: string;
}

const VENUES: SeedVenue[] = [
  { key: "adolfo", venue: "Teatro Adolfo Mejía", address: "Plaza de la Merced #38-10", city: "Cartagena", province: "Bolívar", website: "https://www.teatroadolfomejia.com" },
  { key: "getsemani", venue: "Plaza de la Trinidad", address: "Calle del Guerrero, Getsemaní", city: "Cartagena", province: "Bolívar" },
  { key: "via40", venue: "Vía 40 – Batalla de Flores", address: "Vía 40 con Calle 72", city: "Barranquilla", province: "Atlántico" },
  { key: "parquenorte", venue: "Parque Norte y Centro de Medellín", address: "Carrera 53 #76-115", city: "Medellín", province: "Antioquia" },
  { key: "pascual", venue: "Unidad Deportiva Alberto Galindo", address: "Calle 9 #40-00", city: "Cali", province: "Valle del Cauca" },
  { key: "simon", venue: "Parque Simón Bolívar", address: "Calle 63 y Carrera 60", city: "Bogotá", province: "Cundinamarca" },
  { key: "bahia", venue: "Bahía de Santa Marta", address: "Carrera 1, Camellón de la Bahía", city: "Santa Marta", province: "Magdalena" },
  { key: "valledupar", venue: "Parque de la Leyenda Vallenata", address: "Carrera 4 #7-46", city: "Valledupar", province: "Cesar", website: "https://festivaldelaleyendavallenata.com" },
  { key: "sanandres", venue: "Spratt Bight – Peatonal", address: "Avenida Colombia", city: "San Andrés", province: "San Andrés y Providencia" },
  { key: "pereira", venue: "Plaza de Bolívar de Pereira", address: "Carrera 7 con Calle 19", city: "Pereira", province: "Risaralda" },
];

const ORGANIZERS = [
  { key: "hay", organizer: "Hay Festival Colombia", website: "https://www.hayfestival.com/cartagena", email: "colombia@hayfestival.com" },
  { key: "carnaval", organizer: "Carnaval de Barranquilla S.A.S.", website: "https://www.carnavaldebarranquilla.org", phone: "+57 605 3197777" },
  { key: "medellin", organizer: "Alcaldía de Medellín", website: "https://www.medellin.gov.co" },
  { key: "vallenato", organizer: "Fundación Festival de la Leyenda Vallenata", email: "info@festivalvallenato.com" },
  { key: "cali", organizer: "Secretaría de Cultura de Cali", website: "https://www.cali.gov.co/cultura" },
  { key: "bogota", organizer: "Idartes", website: "https://www.idartes.gov.co" },
  { key: "hotel", organizer: "Casa Real Ciudad Amurallada – Conserjería", phone: "+57 605 6600000", email: "conserjeria@casareal.demo.co" },
];

interface SeedEvent {
  title: string;
  excerpt: string;
  description: string;
  /** Fixed yearly date (month 1-12, day), or days from today. */
  when: { month: number; day: number } | { inDays: number };
  startTime: string;
  days: number;
  endTime: string;
  allDay?: boolean;
  venue: string;
  organizers: string[];
  categories: string[];
  tags: string[];
  cost?: string | string[];
  website?: string;
  featured?: boolean;
  sticky?: boolean;
  status?: string;
  city: string;
}

const EVENTS: SeedEvent[] = [
  { title: "Hay Festival Cartagena de Indias", excerpt: "Cuatro días de literatura, ideas y música en la ciudad amurallada.", description: "Autores de todo el mundo conversan en teatros, plazas y claustros del centro histórico de Cartagena.\n\nCharlas en español e inglés con traducción simultánea.", when: { month: 1, day: 29 }, startTime: "10:00", days: 3, endTime: "21:00", venue: "adolfo", organizers: ["hay"], categories: ["Literatura", "Cultura"], tags: ["festival", "cartagena"], cost: ["0", "$45.000"], website: "https://www.hayfestival.com/cartagena", featured: true, city: "CARTAGENA" },
  { title: "Carnaval de Barranquilla", excerpt: "Batalla de Flores, Gran Parada y la despedida de Joselito: Patrimonio de la Humanidad.", description: "El carnaval más grande de Colombia llena la Vía 40 de comparsas, danzas, marimondas y música durante cuatro días.", when: { month: 2, day: 14 }, startTime: "00:00", days: 3, endTime: "23:59", allDay: true, venue: "via40", organizers: ["carnaval"], categories: ["Fiestas y carnavales"], tags: ["festival", "barranquilla", "familia"], cost: ["$150.000", "$480.000"], featured: true, sticky: true, city: "BARRANQUILLA" },
  { title: "Festival de la Leyenda Vallenata", excerpt: "Acordeones, cajas y guacharacas compiten por la corona del rey vallenato.", description: "El festival que honra la música vallenata, con concursos de acordeoneros profesionales, aficionados e infantiles y conciertos en el Parque de la Leyenda.", when: { month: 4, day: 29 }, startTime: "18:00", days: 4, endTime: "23:30", venue: "valledupar", organizers: ["vallenato"], categories: ["Música"], tags: ["festival", "vallenato"], cost: "$120.000", featured: true, city: "SANTA_MARTA" },
  { title: "Feria de las Flores", excerpt: "Desfile de Silleteros, tablados y cabalgatas en la ciudad de la eterna primavera.", description: "Medellín celebra a los silleteros de Santa Elena con el Desfile de Silleteros, conciertos, el Festival Nacional de la Trova y el Desfile de Autos Clásicos.", when: { month: 8, day: 1 }, startTime: "00:00", days: 9, endTime: "23:59", allDay: true, venue: "parquenorte", organizers: ["medellin"], categories: ["Fiestas y carnavales", "Cultura"], tags: ["festival", "medellin", "familia"], cost: "Gratis", featured: true, city: "MEDELLIN" },
  { title: "Festival de Música del Pacífico Petronio Álvarez", excerpt: "Marimba, cantos y viche: la cultura afro del Pacífico en Cali.", description: "El encuentro más importante de la música del Pacífico colombiano, con agrupaciones de marimba, chirimía y violines caucanos.", when: { month: 8, day: 13 }, startTime: "16:00", days: 5, endTime: "23:59", venue: "pascual", organizers: ["cali"], categories: ["Música"], tags: ["festival", "cali"], cost: "Gratis", city: "CALI" },
  { title: "Fiesta del Mar", excerpt: "Regatas, desfiles náuticos y la elección de la Señorita Santa Marta.", description: "La bahía más bella de América se llena de competencias náuticas, comparsas y conciertos frente al mar.", when: { month: 7, day: 26 }, startTime: "09:00", days: 3, endTime: "22:00", venue: "bahia", organizers: ["medellin"], categories: ["Fiestas y carnavales"], tags: ["playa", "santa-marta"], cost: "Gratis", city: "SANTA_MARTA" },
  { title: "Rock al Parque", excerpt: "El festival gratuito de rock más grande de Latinoamérica.", description: "Tres días de rock, metal, punk y ska en el Parque Simón Bolívar, con bandas nacionales e internacionales.", when: { month: 11, day: 8 }, startTime: "12:00", days: 2, endTime: "22:00", venue: "simon", organizers: ["bogota"], categories: ["Música"], tags: ["festival", "bogota", "gratis"], cost: "Gratis", city: "BOGOTA" },
  { title: "Feria de Cali", excerpt: "Salsódromo, superconciertos y la temporada taurina en la capital de la salsa.", description: "Del 25 al 30 de diciembre Cali baila: el Salsódromo abre la feria con miles de bailarines.", when: { month: 12, day: 25 }, startTime: "15:00", days: 5, endTime: "23:59", venue: "pascual", organizers: ["cali"], categories: ["Fiestas y carnavales", "Música"], tags: ["salsa", "cali"], cost: ["$60.000", "$350.000"], city: "CALI" },
  { title: "Green Moon Festival", excerpt: "Reggae, calypso y cultura raizal frente al mar de los siete colores.", description: "Un festival de la identidad raizal de San Andrés con música en vivo, gastronomía isleña y artesanías.", when: { month: 9, day: 18 }, startTime: "17:00", days: 2, endTime: "23:59", venue: "sanandres", organizers: ["cali"], categories: ["Música", "Cultura"], tags: ["playa", "san-andres"], cost: "$80.000", city: "SAN_ANDRES" },
  { title: "Noche de champeta en Getsemaní", excerpt: "Picó, champeta y comida callejera en la plaza más viva de Cartagena.", description: "Una noche para bailar champeta con DJs locales en la Plaza de la Trinidad. Ideal para huéspedes que quieren conocer el Cartagena de los cartageneros.", when: { inDays: 4 }, startTime: "20:00", days: 0, endTime: "23:59", venue: "getsemani", organizers: ["hotel"], categories: ["Música"], tags: ["cartagena", "noche"], cost: "Gratis", city: "CARTAGENA" },
  { title: "Tour gastronómico por el Centro Histórico", excerpt: "Arepas de huevo, carimañolas, cocadas y un cóctel de corozo al atardecer.", description: "Recorrido guiado de tres horas con seis paradas. Salida desde el lobby del hotel.", when: { inDays: 9 }, startTime: "16:00", days: 0, endTime: "19:00", venue: "getsemani", organizers: ["hotel"], categories: ["Gastronomía"], tags: ["cartagena", "familia"], cost: "$185.000", city: "CARTAGENA" },
  { title: "Concierto de la Orquesta Filarmónica de Bogotá", excerpt: "Beethoven y Lucho Bermúdez al aire libre.", description: "La Filarmónica de Bogotá presenta un programa que une lo clásico con la música del Caribe colombiano.", when: { inDays: 20 }, startTime: "16:00", days: 0, endTime: "18:00", venue: "simon", organizers: ["bogota"], categories: ["Música"], tags: ["bogota", "gratis"], cost: "Gratis", city: "BOGOTA" },
  { title: "Desfile del Café en Pereira", excerpt: "Chivas, yipaos y trovadores celebran la cultura cafetera.", description: "El Eje Cafetero sale a la calle con el tradicional desfile de yipaos cargados y música de cuerda.", when: { inDays: 34 }, startTime: "10:00", days: 0, endTime: "14:00", venue: "pereira", organizers: ["medellin"], categories: ["Cultura"], tags: ["cafe", "pereira", "familia"], cost: "Gratis", city: "PEREIRA" },
  { title: "Cata de rones del Caribe (borrador)", excerpt: "Pendiente de confirmar con el proveedor.", description: "Cata guiada de cinco rones del Caribe en la terraza del hotel.", when: { inDays: 15 }, startTime: "19:00", days: 0, endTime: "21:00", venue: "adolfo", organizers: ["hotel"], categories: ["Gastronomía"], tags: ["cartagena"], cost: "$120.000", status: "draft", city: "CARTAGENA" },
];

function ymdParts(d: Date) {
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), d: d.getUTCDate() };
}

function at(date: Date, hhmm: string): Date {
  const [h, m] = hhmm.split(":").map(Number);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), h, m, h === 23 && m === 59 ? 59 : 0));
}

export async function seedCalendarDemo(db: Database, opts: { now: Date; authorId: number; hotelIdsByCity: Record<string, number[]> }) {
  const { prisma } = db;
  if ((await prisma.calendarEvent.count()) > 0) return;
  const nowLocal = toLocal(opts.now, SITE_TZ);
  const nowUtc = new Date(Math.floor(opts.now.getTime() / 1000) * 1000);
  const today = ymdParts(nowLocal);
  const post = { authorId: opts.authorId, date: nowLocal, dateUtc: nowUtc, modified: nowLocal, modifiedUtc: nowUtc };

  const venueIds: Record<string, number> = {};
  for (const v of VENUES) {
    const row = await prisma.calendarVenue.create({
      data: { ...post, venue: v.venue, slug: slugify(v.venue), address: v.address, city: v.city, province: v.province, country: "Colombia", phone: v.phone ?? null, website: v.website ?? null },
    });
    venueIds[v.key] = row.id;
  }
  const organizerIds: Record<string, number> = {};
  for (const o of ORGANIZERS) {
    const row = await prisma.calendarOrganizer.create({ data: { ...post, organizer: o.organizer, slug: slugify(o.organizer), website: o.website ?? null, email: o.email ?? null, phone: o.phone ?? null } });
    organizerIds[o.key] = row.id;
  }
  const termIds = new Map<string, number>();
  const term = async (taxonomy: string, name: string) => {
    const k = `${taxonomy}:${name}`;
    if (!termIds.has(k)) termIds.set(k, (await prisma.calendarTerm.create({ data: { taxonomy, name, slug: slugify(name) } })).id);
    return termIds.get(k)!;
  };

  for (const e of EVENTS) {
    let day: Date;
    if ("inDays" in e.when) day = new Date(Date.UTC(today.y, today.m, today.d + e.when.inDays));
    else {
      day = new Date(Date.UTC(today.y, e.when.month - 1, e.when.day));
      if (day.getTime() < Date.UTC(today.y, today.m, today.d)) day = new Date(Date.UTC(today.y + 1, e.when.month - 1, e.when.day));
    }
    const start = at(day, e.allDay ? "00:00" : e.startTime);
    const end = at(new Date(day.getTime() + e.days * 86_400_000), e.allDay ? "23:59" : e.endTime);
    const cost = e.cost === undefined ? { cost: null, values: [] } : parseCost(e.cost);
    const terms = [...(await Promise.all(e.categories.map((c) => term("tribe_events_cat", c)))), ...(await Promise.all(e.tags.map((t) => term("post_tag", t))))];
    await prisma.calendarEvent.create({
      data: {
        ...post,
        hotelId: opts.hotelIdsByCity[e.city]?.[0] ?? null,
        status: e.status ?? "publish",
        title: e.title,
        excerpt: e.excerpt,
        description: e.description,
        slug: slugify(e.title),
        allDay: e.allDay ?? false,
        startDate: start,
        endDate: end,
        utcStartDate: fromLocal(start, SITE_TZ),
        utcEndDate: fromLocal(end, SITE_TZ),
        timezone: SITE_TZ,
        timezoneAbbr: tzAbbr(SITE_TZ, fromLocal(start, SITE_TZ)),
        cost: cost.cost,
        costValues: cost.values,
        website: e.website ?? null,
        featured: e.featured ?? false,
        sticky: e.sticky ?? false,
        venues: { create: [{ venueId: venueIds[e.venue], position: 0 }] },
        organizers: { create: e.organizers.map((k, position) => ({ organizerId: organizerIds[k], position })) },
        terms: { create: terms.map((termId) => ({ termId })) },
      },
    });
  }
}
