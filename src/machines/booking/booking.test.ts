import { describe, expect, it } from "vitest"
import { createActor, fromPromise } from "xstate"
import { aBooking, bookingId } from "../../testing/booking"
import { bookingMachine } from "./booking"

const withLoads = (loads: { count: number }) =>
  bookingMachine.provide({
    actors: {
      loadBooking: fromPromise(async () => {
        loads.count += 1
        return aBooking("accepted")
      }),
    },
  })

describe("booking chart", () => {
  it("given the booking the form has just saved, shows it without reading it again", () => {
    const loads = { count: 0 }
    const saved = aBooking("requested")
    const actor = createActor(withLoads(loads), { input: { id: bookingId, booking: saved } }).start()
    expect(actor.getSnapshot().value).toBe("requested")
    expect(actor.getSnapshot().context.booking).toBe(saved)
    expect(loads.count).toBe(0)
    actor.stop()
  })

  it("opened by its link, reads it first", () => {
    const loads = { count: 0 }
    const actor = createActor(withLoads(loads), { input: { id: bookingId } }).start()
    expect(actor.getSnapshot().value).toBe("loading")
    expect(loads.count).toBe(1)
    actor.stop()
  })
})
