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
 * SPEC §6 rights screen: new defaults leave existing members as they are unless asked to apply
 * to them (then every OTHER member holds exactly the new set, the person's own rights unchanged);
 * a member's rights are saved one by one;
 * a refusal (modificationNotAllowed, forbidden) is shown and nothing changes.
 */
const clusterId = (s: Seen) => (context(s).cluster as { id: string }).id
type Row = { user: { id: string }; rights: ReadonlyArray<string> }
const members = (s: Seen) => (context(s).members ?? []) as ReadonlyArray<Row>
const defaultsAsked = (s: Seen) => lastOf(s, "clusterRights.saveDefaults")
const memberAsked = (s: Seen) => lastOf(s, "clusterRights.saveMember")

export const clusterRightsSpec: Spec = {
  states: {
    loading: [busy, calling("loadMembers", clusterId)],
    failed: [notBusy, active, showsRefusalOf("loadMembers")],
    ready: [active, check("shows the members", (s) => context(s).members !== null)],
    "ready.idle": [notBusy],
    "ready.savingDefaults": [
      busy,
      calling("saveDefaults", (s) => ({
        clusterId: clusterId(s),
        rights: defaultsAsked(s)?.rights,
        applyToMembers: defaultsAsked(s)?.applyToMembers,
      })),
    ],
    "ready.savingMember": [
      busy,
      calling("saveMemberRights", (s) => ({
        clusterId: clusterId(s),
        userId: memberAsked(s)?.userId,
        rights: memberAsked(s)?.rights,
      })),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadMembers"), to: "ready.idle" },
    { from: "loading", on: errorOf("loadMembers"), to: "failed" },
    { from: "failed", on: "clusterRights.retry", to: "loading" },
    { from: "ready.idle", on: "clusterRights.saveDefaults", to: "ready.savingDefaults" },
    { from: "ready.idle", on: "clusterRights.saveMember", to: "ready.savingMember" },
    {
      from: "ready.savingDefaults",
      on: doneOf("saveDefaults"),
      to: "ready.idle",
      after: [
        check("holds the structure with its new defaults", (s) =>
          isDeepStrictEqual(context(s).cluster, answerOf(s, "saveDefaults")),
        ),
        check("says the defaults are saved", (s) => context(s).saved === "defaults"),
        check("applied to the other members only when asked", (s) => {
          const answer = answerOf(s, "saveDefaults") as { defaultRights: ReadonlyArray<string> }
          const others = members(s).filter((m) => m.user.id !== context(s).me)
          const applied = others.every((m) => isDeepStrictEqual(m.rights, answer.defaultRights))
          return defaultsAsked(s)?.applyToMembers ? applied : others.length === 0 || !applied
        }),
        check("leaves the person's own rights as they were", (s) => {
          const mine = (rows: ReadonlyArray<Row>) => rows.find((m) => m.user.id === context(s).me)?.rights
          const loaded = answerOf(s, "loadMembers") as ReadonlyArray<Row>
          return isDeepStrictEqual(mine(members(s)), mine(loaded))
        }),
      ],
    },
    {
      from: "ready.savingDefaults",
      on: errorOf("saveDefaults"),
      to: "ready.idle",
      after: [
        showsRefusalOf("saveDefaults"),
        check("says nothing was saved", (s) => context(s).saved === null),
      ],
    },
    {
      from: "ready.savingMember",
      on: doneOf("saveMemberRights"),
      to: "ready.idle",
      after: [
        check("shows the member as the server answered", (s) => {
          const answer = answerOf(s, "saveMemberRights") as Row
          return members(s).some((m) => isDeepStrictEqual(m, answer))
        }),
        check("says the member is saved", (s) => context(s).saved === "member"),
      ],
    },
    {
      from: "ready.savingMember",
      on: errorOf("saveMemberRights"),
      to: "ready.idle",
      after: [showsRefusalOf("saveMemberRights")],
    },
  ],
}
