import {
  active,
  answerOf,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Spec,
  tagOf,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/** Issue 4: the public sticker page names the machine; signed in, its box can be removed. */
const machineId = (s: Parameters<typeof context>[0]) => context(s).id
const named = check("shows the machine the public view answered", (s) => {
  const answer = answerOf(s, "loadMachine")
  return answer !== undefined && context(s).machine === answer
})
export const pickoffSpec: Spec = {
  states: {
    loading: [busy, calling("loadMachine", machineId)],
    unknown: [
      notBusy,
      check("was answered 404", (s) => tagOf(lastOf(s, errorOf("loadMachine"))?.error) === "NotFound"),
    ],
    failed: [notBusy, active, showsRefusalOf("loadMachine")],
    shown: [
      notBusy,
      active,
      named,
      check("shows the refusal if removing was refused last", (s) => {
        const last = lastOf(s, doneOf("loadMachine"), errorOf("pickoff"))
        return last?.type !== errorOf("pickoff") || context(s).error !== null
      }),
    ],
    confirming: [
      notBusy,
      active,
      named,
      check("has not called pickoff since the last request", (s) => {
        const last = lastOf(s, "pickoff.remove", "pickoff.confirm")
        return last?.type === "pickoff.remove" && !s.running.some((r) => r.src === "pickoff")
      }),
    ],
    removing: [busy, named, calling("pickoff", machineId)],
    removed: [
      named,
      check("keeps the association that ended", (s) => context(s).ended === answerOf(s, "pickoff")),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadMachine"), to: "shown" },
    {
      from: "loading",
      on: errorOf("loadMachine"),
      given: ["a 404", (e) => tagOf(e.error) === "NotFound"],
      to: "unknown",
    },
    {
      from: "loading",
      on: errorOf("loadMachine"),
      given: ["anything else", (e) => tagOf(e.error) !== "NotFound"],
      to: "failed",
    },
    { from: "failed", on: "pickoff.retry", to: "loading" },
    { from: "shown", on: "pickoff.remove", to: "confirming" },
    { from: "confirming", on: "pickoff.confirm", to: "removing" },
    { from: "confirming", on: "pickoff.cancel", to: "shown" },
    { from: "removing", on: doneOf("pickoff"), to: "removed" },
    { from: "removing", on: errorOf("pickoff"), to: "shown", after: [showsRefusalOf("pickoff")] },
  ],
}
