import { cookies } from "next/headers";
import { dictionaries, normalizeLocale, translate, LOCALE_COOKIE, type Locale } from "./index";

export async function getLocale(): Promise<Locale> {
  return normalizeLocale((await cookies()).get(LOCALE_COOKIE)?.value);
}

export async function getT() {
  const locale = await getLocale();
  const messages = dictionaries[locale];
  return { locale, messages, t: (key: string, vars?: Record<string, string | number>) => translate(messages, key, vars) };
}

/** Server-side twin of useDict: strings kept beside a page or capability. */
export async function getDict<M extends Record<string, unknown>>(dict: { es: M; en: M }) {
  const locale = await getLocale();
  const messages = dict[locale] as unknown as Parameters<typeof translate>[0];
  return { locale, t: (key: string, vars?: Record<string, string | number>) => translate(messages, key, vars) };
}
