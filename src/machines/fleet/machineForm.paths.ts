import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
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
import {
  fieldErrors,
  invalid,
  noErrors,
  type Problems,
  problem,
  showsRefusalOf,
  valid,
} from "../lib/paths.fields"

/**
 * A machine's information (SPEC §3, §5): a name; numbers with a decimal point ("3,5" is refused
 * with decimalComma, on the field); a type of the chosen category; a billing rate with its unit;
 * the advanced parameters' numbers likewise (the diesel correction may be negative).
 */
const decimal = problem.decimal
const typesOf: Record<string, ReadonlyArray<string>> = {
  "00000000-0000-4000-8000-0000000000e1": ["00000000-0000-4000-8000-0000000000e2"],
  "00000000-0000-4000-8000-0000000000e3": ["00000000-0000-4000-8000-0000000000e4"],
}
const problems: Problems = (e: AnyEventObject) => {
  const v = e.values
  const settings: Record<string, string | null> = {}
  if (v.settings !== null)
    for (const [key, text] of Object.entries(v.settings))
      if (typeof text === "string" && !["minVibration", "timeLimitation"].includes(key))
        settings[`settings.${key}`] =
          problem.required(text) ?? decimal(text, key === "dieselConsumptionCorrectionPercent")
  return {
    name: problem.required(v.name),
    toolWidthMeters: decimal(v.toolWidthMeters),
    maxWorkingSpeedKmh: decimal(v.maxWorkingSpeedKmh),
    type: v.type === "" || (typesOf[v.category] ?? []).includes(v.type) ? null : "selectionUnknown",
    "billing.rate": v.billingUnit === "" ? null : (problem.required(v.billingRate) ?? decimal(v.billingRate)),
    ...settings,
  }
}
const chosenCluster = (s: Seen) =>
  lastOf(s, "machineForm.pickCluster")?.cluster ?? "00000000-0000-4000-8000-0000000000c1"
const sent = (s: Seen) =>
  s.running.find((r) => r.src === "saveMachine")?.input as
    | { id: unknown; input: Record<string, unknown> }
    | undefined
const sendsTyped = check(
  "sends the typed name trimmed and the width as a number: a new machine in the chosen structure, or an edit of the one saved just before",
  (s) => {
    const typed = lastOf(s, "machineForm.save")?.values
    const call = sent(s)
    const saved = answerOf(s, "saveMachine") as { id: string } | undefined
    return (
      call !== undefined &&
      call.id === (saved?.id ?? null) &&
      (saved !== undefined ? !("cluster" in call.input) : call.input.cluster === chosenCluster(s)) &&
      call.input.name === String(typed.name).trim() &&
      call.input.toolWidthMeters === Number(typed.toolWidthMeters)
    )
  },
)
const catalogueShown = check("offers the brands and categories the server answered", (s) =>
  isDeepStrictEqual(
    { brands: context(s).brands, categories: context(s).categories },
    answerOf(s, "loadCatalogue"),
  ),
)

export const machineFormSpec: Spec = {
  states: {
    loading: [busy, calling("loadCatalogue")],
    loadFailed: [notBusy, showsRefusalOf("loadCatalogue")],
    editing: [
      catalogueShown,
      check("works in the chosen structure", (s) => context(s).cluster === chosenCluster(s)),
    ],
    "editing.idle": [notBusy],
    "editing.saving": [busy, calling("saveMachine"), sendsTyped],
    "editing.saved": [
      notBusy,
      check("holds the machine the server answered", (s) =>
        isDeepStrictEqual(context(s).machine, answerOf(s, "saveMachine")),
      ),
    ],
    "editing.failed": [notBusy, showsRefusalOf("saveMachine")],
  },
  moves: [
    {
      from: "loading",
      on: doneOf("loadCatalogue"),
      to: "editing.idle",
      after: [calling("loadMembers", chosenCluster)],
    },
    { from: "loading", on: errorOf("loadCatalogue"), to: "loadFailed" },
    { from: "loadFailed", on: "machineForm.retry", to: "loading" },
    ...["editing.idle", "editing.saved", "editing.failed"].flatMap((from) => [
      { from, on: "machineForm.save", given: valid(problems), to: "editing.saving", after: [noErrors] },
      { from, on: "machineForm.save", given: invalid(problems), to: null, after: [fieldErrors(problems)] },
    ]),
    {
      from: "editing.idle",
      on: "machineForm.pickCluster",
      to: "editing.idle",
      after: [
        check("forgets the other structure's members", (s) => context(s).members === null),
        calling("loadMembers", chosenCluster),
      ],
    },
    { from: "editing.saving", on: doneOf("saveMachine"), to: "editing.saved", after: [noErrors] },
    { from: "editing.saving", on: errorOf("saveMachine"), to: "editing.failed" },
  ],
}
