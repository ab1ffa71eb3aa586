import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { localeStorageKey } from "../../i18n/locale"
import { quietHome } from "../../testing/overview"
import { renderScreen, settledSession } from "../../testing/render"
import { LanguageSwitch } from "../common/LanguageSwitch"
import { HomePage } from "./HomePage"

describe("language switch", () => {
  it("translates the page at once and remembers the choice", async () => {
    const { session } = await settledSession(null)
    await renderScreen(
      <>
        <LanguageSwitch />
        <HomePage {...quietHome()} />
      </>,
      { session },
    )
    expect(await screen.findByRole("heading", { level: 1, name: "Bienvenue sur Sillon" })).toBeTruthy()
    fireEvent.change(screen.getByLabelText("Langue"), { target: { value: "pl" } })
    expect(await screen.findByRole("heading", { level: 1, name: "Witaj w Sillon" })).toBeTruthy()
    expect(localStorage.getItem(localeStorageKey)).toBe("pl")
    // The page's language is set by an effect after the new texts paint.
    await waitFor(() => expect(document.documentElement.lang).toBe("pl"))
    fireEvent.change(screen.getByLabelText("Język"), { target: { value: "de" } })
    expect(await screen.findByRole("heading", { level: 1, name: "Willkommen bei Sillon" })).toBeTruthy()
  })
})
