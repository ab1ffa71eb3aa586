import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { signInMachine } from "../../machines/session/signIn"
import { TooManyRequests, Unauthorized } from "../../schema"
import { renderScreen, settledSession } from "../../testing/render"
import { SignInPage } from "./SignInPage"

const withLogin = (login: () => Promise<{ token: string; refreshToken: string }>) =>
  signInMachine.provide({ actors: { login: fromPromise(login) } })

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Se connecter" }))

describe("sign-in form", () => {
  it("shows the required message under each empty field and 'Champs requis'", async () => {
    const { session } = await settledSession(null)
    await renderScreen(<SignInPage machine={withLogin(() => new Promise(() => undefined))} />, {
      session,
      path: "/signin",
    })
    submit()
    expect(await screen.findAllByText("Le champ est obligatoire")).toHaveLength(2)
    expect(screen.getByText("Champs requis")).toBeTruthy()
  })

  it("asks for a valid e-mail address", async () => {
    const { session } = await settledSession(null)
    await renderScreen(<SignInPage machine={withLogin(() => new Promise(() => undefined))} />, {
      session,
      path: "/signin",
    })
    fill(/Adresse email/, "jeanne.ferme.fr")
    fill(/Mot de passe/, "secret")
    submit()
    expect(await screen.findByText("Merci de renseigner une adresse email valide")).toBeTruthy()
  })

  it("shows the server's refusal as an alert and stops loading", async () => {
    const { session } = await settledSession(null)
    await renderScreen(
      <SignInPage machine={withLogin(() => Promise.reject(Unauthorized.of("invalidCredentials")))} />,
      { session, path: "/signin" },
    )
    fill(/Adresse email/, "jeanne@ferme.fr")
    fill(/Mot de passe/, "wrong-password")
    submit()
    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toContain("Adresse email ou mot de passe incorrect")
    expect(screen.getByRole("button", { name: "Se connecter" }).hasAttribute("data-loading")).toBe(false)
  })

  it("translates the throttle message in the chosen language", async () => {
    const { session } = await settledSession(null)
    await renderScreen(<SignInPage machine={withLogin(() => Promise.reject(TooManyRequests.of(60)))} />, {
      session,
      path: "/signin",
      locale: "en",
    })
    fireEvent.change(screen.getByLabelText(/Email address/), { target: { value: "jeanne@ferme.fr" } })
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: "secret" } })
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))
    expect((await screen.findByRole("alert")).textContent).toContain("Too many attempts")
  })

  it("shows the form before its chart is loaded; a submit made meanwhile waits for it", async () => {
    const { session } = await settledSession(null)
    await renderScreen(<SignInPage />, { session, path: "/signin" })
    // No focus, no keystroke: the chart (and the validation behind it) is loaded by the submit.
    submit()
    expect(await screen.findAllByText("Le champ est obligatoire")).toHaveLength(2)
  })

  it("hands the tokens to the session and returns to the requested page", async () => {
    const { session, sent } = await settledSession(null)
    const tokens = { token: "access", refreshToken: "refresh" }
    const { router } = await renderScreen(
      <SignInPage goto="/machines/12/usages?day=3" machine={withLogin(async () => tokens)} />,
      { session, path: "/signin?goto=%2Fmachines%2F12%2Fusages%3Fday%3D3" },
    )
    fill(/Adresse email/, "jeanne@ferme.fr")
    fill(/Mot de passe/, "secret")
    submit()
    await waitFor(() => expect(router.state.location.href).toBe("/machines/12/usages?day=3"))
    expect(sent).toContainEqual({ type: "session.signedIn", ...tokens })
  })
})
