import type { AnyEventObject } from "xstate"
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
import { fieldErrors, invalid, noErrors, problem, showsRefusalOf, valid } from "../lib/paths.fields"

/** Which message each field of a counter read gets (SPEC §5; docs/maintenance.md). */
const readingProblems = (event: AnyEventObject) => {
  const value = String(event.value).trim()
  const date = String(event.date).trim()
  return {
    value:
      value === ""
        ? "required"
        : (problem.decimal(value) ?? (Number(value) > 1_000_000 ? "outOfRange" : null)),
    date: date === "" ? "required" : null,
  }
}

/** The machine picked last. */
const picked = (s: Seen) => lastOf(s, "machine.pick")?.machine ?? null

/** The sheet is whatever the server answered last for the machine shown. */
const shows = check("shows what the server answered last", (s) => {
  const last = lastOf(s, doneOf("loadSheet"), doneOf("addReading"), doneOf("removeAction"), "machine.pick")
  return context(s).sheet === (last?.type === "machine.pick" ? null : (last?.output ?? null))
})
const listed = check("lists the machines the server answered", (s) => {
  return context(s).machines === (lastOf(s, doneOf("loadMachines"))?.output ?? null)
})
const goes = (from: string) => ({
  from,
  on: "machine.pick",
  to: "loading",
  after: [check("reads the machine picked", (s) => context(s).machine === s.event?.machine)],
})

/**
 * The "Machines" tab (issue 19): one machine's sheet, the server's; a reading sends nothing while
 * a field is wrong; a deletion is asked about first, and only the action asked about is deleted.
 */
export const maintenanceMachineSpec: Spec = {
  states: {
    listing: [busy, calling("loadMachines", () => undefined)],
    listFailed: [
      notBusy,
      showsRefusalOf("loadMachines"),
      check("lists nothing", (s) => context(s).machines === null),
    ],
    choosing: [notBusy, listed, check("shows no machine", (s) => context(s).machine === null)],
    loading: [busy, listed, calling("loadSheet", picked)],
    failed: [notBusy, showsRefusalOf("loadSheet")],
    ready: [notBusy, listed, shows],
    savingReading: [
      busy,
      calling("addReading", (s) => {
        const e = lastOf(s, "reading.save")
        return {
          machine: picked(s),
          counter: e?.counter,
          value: Number(String(e?.value).trim()),
          date: new Date(String(e?.date)).toISOString(),
        }
      }),
    ],
    confirming: [
      notBusy,
      listed,
      shows,
      check("asks about the action picked", (s) => context(s).removing === lastOf(s, "action.remove")?.id),
    ],
    removing: [
      busy,
      calling("removeAction", (s) => ({ machine: picked(s), id: lastOf(s, "action.remove")?.id })),
    ],
  },
  moves: [
    goes("choosing"),
    { from: "listing", on: errorOf("loadMachines"), to: "listFailed" },
    { from: "confirming", on: "action.confirm", to: "removing" },
    { from: "listFailed", on: "machine.retry", to: "listing" },
    { from: "failed", on: "machine.retry", to: "loading" },
    { from: "loading", on: doneOf("loadSheet"), to: "ready", after: [noErrors] },
    { from: "loading", on: errorOf("loadSheet"), to: "failed" },
    { from: "ready", on: "reading.save", given: valid(readingProblems), to: "savingReading" },
    {
      from: "ready",
      on: "reading.save",
      given: invalid(readingProblems),
      to: "ready",
      after: [fieldErrors(readingProblems)],
    },
    {
      from: "savingReading",
      on: doneOf("addReading"),
      to: "ready",
      after: [check("says the reading is recorded", (s) => context(s).saved === "reading")],
    },
    { from: "savingReading", on: errorOf("addReading"), to: "ready", after: [showsRefusalOf("addReading")] },
    {
      from: "ready",
      on: "action.remove",
      to: "confirming",
      after: [check("asks about that action", (s) => context(s).removing === s.event?.id), noErrors],
    },
    {
      from: "confirming",
      on: "action.cancel",
      to: "ready",
      after: [check("asks nothing", (s) => context(s).removing === null)],
    },
    {
      from: "removing",
      on: doneOf("removeAction"),
      to: "ready",
      after: [
        check(
          "says the action is deleted and asks nothing",
          (s) => context(s).saved === "removed" && context(s).removing === null,
        ),
      ],
    },
    {
      from: "removing",
      on: errorOf("removeAction"),
      to: "confirming",
      after: [
        showsRefusalOf("removeAction"),
        check(
          "keeps asking about that action",
          (s) => context(s).removing === lastOf(s, "action.remove")?.id,
        ),
      ],
    },
  ],
}
