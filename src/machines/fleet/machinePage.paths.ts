import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
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

/**
 * One machine's page (SPEC §2, §6): a machine the person may not see is "not found" (404, never
 * leaked); deleting is permanent, so it asks first, and a refusal shows in that confirmation.
 */
const theId = (s: Parameters<typeof context>[0]) => context(s).id
const holdsLoaded = check("shows what the server answered, with the machine as last saved", (s) => {
  const loaded = answerOf(s, "loadMachine") as Record<string, unknown>
  const edited = lastOf(s, "machinePage.updated")
  return isDeepStrictEqual(
    context(s).page,
    edited === undefined ? loaded : { ...loaded, machine: edited.machine },
  )
})
const isNotFound = ["404", (e: AnyEventObject) => tagOf(e.error) === "NotFound"] as const
const isOther = ["other failure", (e: AnyEventObject) => tagOf(e.error) !== "NotFound"] as const
const over = (says: string) => check(says, (s) => s.snapshot.status === "done")

export const machinePageSpec: Spec = {
  states: {
    loading: [busy, calling("loadMachine", theId)],
    ready: [active, holdsLoaded],
    "ready.idle": [notBusy],
    "ready.confirmingDelete": [notBusy],
    "ready.deleting": [busy, calling("deleteMachine", theId)],
    notFound: [notBusy, over("is over: nothing about the machine shows")],
    failed: [notBusy, active, showsRefusalOf("loadMachine")],
    deleted: [notBusy, over("is over: the person goes back to the list")],
  },
  moves: [
    { from: "loading", on: doneOf("loadMachine"), to: "ready.idle" },
    { from: "loading", on: errorOf("loadMachine"), given: isNotFound, to: "notFound" },
    { from: "loading", on: errorOf("loadMachine"), given: isOther, to: "failed" },
    { from: "failed", on: "machinePage.refresh", to: "loading" },
    { from: "ready", on: "machinePage.updated", to: null },
    { from: "ready.idle", on: "machinePage.askDelete", to: "ready.confirmingDelete" },
    { from: "ready.confirmingDelete", on: "machinePage.cancelDelete", to: "ready.idle" },
    { from: "ready.confirmingDelete", on: "machinePage.confirmDelete", to: "ready.deleting" },
    { from: "ready.deleting", on: doneOf("deleteMachine"), to: "deleted" },
    {
      from: "ready.deleting",
      on: errorOf("deleteMachine"),
      to: "ready.confirmingDelete",
      after: [showsRefusalOf("deleteMachine")],
    },
  ],
}
