import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { accountMachine } from "../../machines/account/account"
import { BadRequest } from "../../schema/errors"
import type { FinaliseInfo } from "../../schema/membership"
import { clusterRef, jeanne } from "../../testing/members"
import { renderScreen, settledSession } from "../../testing/render"
import { FinaliseAccountPage } from "./FinaliseAccountPage"

const info: FinaliseInfo = { email: "marc@example.org", cluster: clusterRef, invitedBy: jeanne }

const setup = async ({
  read = async () => info,
  finalise = async () => ({ token: "access", refreshToken: "refresh" }),
}: {
  read?: () => Promise<FinaliseInfo>
  finalise?: () => Promise<{ token: string; refreshToken: string }>
} = {}) => {
  const calls = { read: [] as unknown[], finalise: [] as unknown[] }
  const machine = accountMachine.provide({
    actors: {
      finaliseInfo: fromPromise(({ input }) => {
        calls.read.push(input)
        return read()
      }),
      finalise: fromPromise(({ input }) => {
        calls.finalise.push(input)
        return finalise()
      }),
    },
  })
  const { session, sent } = await settledSession(null)
  const view = await renderScreen(<FinaliseAccountPage token="link-token" machine={machine} />, {
    session,
    path: "/signup?invitation=link-token",
  })
  return { calls, sent, ...view }
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe("account finalisation", () => {
  it("shows the invited e-mail, fixed, and who invited to which structure", async () => {
    const { calls } = await setup()
    const email = (await screen.findByLabelText(/Adresse email/)) as HTMLInputElement
    expect(email.value).toBe("marc@example.org")
    expect(email.readOnly).toBe(true)
    expect(screen.getByText("Moreau Jeanne vous invite à rejoindre CUMA du Moulin sur Sillon.")).toBeTruthy()
    expect(calls.read).toEqual(["link-token"])
  })

  it("finalises with the link's token and signs the person in", async () => {
    const { calls, sent, router } = await setup()
    await screen.findByLabelText(/Adresse email/)
    type(/Prénom/, " Marc ")
    type(/^Nom/, "Petit")
    type(/Mot de passe/, "long-enough")
    fireEvent.click(screen.getByRole("button", { name: "Créer mon compte" }))
    await waitFor(() => expect(sent.some((e) => e.type === "session.signedIn")).toBe(true))
    expect(calls.finalise).toEqual([
      { token: "link-token", firstname: "Marc", lastname: "Petit", password: "long-enough" },
    ])
    expect(sent.find((e) => e.type === "session.signedIn")).toMatchObject({
      token: "access",
      refreshToken: "refresh",
    })
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/signup"))
  })

  it("invalid fields send nothing", async () => {
    const { calls } = await setup()
    await screen.findByLabelText(/Adresse email/)
    type(/Mot de passe/, "short")
    fireEvent.click(screen.getByRole("button", { name: "Créer mon compte" }))
    expect(await screen.findByText("Le mot de passe doit contenir au moins 8 caractères")).toBeTruthy()
    expect(screen.getAllByText("Le champ est obligatoire")).toHaveLength(2)
    expect(calls.finalise).toEqual([])
  })

  it("a stale link says so and leads to the sign-in page", async () => {
    await setup({ read: () => Promise.reject(BadRequest.of("invalidFinaliseLink")) })
    expect(await screen.findByText("Ce lien de création de compte est invalide ou a expiré")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Aller à la connexion" }).getAttribute("href")).toBe("/signin")
    expect(screen.queryByRole("button", { name: "Créer mon compte" })).toBeNull()
  })

  it("a link used meanwhile says so when the form is sent", async () => {
    await setup({ finalise: () => Promise.reject(BadRequest.of("invalidFinaliseLink")) })
    await screen.findByLabelText(/Adresse email/)
    type(/Prénom/, "Marc")
    type(/^Nom/, "Petit")
    type(/Mot de passe/, "long-enough")
    fireEvent.click(screen.getByRole("button", { name: "Créer mon compte" }))
    expect(await screen.findByText("Ce lien de création de compte est invalide ou a expiré")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Aller à la connexion" })).toBeTruthy()
  })
})
