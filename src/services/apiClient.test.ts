// Size: the cases of apiClient share one fixture set and render wrapper; one test file per screen or module.
import { Effect } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
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
import { type ApiClient, clientOf } from "./apiClient"
import { accessTokenKey, refreshTokenKey, type TokenEvent } from "./tokenStore"

/** The groups these tests call. */
const contract = clientOf(AuthGroup, LegacyGroup, MeGroup)

const isMe = (call: Call) => call.url.endsWith("/api/v2/me")
const getMe = Effect.flatMap(contract, (api) => api.me.get())

const run = <A, E>(respond: Respond, effect: Effect.Effect<A, E, ApiClient>) => {
  const api = fakeApi(respond)
  const events: TokenEvent[] = []
  api.store.subscribe((event) => events.push(event))
  const result = api.runtime.runPromise(Effect.either(effect))
  return { ...api, events, result }
}

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem(accessTokenKey, "old-access")
  localStorage.setItem(refreshTokenKey, "old-refresh")
  localStorage.setItem("theme", "dark")
})

describe("ApiClient", () => {
  it("sends the stored token as `Authorization: JWT <token>` with `Cache-Control: no-cache`", async () => {
    const { calls, result } = run(() => json(200, me), getMe)
    expect((await result)._tag).toBe("Right")
    expect(calls[0]?.headers.get("authorization")).toBe("JWT old-access")
    expect(calls[0]?.headers.get("cache-control")).toBe("no-cache")
    expect(calls[0]?.url).toBe("http://sillon.test/api/v2/me")
  })

  it("on an expired token refreshes once with x-refresh-token, stores both tokens and replays", async () => {
    const respond: Respond = (call) =>
      isRefresh(call)
        ? json(200, { token: "new-access", refreshToken: "new-refresh" })
        : call.headers.get("authorization") === "JWT new-access"
          ? json(200, me)
          : expired()
    const { calls, events, result } = run(respond, getMe)
    const outcome = await result
    expect(outcome._tag).toBe("Right")
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      "/api/v2/me",
      "/api/v2/auth/refresh",
      "/api/v2/me",
    ])
    expect(calls[1]?.headers.get("x-refresh-token")).toBe("old-refresh")
    expect([localStorage.getItem(accessTokenKey), localStorage.getItem(refreshTokenKey)]).toEqual([
      "new-access",
      "new-refresh",
    ])
    expect(events).toEqual([{ type: "refreshed", token: "new-access" }])
  })

  it("accepts 'jwt expired' as an expired token too", async () => {
    const respond: Respond = (call) =>
      isRefresh(call)
        ? json(200, { token: "new-access", refreshToken: "new-refresh" })
        : call.headers.get("authorization") === "JWT new-access"
          ? json(200, me)
          : json(401, { _tag: "Unauthorized", code: "tokenExpired", message: "jwt expired" })
    expect((await run(respond, getMe).result)._tag).toBe("Right")
  })

  it("shares one refresh between requests failing at the same time", async () => {
    let expiredAnswers = 0
    let release: () => void = () => {}
    const allFailed = new Promise<void>((resolve) => (release = resolve))
    const respond: Respond = async (call) => {
      if (isRefresh(call)) {
        await allFailed
        return json(200, { token: "new-access", refreshToken: "new-refresh" })
      }
      if (call.headers.get("authorization") === "JWT new-access") return json(200, me)
      if (++expiredAnswers === 3) release()
      return expired()
    }
    const { calls, result } = run(respond, Effect.all([getMe, getMe, getMe], { concurrency: "unbounded" }))
    expect((await result)._tag).toBe("Right")
    expect(calls.filter(isRefresh)).toHaveLength(1)
    expect(calls.filter(isMe)).toHaveLength(6)
  })

  it("refreshes at most once per request: a replay refused again fails typed", async () => {
    const respond: Respond = (call) =>
      isRefresh(call) ? json(200, { token: "new-access", refreshToken: "new-refresh" }) : expired()
    const { calls, result } = run(respond, getMe)
    const outcome = await result
    expect(outcome._tag === "Left" && outcome.left._tag).toBe("Unauthorized")
    expect(calls.filter(isRefresh)).toHaveLength(1)
  })

  it("when the refresh fails, clears all local storage and signals the session expired", async () => {
    const respond: Respond = (call) =>
      isRefresh(call)
        ? json(401, { _tag: "Unauthorized", code: "refreshInvalid", message: "Session expirée" })
        : expired()
    const { store, events, result } = run(respond, getMe)
    const outcome = await result
    expect(outcome._tag === "Left" && outcome.left._tag).toBe("Unauthorized")
    expect(localStorage.length).toBe(0)
    expect(store.token()).toBeNull()
    expect(events).toEqual([{ type: "expired" }])
  })

  it("does not refresh on other 401s: the typed error reaches the caller", async () => {
    const respond: Respond = () =>
      json(401, { _tag: "Unauthorized", code: "tokenInvalid", message: "Session invalide" })
    const { calls, result } = run(respond, getMe)
    const outcome = await result
    expect(outcome._tag === "Left" && outcome.left._tag).toBe("Unauthorized")
    expect(calls.filter(isRefresh)).toHaveLength(0)
    expect(localStorage.getItem(accessTokenKey)).toBe("old-access")
  })

  it("passes domain errors on typed, with their message code", async () => {
    const respond: Respond = () =>
      json(409, { _tag: "Conflict", code: "emailTaken", message: "Un compte existe déjà" })
    const signup = Effect.flatMap(contract, (api) =>
      api.legacy.signup({
        payload: {
          newUser: { email: "anne@example.org", password: "long-enough", firstname: "A", lastname: "M" },
        },
      }),
    )
    const outcome = await run(respond, signup).result
    expect(outcome._tag === "Left" && outcome.left).toMatchObject({ _tag: "Conflict", code: "emailTaken" })
  })

  it("retries 502/503/504 and network failures, then succeeds", async () => {
    const respond: Respond = (_, i) =>
      i === 0 ? json(503, {}) : i === 1 ? Promise.reject(new TypeError("network")) : json(200, me)
    const { calls, result } = run(respond, getMe)
    expect((await result)._tag).toBe("Right")
    expect(calls).toHaveLength(3)
  })

  it("stops retrying after three tries and fails", async () => {
    const { calls, result } = run(() => json(504, {}), getMe)
    expect((await result)._tag).toBe("Left")
    expect(calls).toHaveLength(3)
  })

  it("does not retry a throttled request (429 reaches the caller typed)", async () => {
    const respond: Respond = () =>
      json(429, { _tag: "TooManyRequests", code: "tooManyAttempts", message: "Trop", retryAfterSeconds: 30 })
    const login = Effect.flatMap(contract, (api) =>
      api.auth.login({ payload: { email: "anne@example.org", password: "secret", rememberMe: false } }),
    )
    const { calls, result } = run(respond, login)
    const outcome = await result
    expect(outcome._tag === "Left" && outcome.left._tag).toBe("TooManyRequests")
    expect(calls).toHaveLength(1)
  })
})
