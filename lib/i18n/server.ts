import { cookies } from "next/headers";
import { dictionaries, normalizeLocale, translate, LOCALE_COOKIE, type Locale, type Translate } from "./index";
import type { Messages } from "./es";

export async function getLocale(): Promise<Locale> {
  return normalizeLocale((await cookies()).get(LOCALE_COOKIE)?.value);
}

export async function getT() {
  const locale = await getLocale();
  const messages = dictionaries[locale];
  const t: Translate<Messages> = (key, vars) => translate(messages, key, vars);
  return { locale, messages, t };
}

/** Server-side twin of useDict: strings kept beside a page or capability. */
export async function getDict<M extends Record<string, unknown>>(dict: { es: M; en: M }) {
  const locale = await getLocale();
  const messages = dict[locale];
  const t: Translate<M> = (key, vars) => translate(messages, key, vars);
  return { locale, t };
}
