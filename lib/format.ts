// Display formatting for people (es-CO by default). Wire formats never go through here.
// One place for how things read on screen: dates dd/mm/yyyy in Bogotá time, amounts "$ 1.250.000", plurals,
// who is staying, board words, phones, countries and payment words.
import { intlLocale, type Locale } from "@/lib/i18n";

export function formatMoney(amount: number | string | { toString(): string }, currency = "COP", locale: Locale = "es"): string {
  const n = typeof amount === "number" ? amount : Number(amount.toString());
  const whole = currency === "COP" || Number.isInteger(n);
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: currency === "COP" ? 0 : 2 }).format(n);
}

const isDay = (d: Date | string): d is string => typeof d === "string" && /^\d{4}-\d{2}-\d{2}$/.test(d);

/** "24/11/2026": a calendar day ("2026-11-24") as it is, an instant as the day it is in Bogotá. */
export function formatDate(d: Date | string, locale: Locale = "es"): string {
  const date = isDay(d) ? new Date(`${d}T12:00:00Z`) : new Date(d);
  return new Intl.DateTimeFormat(intlLocale(locale), { day: "2-digit", month: "2-digit", year: "numeric", timeZone: isDay(d) ? "UTC" : "America/Bogota" }).format(date);
}

/** "24/11/2026, 3:05 p. m." in Bogotá time. */
export function formatDateTime(d: Date | string, locale: Locale = "es"): string {
  const date = new Date(d);
  const time = new Intl.DateTimeFormat(intlLocale(locale), { hour: "numeric", minute: "2-digit", timeZone: "America/Bogota" }).format(date);
  return `${formatDate(date, locale)}, ${time}`;
}

/** A wall-clock time "15:39" written as every time on screen is: "3:39 p. m.". */
export function formatClock(hhmm: string, locale: Locale = "es"): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  return new Intl.DateTimeFormat(intlLocale(locale), { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2]))));
}

