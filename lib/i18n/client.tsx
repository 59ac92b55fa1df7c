"use client";
import { createContext, useContext, useMemo } from "react";
import { dictionaries, translate, type Locale } from "./index";

const I18nContext = createContext<Locale>("es");

export function I18nProvider({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return <I18nContext.Provider value={locale}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  const locale = useContext(I18nContext);
  return useMemo(() => {
    const messages = dictionaries[locale];
    return { locale, messages, t: (key: string, vars?: Record<string, string | number>) => translate(messages, key, vars) };
  }, [locale]);
}

/** Strings of one page or capability, kept beside it: `const t = useDict(messages)` with messages = {es: {...}, en: {...}}. */
export function useDict<M extends Record<string, unknown>>(dict: { es: M; en: M }) {
  const locale = useContext(I18nContext);
  return useMemo(() => {
    const messages = dict[locale] as unknown as Parameters<typeof translate>[0];
    return (key: string, vars?: Record<string, string | number>) => translate(messages, key, vars);
  }, [dict, locale]);
}
