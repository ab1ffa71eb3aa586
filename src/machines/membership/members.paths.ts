import { userLabel } from "../../schema/user"
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
 * The ClusterUsers tab (SPEC §4, §6, §9): members sorted by their label case-insensitively;
 * removing another member needs removeMember, leaving oneself needs no right; a refusal
 * (modificationNotAllowed: the last member able to edit the structure) is shown and nothing moves.
 */
const clusterId = "00000000-0000-4000-8000-0000000000c1"
const me = "00000000-0000-4000-8000-000000000001"
type Labelled = { user: { name: string | null; firstname: string; lastname: string } }

const sortedByLabel = check("lists the members sorted by label, case and accents ignored", (s) => {
  const people = context(s).people as { members: ReadonlyArray<Labelled> } | null
  const loaded = answerOf(s, "loadPeople") as { members: ReadonlyArray<Labelled> } | undefined
  if (people === null || loaded === undefined) return false
  const labels = people.members.map((m) => userLabel(m.user).toLocaleLowerCase("fr"))
  return (
    labels.length === loaded.members.length &&
    labels.every((label, i) => i === 0 || (labels[i - 1] as string).localeCompare(label, "fr") <= 0)
  )
})
const removed = (s: Seen) => lastOf(s, "members.remove")?.userId

export const membersSpec: Spec = {
  states: {
    loading: [busy, active, calling("loadPeople", (s) => ({ clusterId, myRights: context(s).myRights, me }))],
    failed: [notBusy, active, showsRefusalOf("loadPeople")],
    ready: [notBusy, active, sortedByLabel],
    removing: [
      busy,
      active,
      calling("removeMember", (s) => ({ clusterId, userId: removed(s) })),
      check("is not removing the caller", (s) => removed(s) !== me),
    ],
    leaving: [busy, active, calling("removeMember", () => ({ clusterId, userId: me }))],
    left: [notBusy, check("is done: the caller is no longer a member", (s) => s.snapshot.status === "done")],
  },
  moves: [
    { from: "loading", on: doneOf("loadPeople"), to: "ready" },
    { from: "loading", on: errorOf("loadPeople"), to: "failed" },
    { from: "failed", on: "members.reload", to: "loading" },
    { from: "ready", on: "members.reload", to: "loading" },
    { from: "ready", on: "members.remove", given: ["oneself", (e) => e.userId === me], to: "leaving" },
    {
      from: "ready",
      on: "members.remove",
      given: ["another member", (e) => e.userId !== me],
      to: "removing",
    },
    { from: "removing", on: doneOf("removeMember"), to: "loading" },
    { from: "removing", on: errorOf("removeMember"), to: "ready", after: [showsRefusalOf("removeMember")] },
    { from: "leaving", on: doneOf("leaveCluster"), to: "left" },
    { from: "leaving", on: errorOf("leaveCluster"), to: "ready", after: [showsRefusalOf("leaveCluster")] },
  ],
}
