import { fireEvent, screen, within } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { FilterName } from "../../schema/catalogue"
import { aMachine, catalogue, typedValues } from "../../testing/machines"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { MachineDetails } from "../machines/MachineDetails"
import { MachineFormIdentity } from "../machines/MachineFormIdentity"
import { catalogueName } from "./catalogueName"
import { LanguageSwitch } from "./LanguageSwitch"

const tractor: FilterName = {
  default: "Tractor",
  texts: [
    { lang: "fr", text: "Tracteur" },
    { lang: "PL", text: "Ciągnik" },
    { lang: "en", text: "Tractor (en)" },
  ],
}

describe("catalogue names (SPEC §9, in the page's language)", () => {
  it("picks the entry of the locale's language prefix", () => {
    expect(catalogueName(tractor, "fr")).toBe("Tracteur")
    expect(catalogueName(tractor, "fr-FR")).toBe("Tracteur")
    expect(catalogueName(tractor, "en")).toBe("Tractor (en)")
    expect(catalogueName(tractor, "pl")).toBe("Ciągnik")
  })

  it("falls back to the default entry for a language the catalogue lacks", () => {
    expect(catalogueName(tractor, "de")).toBe("Tractor")
    expect(catalogueName(tractor, "de-AT")).toBe("Tractor")
    expect(catalogueName({ default: "Pflug", texts: [] }, "fr")).toBe("Pflug")
  })
})

/** The browser says French; the page is shown in the language under test. */
const frenchBrowser = () => {
  const original = Object.getOwnPropertyDescriptor(navigator, "language")
  beforeEach(() => {
    Object.defineProperty(navigator, "language", { value: "fr-FR", configurable: true })
  })
  afterEach(() => {
    if (original) Object.defineProperty(navigator, "language", original)
    else Reflect.deleteProperty(navigator, "language")
  })
}

describe("machine screens name the catalogue in the page's language, not the browser's", () => {
  frenchBrowser()

  it("shows the category and type of a machine in English on an English page", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<MachineDetails machine={aMachine()} />, { session, locale: "en" })
    // The sample catalogue has French texts and English defaults.
    expect(screen.getByText("Tractors")).toBeTruthy()
    expect(screen.getByText("4WD tractor")).toBeTruthy()
    expect(screen.queryByText("Tracteurs")).toBeNull()
  })

  it("falls back to the default entry on a German page (the catalogue has no German)", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<MachineDetails machine={aMachine()} />, { session, locale: "de" })
    expect(screen.getByText("Tractors")).toBeTruthy()
    expect(screen.queryByText("Tracteurs")).toBeNull()
  })

  it("renames the form's categories and types when the language changes in the header", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(
      <>
        <LanguageSwitch />
        <MachineFormIdentity
          values={typedValues()}
          set={() => undefined}
          disabled={false}
          errorAt={() => undefined}
          clusters={null}
          cluster={null}
          onPickCluster={() => undefined}
          brands={catalogue.brands}
          categories={catalogue.categories}
        />
      </>,
      { session, locale: "en" },
    )
    const category = screen.getByRole("combobox", { name: "Category" })
    expect(within(category).getByRole("option", { name: "Tractors" })).toBeTruthy()
    expect(within(category).getByRole("option", { name: "Harvest" })).toBeTruthy()
    expect(
      within(screen.getByRole("combobox", { name: "Type" })).getByRole("option", { name: "4WD tractor" }),
    ).toBeTruthy()

    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), { target: { value: "fr" } })
    const catégorie = await screen.findByRole("combobox", { name: "Catégorie" })
    expect(within(catégorie).getByRole("option", { name: "Tracteurs" })).toBeTruthy()
    expect(
      within(screen.getByRole("combobox", { name: "Type" })).getByRole("option", { name: "Tracteur 4RM" }),
    ).toBeTruthy()
  })
})
