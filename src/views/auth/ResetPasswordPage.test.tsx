import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { resetPasswordMachine } from "../../machines/session/resetPassword"
import { BadRequest } from "../../schema"
import { renderScreen, settledSession } from "../../testing/render"
import { ResetPasswordPage } from "./ResetPasswordPage"

const withReset = (reset: () => Promise<void>) =>
  resetPasswordMachine.provide({
    actors: {
      askResetPassword: fromPromise<void, string>(async () => undefined),
      resetPassword: fromPromise(reset),
    },
  })

describe("reset password", () => {
  it("from the e-mailed link, a refused token shows the heading 'Erreur' and the reason", async () => {
    const { session } = await settledSession(null)
    await renderScreen(
      <ResetPasswordPage
        email="jeanne@ferme.fr"
        token="used-token"
        machine={withReset(() => Promise.reject(BadRequest.of("invalidResetToken")))}
      />,
      { session, path: "/resetPassword?email=jeanne%40ferme.fr&token=used-token" },
    )
    fireEvent.change(await screen.findByLabelText(/Nouveau mot de passe/), {
      target: { value: "a-long-password" },
    })
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer le mot de passe" }))
    expect(await screen.findByRole("heading", { name: "Erreur" })).toBeTruthy()
    expect(screen.getByText("Ce lien de réinitialisation est invalide ou a expiré")).toBeTruthy()
  })

  it("asks for the link by e-mail and says so without telling whether the account exists", async () => {
    const { session } = await settledSession(null)
    await renderScreen(<ResetPasswordPage machine={withReset(async () => undefined)} />, { session })
    fireEvent.click(screen.getByRole("button", { name: "Envoyer le lien" }))
    expect(await screen.findByText("Le champ est obligatoire")).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/Adresse email/), { target: { value: "jeanne@ferme.fr" } })
    fireEvent.click(screen.getByRole("button", { name: "Envoyer le lien" }))
    expect(await screen.findByText(/Si un compte existe pour cette adresse/)).toBeTruthy()
  })
})
