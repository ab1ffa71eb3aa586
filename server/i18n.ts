import { i18nObject } from "../src/i18n/i18n-util"
import { loadAllLocales } from "../src/i18n/i18n-util.sync"
import type { Locale } from "../src/schema/user"

/**
 * The server's one door into the translations. User-facing text lives only in src/i18n (French
 * first); the documents the server writes itself (spreadsheet exports, and the PDFs after them) take
 * their headers and labels from there through this module, never from strings of their own, so a
 * word changed for the screens changes in the documents too. Everything else the server says
 * reaches the person as an error `_tag` or message key that the browser translates.
 */
let loaded = false

export const translations = (locale: Locale) => {
  if (!loaded) {
    loadAllLocales()
    loaded = true
  }
  return i18nObject(locale)
}
