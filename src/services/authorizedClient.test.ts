import { Effect } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { AuthGroup, LegacyGroup } from "../schema/api.auth"
import { MeGroup } from "../schema/api.me"
import {
  type Call,
  expiredAnswer,
  fakeApi,
  isRefresh,
  json,
  meAnswer,
  type Respond,
} from "../testing/fakeFetch"
import { type ApiClient, clientOf } from "./apiClient"
import { newIdempotencyKey } from "./authorizedClient"
import { accessTokenKey, refreshTokenKey } from "./tokenStore"

/** The groups these tests call. */
const contract = clientOf(AuthGroup, LegacyGroup, MeGroup)

/** A write (POST, 202 without body) and a read. */
const askConfirmation = Effect.flatMap(contract, (api) => api.me.askEmailConfirmation())
const getMe = Effect.flatMap(contract, (api) => api.me.get())
const keyOf = (call: Call) => call.headers.get("idempotency-key")
const accepted = () => new Response(null, { status: 202 })
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const run = <A, E>(respond: Respond, effect: Effect.Effect<A, E, ApiClient>) => {
  const api = fakeApi(respond)
  return { calls: api.calls, result: api.runtime.runPromise(Effect.either(effect)) }
}

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem(accessTokenKey, "old-access")
  localStorage.setItem(refreshTokenKey, "old-refresh")
})

describe("Idempotency-Key on writes", () => {
  it("names every write with a fresh key, and no read", async () => {
    const { calls, result } = run(
      (call) => (call.method === "GET" ? json(200, meAnswer) : accepted()),
      Effect.all([askConfirmation, askConfirmation, getMe]),
    )
    expect((await result)._tag).toBe("Right")
    const [first, second, read] = calls.map(keyOf)
    expect(first).toMatch(uuid)
    expect(second).toMatch(uuid)
    expect(second).not.toBe(first)
    expect(read).toBeNull()
  })

  it("sends the same key with every retry of a transient failure", async () => {
    const respond: Respond = (_, i) =>
      i === 0 ? json(503, {}) : i === 1 ? Promise.reject(new TypeError("network")) : accepted()
    const { calls, result } = run(respond, askConfirmation)
    expect((await result)._tag).toBe("Right")
    expect(calls).toHaveLength(3)
    expect(new Set(calls.map(keyOf)).size).toBe(1)
    expect(keyOf(calls[0])).toMatch(uuid)
  })

  it("replays a write after a token refresh with the same key", async () => {
    const respond: Respond = (call) =>
      isRefresh(call)
        ? json(200, { token: "new-access", refreshToken: "new-refresh" })
        : call.headers.get("authorization") === "JWT new-access"
          ? accepted()
          : expiredAnswer()
    const { calls, result } = run(respond, askConfirmation)
    expect((await result)._tag).toBe("Right")
    const writes = calls.filter((c) => !isRefresh(c))
    expect(writes).toHaveLength(2)
    expect(keyOf(writes[0])).toMatch(uuid)
    expect(keyOf(writes[1])).toBe(keyOf(writes[0]))
    expect(keyOf(calls.find(isRefresh) as Call)).toBeNull()
  })

  it("tries again, same key, while the server says the first try is still running", async () => {
    const respond: Respond = (_, i) =>
      i === 0 ? json(409, { _tag: "Conflict", code: "requestInProgress", message: "En cours" }) : accepted()
    const { calls, result } = run(respond, askConfirmation)
    expect((await result)._tag).toBe("Right")
    expect(calls).toHaveLength(2)
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]))
  })

  it("passes any other 409 on typed, without retrying", async () => {
    const respond: Respond = () =>
      json(409, { _tag: "Conflict", code: "emailTaken", message: "Un compte existe déjà" })
    const signup = Effect.flatMap(contract, (api) =>
      api.legacy.signup({
        payload: {
          newUser: { email: "anne@example.org", password: "long-enough", firstname: "A", lastname: "M" },
        },
      }),
    )
    const { calls, result } = run(respond, signup)
    const outcome = await result
    expect(outcome._tag === "Left" && outcome.left).toMatchObject({ _tag: "Conflict", code: "emailTaken" })
    expect(calls).toHaveLength(1)
  })

  it("makes version-4 UUIDs without crypto.randomUUID (a plain-http page)", () => {
    const original = globalThis.crypto.randomUUID
    try {
      Object.defineProperty(globalThis.crypto, "randomUUID", { value: undefined, configurable: true })
      const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey))
      expect(keys.size).toBe(50)
      for (const key of keys) expect(key).toMatch(uuid)
    } finally {
      Object.defineProperty(globalThis.crypto, "randomUUID", { value: original, configurable: true })
    }
  })
})
