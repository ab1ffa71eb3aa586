import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { emailConfirmationMachine } from "../../machines/account/emailConfirmation"
import { profileMachine } from "../../machines/account/profile"
import { BadRequest, type Me, TooManyRequests } from "../../schema"
import { withActors } from "../../testing/actors"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { ConfirmEmailHint } from "./ConfirmEmailHint"
import { ProfilePage } from "./ProfilePage"

const unconfirmed = aUser({ emailConfirmed: false })
const confirming = (
  confirm: (code: string) => Promise<Me>,
  ask: () => Promise<void> = async () => undefined,
) =>
  emailConfirmationMachine.provide({
    actors: {
      confirmEmail: fromPromise(({ input }: { input: string }) => confirm(input)),
      askEmailConfirmation: fromPromise(ask),
    },
  })
const never = () => new Promise<never>(() => undefined)

const open = async (me: Me, machine = confirming(never), confirm?: string) => {
  const { session, sent } = await settledSession(me)
  const path = confirm === undefined ? "/me" : `/me?confirm=${confirm}`
  const view = await renderScreen(
    <ProfilePage machine={withActors(profileMachine)} confirmationMachine={machine} confirm={confirm} />,
    { session, path },
  )
  return { ...view, sent }
}
const block = () => screen.queryByRole("region", { name: "Confirmez votre adresse e-mail" })
/** The refusal shown in the block (notifications of earlier tests are alerts too). */
const refusal = async () => (await within(block() as HTMLElement).findByRole("alert")).textContent

describe("the address confirmation block on /me", () => {
  it("shows while the address is not confirmed, and not once it is", async () => {
    const { unmount } = await open(unconfirmed)
    expect(await screen.findByText(/Un code de confirmation a été envoyé à jeanne@ferme\.fr/)).toBeTruthy()
    expect(block()).toBeTruthy()
    unmount()
    await open(aUser())
    await screen.findByRole("heading", { level: 1, name: "Mon profil" })
    expect(block()).toBeNull()
  })

  it("sends the typed code; once confirmed the session holds the profile and the block goes away", async () => {
    const tried: string[] = []
    const { sent } = await open(
      unconfirmed,
      confirming(async (code) => {
        tried.push(code)
        return aUser({ emailConfirmed: true })
      }),
    )
    fireEvent.change(await screen.findByLabelText("Code de confirmation"), {
      target: { value: " xk4pq7mnrt " },
    })
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }))
    expect(await screen.findByText("Adresse e-mail confirmée")).toBeTruthy()
    expect(tried).toEqual(["XK4PQ7MNRT"])
    expect(sent.find((e) => e.type === "session.profileUpdated")?.me.emailConfirmed).toBe(true)
    await waitFor(() => expect(block()).toBeNull())
  })

  it("shows a wrong code's refusal and too many tries translated, and an empty code is not sent", async () => {
    const answers = [
      BadRequest.of("invalidConfirmationCode"),
      new TooManyRequests({ code: "tooManyAttempts", message: "Trop", retryAfterSeconds: 60 }),
    ]
    let calls = 0
    await open(
      unconfirmed,
      confirming(() => Promise.reject(answers[calls++])),
    )
    fireEvent.click(await screen.findByRole("button", { name: "Confirmer" }))
    expect(await screen.findByText("Le champ est obligatoire")).toBeTruthy()
    expect(calls).toBe(0)
    fireEvent.change(screen.getByLabelText("Code de confirmation"), { target: { value: "AAAAAAAAAA" } })
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }))
    expect(await refusal()).toContain("Ce code de confirmation est invalide ou a expiré")
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }))
    await waitFor(async () => expect(await refusal()).toContain("Trop de tentatives, veuillez réessayer"))
  })

  it("sends a new code on request and says where it went", async () => {
    let asked = 0
    await open(
      unconfirmed,
      confirming(never, async () => {
        asked++
      }),
    )
    fireEvent.click(await screen.findByRole("button", { name: "Renvoyer le code" }))
    expect(await screen.findByText("Un nouveau code a été envoyé à jeanne@ferme.fr")).toBeTruthy()
    expect(asked).toBe(1)
  })

  it("submits the mailed link's code once by itself and drops it from the address", async () => {
    const tried: string[] = []
    const { router } = await open(
      unconfirmed,
      confirming((code) => {
        tried.push(code)
        return Promise.reject(BadRequest.of("invalidConfirmationCode"))
      }),
      "XK4PQ7MNRT",
    )
    await screen.findByRole("region", { name: "Confirmez votre adresse e-mail" })
    expect(await refusal()).toContain("invalide ou a expiré")
    expect(tried).toEqual(["XK4PQ7MNRT"])
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(router.state.location.pathname).toBe("/me")
  })
})

describe("where invitations are listed", () => {
  it("says an unconfirmed address receives no invitation, with a link to /me", async () => {
    const { session } = await settledSession(unconfirmed)
    await renderScreen(<ConfirmEmailHint />, { session, path: "/notifications" })
    const hint = await screen.findByRole("status")
    expect(hint.textContent).toContain(
      "Confirmez votre adresse e-mail pour recevoir les invitations des structures.",
    )
    expect(within(hint).getByRole("link", { name: "Confirmer mon adresse" }).getAttribute("href")).toBe("/me")
  })

  it("says nothing once the address is confirmed", async () => {
    const { session } = await settledSession(aUser())
    const { container } = await renderScreen(<ConfirmEmailHint />, { session, path: "/notifications" })
    expect(container.textContent).not.toContain("Confirmez votre adresse")
  })
})
