import { Effect, type ManagedRuntime } from "effect"
import { beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, setup, toPromise } from "xstate"
import { Conflict } from "../schema"
import { AuthGroup, LegacyGroup } from "../schema/api.auth"
import { MeGroup } from "../schema/api.me"
import { type Call, fakeApi, json, meAnswer as me } from "../testing/fakeFetch"
import { clientOf } from "./apiClient"
import { lazyEffect } from "./lazy"
import { runTyped } from "./runTyped"
import type { AppServices } from "./runtime"

/** The groups these tests call. */
const contract = clientOf(AuthGroup, LegacyGroup, MeGroup)

// The live module, with its runtime swapped for one over a fake fetch (set by each test).
const fake = vi.hoisted(() => ({
  runtime: null as ManagedRuntime.ManagedRuntime<AppServices, unknown> | null,
}))
vi.mock("./live", () => ({
  run: (effect: Effect.Effect<unknown, unknown, AppServices>, signal: AbortSignal) =>
    runTyped(fake.runtime as ManagedRuntime.ManagedRuntime<AppServices, unknown>, effect, signal),
}))

const withFetch = (respond: Parameters<typeof fakeApi>[0]) => {
  fake.runtime = fakeApi(respond).runtime
}

beforeEach(() => localStorage.clear())

describe("lazyEffect", () => {
  it("resolves with the Effect's value, given the actor's input", async () => {
    withFetch(() => json(200, me))
    const logic = lazyEffect((_, suffix: string) =>
      Effect.flatMap(contract, (api) => api.me.get()).pipe(Effect.map((m) => m.firstname + suffix)),
    )
    expect(await toPromise(createActor(logic, { input: "!" }).start())).toBe("Anne!")
  })

  it("rejects with the typed error itself, so guards can match its _tag", async () => {
    withFetch(() => json(409, { _tag: "Conflict", code: "emailTaken", message: "pris" }))
    const signup = lazyEffect(() =>
      Effect.flatMap(contract, (api) =>
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
    withFetch(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.signal?.addEventListener("abort", () => {
            aborted()
            reject(new DOMException("aborted", "AbortError"))
          })
          started(call)
        }),
    )
    const machine = setup({
      actors: { loadProfile: lazyEffect(() => Effect.flatMap(contract, (api) => api.me.get())) },
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
