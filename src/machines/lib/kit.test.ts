import { describe, expect, it } from "vitest"
import { createActor, setup, toPromise, waitFor } from "xstate"
import { Conflict } from "../../schema"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, firstLoad, unbound } from "./kit"

interface Context {
  readonly items: ReadonlyArray<string> | null
  readonly pending: string | null
  readonly error: MessageCode | null
}

const chart = setup({
  types: { context: {} as Context, events: {} as { type: "list.retry" } },
  actors: { loadItems: unbound<ReadonlyArray<string>>() },
  actions: {
    assignItems: (_, _items: ReadonlyArray<string>) => {},
    assignError: assignError(() => ({ pending: null })),
  },
}).createMachine({
  context: { items: null, pending: "x", error: null },
  initial: "loading",
  states: {
    ...firstLoad({
      src: "loadItems",
      assign: "assignItems",
      retry: "list.retry",
      loading: "Loading.",
      done: "Loaded.",
      failed: "Not loaded.",
    }),
    ready: {},
  },
})

describe("chart kit", () => {
  it("an unbound actor says the live chart binds it", async () => {
    await expect(toPromise(createActor(unbound<number>()).start())).rejects.toThrow(".actors.ts")
  })

  it("a first load left unbound fails: the message code is kept and what was pending cleared", async () => {
    const actor = createActor(chart).start()
    const failed = await waitFor(actor, (s) => s.matches("failed"))
    expect(failed.context).toMatchObject({ error: "generic", pending: null })
    actor.send({ type: "list.retry" })
    expect(actor.getSnapshot().value).toBe("loading")
    actor.stop()
  })

  it("the error params are the error itself", () => {
    const error = Conflict.of("emailTaken")
    expect(errorParams({ event: { error } })).toBe(error)
  })
})
