import { Conflict, Forbidden, NotFound, ResourceUnavailable } from "../../schema"
import {
  aBooking,
  at,
  bookedField,
  bookingId,
  fieldOption,
  formData,
  jean,
  meId,
  tractor,
  vals,
} from "../../testing/booking"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { bookingMachine } from "./booking"
import { bookingSpec } from "./booking.paths"
import { bookingFormMachine } from "./bookingForm"
import { bookingFormSpec } from "./bookingForm.paths"
import type { BookingFormValues } from "./bookingForm.values"
import { bookingUseMachine } from "./bookingUse"
import { bookingUseSpec, useInput } from "./bookingUse.paths"

const start = at("2026-06-02T08:00:00Z").epochMillis
const end = at("2026-06-02T12:00:00Z").epochMillis
const complete: BookingFormValues = {
  resources: [
    { kind: "machine", id: tractor.id },
    { kind: "employee", id: jean.user.id },
  ],
  user: meId,
  start,
  end,
  locationLabel: "Les Grands Champs",
  comments: "",
  geometry: null,
  fields: [bookedField.id],
  productType: null,
}

/** The bookings charts (issue 5), with the sample events their paths are generated from. */
export const bookingsCharts: ReadonlyArray<Chart> = [
  {
    name: "booking",
    spec: bookingSpec,
    machine: bookingMachine,
    input: { id: bookingId },
    events: [
      done("loadBooking", aBooking("requested")),
      done("loadBooking", aBooking("accepted")),
      done("loadBooking", aBooking("refused")),
      done("loadBooking", aBooking("cancelled")),
      failed("loadBooking", NotFound.of()),
      { type: "booking.retry" },
      { type: "booking.accept" },
      { type: "booking.refuse" },
      { type: "booking.cancel" },
      { type: "booking.confirm" },
      { type: "booking.back" },
      { type: "booking.edit" },
      { type: "booking.saved", booking: aBooking("requested") },
      done("acceptBooking", aBooking("accepted")),
      done("refuseBooking", aBooking("refused")),
      done("cancelBooking", aBooking("cancelled")),
      failed("acceptBooking", Conflict.of("bookingNotRequested")),
      failed("refuseBooking", Conflict.of("bookingEnded")),
      failed("cancelBooking", Conflict.of("bookingClosed")),
    ],
  },
  {
    name: "bookingForm",
    spec: bookingFormSpec,
    machine: bookingFormMachine,
    input: { booking: null, prefill: { machine: tractor.id, start, end }, me: meId },
    events: [
      done("loadForm", formData),
      failed("loadForm", networkDown),
      { type: "bookingForm.retry" },
      done("loadMembers", [jean]),
      failed("loadMembers", Forbidden.of("forbidden")),
      done("loadFields", [fieldOption]),
      failed("loadFields", Forbidden.of("forbidden")),
      { type: "bookingForm.pickCluster", cluster: vals.id },
      { type: "bookingForm.submit", values: complete },
      { type: "bookingForm.submit", values: { ...complete, resources: [], user: null, start: null } },
      { type: "bookingForm.submit", values: { ...complete, end: start } },
      done("saveBooking", aBooking("requested")),
      failed(
        "saveBooking",
        ResourceUnavailable.of([{ kind: "machine", id: tractor.id, name: tractor.name }]),
      ),
      failed("saveBooking", Forbidden.of("forbidden")),
    ],
  },
  {
    name: "bookingUse",
    spec: bookingUseSpec,
    machine: bookingUseMachine,
    input: useInput,
    events: [
      done("loadUse", { bookings: [], unbooked: [] }),
      done("loadUse", {
        bookings: [{ booking: bookingId, state: "noUse", beyondSeconds: 0, beyond: [] }],
        unbooked: [],
      }),
      failed("loadUse", networkDown),
      failed("loadUse", Forbidden.of()),
      { type: "use.retry" },
      {
        type: "use.show",
        ask: { ...useInput, from: "2026-06-08T00:00:00.000Z", to: "2026-06-15T00:00:00.000Z" },
      },
      { type: "use.show", ask: { kind: "booking", booking: bookingId, tz: "Europe/Paris" } },
    ],
  },
]
