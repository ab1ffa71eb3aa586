import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type ProfileForm, profileMachine } from "../../machines/account/profile"
import { Me } from "../../schema"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { ProfilePage } from "./ProfilePage"

const saving = (save: (edit: typeof ProfileForm.Type) => Promise<Me>) =>
  profileMachine.provide({ actors: { saveProfile: fromPromise(({ input }) => save(input)) } })

describe("profile", () => {
  it("holds a person without address and marks every missing address field", async () => {
    const { session } = await settledSession(aUser({ address: null }))
    await renderScreen(<ProfilePage machine={saving(() => new Promise(() => undefined))} />, {
      session,
      path: "/me",
    })
    expect(await screen.findByText("Complétez votre nom et votre adresse pour continuer.")).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
    expect(await screen.findAllByText("Le champ est obligatoire")).toHaveLength(4)
    expect(screen.getByText("Champs requis")).toBeTruthy()
  })

  it("saves a completed address, tells the session and opens the home page", async () => {
    const { session, sent } = await settledSession(aUser({ address: null }))
    const { router } = await renderScreen(
      <ProfilePage
        machine={saving(async (edit) => Me.make({ ...aUser(), ...edit, address: edit.address }))}
      />,
      { session, path: "/me" },
    )
    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } })
    type(/Numéro et rue/, "3 chemin des Vignes")
    type(/Code postal/, "51100")
    type(/Ville/, "Reims")
    type(/Pays/, "France")
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"))
    expect(await screen.findByText("Profil enregistré")).toBeTruthy()
    expect(screen.getByRole("button", { name: "Fermer" })).toBeTruthy()
    const updated = sent.find((event) => event.type === "session.profileUpdated")
    expect(updated?.me.address.city).toBe("Reims")
  })

  it("keeps a blank first name from being saved", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<ProfilePage machine={saving(() => new Promise(() => undefined))} />, {
      session,
      path: "/me",
    })
    fireEvent.change(await screen.findByLabelText(/Prénom/), { target: { value: "  " } })
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
    expect(await screen.findAllByText("Le champ est obligatoire")).toHaveLength(1)
  })
})

describe("profile language", () => {
  it("starts on the language shown and saves the one picked", async () => {
    const { session, sent } = await settledSession(aUser({ language: "fr" }))
    await renderScreen(
      <ProfilePage
        machine={saving(async (edit) => Me.make({ ...aUser(), ...edit, address: edit.address }))}
      />,
      { session, path: "/me", locale: "de" },
    )
    const select = (await screen.findByLabelText("Sprache")) as HTMLSelectElement
    expect(select.value).toBe("de")
    fireEvent.change(select, { target: { value: "pl" } })
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Mój profil" })).toBeTruthy()
    // The confirmation speaks the language just chosen, not the one the form was filled in.
    expect(await screen.findByText("Profil zapisany")).toBeTruthy()
    expect(sent.find((event) => event.type === "session.profileUpdated")?.me.language).toBe("pl")
  })
})
