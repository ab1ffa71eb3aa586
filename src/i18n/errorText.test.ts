import { describe, expect, it } from "vitest"
import { ResourceUnavailable } from "../schema/errors"
import { errorText } from "./errorText"
import { i18nObject } from "./i18n-util"

const tractor = { kind: "machine" as const, id: crypto.randomUUID(), name: "Tracteur 1" }
const eve = { kind: "employee" as const, id: crypto.randomUUID(), name: "Roux Eve" }

describe("a booking conflict in words", () => {
  it("says one taken resource in the singular, several in the plural, in each language", () => {
    const one = ResourceUnavailable.of([tractor])
    const two = ResourceUnavailable.of([eve, tractor])
    expect([one.code, one.message]).toEqual([
      "resourceUnavailable",
      "La ressource Tracteur 1 n'est plus disponible",
    ])
    expect([two.code, two.message]).toEqual([
      "resourcesUnavailable",
      "Les ressources Roux Eve, Tracteur 1 ne sont plus disponibles",
    ])
    const en = i18nObject("en")
    expect(errorText(en, "resourceUnavailable", "Tracteur 1")).toBe(
      "The resource Tracteur 1 is no longer available",
    )
    expect(errorText(en, "resourcesUnavailable", "Roux Eve, Tracteur 1")).toBe(
      "The resources Roux Eve, Tracteur 1 are no longer available",
    )
    expect(errorText(i18nObject("fr"), "resourcesUnavailable", "A, B")).toBe(
      "Les ressources A, B ne sont plus disponibles",
    )
    expect(errorText(i18nObject("pl"), "resourcesUnavailable", "A, B")).toBe(
      "Zasoby A, B nie są już dostępne",
    )
    expect(errorText(i18nObject("de"), "resourcesUnavailable", "A, B")).toBe(
      "Die Ressourcen A, B sind nicht mehr verfügbar",
    )
  })

  it("says … when the names are not known", () => {
    expect(errorText(i18nObject("fr"), "resourceUnavailable")).toBe("La ressource … n'est plus disponible")
    expect(errorText(i18nObject("en"), "resourcesUnavailable")).toBe(
      "The resources … are no longer available",
    )
  })
})
