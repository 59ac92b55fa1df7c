import { es, type Messages } from "./es";
import { en } from "./en";

export type Locale = "es" | "en";
export const LOCALES: Locale[] = ["es", "en"];
export const LOCALE_COOKIE = "locale";
export const dictionaries: Record<Locale, Messages> = { es, en };

export function normalizeLocale(v: string | undefined | null): Locale {
  return v === "en" ? "en" : "es";
}

/**
 * The dotted keys of a dictionary's strings ("list.title"): `t()` takes only these, so a missing or stale key
 * fails the typecheck (docs/architecture.md, "Messages").
 */
export type MessageKey<M> = {
  [K in keyof M & string]: M[K] extends string ? K : M[K] extends Record<string, unknown> ? `${K}.${MessageKey<M[K]>}` : never;
}[keyof M & string];

/** The dotted keys of a dictionary's groups ("list", "detail.method"). */
export type MessageGroup<M> = {
  [K in keyof M & string]: M[K] extends string ? never : M[K] extends Record<string, unknown> ? K | `${K}.${MessageGroup<M[K]>}` : never;
}[keyof M & string];

type DynamicIn<K extends string, G extends string> = G extends string ? (K extends `${G}.${infer Rest}` ? (string extends Rest ? K : never) : never) : never;

/**
 * A key `t()` accepts: a literal key of the dictionary, or a computed one under an existing group
 * (`t(`status.${s}`)`, where the child is only known at run time).
 */
export type CheckedKey<M, K extends string> = K extends MessageKey<M> ? K : [DynamicIn<K, MessageGroup<M>>] extends [never] ? MessageKey<M> : K;

export type MessageVars = Record<string, string | number>;

/** A translation function over one dictionary's keys. */
export type Translate<M> = <const K extends string>(key: CheckedKey<M, K>, vars?: MessageVars) => string;

/**
 * The one shape of a message file, kept beside the page or capability it serves:
 * `export const fooMessages = defineMessages({ es: {...}, en: {...} })`. The keys come from the Spanish strings;
 * a key missing from or extra in English is a type error, and so is a `t()` key neither has.
 */
export function defineMessages<M extends Record<string, unknown>>(dict: { es: M; en: NoInfer<M> }): { es: M; en: M } {
  return dict;
}

/** Looks up "a.b.c" in the dictionary and fills {placeholders}. */
export function translate(messages: Messages | Record<string, unknown>, key: string, vars: MessageVars = {}): string {
  const value = key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), messages);
  const text = typeof value === "string" ? value : key;
  // A sentence ending in a time ("vence el 24/11/2026, 11:43 a. m.") keeps one period, not "a. m..".
  return text.replace(/\{(\w+)\}/g, (_, v: string) => String(vars[v] ?? `{${v}}`)).replace(/([ap]\.\s?m\.)\./g, "$1");
}

export const intlLocale = (l: Locale) => (l === "en" ? "en-US" : "es-CO");
