import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CounterAssociation, CounterId } from "../../schema"
import { adminCounterAssociations } from "../../services/counters"
import { anAssociation } from "../../testing/counters"
import { fakeApi, json } from "../../testing/fakeFetch"

describe("the admin box history binding", () => {
  it("asks the administrators' endpoint for the box's associations (any box, whatever its structure)", async () => {
    const answer = Schema.encodeSync(Schema.Array(CounterAssociation))([anAssociation(null)])
    const api = fakeApi(() => json(200, answer))
    const list = await api.runtime.runPromise(adminCounterAssociations(CounterId.make("BOX-001")))
    expect(api.calls.map((c) => [c.method, new URL(c.url).pathname])).toEqual([
      ["GET", "/api/v2/admin/counters/BOX-001/associations"],
    ])
    expect(list.map((a) => a.counter)).toEqual(["BOX-001"])
  })
})
