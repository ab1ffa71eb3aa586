import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { logoutEverywhereMachine } from "../../machines/account/logoutEverywhere"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { LogoutEverywhere } from "./LogoutEverywhere"

const ending = (end: () => Promise<void>) =>
  logoutEverywhereMachine.provide({ actors: { endAllSessions: fromPromise(end) } })

const open = async (end: () => Promise<void>) => {
  const { session, sent } = await settledSession(aUser())
  const view = await renderScreen(<LogoutEverywhere machine={ending(end)} />, { session, path: "/me" })
  fireEvent.click(screen.getByRole("button", { name: "Se déconnecter de tous les appareils" }))
  const dialog = await screen.findByRole("dialog", { name: /^Se déconnecter de tous les appareils\s\?$/ })
  return { ...view, sent, dialog }
}

describe("signing out of every device", () => {
  it("asks first; cancelling ends nothing", async () => {
    let ended = 0
    const { dialog, sent } = await open(async () => {
      ended++
    })
    expect(dialog.textContent).toContain(
      "Toutes vos sessions seront fermées, sur cet appareil comme sur les autres.",
    )
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(ended).toBe(0)
    expect(sent).not.toContainEqual({ type: "session.logout" })
  })

  it("ends every session, then signs out here like the sign-out does and opens /signin", async () => {
    let ended = 0
    const { router, sent } = await open(async () => {
      ended++
    })
    fireEvent.click(screen.getByRole("button", { name: "Se déconnecter partout" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"))
    expect(ended).toBe(1)
    expect(sent).toContainEqual({ type: "session.logout" })
  })

  it("shows a failure in the confirmation and stays signed in", async () => {
    const { sent } = await open(() => Promise.reject(new Error("network down")))
    fireEvent.click(screen.getByRole("button", { name: "Se déconnecter partout" }))
    expect(await screen.findByRole("alert")).toBeTruthy()
    expect(screen.getByRole("dialog")).toBeTruthy()
    expect(sent).not.toContainEqual({ type: "session.logout" })
  })
})
