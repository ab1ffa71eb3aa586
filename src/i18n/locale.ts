import type { Locales, Namespaces } from "./i18n-types"
import { isLocale, locales } from "./i18n-util"
import { loadLocaleAsync, loadNamespaceAsync } from "./i18n-util.async"

/*
 * Where texts go: src/i18n/<lang>/index.ts, the base dictionary loaded before anything shows, holds
 * only what any screen may need (signed-out pages, the shell and its menu, errors, the loader).
 * Each domain's texts are a namespace, src/i18n/<lang>/<domain>/index.ts (machines, booking,
 * planning…), downloaded only for the routes that declare it. A new domain (fields, activities,
 * dashboards, billing…) gets its own folder in all four languages, then `npm run i18n`, then
 * `staticData: { namespaces: ["<domain>"] }` on its routes (views/app/dictionaries.test.ts fails
 * for a route whose screens read a namespace it does not declare).
 */

/** Every namespace asked for so far: a language switched to loads them too. */
const wanted = new Set<Namespaces>()
/** Every language asked for so far: a namespace asked for is loaded in each. */
const asked = new Set<Locales>()
const loads = new Map<string, Promise<void>>()
const listeners = new Set<() => void>()
let version = 0

/** Loads a file once (a failed load is tried again next time), telling listeners when it is in. */
const once = (key: string, load: () => Promise<void>): Promise<void> => {
  let loading = loads.get(key)
  if (loading === undefined) {
    loading = load().then(
      () => {
        version += 1
        for (const listener of listeners) listener()
      },
      (error: unknown) => {
        loads.delete(key)
        throw error
      },
    )
    loads.set(key, loading)
  }
  return loading
}

const loadIn = (locale: Locales, namespaces: Iterable<Namespaces>): Promise<unknown> =>
  Promise.all([...namespaces].map((ns) => once(`${locale}/${ns}`, () => loadNamespaceAsync(locale, ns))))

/**
 * Each language is its own file and only the one shown is downloaded (a first visit carries one
 * dictionary, not four), with the namespaces asked for so far; switching waits for them all
 * before showing the new language.
 */
export const loadLocale = async (locale: Locales): Promise<void> => {
  asked.add(locale)
  await Promise.all([once(locale, () => loadLocaleAsync(locale)), loadIn(locale, wanted)])
}

/** Loads namespaces in every language asked for (a route's `beforeLoad`, before its screen shows). */
export const loadNamespaces = async (namespaces: ReadonlyArray<Namespaces>): Promise<void> => {
  for (const ns of namespaces) wanted.add(ns)
  await Promise.all([...asked].map((locale) => loadIn(locale, namespaces)))
}

/** For the i18n provider: told whenever a dictionary file came in, so `LL` sees it. */
export const subscribeDictionaries = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const dictionariesVersion = (): number => version

export type { Locales, Namespaces }
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
