import { useI18nContext } from "../../i18n/i18n-react"
import { type FilterName, pickName } from "../../schema/catalogue"

/**
 * SPEC §9 "filter names use the browser language prefix, falling back to the default entry", read
 * as the page's language: the locale chosen in the header, which starts as the browser's. The
 * name whose language is the locale's prefix ("fr-FR" → "fr"), else the default entry.
 */
export const catalogueName = (name: FilterName, locale: string): string => pickName(name, locale)

/** The catalogue name picker for the page's language; every screen naming a category or type uses it. */
export const useCatalogueName = (): ((name: FilterName) => string) => {
  const { locale } = useI18nContext()
  return (name) => catalogueName(name, locale)
}
