import { describe, expect, it } from "vitest"
import { createActor, waitFor } from "xstate"
import { Address, Me, Unauthorized, UserId } from "../../schema"
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

describe("session chart", () => {
  it("restores a stored token and lands signed in once the profile loads", async () => {
    const actor = start({ readStoredToken: async () => "stored", loadProfile: async () => complete })
    const settled = await waitForSession(actor)
    expect(isSignedIn(settled)).toBe(true)
    expect(settled.context).toMatchObject({ token: "stored", me: complete })
    expect(settled.matches({ signedIn: "ready" })).toBe(true)
  })

  it("without a stored token settles signed out", async () => {
    const settled = await waitForSession(start({ readStoredToken: async () => null }))
    expect(settled.value).toBe("signedOut")
    expect(settled.context.token).toBeNull()
  })

  it("a profile without address is incomplete until an update completes it", async () => {
    const actor = start({ readStoredToken: async () => "stored", loadProfile: async () => incomplete })
    expect(isProfileIncomplete(await waitForSession(actor))).toBe(true)
    actor.send({ type: "session.profileUpdated", me: complete })
    expect(actor.getSnapshot().matches({ signedIn: "ready" })).toBe(true)
  })

  it("a refused token is forgotten", async () => {
    const refused = new Unauthorized({ code: "tokenInvalid", message: "x" })
    const actor = start({
      readStoredToken: async () => "stored",
      loadProfile: () => Promise.reject(refused),
      logout: async () => undefined,
    })
    const settled = await waitFor(actor, (s) => s.matches("signedOut"))
    expect(settled.context).toEqual({ token: null, me: null })
  })

  it("sign-in stores the tokens, then loads the profile", async () => {
    const stored: unknown[] = []
    const withStore = createActor(
      withActors(sessionMachine, {
        readStoredToken: async () => null,
        storeTokens: async () => void stored.push("stored"),
        loadProfile: async () => complete,
      }),
    ).start()
    await waitForSession(withStore)
    withStore.send({ type: "session.signedIn", token: "t", refreshToken: "r" })
    const signedIn = await waitFor(withStore, (s) => s.matches("signedIn"))
    expect(stored).toEqual(["stored"])
    expect(signedIn.context.token).toBe("t")
  })

  it("keeps the refreshed token, and forgets everything when the session expires", async () => {
    const actor = start({ readStoredToken: async () => "old", loadProfile: async () => complete })
    await waitForSession(actor)
    actor.send({ type: "session.tokenRefreshed", token: "new" })
    expect(actor.getSnapshot().context.token).toBe("new")
    actor.send({ type: "session.expired" })
    expect(actor.getSnapshot().value).toBe("signedOut")
    expect(actor.getSnapshot().context).toEqual({ token: null, me: null })
  })

  it("logout calls the logout actor and ends signed out with the token nulled", async () => {
    let loggedOut = false
    const actor = start({
      readStoredToken: async () => "stored",
      loadProfile: async () => complete,
      logout: async () => {
        loggedOut = true
      },
    })
    await waitForSession(actor)
    actor.send({ type: "session.logout" })
    const out = await waitFor(actor, (s) => s.matches("signedOut"))
    expect(loggedOut).toBe(true)
    expect(out.context.token).toBeNull()
  })
})
