import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { loginCodeMachine } from "../../machines/session/loginCode"
import { Unauthorized } from "../../schema"
import { renderScreen, settledSession } from "../../testing/render"
import { LoginCodePage } from "./LoginCodePage"

const flow = (loginWithCode: (code: string) => Promise<{ token: string; refreshToken: string }>) =>
  loginCodeMachine.provide({
    actors: {
      askLoginCode: fromPromise<void, string>(async () => undefined),
      loginWithCode: fromPromise(({ input }: { input: string }) => loginWithCode(input)),
    },
  })

describe("login code", () => {
  it("asks for a code by e-mail, then signs in with the typed code", async () => {
    const { session, sent } = await settledSession(null)
    const { router } = await renderScreen(
      <LoginCodePage machine={flow(async () => ({ token: "a", refreshToken: "r" }))} />,
      {
        session,
        path: "/loginCode",
      },
    )
    fireEvent.change(screen.getByLabelText(/Adresse email/), { target: { value: "jeanne@ferme.fr" } })
    fireEvent.click(screen.getByRole("button", { name: "Recevoir un code" }))
    expect(await screen.findByText(/un code vient d'être envoyé/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText("Code de connexion"), { target: { value: "abcd-efgh" } })
    fireEvent.click(screen.getByRole("button", { name: "Se connecter avec ce code" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/"))
    expect(sent).toContainEqual({ type: "session.signedIn", token: "a", refreshToken: "r" })
  })

  it("uses the code of the e-mailed link at once and shows a refusal as an alert", async () => {
    const { session } = await settledSession(null)
    const tried: string[] = []
    await renderScreen(
      <LoginCodePage
        code="XK4PQ7MNRT"
        machine={flow((code) => {
          tried.push(code)
          return Promise.reject(Unauthorized.of("invalidLoginCode"))
        })}
      />,
      { session, path: "/loginCode?code=XK4PQ7MNRT" },
    )
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Ce code de connexion est invalide ou a expiré",
    )
    expect(tried).toEqual(["XK4PQ7MNRT"])
    expect(screen.queryByText(/un code vient d'être envoyé/)).toBeNull()
  })
})
