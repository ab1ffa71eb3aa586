import { Effect } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { type Call, fakeApi, json, meAnswer } from "../testing/fakeFetch"
import { askEmailConfirmation, confirmEmail, logoutEverywhere } from "./auth"

const path = (url: string) => new URL(url).pathname
const bodyOf = (call: Call) =>
  call.body === null
    ? null
    : JSON.parse(
        typeof call.body === "string" ? call.body : new TextDecoder().decode(call.body as Uint8Array),
      )

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem("jwt", "access-1")
})

describe("proving the address and ending every session", () => {
  it("asks for a new confirmation code (202), with the token", async () => {
    const api = fakeApi(() => new Response(null, { status: 202 }))
    await api.runtime.runPromise(askEmailConfirmation)
    const [call] = api.calls
    expect([call?.method, path(call?.url ?? "")]).toEqual(["POST", "/api/v2/me/email/askConfirmation"])
    expect(call?.headers.get("authorization")).toBe("JWT access-1")
  })

  it("sends the code and answers the updated profile", async () => {
    const api = fakeApi(() => json(200, { ...meAnswer, emailConfirmed: true }))
    const me = await api.runtime.runPromise(confirmEmail("XK4PQ7MNRT"))
    const [call] = api.calls
    expect([call?.method, path(call?.url ?? "")]).toEqual(["POST", "/api/v2/me/email/confirm"])
    expect(bodyOf(call as Call)).toEqual({ code: "XK4PQ7MNRT" })
    expect(me.emailConfirmed).toBe(true)
  })

  it("passes a wrong code and throttling on typed, with their message codes", async () => {
    const answers = [
      json(400, { _tag: "BadRequest", code: "invalidConfirmationCode", message: "Code invalide" }),
      json(429, { _tag: "TooManyRequests", code: "tooManyAttempts", message: "Trop", retryAfterSeconds: 60 }),
    ]
    const api = fakeApi((_, i) => answers[i] as Response)
    const wrong = await api.runtime.runPromise(Effect.flip(confirmEmail("AAAAAAAAAA")))
    const throttled = await api.runtime.runPromise(Effect.flip(askEmailConfirmation))
    expect([wrong._tag, "code" in wrong && wrong.code]).toEqual(["BadRequest", "invalidConfirmationCode"])
    expect([throttled._tag, "code" in throttled && throttled.code]).toEqual([
      "TooManyRequests",
      "tooManyAttempts",
    ])
  })

  it("ends every session with DELETE /me/sessions (204)", async () => {
    const api = fakeApi(() => new Response(null, { status: 204 }))
    await api.runtime.runPromise(logoutEverywhere)
    const [call] = api.calls
    expect([call?.method, path(call?.url ?? "")]).toEqual(["DELETE", "/api/v2/me/sessions"])
  })
})
