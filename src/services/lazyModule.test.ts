import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { lazyModule } from "./lazyModule"

/** A service module as a screen's actors see it, counting its downloads. */
const fakeModule = () => {
  const loads = { count: 0 }
  const module = {
    double: (n: number) => Effect.succeed(n * 2),
    fails: () => Effect.fail({ _tag: "Forbidden" as const }),
    answer: Effect.succeed(42),
    pageSize: 50,
  }
  const calls = lazyModule(async () => {
    loads.count += 1
    return module
  }, ["answer"])
  return { calls, loads }
}

describe("lazyModule", () => {
  it("downloads nothing until a call runs, then runs the module's own call with its arguments", async () => {
    const { calls, loads } = fakeModule()
    const call = calls.double(21)
    expect(loads.count).toBe(0)
    expect(await Effect.runPromise(call)).toBe(42)
    expect(loads.count).toBe(1)
  })

  it("runs a named Effect constant, and keeps a call's typed failure", async () => {
    const { calls } = fakeModule()
    expect(await Effect.runPromise(calls.answer)).toBe(42)
    const failure = await Effect.runPromise(Effect.flip(calls.fails()))
    expect(failure._tag).toBe("Forbidden")
  })

  it("is no promise (awaiting it gives it back), and types only the module's calls", async () => {
    const { calls } = fakeModule()
    expect(await calls).toBe(calls)
    // @ts-expect-error a plain number is not one of the module's calls
    void calls.pageSize
  })
})
