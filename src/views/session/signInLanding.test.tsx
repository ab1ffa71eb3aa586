import { createMemoryHistory, createRouter, Outlet, RouterProvider } from "@tanstack/react-router"
import { fireEvent, render, screen } from "@testing-library/react"
import { beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, fromCallback, fromPromise } from "xstate"
import { sessionMachine } from "../../machines/session/session"
import { routeTree } from "../../routeTree.gen"
import type { Me } from "../../schema"
import { aUser } from "../../testing/render"
import { AppProviders } from "../app/AppProviders"
import { createSession, type SessionActor, SessionContext } from "./session"

/** Every page that mounted, in order: the asked page must never be among them. */
const mounted: string[] = []

vi.mock("../machines/MachineListPage", () => ({
  MachineListPage: () => {
    mounted.push("/ListMachines")
    return <h1>Machines</h1>
  },
}))
vi.mock("../profile/ProfilePage", () => ({
  ProfilePage: () => {
    mounted.push("/me")
    return <h1>Mon profil</h1>
  },
}))
// The frame loads the person's structures and notifications: not what is looked at here.
vi.mock("../shell/ShellLayout", () => ({ ShellLayout: () => <Outlet /> }))
// The server accepts the password.
vi.mock("../../machines/session/signIn.actors", async () => {
  const { signInMachine } = await import("../../machines/session/signIn")
  return {
    liveSignInMachine: signInMachine.provide({
      actors: { login: fromPromise(async () => ({ token: "access", refreshToken: "refresh" })) },
    }),
  }
})

/** The session chart main.tsx starts, with a profile that loads after a moment (`answerProfile`). */
let answerProfile = (_: Me) => {}
let started: SessionActor | undefined
vi.mock("./sessionChart", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./sessionChart")>()),
  startSession: () => {
    started = createActor(
      sessionMachine.provide({
        actors: {
          readStoredToken: fromPromise<string | null>(async () => null),
          storeTokens: fromPromise<void, { token: string; refreshToken: string }>(async () => undefined),
          loadProfile: fromPromise(() => new Promise<Me>((resolve) => (answerProfile = resolve))),
          logout: fromPromise<void>(async () => undefined),
          watchTokens: fromCallback(() => undefined),
        },
      }),
    ).start()
    return started
  },
}))

/**
 * The app as main.tsx builds it, signed out at `path`: the route tree, a session whose chart
 * starts with the sign-in and whose profile loads after a moment (as `me`), and the guards run
 * again when the session's status changes.
 */
const openSignedOut = async (path: string, me: Me) => {
  const session = createSession({ restore: false })
  const history = createMemoryHistory({ initialEntries: [path] })
  const visited: string[] = []
  history.subscribe(({ location }) => visited.push(location.pathname))
  const router = createRouter({ routeTree, history, context: { session } })
  session.onStatusChange(() => void router.invalidate())
  render(
    <AppProviders locale="fr">
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </AppProviders>,
  )
  const signIn = async () => {
    fireEvent.change(await screen.findByLabelText(/Adresse email/), { target: { value: "anne@example.org" } })
    fireEvent.change(screen.getByLabelText(/Mot de passe/), { target: { value: "motdepasse-solide-1" } })
    fireEvent.click(screen.getByRole("button", { name: "Se connecter" }))
    // The profile answers once the session asks for it.
    await vi.waitFor(() => expect(started?.getSnapshot().matches("loadingProfile")).toBe(true))
    answerProfile(me)
  }
  return { router, visited, signIn }
}

describe("signing in with a page asked for (SPEC §2)", () => {
  beforeEach(() => {
    mounted.length = 0
    started = undefined
  })

  it("shows /signin to a signed-out person without starting the session chart", async () => {
    await openSignedOut("/signin?goto=%2FListMachines", aUser())
    expect(await screen.findByRole("heading", { name: "Connexion" })).toBeTruthy()
    expect(started).toBeUndefined()
  })

  it("never shows the asked page to a person whose address is missing: /me opens first", async () => {
    const { router, signIn } = await openSignedOut("/signin?goto=%2FListMachines", aUser({ address: null }))
    await signIn()
    expect(await screen.findByRole("heading", { name: "Mon profil" })).toBeTruthy()
    expect(router.state.location.pathname).toBe("/me")
    expect(mounted).toEqual(["/me"])
  })

  it("never puts the asked page in the address on the way to /me", async () => {
    const { visited, signIn } = await openSignedOut("/signin?goto=%2FListMachines", aUser({ address: null }))
    await signIn()
    await screen.findByRole("heading", { name: "Mon profil" })
    expect(visited).not.toContain("/ListMachines")
    expect(visited.at(-1)).toBe("/me")
  })

  it("opens the asked page once the profile is complete", async () => {
    const { router, signIn } = await openSignedOut("/signin?goto=%2FListMachines", aUser())
    await signIn()
    expect(await screen.findByRole("heading", { name: "Machines" })).toBeTruthy()
    expect(router.state.location.pathname).toBe("/ListMachines")
    expect(mounted).toEqual(["/ListMachines"])
  })
})