/** "Lun 24/11" style short day for calendars and nightly lists. */
export function formatShortDay(day: string, locale: Locale = "es"): string {
  const date = new Date(`${day}T12:00:00Z`);
  const wd = new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", timeZone: "UTC" }).format(date).replace(".", "");
  return `${wd.charAt(0).toUpperCase()}${wd.slice(1)} ${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** Spanish plural of a noun ("pago" -> "pagos", "cambio sin guardar" handled by passing the plural). */
export function pluralize(word: string): string {
  if (/[aeiouáéó]$/i.test(word)) return `${word}s`;
  if (/z$/i.test(word)) return `${word.slice(0, -1)}ces`;
  if (/ón$/i.test(word)) return `${word.slice(0, -2)}ones`;
  return `${word}es`;
}

/** "1 pago", "2 pagos", "0 enlaces"; pass the plural when it is irregular or several words. */
export function countLabel(n: number, one: string, many: string = pluralize(one)): string {
  return `${n.toLocaleString("es-CO")} ${n === 1 ? one : many}`;
}

/** A hotel's category in words: "4 estrellas", "1 estrella". */
export const starsLabel = (n: number): string => countLabel(n, "estrella");

/** Children's ages as entered: "7" or "3,7" or [3, 7]. */
export function parseAges(ages: string | number[] | null | undefined): number[] {
  if (ages === null || ages === undefined) return [];
  if (Array.isArray(ages)) return ages.filter((a) => Number.isInteger(a));
  return ages
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^\d{1,2}$/.test(s))
    .map(Number);
}

function agesText(ages: number[]): string {
  if (ages.length === 0) return "";
  const unit = ages.length === 1 && ages[0] === 1 ? "año" : "años";
  const list = ages.length === 1 ? String(ages[0]) : `${ages.slice(0, -1).join(", ")} y ${ages[ages.length - 1]}`;
  return `${list} ${unit}`;
}

/** "2 adultos y 1 niño (7 años)", "1 adulto", "2 adultos y 2 niños (3 y 7 años)". */
export function guestsLabel(adults: number, childrenAges: string | number[] | null | undefined = [], childrenCount?: number): string {
  const ages = parseAges(childrenAges);
  const kids = Math.max(ages.length, childrenCount ?? 0);
  const a = countLabel(adults, "adulto");
  if (kids === 0) return a;
  const k = countLabel(kids, "niño");
  return `${a} y ${k}${ages.length === kids ? ` (${agesText(ages)})` : ""}`;
}

export const BOARD_WORDS: Record<string, string> = {
  RO: "Solo alojamiento",
  SA: "Solo alojamiento",
  BB: "Alojamiento y desayuno",
  AD: "Alojamiento y desayuno",
  HB: "Media pensión",
  MP: "Media pensión",
  FB: "Pensión completa",
  PC: "Pensión completa",
  AI: "Todo incluido",
  TI: "Todo incluido",
};

/** Board codes in words a Colombian reads; the hotel's own description when the code is unknown. */
export function boardLabel(code: string | null | undefined, description?: string | null): string {
  const known = code ? BOARD_WORDS[code.toUpperCase()] : undefined;
  return known ?? (description?.trim() || "Solo alojamiento");
}

/** Countries the portal offers: ISO alpha-3, Spanish name, calling code. */
export const COUNTRIES: ReadonlyArray<readonly [string, string, string]> = [
  ["COL", "Colombia", "57"],
  ["USA", "Estados Unidos", "1"],
  ["MEX", "México", "52"],
  ["ARG", "Argentina", "54"],
  ["BRA", "Brasil", "55"],
  ["CHL", "Chile", "56"],
  ["PER", "Perú", "51"],
  ["ECU", "Ecuador", "593"],
  ["VEN", "Venezuela", "58"],
  ["PAN", "Panamá", "507"],
  ["CRI", "Costa Rica", "506"],
  ["ESP", "España", "34"],
  ["FRA", "Francia", "33"],
  ["DEU", "Alemania", "49"],
  ["GBR", "Reino Unido", "44"],
  ["CAN", "Canadá", "1"],
  ["ITA", "Italia", "39"],
  ["NLD", "Países Bajos", "31"],
  ["DOM", "República Dominicana", "1"],
  ["URY", "Uruguay", "598"],
  ["BOL", "Bolivia", "591"],
  ["PRY", "Paraguay", "595"],
  ["GTM", "Guatemala", "502"],
];

/** "COL" -> "Colombia"; also accepts alpha-2 ("CO") through the platform's region names. */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  const c = code.trim().toUpperCase();
  const known = COUNTRIES.find((x) => x[0] === c);
  if (known) return known[1];
  if (/^[A-Z]{2}$/.test(c)) {
    try {
      return new Intl.DisplayNames(["es"], { type: "region" }).of(c) ?? code;
    } catch {
      return code;
    }
  }
  return code;
}

const CALLING_CODES = [...new Set(COUNTRIES.map((c) => c[2]))].sort((a, b) => b.length - a.length);

/** "573001234567" or "+57 3001234567" -> "+57 300 123 4567"; other countries grouped by threes. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  const hadPlus = phone.trim().startsWith("+");
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 7) return phone.trim();
  let cc = "";
  let rest = digits;
  if (digits.length === 10 && !hadPlus && /^(3|60)/.test(digits)) {
    cc = "57";
  } else {
    cc = CALLING_CODES.find((c) => digits.startsWith(c) && digits.length - c.length >= 7) ?? "";
    rest = cc ? digits.slice(cc.length) : digits;
  }
  const group = rest.length === 10 ? `${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}` : rest.replace(/(\d{3})(?=\d{3,})/g, "$1 ");
  return cc ? `+${cc} ${group}` : group;
}

export const PAYMENT_METHOD_WORDS: Record<string, string> = {
  card: "Tarjeta",
  cash: "Efectivo",
  bank_transfer: "PSE (transferencia bancaria)",
  balance: "Saldo de la agencia",
  nequi: "Nequi",
};
// The one place each status has its Spanish word (capitalised, as in a list's cell; `statusWord` gives it
// mid-sentence). Pages' dictionaries, CSV exports, refusals and the MCP speech read these.
export const PAYMENT_STATUS_WORDS: Readonly<Record<"pending" | "approved" | "rejected" | "expired" | "cancelled" | "refunded", string>> = {
  pending: "Pendiente",
  approved: "Aprobado",
  rejected: "Rechazado",
  expired: "Vencido",
  cancelled: "Cancelado",
  refunded: "Reembolsado (no aplicado)",
};
export const RESERVATION_STATUS_WORDS: Readonly<Record<"pending_payment" | "confirmed" | "expired" | "cancelled", string>> = {
  pending_payment: "Pendiente de pago",
  confirmed: "Confirmada",
  expired: "Vencida",
  cancelled: "Cancelada",
};
export const LINK_STATUS_WORDS: Readonly<Record<"active" | "paid" | "expired" | "cancelled", string>> = {
  active: "Activo",
  paid: "Pagado",
  expired: "Vencido",
  cancelled: "Cancelado",
};
/** A status's word mid-sentence ("está pendiente de pago"); the code itself only when no word is known. */
export function statusWord(words: Record<string, string>, status: string): string {
  const w = words[status];
  return w ? w.charAt(0).toLowerCase() + w.slice(1) : status;
}
export const paymentMethodLabel = (m: string) => PAYMENT_METHOD_WORDS[m] ?? "Otro medio";
export const paymentStatusLabel = (s: string) => (PAYMENT_STATUS_WORDS as Record<string, string>)[s] ?? "Desconocido";

export const AGENCY_TYPE_WORDS: Record<string, string> = { retailer: "Agencia minorista", wholesale: "Mayorista" };
export const agencyTypeLabel = (t: string | null | undefined) => (t ? (AGENCY_TYPE_WORDS[t] ?? t) : "");

/** "BOGOTA" / "SANTA_MARTA" as people write them. */
export function cityLabel(city: string): string {
  const known: Record<string, string> = {
    BOGOTA: "Bogotá",
    MEDELLIN: "Medellín",
    CARTAGENA: "Cartagena",
    SANTA_MARTA: "Santa Marta",
    CALI: "Cali",
    SAN_ANDRES: "San Andrés",
    BARRANQUILLA: "Barranquilla",
    PEREIRA: "Pereira",
  };
  return known[city] ?? city.toLowerCase().split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

/** Spanish labels for the API's field names, so an error never shows a field name or a zod path. */
export const FIELD_LABELS: Record<string, string> = {
  amount: "Valor",
  amountBeforeTax: "Precio antes de impuestos",
  hotel_id: "Hotel",
  hotelId: "Hotel",
  agency_id: "Agencia",
  agencyId: "Agencia",
  email: "Correo electrónico",
  phone: "Teléfono",
  telephone: "Teléfono",
  guest_name: "Nombre del huésped",
  description: "Descripción",
  available_hours: "Vigencia del enlace",
  booking_dates: "Fechas de la estadía",
  city: "Ciudad",
  checkin: "Llegada",
  checkout: "Salida",
  nights: "Noches",
  adults: "Adultos",
  children: "Niños",
  children_ages: "Edades de los niños",
  firstName: "Nombre",
  lastName: "Apellidos",
  ref_name: "Nombre",
  ref_lastname: "Apellidos",
  ref_number: "Referencia",
  detail: "Descripción",
  tax_percent: "Impuestos",
  service_percent: "Servicio",
  fiscal_number: "Número de documento",
  fiscal_number_type: "Tipo de documento",
  user_type: "Tipo de persona",
  address: "Dirección",
  bank_code: "Banco",
  payment_type: "Punto de pago",
  response_url: "Página de regreso",
  cc_number: "Número de tarjeta",
  ccNumber: "Número de tarjeta",
  cc_code: "Código de seguridad",
  ccCode: "Código de seguridad",
  cc_holder: "Titular de la tarjeta",
  ccHolder: "Titular de la tarjeta",
  cc_expire_month: "Mes de vencimiento",
  cc_expire_year: "Año de vencimiento",
  ccExpireDate: "Vencimiento",
  installments: "Cuotas",
  payout_account_id: "Cuenta de pagos",
  name: "Nombre",
  reservation_code: "Reserva",
  external_ref_id: "Referencia externa",
  temp_webhook_url: "Dirección de notificación",
  success_url: "Página de pago exitoso",
  failure_url: "Página de pago fallido",
  country: "País",
  notes: "Notas",
  quantity: "Habitaciones",
  rooms: "Habitaciones",
  roomsData: "Habitaciones",
  rateId: "Tarifa",
  date: "Fecha",
  from: "Desde",
  to: "Hasta",
  start: "Desde",
  end: "Hasta",
  title: "Título",
  password: "Contraseña",
  nit: "NIT",
  legal_name: "Razón social",
  spending_limit: "Cupo",
  limit: "Cupo",
};

const capitalize = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** One part of an API detail ("updates.0.amountBeforeTax: debe ser…") split into the field's key and its rule. */
function splitDetail(part: string): { key: string | null; message: string } {
  const m = /^([A-Za-z_][\w]*(?:(?:\.|\[)[\w\]]+)*)\s*:\s+([\s\S]+)$/.exec(part.trim());
  if (!m) return { key: null, message: part.trim() };
  const segments = m[1].split(/[.[\]]+/).filter((s) => s && !/^\d+$/.test(s));
  return { key: segments[segments.length - 1] ?? null, message: m[2].trim() };
}

/**
 * An API error detail as a person reads it: field paths become Spanish labels ("Valor: debe ser mayor que cero"),
 * unknown field names are dropped, never shown.
 */
export function humanizeDetail(detail: string, labels: Record<string, string> = {}): string {
  return detail
    .split(/;\s+/)
    .map((part) => {
      const { key, message } = splitDetail(part);
      if (key === "cuerpo") return capitalize(message);
      const label = key ? (labels[key] ?? FIELD_LABELS[key]) : undefined;
      return label ? `${label}: ${message}` : capitalize(message);
    })
    .filter((s, i, all) => s && all.indexOf(s) === i)
    .join(". ");
}

/** The API detail's rules by field key (last path segment), to show each under its own field. */
export function detailByField(detail: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of detail.split(/;\s+/)) {
    const { key, message } = splitDetail(part);
    if (key && !out[key]) out[key] = capitalize(message);
  }
  return out;
}
