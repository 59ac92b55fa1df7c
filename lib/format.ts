// Display formatting for people (es-CO by default). Wire formats never go through here.
import { intlLocale, type Locale } from "@/lib/i18n";

export function formatMoney(amount: number | string | { toString(): string }, currency = "COP", locale: Locale = "es"): string {
  const n = typeof amount === "number" ? amount : Number(amount.toString());
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency, maximumFractionDigits: currency === "COP" ? 0 : 2 }).format(n);
}

export function formatDateTime(d: Date | string, locale: Locale = "es"): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short", timeZone: "America/Bogota" }).format(new Date(d));
}

export function formatDate(d: Date | string, locale: Locale = "es"): string {
  const date = typeof d === "string" && /^\d{4}-\d{2}-\d{2}$/.test(d) ? new Date(`${d}T12:00:00Z`) : new Date(d);
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: typeof d === "string" && d.length === 10 ? "UTC" : "America/Bogota" }).format(date);
}

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
