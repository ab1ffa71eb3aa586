import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderScreen, settledSession } from "../../testing/render"
import { NotAvailable } from "./NotAvailable"

describe("screens of later versions", () => {
  it("name the screen and say honestly it is not available yet", async () => {
    const { session } = await settledSession(null)
    await renderScreen(<NotAvailable screen="planningMain" />, { session, locale: "en" })
    expect(screen.getByRole("heading", { level: 1, name: "Global planning" })).toBeTruthy()
    expect(screen.getByText("This screen is not available yet in this version of Sillon.")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/home")
  })
})
