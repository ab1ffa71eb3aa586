import { describe, expect, it } from "vitest"
import { Booking } from "../../schema/booking"
import { aBooking, bookingId, formData, slurry, tractor } from "../../testing/booking"
import { type BookingFormValues, emptyValues, firstValues, toInput } from "./bookingForm.values"

describe("toInput", () => {
  it("checks submitted values once: the guard, then the call or the problems, reuse the answer", () => {
    const values: BookingFormValues = { ...emptyValues, resources: [{ kind: "machine", id: tractor.id }] }
    const first = toInput(bookingId, values)
    expect(toInput(bookingId, values)).toBe(first)
    expect(toInput(null, values)).not.toBe(first)
    expect(toInput(bookingId, { ...values })).toEqual(first)
  })

  it("a product type opens as the booking's, is sent as chosen, and none by default", () => {
    const said = new Booking({ ...aBooking("requested"), productType: { id: slurry.id, name: slurry.name } })
    const opened = firstValues({ ...formData, booking: said }, {}, null)
    expect(opened.productType).toBe(slurry.id)
    const sent = toInput(bookingId, opened)
    expect("input" in sent && sent.input.productType).toBe(slurry.id)
    const plain = toInput(bookingId, { ...emptyValues, resources: [{ kind: "machine", id: tractor.id }] })
    expect("errors" in plain && plain.errors.productType).toBeFalsy()
    expect(firstValues(formData, {}, null).productType).toBeNull()
  })
})
