import { isDeepStrictEqual } from "node:util"
import {
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

const lastAsk = (s: Seen) => lastOf(s, "workOrder.make")?.ask ?? null

/**
 * The work order: the PDF printed is the one asked last, with its activities, remarks and
 * language; while it is made nothing else is asked; a refusal shows its message.
 */
export const workOrderSpec: Spec = {
  states: {
    idle: [notBusy, check("has asked nothing", (s) => context(s).asked === null)],
    making: [busy, calling("makeWorkOrder", lastAsk)],
    made: [
      notBusy,
      check("remembers the order printed", (s) => isDeepStrictEqual(context(s).asked, lastAsk(s))),
      check("names the file saved", (s) => context(s).file === lastOf(s, doneOf("makeWorkOrder"))?.output),
      check("shows no error", (s) => context(s).error === null),
    ],
    failed: [
      notBusy,
      showsRefusalOf("makeWorkOrder"),
      check("names no file", (s) => context(s).file === null),
    ],
  },
  moves: [
    { from: "idle", on: "workOrder.make", to: "making" },
    { from: "made", on: "workOrder.make", to: "making" },
    { from: "failed", on: "workOrder.make", to: "making" },
    { from: "making", on: doneOf("makeWorkOrder"), to: "made" },
    { from: "making", on: errorOf("makeWorkOrder"), to: "failed" },
  ],
}
