"use client";
import { createContext, useContext, useMemo } from "react";
import { dictionaries, translate, type Locale, type MessageVars, type Translate } from "./index";
import type { Messages } from "./es";

const I18nContext = createContext<Locale>("es");

export function I18nProvider({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return <I18nContext.Provider value={locale}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  const locale = useContext(I18nContext);
  return useMemo(() => {
    const messages = dictionaries[locale];
    const t: Translate<Messages> = (key, vars) => translate(messages, key, vars);
    return { locale, messages, t };
  }, [locale]);
}

/** Strings of one page or capability, kept beside it: `const t = useDict(messages)` with messages = defineMessages({ es, en }); `t` takes only its keys. */
export function useDict<M extends Record<string, unknown>>(dict: { es: M; en: M }): Translate<M> {
  const locale = useContext(I18nContext);
  return useMemo(() => {
    const messages = dict[locale];
    return (key: string, vars?: MessageVars) => translate(messages, key, vars);
  }, [dict, locale]);
}
