import { isDeepStrictEqual } from "node:util"
import {
  answerOf,
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

/** A structure's planning window, the samples' input. */
export const useInput = {
  kind: "planning",
  cluster: "00000000-0000-4000-8000-0000000000c1",
  from: "2026-06-01T00:00:00.000Z",
  to: "2026-06-08T00:00:00.000Z",
  tz: "Europe/Paris",
} as const

/** What was asked last: the view's last `use.show`, else what it opened with. */
const asked = (s: Seen) => lastOf(s, "use.show")?.ask ?? useInput

/**
 * Bookings reconciled with use (issue 17: "visible to the acceptors on the booking and in the
 * planning"): what is shown is the server's last answer; a refusal shows nothing of any use and
 * says its code (the screens hide a `forbidden` one); anything can be asked at any time, the
 * latest wins.
 */
export const bookingUseSpec: Spec = {
  states: {
    loading: [
      busy,
      calling("loadUse", asked),
      check("shows the last answer, or nothing", (s) => {
        const last = answerOf(s, "loadUse")
        const refusedSince =
          lastOf(s, errorOf("loadUse"), doneOf("loadUse"))?.type === errorOf("loadUse") || last === undefined
        return refusedSince ? context(s).use === null : context(s).use === last
      }),
    ],
    shown: [
      notBusy,
      check("shows what the server answered", (s) => context(s).use === answerOf(s, "loadUse")),
      check("remembers what was asked", (s) => isDeepStrictEqual(context(s).ask, asked(s))),
    ],
    failed: [notBusy, showsRefusalOf("loadUse"), check("shows nothing", (s) => context(s).use === null)],
  },
  moves: [
    { from: "loading", on: doneOf("loadUse"), to: "shown" },
    { from: "loading", on: errorOf("loadUse"), to: "failed" },
    { from: "failed", on: "use.retry", to: "loading" },
    { from: "*", on: "use.show", to: "loading" },
  ],
}
