import { type ReactNode, useMemo, useState, useSyncExternalStore } from "react"
import { I18nContext } from "./i18n-react"
import type { Locales } from "./i18n-types"
import { i18nObject } from "./i18n-util"
import { dictionariesVersion, subscribeDictionaries } from "./locale"

/**
 * typesafe-i18n's provider (i18n-react.tsx's TypesafeI18n, same context), which also rebuilds
 * `LL` whenever a dictionary file comes in: a namespace a route loads (locale.ts) is there on the
 * first render of its screen, which never shows a text missing.
 */
export const I18nProvider = ({ locale: first, children }: { locale: Locales; children: ReactNode }) => {
  const [locale, setLocale] = useState<Locales>(first)
  const version = useSyncExternalStore(subscribeDictionaries, dictionariesVersion)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says the dictionary grew.
  const LL = useMemo(() => i18nObject(locale), [locale, version])
  const value = useMemo(() => ({ locale, LL, setLocale }), [locale, LL])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}
