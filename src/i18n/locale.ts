import type { Locales } from "./i18n-types"
import { isLocale, locales } from "./i18n-util"
import { loadLocaleAsync } from "./i18n-util.async"

/**
 * Each language is its own file and only the one shown is downloaded (a first visit carries one
 * dictionary, not four); switching waits for the new one before showing it.
 */
export const loadLocale = (locale: Locales): Promise<void> => loadLocaleAsync(locale)

export type { Locales }
export { locales }

export const localeStorageKey = "sillon.locale"

/** SPEC §9: the browser's language when supported (fr, en, pl, de), otherwise English. */
export const browserLocale = (languages: ReadonlyArray<string>): Locales => {
  for (const language of languages) {
    const prefix = language.toLowerCase().split("-")[0] ?? ""
    if (isLocale(prefix)) return prefix
  }
  return "en"
}

const readStored = (storage: Storage | undefined): string | null => {
  try {
    return storage?.getItem(localeStorageKey) ?? null
  } catch {
    return null
  }
}

/** The language chosen earlier on this device wins over the browser's. */
export const initialLocale = (storage: Storage | undefined, languages: ReadonlyArray<string>): Locales => {
  const stored = readStored(storage)
  return stored !== null && isLocale(stored) ? stored : browserLocale(languages)
}

export const persistLocale = (storage: Storage | undefined, locale: Locales): void => {
  try {
    storage?.setItem(localeStorageKey, locale)
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this visit only.
  }
}

export const startLocale = (): Locales =>
  initialLocale(
    typeof localStorage === "undefined" ? undefined : localStorage,
    typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]),
  )
