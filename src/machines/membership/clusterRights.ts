// Size: one chart of 6 states and 9 described transitions: one configuration, kept whole.
/**
 * The rights screen of a structure: the defaults new members get (PUT /clusters/{id}/defaultRights)
 * and each member's own rights (PATCH /clusters/{id}/members/{userId} { rights }).
 *
 * Input: { cluster, me } (the open structure: its id and current defaults; the person's own id).
 * Events the view sends:
 * - `clusterRights.saveDefaults` { rights, applyToMembers }: new defaults; existing members keep
 *   theirs unless applyToMembers (then every other member holds exactly that set; the person's
 *   own rights do not change).
 * - `clusterRights.saveMember` { userId, rights }: one member's rights.
 * Read: `ready` with `context.members` (sorted by name) and `context.cluster`, `context.saved`
 * ('defaults' | 'member' after a save), `context.error` (e.g. 'modificationNotAllowed'), `failed`
 * (members not loaded: `clusterRights.retry`), the tag `busy`.
 * Named action the view provides: `tellMemberSaved` { member } (the server's answer).
 */
import { assign, setup } from "xstate"
import type { Cluster } from "../../schema/cluster"
import type { ClusterId, UserId } from "../../schema/ids"
import { Member } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import type { Right } from "../../schema/rights"
import { assignError, errorParams, unbound } from "../lib/kit"

export interface DefaultsSave {
  readonly clusterId: ClusterId
  readonly rights: ReadonlyArray<Right>
  readonly applyToMembers: boolean
}
export interface MemberRightsSave {
  readonly clusterId: ClusterId
  readonly userId: UserId
  readonly rights: ReadonlyArray<Right>
}

export type ClusterRightsEvent =
  | { type: "clusterRights.saveDefaults"; rights: ReadonlyArray<Right>; applyToMembers: boolean }
  | { type: "clusterRights.saveMember"; userId: UserId; rights: ReadonlyArray<Right> }
  | { type: "clusterRights.retry" }

export interface ClusterRightsContext {
  readonly cluster: Cluster
  readonly me: UserId | null
  readonly members: ReadonlyArray<Member> | null
  readonly defaults: DefaultsSave | null
  readonly member: MemberRightsSave | null
  readonly saved: "defaults" | "member" | null
  readonly error: MessageCode | null
}

export const clusterRightsMachine = setup({
  types: {
    context: {} as ClusterRightsContext,
    events: {} as ClusterRightsEvent,
    input: {} as { cluster: Cluster; me: UserId | null },
  },
  actors: {
    loadMembers: unbound<ReadonlyArray<Member>, ClusterId>(),
    saveDefaults: unbound<Cluster, DefaultsSave>(),
    saveMemberRights: unbound<Member, MemberRightsSave>(),
  },
  actions: {
    assignMembers: assign((_, members: ReadonlyArray<Member>) => ({ members, error: null })),
    assignDefaults: assign(({ context, event }) =>
      event.type === "clusterRights.saveDefaults"
        ? {
            defaults: {
              clusterId: context.cluster.id,
              rights: event.rights,
              applyToMembers: event.applyToMembers,
            },
            saved: null,
            error: null,
          }
        : {},
    ),
    assignMember: assign(({ context, event }) =>
      event.type === "clusterRights.saveMember"
        ? {
            member: { clusterId: context.cluster.id, userId: event.userId, rights: event.rights },
            saved: null,
            error: null,
          }
        : {},
    ),
    defaultsSaved: assign(({ context }, cluster: Cluster) => ({
      cluster,
      saved: "defaults" as const,
      // Applied to the others: each of them now holds exactly the new set; the person keeps theirs.
      members: context.defaults?.applyToMembers
        ? (context.members?.map((m) =>
            m.user.id === context.me ? m : new Member({ ...m, rights: cluster.defaultRights }),
          ) ?? null)
        : context.members,
    })),
    memberSaved: assign(({ context }, member: Member) => ({
      saved: "member" as const,
      members: context.members?.map((m) => (m.user.id === member.user.id ? member : m)) ?? null,
    })),
    assignError: assignError(),
    /** Provided by the view: a member's rights are saved (the person's own: the page reloads). */
    tellMemberSaved: (_, _member: Member) => {},
  },
}).createMachine({
  id: "clusterRights",
  description: "Default rights for new members and each member's own rights.",
  context: ({ input }) => ({
    cluster: input.cluster,
    me: input.me,
    members: null,
    defaults: null,
    member: null,
    saved: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "Loading the members and their rights.",
      tags: ["busy"],
      invoke: {
        id: "loadMembers",
        src: "loadMembers",
        input: ({ context }) => context.cluster.id,
        onDone: {
          description: "Members arrived.",
          target: "ready",
          actions: { type: "assignMembers", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable or refused.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The members could not be loaded.",
      on: { "clusterRights.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "Defaults and members' rights are shown.",
      initial: "idle",
      states: {
        idle: {
          description: "Nothing being saved.",
          on: {
            "clusterRights.saveDefaults": {
              description: "Save the defaults.",
              target: "savingDefaults",
              actions: "assignDefaults",
            },
            "clusterRights.saveMember": {
              description: "Save one member's rights.",
              target: "savingMember",
              actions: "assignMember",
            },
          },
        },
        savingDefaults: {
          description: "Sending the defaults.",
          tags: ["busy"],
          invoke: {
            id: "saveDefaults",
            src: "saveDefaults",
            input: ({ context }) => context.defaults as DefaultsSave,
            onDone: {
              description: "Saved: new members get them (and every other member, if asked).",
              target: "idle",
              actions: { type: "defaultsSaved", params: ({ event }) => event.output },
            },
            onError: {
              description: "Refused (no one would keep editCluster, right missing) or unreachable.",
              target: "idle",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
        savingMember: {
          description: "Sending one member's rights.",
          tags: ["busy"],
          invoke: {
            id: "saveMemberRights",
            src: "saveMemberRights",
            input: ({ context }) => context.member as MemberRightsSave,
            onDone: {
              description: "Saved: the member's row shows the server's answer.",
              target: "idle",
              actions: [
                { type: "memberSaved", params: ({ event }) => event.output },
                { type: "tellMemberSaved", params: ({ event }) => event.output },
              ],
            },
            onError: {
              description: "Refused (escalation, last editor) or unreachable.",
              target: "idle",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
      },
    },
  },
})
