import { beforeEach, describe, expect, it } from "vitest"
import { createActor, waitFor } from "xstate"
import { Address, Me, Unauthorized, UserId } from "../../schema"
import type { Tokens } from "../../schema/auth"
import { accessTokenKey } from "../../services/tokenStorage"
import { withActors } from "../../testing/actors"
import { sessionMachine } from "./session"
import { isProfileIncomplete, isSignedIn, waitForSession } from "./session.selectors"

const person = {
  id: UserId.make("00000000-0000-4000-8000-000000000001"),
  email: "anne@example.org",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
  phone: null,
  mobile: null,
  language: "fr" as const,
}
const address = new Address({
  street: "1 rue",
  complement: null,
  postalCode: "35000",
  city: "Rennes",
  country: "FR",
})
const complete = new Me({ ...person, address })
const incomplete = new Me({ ...person, address: null })

const start = (answers: Parameters<typeof withActors>[1]) =>
  createActor(withActors(sessionMachine, answers)).start()

// The token lives where the app reads it (local storage, through the ApiClient's TokenStore); the
// stand-ins below read, write and clear it there, as the live actors do.
beforeEach(() => localStorage.clear())
const storedToken = () => localStorage.getItem(accessTokenKey)
const restore = async () => storedToken()
const store = async ({ input }: { input: Tokens }) => localStorage.setItem(accessTokenKey, input.token)
const clearStorage = async () => localStorage.clear()

describe("session chart", () => {
  it("restores a stored token and lands signed in once the profile loads", async () => {
    localStorage.setItem(accessTokenKey, "stored")
    const actor = start({ readStoredToken: restore, loadProfile: async () => complete })
    const settled = await waitForSession(actor)
    expect(isSignedIn(settled)).toBe(true)
    expect(settled.context).toMatchObject({ me: complete })
    expect(storedToken()).toBe("stored")
    expect(settled.matches({ signedIn: "ready" })).toBe(true)
  })

  it("without a stored token settles signed out", async () => {
    const settled = await waitForSession(start({ readStoredToken: restore }))
    expect(settled.value).toBe("signedOut")
    expect(storedToken()).toBeNull()
  })

  it("a profile without address is incomplete until an update completes it", async () => {
    localStorage.setItem(accessTokenKey, "stored")
    const actor = start({ readStoredToken: restore, loadProfile: async () => incomplete })
    expect(isProfileIncomplete(await waitForSession(actor))).toBe(true)
    actor.send({ type: "session.profileUpdated", me: complete })
    expect(actor.getSnapshot().matches({ signedIn: "ready" })).toBe(true)
  })

  it("a refused token is forgotten", async () => {
    const refused = new Unauthorized({ code: "tokenInvalid", message: "x" })
    localStorage.setItem(accessTokenKey, "stored")
    const actor = start({
      readStoredToken: restore,
      loadProfile: () => Promise.reject(refused),
      logout: clearStorage,
    })
    const settled = await waitFor(actor, (s) => s.matches("signedOut"))
    expect(settled.context).toEqual({ me: null })
    expect(storedToken()).toBeNull()
  })

  it("sign-in stores the tokens, then loads the profile", async () => {
    const stored: unknown[] = []
    const withStore = createActor(
      withActors(sessionMachine, {
        readStoredToken: restore,
        storeTokens: async (args: { input: Tokens }) => {
          stored.push("stored")
          await store(args)
        },
        loadProfile: async () => complete,
      }),
    ).start()
    await waitForSession(withStore)
    withStore.send({ type: "session.signedIn", token: "t", refreshToken: "r" })
    const signedIn = await waitFor(withStore, (s) => s.matches("signedIn"))
    expect(stored).toEqual(["stored"])
    expect(signedIn.context).toEqual({ me: complete })
    expect(storedToken()).toBe("t")
  })

  it("a refreshed token needs nothing from the chart; when the session expires it forgets everything", async () => {
    localStorage.setItem(accessTokenKey, "old")
    const actor = start({ readStoredToken: restore, loadProfile: async () => complete })
    await waitForSession(actor)
    // The ApiClient refreshes the token in storage, where every call reads it.
    localStorage.setItem(accessTokenKey, "new")
    expect(actor.getSnapshot().matches({ signedIn: "ready" })).toBe(true)
    expect(storedToken()).toBe("new")
    // The refresh failed: the TokenStore cleared storage and the chart hears `session.expired`.
    localStorage.clear()
    actor.send({ type: "session.expired" })
    expect(actor.getSnapshot().value).toBe("signedOut")
    expect(actor.getSnapshot().context).toEqual({ me: null })
    expect(storedToken()).toBeNull()
  })

  it("logout calls the logout actor and ends signed out with the token nulled", async () => {
    let loggedOut = false
    localStorage.setItem(accessTokenKey, "stored")
    const actor = start({
      readStoredToken: restore,
      loadProfile: async () => complete,
      logout: async () => {
        loggedOut = true
        await clearStorage()
      },
    })
    await waitForSession(actor)
    actor.send({ type: "session.logout" })
    const out = await waitFor(actor, (s) => s.matches("signedOut"))
    expect(loggedOut).toBe(true)
    expect(out.context).toEqual({ me: null })
    expect(storedToken()).toBeNull()
  })
})
