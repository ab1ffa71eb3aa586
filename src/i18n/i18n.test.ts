import { describe, expect, it } from "vitest"
import { serverMessages } from "../schema/messages"
import { loadedLocales, namespaces } from "./i18n-util"
import { loadAllLocales } from "./i18n-util.sync"
import { browserLocale, initialLocale, localeStorageKey, persistLocale } from "./locale"

// Each language whole: its base dictionary with every namespace.
loadAllLocales()
const { fr, en, pl, de } = loadedLocales

type Tree = { readonly [key: string]: string | Tree }

const keysOf = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  )

const valuesOf = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === "string" ? [value] : valuesOf(value)))

describe("translations", () => {
  it("French server messages are exactly the texts the server sends", () => {
    expect(fr.errors).toEqual(serverMessages)
  })

  it("has a translation for every server message code in every locale", () => {
    for (const locale of [fr, en, pl, de]) {
      expect(Object.keys(locale.errors).sort()).toEqual(Object.keys(serverMessages).sort())
    }
  })

  it.each([
    ["en", en],
    ["pl", pl],
    ["de", de],
  ])("%s has exactly the keys of French, none empty", (_, locale) => {
    expect(keysOf(locale as Tree).sort()).toEqual(keysOf(fr as Tree).sort())
    expect(valuesOf(locale as Tree).filter((text) => text.trim() === "")).toEqual([])
  })

  it("has every namespace in every language", () => {
    for (const locale of [fr, en, pl, de]) {
      for (const ns of namespaces) expect(keysOf(locale[ns] as Tree).length).toBeGreaterThan(0)
    }
  })

  it("keeps the French texts of the specification word for word", () => {
    expect(fr.failure.requiredFields).toBe("Champs requis")
    expect(fr.failure.heading).toBe("Erreur")
    expect(fr.shellMenu.counterAssociations).toBe("Liste des compteurs/associations")
  })
})

describe("locale choice", () => {
  it("follows the browser's first supported language, English otherwise", () => {
    expect(browserLocale(["pl-PL", "fr"])).toBe("pl")
    expect(browserLocale(["es-ES", "de-AT"])).toBe("de")
    expect(browserLocale(["es-ES", "it"])).toBe("en")
    expect(browserLocale([])).toBe("en")
  })

  it("prefers the language chosen earlier on this device", () => {
    localStorage.clear()
    expect(initialLocale(localStorage, ["fr-FR"])).toBe("fr")
    persistLocale(localStorage, "de")
    expect(localStorage.getItem(localeStorageKey)).toBe("de")
    expect(initialLocale(localStorage, ["fr-FR"])).toBe("de")
    localStorage.setItem(localeStorageKey, "xx")
    expect(initialLocale(localStorage, ["fr-FR"])).toBe("fr")
  })
})

describe("counts", () => {
  it("are written as each language writes numbers, the plural still chosen by the count", async () => {
    const { i18nObject } = await import("./i18n-util")
    const total = (locale: "fr" | "en" | "de" | "pl", count: number) =>
      i18nObject(locale).fields.list.total({ count, area: "1" })
    expect(total("fr", 30000)).toBe("30\u202f000 zones · 1 ha")
    expect(total("fr", 1)).toBe("1 zone · 1 ha")
    expect(total("en", 30000)).toBe("30,000 fields · 1 ha")
    expect(total("de", 2400)).toBe("2.400 Schläge · 1 ha")
    expect(total("pl", 2400)).toBe("Pola: 2400 · 1 ha")
  })
})
