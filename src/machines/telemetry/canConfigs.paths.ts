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

/** SPEC §5 said without the contract: a signed decimal with a point, required. */
const decimalProblem = (text: string) => (text.trim() === "" ? "invalidNumber" : problem.decimal(text, true))

/** Which message each field of a value's form gets (docs/canbus.md: labels ≤ 60, unit ≤ 16, scale ≠ 0). */
const formProblems = (event: AnyEventObject) => {
  const v = event.values as {
    labels: Record<string, string>
    unit: string
    scale: string
    offset: string
  }
  const long = (text: string, max: number) => (text.length > max ? "outOfRange" : null)
  return {
    ...Object.fromEntries(Object.entries(v.labels).map(([lang, text]) => [`labels.${lang}`, long(text, 60)])),
    unit: long(v.unit, 16),
    scale: decimalProblem(v.scale) ?? (Number(v.scale) === 0 ? "outOfRange" : null),
    offset: decimalProblem(v.offset),
  }
}

const asked = (s: Seen) => {
  const open = lastOf(s, "can.open")
  return { machine: open?.machine, lang: open?.lang }
}
/** The server's last word on the list: whichever call answered last. */
const lastAnswer = (s: Seen) =>
  lastOf(s, doneOf("loadConfigs"), doneOf("saveConfig"), doneOf("resetConfig"), "can.open")
const lists = check("lists exactly what the server answered last", (s) => {
  const last = lastAnswer(s)
  return context(s).configs === (last?.type === "can.open" ? null : last?.output)
})
const editedName = (s: Seen) => lastOf(s, "can.edit", "can.save", "can.reset", "can.open")?.name

/**
 * A machine's CAN value settings (issue 18): the list is the server's; a form sends nothing while
 * a field is wrong and says which; a save sends the values as numbers for the value being edited;
 * a refusal keeps the form open with the message; another machine or language drops what was pending.
 */
export const canConfigsSpec: Spec = {
  states: {
    idle: [notBusy, check("lists nothing", (s) => context(s).configs === null)],
    loading: [
      busy,
      calling("loadConfigs", asked),
      check("lists nothing of before", (s) => context(s).configs === null),
    ],
    failed: [
      notBusy,
      showsRefusalOf("loadConfigs"),
      check("lists nothing", (s) => context(s).configs === null),
    ],
    ready: [notBusy, lists],
    saving: [
      busy,
      calling("saveConfig", (s) => {
        const v = lastOf(s, "can.save")?.values
        return {
          ...asked(s),
          name: editedName(s),
          config: { ...v, scale: Number(v.scale), offset: Number(v.offset) },
        }
      }),
    ],
    removing: [busy, calling("resetConfig", (s) => ({ ...asked(s), name: lastOf(s, "can.reset")?.name }))],
  },
  moves: [
    { from: "*", on: "can.open", to: "loading" },
    { from: "loading", on: doneOf("loadConfigs"), to: "ready", after: [noErrors] },
    { from: "loading", on: errorOf("loadConfigs"), to: "failed" },
    { from: "failed", on: "can.retry", to: "loading" },
    {
      from: "ready",
      on: "can.edit",
      to: "ready",
      after: [check("opens that value's form", (s) => context(s).editing === s.event?.name), noErrors],
    },
    {
      from: "ready",
      on: "can.cancel",
      to: "ready",
      after: [check("closes the form", (s) => context(s).editing === null), noErrors],
    },
    { from: "ready", on: "can.save", given: valid(formProblems), to: "saving" },
    {
      from: "ready",
      on: "can.save",
      given: invalid(formProblems),
      to: "ready",
      after: [
        fieldErrors(formProblems),
        check("keeps that value's form open", (s) => context(s).editing === s.event?.name),
      ],
    },
    { from: "ready", on: "can.reset", to: "removing" },
    {
      from: "saving",
      on: doneOf("saveConfig"),
      to: "ready",
      after: [
        check("closes the form and says which value was saved", (s) => {
          const c = context(s)
          return c.editing === null && c.saved === editedName(s)
        }),
      ],
    },
    {
      from: "saving",
      on: errorOf("saveConfig"),
      to: "ready",
      after: [
        showsRefusalOf("saveConfig"),
        check("keeps the form open", (s) => context(s).editing === editedName(s)),
      ],
    },
    {
      from: "removing",
      on: doneOf("resetConfig"),
      to: "ready",
      after: [
        check("says which value is back to the catalogue", (s) => context(s).removed === editedName(s)),
      ],
    },
    { from: "removing", on: errorOf("resetConfig"), to: "ready", after: [showsRefusalOf("resetConfig")] },
  ],
}
