import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { renderScreen, settledSession } from "../../testing/render"
import { ReloadPrompt } from "./ReloadPrompt"

describe("new version prompt", () => {
  it("asks whether to reload, in the person's language, with a labelled close button", async () => {
    const { session } = await settledSession(null)
    const onReload = vi.fn()
    const onLater = vi.fn()
    await renderScreen(<ReloadPrompt onReload={onReload} onLater={onLater} />, { session, locale: "de" })
    expect(screen.getByText("Eine neue Version von Sillon ist verfügbar. Jetzt neu laden?")).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "Neu laden" }))
    expect(onReload).toHaveBeenCalledOnce()
    fireEvent.click(screen.getByRole("button", { name: "Schließen" }))
    expect(onLater).toHaveBeenCalledOnce()
  })
})
