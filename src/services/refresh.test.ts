import { Effect } from "effect"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { AuthGroup, LegacyGroup } from "../schema/api.auth"
import { MeGroup } from "../schema/api.me"
import {
  type Call,
  expiredAnswer as expired,
  fakeApi,
  isRefresh,
  json,
  meAnswer as me,
  type Respond,
} from "../testing/fakeFetch"
import { clientOf } from "./apiClient"
import { accessTokenKey, refreshTokenKey, type TokenEvent } from "./tokenStore"

/** The groups these tests call. */
const contract = clientOf(AuthGroup, LegacyGroup, MeGroup)

/** Refresh across tabs: the tokens are shared through local storage, the refresh through a Web Lock. */
const getMe = Effect.flatMap(contract, (api) => api.me.get())
const auth = (call: Call) => call.headers.get("authorization")

/** The server: one valid refresh token at a time, rotated at each use; a used one is refused. */
const server = () => {
  // The stored "old-access" has expired; "old-refresh" is the live refresh token.
  let current = { access: "", refresh: "old-refresh" }
  let refreshes = 0
  const respond: Respond = async (call) => {
    if (isRefresh(call)) {
      refreshes++
      await new Promise((r) => setTimeout(r, 5))
      if (call.headers.get("x-refresh-token") !== current.refresh) {
        return json(401, { _tag: "Unauthorized", code: "refreshInvalid", message: "Session expirée" })
      }
      current = { access: `access-${refreshes}`, refresh: `refresh-${refreshes}` }
      return json(200, { token: current.access, refreshToken: current.refresh })
    }
    return auth(call) === `JWT ${current.access}` ? json(200, me) : expired()
  }
  return { respond, refreshes: () => refreshes }
}

/** navigator.locks as a browser has it: one holder per name at a time, across every tab. */
const webLocks = () => {
  let chain: Promise<unknown> = Promise.resolve()
  return {
    request: (_name: string, callback: () => Promise<unknown>) => {
      const run = chain.then(callback)
      chain = run.catch(() => undefined)
      return run
    },
  }
}

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem(accessTokenKey, "old-access")
  localStorage.setItem(refreshTokenKey, "old-refresh")
})
afterEach(() => vi.unstubAllGlobals())

describe("refresh shared by every tab", () => {
  it("two tabs whose token expired at once spend the refresh token once and both go on", async () => {
    vi.stubGlobal("navigator", { ...globalThis.navigator, locks: webLocks() })
    const backend = server()
    const tabA = fakeApi(backend.respond)
    const tabB = fakeApi(backend.respond)
    const [a, b] = await Promise.all([
      tabA.runtime.runPromise(Effect.either(getMe)),
      tabB.runtime.runPromise(Effect.either(getMe)),
    ])
    expect([a._tag, b._tag]).toEqual(["Right", "Right"])
    expect(backend.refreshes()).toBe(1)
    expect(localStorage.getItem(accessTokenKey)).toBe("access-1")
  })

  it("without the shared lock, the second tab's refresh would be refused (the case the lock prevents)", async () => {
    vi.stubGlobal("navigator", { ...globalThis.navigator, locks: undefined })
    const backend = server()
    const [a, b] = await Promise.all([
      fakeApi(backend.respond).runtime.runPromise(Effect.either(getMe)),
      fakeApi(backend.respond).runtime.runPromise(Effect.either(getMe)),
    ])
    expect([a._tag, b._tag].sort()).toEqual(["Left", "Right"])
    expect(backend.refreshes()).toBe(2)
  })

  it("uses a token another tab stored since the request left, without refreshing", async () => {
    const respond: Respond = (call) => {
      if (auth(call) === "JWT old-access") {
        localStorage.setItem(accessTokenKey, "from-tab-b")
        return expired()
      }
      return auth(call) === "JWT from-tab-b" ? json(200, me) : expired()
    }
    const api = fakeApi(respond)
    expect((await api.runtime.runPromise(Effect.either(getMe)))._tag).toBe("Right")
    expect(api.calls.filter(isRefresh)).toHaveLength(0)
  })

  it("when the token another tab renewed has aged by the replay, renews once itself and goes on", async () => {
    const respond: Respond = (call) => {
      if (isRefresh(call))
        return call.headers.get("x-refresh-token") === "refresh-b"
          ? json(200, { token: "own", refreshToken: "own-refresh" })
          : json(401, { _tag: "Unauthorized", code: "refreshInvalid", message: "Session expirée" })
      if (auth(call) === "JWT old-access") {
        // Meanwhile tab B renewed the pair; its access token will have aged by the replay.
        localStorage.setItem(accessTokenKey, "from-tab-b")
        localStorage.setItem(refreshTokenKey, "refresh-b")
      }
      return auth(call) === "JWT own" ? json(200, me) : expired()
    }
    const api = fakeApi(respond)
    expect((await api.runtime.runPromise(Effect.either(getMe)))._tag).toBe("Right")
    expect(api.calls.map((c) => (isRefresh(c) ? "refresh" : auth(c)))).toEqual([
      "JWT old-access",
      "JWT from-tab-b",
      "refresh",
      "JWT own",
    ])
    expect(localStorage.getItem(refreshTokenKey)).toBe("own-refresh")
  })

  it("a refresh whose answer never arrives is not retried and does not end the session", async () => {
    const respond: Respond = (call) =>
      isRefresh(call) ? Promise.reject(new TypeError("offline")) : expired()
    const api = fakeApi(respond)
    const events: TokenEvent[] = []
    api.store.subscribe((event) => events.push(event))
    const outcome = await api.runtime.runPromise(Effect.either(getMe))
    expect(outcome._tag === "Left" && outcome.left._tag).toBe("Unauthorized")
    expect(api.calls.filter(isRefresh)).toHaveLength(1)
    expect(events).toEqual([])
    expect(localStorage.getItem(refreshTokenKey)).toBe("old-refresh")
  })
})
