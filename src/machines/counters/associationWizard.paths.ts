import {
  active,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  finishedWith,
  notBusy,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/**
 * SPEC §4 wizard: a step counter bounded 1..2; step 1 a structure and one of its boxes, step 2
 * a machine, a start date (proposed as now) and an optional end date after it; the server's
 * refusal shows on step 2.
 */
const step = (n: number) => check(`is on step ${n}`, (s) => context(s).step === n)
const bounded = check("keeps the step within 1..2", (s) => context(s).step === 1 || context(s).step === 2)
const proposesStart = check("proposes a start date, to the minute (now when it opened)", (s) => {
  const start = context(s).start
  return typeof start === "number" && start % 60_000 === 0
})

export const associationWizardSpec: Spec = {
  states: {
    loadingCounters: [busy, bounded, step(1), calling("loadCounters")],
    failed: [notBusy, active, step(1), showsRefusalOf("loadCounters")],
    stepOne: [notBusy, active, step(1), check("has the boxes", (s) => context(s).counters !== null)],
    loadingMachines: [
      busy,
      step(2),
      calling("loadMachines", (s) => context(s).cluster),
      check(
        "has a structure and a box chosen",
        (s) => context(s).cluster !== null && context(s).counter !== "",
      ),
    ],
    stepTwo: [
      notBusy,
      active,
      step(2),
      proposesStart,
      check("has the machines", (s) => context(s).machines !== null),
    ],
    submitting: [busy, step(2), calling("associate", (s) => context(s).pending)],
    done: [finishedWith("associate")],
  },
  moves: [
    { from: "loadingCounters", on: doneOf("loadCounters"), to: "stepOne" },
    { from: "loadingCounters", on: errorOf("loadCounters"), to: "failed" },
    { from: "failed", on: "wizard.retry", to: "loadingCounters" },
    {
      from: "stepOne",
      on: "wizard.next",
      given: ["no structure and no box", (e) => e.cluster === null && e.counter === ""],
      to: null,
      after: [
        check("asks for the structure and the box", (s) => {
          const errors = context(s).errors as Record<string, string>
          return errors.cluster === "clusterRequiredForCounter" && errors.counter === "counterRequired"
        }),
      ],
    },
    {
      from: "stepOne",
      on: "wizard.next",
      given: ["a box that does not exist", (e) => e.counter === "BOX-999"],
      to: null,
      after: [
        check(
          "says the selection does not exist",
          (s) => (context(s).errors as Record<string, string>).counter === "selectionUnknown",
        ),
      ],
    },
    {
      from: "stepOne",
      on: "wizard.next",
      given: ["a known box (any case)", (e) => e.counter === "box-001"],
      to: "loadingMachines",
    },
    { from: "loadingMachines", on: doneOf("loadMachines"), to: "stepTwo" },
    {
      from: "loadingMachines",
      on: errorOf("loadMachines"),
      to: "stepOne",
      after: [showsRefusalOf("loadMachines")],
    },
    { from: "stepTwo", on: "wizard.back", to: "stepOne" },
    {
      from: "stepTwo",
      on: "wizard.submit",
      given: ["an end before the start", (e) => e.end_date !== null],
      to: null,
      after: [
        check(
          "says the end must be after the start",
          (s) => (context(s).errors as Record<string, string>).end_date === "endBeforeStart",
        ),
      ],
    },
    {
      from: "stepTwo",
      on: "wizard.submit",
      given: ["no machine and no start date", (e) => e.machine === null && e.start_date === null],
      to: null,
      after: [
        check("asks for the machine and the start date", (s) => {
          const errors = context(s).errors as Record<string, string>
          return errors.machine === "required" && errors.start_date === "required"
        }),
        check("sends nothing", (s) => context(s).pending === null),
      ],
    },
    { from: "submitting", on: doneOf("associate"), to: "done" },
    { from: "submitting", on: errorOf("associate"), to: "stepTwo", after: [showsRefusalOf("associate")] },
  ],
}
