import { es, type Messages } from "./es";
import { en } from "./en";

export type Locale = "es" | "en";
export const LOCALES: Locale[] = ["es", "en"];
export const LOCALE_COOKIE = "locale";
export const dictionaries: Record<Locale, Messages> = { es, en };

export function normalizeLocale(v: string | undefined | null): Locale {
  return v === "en" ? "en" : "es";
}

/** Looks up "a.b.c" in the dictionary and fills {placeholders}. */
export function translate(messages: Messages | Record<string, unknown>, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), messages);
  const text = typeof value === "string" ? value : key;
  return text.replace(/\{(\w+)\}/g, (_, v: string) => String(vars[v] ?? `{${v}}`));
}

export const intlLocale = (l: Locale) => (l === "en" ? "en-US" : "es-CO");
