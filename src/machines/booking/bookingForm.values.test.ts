import { describe, expect, it } from "vitest"
import { bookingId, tractor } from "../../testing/booking"
import { type BookingFormValues, emptyValues, toInput } from "./bookingForm.values"

describe("toInput", () => {
  it("checks submitted values once: the guard, then the call or the problems, reuse the answer", () => {
    const values: BookingFormValues = { ...emptyValues, resources: [{ kind: "machine", id: tractor.id }] }
    const first = toInput(bookingId, values)
    expect(toInput(bookingId, values)).toBe(first)
    expect(toInput(null, values)).not.toBe(first)
    expect(toInput(bookingId, { ...values })).toEqual(first)
  })
})
