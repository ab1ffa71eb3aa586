import { Effect } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { createActor, setup, toPromise } from "xstate"
import { Conflict } from "../schema"
import { type Call, fakeApi, json, meAnswer as me } from "../testing/fakeFetch"
import { ApiClient } from "./apiClient"
import { makeFromEffect } from "./fromEffect"

beforeEach(() => localStorage.clear())

describe("fromEffect", () => {
  it("resolves with the Effect's value, given the actor's input", async () => {
    const { runtime } = fakeApi(() => json(200, me))
    const fromEffect = makeFromEffect(runtime)
    const logic = fromEffect((suffix: string) =>
      Effect.flatMap(ApiClient, (api) => api.me.get()).pipe(Effect.map((m) => m.firstname + suffix)),
    )
    expect(await toPromise(createActor(logic, { input: "!" }).start())).toBe("Anne!")
  })

  it("rejects with the typed error itself, so guards can match its _tag", async () => {
    const { runtime } = fakeApi(() => json(409, { _tag: "Conflict", code: "emailTaken", message: "pris" }))
    const fromEffect = makeFromEffect(runtime)
    const signup = fromEffect(() =>
      Effect.flatMap(ApiClient, (api) =>
        api.legacy.signup({
          payload: {
            newUser: { email: "anne@example.org", password: "long-enough", firstname: "A", lastname: "M" },
          },
        }),
      ),
    )
    const error = await toPromise(createActor(signup).start()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Conflict)
    expect(error).toMatchObject({ _tag: "Conflict", code: "emailTaken" })
  })

  it("leaving the state aborts the request in flight", async () => {
    let aborted: () => void = () => {}
    const abortSeen = new Promise<void>((resolve) => (aborted = resolve))
    let started: (call: Call) => void = () => {}
    const requestSent = new Promise<Call>((resolve) => (started = resolve))
    const { runtime } = fakeApi(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.signal?.addEventListener("abort", () => {
            aborted()
            reject(new DOMException("aborted", "AbortError"))
          })
          started(call)
        }),
    )
    const fromEffect = makeFromEffect(runtime)
    const machine = setup({
      actors: { loadProfile: fromEffect(() => Effect.flatMap(ApiClient, (api) => api.me.get())) },
    }).createMachine({
      initial: "loading",
      states: { loading: { invoke: { src: "loadProfile" }, on: { leave: "left" } }, left: {} },
    })
    const actor = createActor(machine).start()
    await requestSent
    actor.send({ type: "leave" })
    await abortSeen
    expect(actor.getSnapshot().value).toBe("left")
  })
})
