import { isDeepStrictEqual } from "node:util"
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
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/**
 * SPEC §6 per-machine grants: a structure's machines are listed; one opened shows each reachable
 * person with their grants; a save changes one person's grants, a refusal (forbidden,
 * associationNotAllowed) is shown and the row stays as it was.
 */
const opened = (s: Seen) => lastOf(s, "machineAccess.open")?.machineId
const asked = (s: Seen) => lastOf(s, "machineAccess.save")
type Row = { user: { id: string }; grants: ReadonlyArray<string> }
const rows = (s: Seen) => (context(s).access ?? []) as ReadonlyArray<Row>
const noMachineOpen = check(
  "has no machine open",
  (s) => context(s).machineId === null && context(s).access === null,
)
const machineOpen = check("has the machine last opened", (s) => context(s).machineId === opened(s))

export const machineAccessSpec: Spec = {
  states: {
    loading: [busy, calling("loadMachines", (s) => context(s).clusterId)],
    failed: [notBusy, active, showsRefusalOf("loadMachines")],
    ready: [
      active,
      check("lists the machines answered", (s) =>
        isDeepStrictEqual(context(s).machines, answerOf(s, "loadMachines")),
      ),
    ],
    "ready.list": [notBusy, noMachineOpen],
    "ready.loadingAccess": [busy, machineOpen, calling("loadAccess", opened)],
    "ready.open": [notBusy, machineOpen, check("shows the rows", (s) => context(s).access !== null)],
    "ready.saving": [
      busy,
      calling("saveAccess", (s) => ({
        machineId: opened(s),
        userId: asked(s)?.userId,
        grants: asked(s)?.grants,
      })),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadMachines"), to: "ready.list" },
    { from: "loading", on: errorOf("loadMachines"), to: "failed" },
    { from: "failed", on: "machineAccess.retry", to: "loading" },
    { from: "ready.list", on: "machineAccess.open", to: "ready.loadingAccess" },
    { from: "ready.open", on: "machineAccess.open", to: "ready.loadingAccess" },
    { from: "ready.open", on: "machineAccess.close", to: "ready.list" },
    {
      from: "ready.loadingAccess",
      on: doneOf("loadAccess"),
      to: "ready.open",
      after: [
        check("shows the rows answered", (s) =>
          isDeepStrictEqual(context(s).access, answerOf(s, "loadAccess")),
        ),
      ],
    },
    {
      from: "ready.loadingAccess",
      on: errorOf("loadAccess"),
      to: "ready.list",
      after: [showsRefusalOf("loadAccess")],
    },
    { from: "ready.open", on: "machineAccess.save", to: "ready.saving" },
    {
      from: "ready.saving",
      on: doneOf("saveAccess"),
      to: "ready.open",
      after: [
        check("shows the person's row as answered", (s) =>
          rows(s).some((r) => isDeepStrictEqual(r, answerOf(s, "saveAccess"))),
        ),
        check("says it is saved", (s) => context(s).saved === true),
      ],
    },
    {
      from: "ready.saving",
      on: errorOf("saveAccess"),
      to: "ready.open",
      after: [
        showsRefusalOf("saveAccess"),
        check("says nothing was saved", (s) => context(s).saved === false),
      ],
    },
  ],
}
