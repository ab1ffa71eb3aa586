import { isDeepStrictEqual } from "node:util"
import { answerOf, busy, calling, check, context, doneOf, errorOf, notBusy, type Spec } from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/** The machines a person sees (SPEC §2 ListMachines): what the server answered, or why not. */
const showsAnswer = check("lists exactly the machines the server answered last", (s) =>
  isDeepStrictEqual(context(s).machines, answerOf(s, "loadMachines")),
)

export const machineListSpec: Spec = {
  states: {
    loading: [busy, calling("loadMachines")],
    ready: [notBusy, showsAnswer],
    failed: [notBusy, showsRefusalOf("loadMachines")],
  },
  moves: [
    { from: "loading", on: doneOf("loadMachines"), to: "ready" },
    { from: "loading", on: errorOf("loadMachines"), to: "failed" },
    { from: "failed", on: "machineList.refresh", to: "loading" },
    { from: "ready", on: "machineList.refresh", to: "loading" },
  ],
}
