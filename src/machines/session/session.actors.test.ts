import { afterEach, describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import { runtime } from "../../services/runtime"
import { accessTokenKey, TokenStore } from "../../services/tokenStore"
import { liveSessionMachine } from "./session.actors"
import { waitForSession } from "./session.selectors"

const me = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "anne@example.org",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
  phone: null,
  mobile: null,
  address: { street: "1 rue", complement: null, postalCode: "35000", city: "Rennes", country: "FR" },
  language: "fr",
  emailConfirmed: true,
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
const expired = () => json(401, { _tag: "Unauthorized", code: "tokenExpired", message: "Token has expired" })

/** The browser's fetch, answered by path; records "METHOD path auth refresh-header" lines. */
const serve = (answer: (path: string, auth: string | null) => Response) => {
  const seen: string[] = []
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    const path = new URL(String(input)).pathname
    seen.push(
      `${init?.method ?? "GET"} ${path} ${headers.get("authorization")} ${headers.get("x-refresh-token")}`,
    )
    return answer(path, headers.get("authorization"))
  })
  return seen
}

afterEach(() => vi.unstubAllGlobals())

// One runtime for the page, as in the browser: each test starts from the tokens it stores.
const signInAs = (token: string) =>
  runtime.runSync(TokenStore).set({ token, refreshToken: `${token}-refresh` })

describe("live session chart (real services, fetch answered in the test)", () => {
  it("restores the stored token; a refresh while loading the profile reaches the chart", async () => {
    signInAs("old")
    serve((path, auth) =>
      path === "/api/v2/auth/refresh"
        ? json(200, { token: "new", refreshToken: "new-refresh" })
        : auth === "JWT new"
          ? json(200, me)
          : expired(),
    )
    const actor = createActor(liveSessionMachine).start()
    const settled = await waitForSession(actor)
    expect(settled.matches({ signedIn: "ready" })).toBe(true)
    expect(runtime.runSync(TokenStore).token()).toBe("new")
    expect(localStorage.getItem(accessTokenKey)).toBe("new")
    actor.stop()
  })

  it("logout revokes on the server with the refresh token, then clears all storage", async () => {
    signInAs("access")
    localStorage.setItem("theme", "dark")
    const seen = serve((path) =>
      path === "/api/v2/me" ? json(200, me) : new Response(null, { status: 204 }),
    )
    const actor = createActor(liveSessionMachine).start()
    await waitForSession(actor)
    actor.send({ type: "session.logout" })
    const out = await waitFor(actor, (s) => s.matches("signedOut"))
    expect(seen).toContain("GET /api/v2/auth/logout JWT access access-refresh")
    expect(out.context).toEqual({ me: null })
    expect(runtime.runSync(TokenStore).token()).toBeNull()
    expect(localStorage.length).toBe(0)
    actor.stop()
  })

  it("a server that never answers the profile check: unreachable after 20 s, the token kept, the request aborted", async () => {
    signInAs("stalled")
    const aborted: string[] = []
    vi.stubGlobal(
      "fetch",
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener("abort", () => {
            aborted.push(new URL(String(input)).pathname)
            reject(new DOMException("aborted", "AbortError"))
          })
        }),
    )
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    try {
      const actor = createActor(liveSessionMachine).start()
      await vi.advanceTimersByTimeAsync(19_000)
      expect(actor.getSnapshot().matches("loadingProfile")).toBe(true)
      await vi.advanceTimersByTimeAsync(1_500)
      expect(actor.getSnapshot().matches("unreachable")).toBe(true)
      expect(aborted).toEqual(["/api/v2/me"])
      expect(runtime.runSync(TokenStore).token()).toBe("stalled")
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it("a failed refresh clears storage and ends signed out", async () => {
    signInAs("old")
    serve((path) =>
      path === "/api/v2/auth/refresh"
        ? json(401, { _tag: "Unauthorized", code: "refreshInvalid", message: "Session expirée" })
        : path === "/api/v2/me"
          ? expired()
          : new Response(null, { status: 204 }),
    )
    const actor = createActor(liveSessionMachine).start()
    const out = await waitFor(actor, (s) => s.matches("signedOut"))
    expect(out.context).toEqual({ me: null })
    expect(runtime.runSync(TokenStore).token()).toBeNull()
    expect(localStorage.length).toBe(0)
    actor.stop()
  })
})
