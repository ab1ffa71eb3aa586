// Size: one chart of 6 states and 10 described transitions: one configuration, kept whole.
/**
 * The ClusterUsers tab (SPEC §4, §6): the structure's members, and, for those allowed, its
 * invitations (addMember) and pending requests to join (validateMembership). Removing a member
 * needs removeMember; leaving (removing oneself) needs no right. The server refuses removing the
 * last member holding editCluster (modificationNotAllowed).
 *
 * Input: { clusterId, myRights, me } (the caller's rights in the structure and own id).
 * Events the view sends:
 * - `members.remove` { userId }: remove that member (oneself: leave the structure).
 * - `members.reload`: read the lists again (after an invitation or a request moved).
 * Read: `ready` (`context.people`: members sorted by name, invitations and requests or null when
 * the caller may not see them), `failed`, `left` (the caller is no longer a member),
 * `context.error`, the tag `busy`.
 * Named actions the view provides: `notifyRemoved` (a member removed); `notifyLeft`,
 * `navigateHome` (the caller left).
 */
import { assign, setup } from "xstate"
import type { ClusterId, UserId } from "../../schema/ids"
import type { ClusterPeople } from "../../schema/membership"
import { byUserName } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import type { Right } from "../../schema/rights"
import { assignError, errorParams, unbound } from "../lib/kit"

export type MembersEvent = { type: "members.remove"; userId: UserId } | { type: "members.reload" }

export interface MembersInput {
  readonly clusterId: ClusterId
  readonly myRights: ReadonlyArray<Right>
  readonly me: UserId
}
export interface MembersContext extends MembersInput {
  readonly people: ClusterPeople | null
  readonly removing: UserId | null
  readonly error: MessageCode | null
}

const sorted = (people: ClusterPeople): ClusterPeople => ({
  ...people,
  members: [...people.members].sort((a, b) => byUserName(a.user, b.user)),
})

export const membersMachine = setup({
  types: {
    context: {} as MembersContext,
    events: {} as MembersEvent,
    input: {} as MembersInput,
  },
  actors: {
    loadPeople: unbound<ClusterPeople, MembersInput>(),
    removeMember: unbound<void, { clusterId: ClusterId; userId: UserId }>(),
  },
  guards: {
    isMe: ({ context, event }) => event.type === "members.remove" && event.userId === context.me,
    mayRemove: ({ context }) => context.myRights.includes("removeMember"),
  },
  actions: {
    assignPeople: assign((_, people: ClusterPeople) => ({ people: sorted(people), error: null })),
    assignRemoving: assign({
      removing: ({ event }) => (event.type === "members.remove" ? event.userId : null),
      error: null,
    }),
    assignError: assignError(() => ({ removing: null })),
    clearRemoving: assign({ removing: null }),
    /** Provided by the view: a notification says the member is removed (the member count changed). */
    notifyRemoved: () => {},
    /** Provided by the view: a notification says the person left the structure. */
    notifyLeft: () => {},
    /** Provided by the view: the structure goes from the menu and the person goes home. */
    navigateHome: () => {},
  },
}).createMachine({
  id: "members",
  description: "A structure's members, invitations and requests to join, as the caller may see them.",
  context: ({ input }) => ({ ...input, people: null, removing: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Reading the lists the caller's rights allow.",
      tags: ["busy"],
      invoke: {
        id: "loadPeople",
        src: "loadPeople",
        input: ({ context }) => ({
          clusterId: context.clusterId,
          myRights: context.myRights,
          me: context.me,
        }),
        onDone: {
          description: "The lists are there; members sorted by name.",
          target: "ready",
          actions: { type: "assignPeople", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused or unreachable: the message shows with a way to try again.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The lists could not be read.",
      on: { "members.reload": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The lists are shown.",
      on: {
        "members.remove": [
          {
            description: "Oneself: leave the structure (no right needed).",
            guard: "isMe",
            target: "leaving",
            actions: "assignRemoving",
          },
          {
            description: "Another member, with the removeMember right.",
            guard: "mayRemove",
            target: "removing",
            actions: "assignRemoving",
          },
        ],
        "members.reload": { description: "Read the lists again.", target: "loading" },
      },
    },
    removing: {
      description: "Removing a member (their grants on the structure's machines go too).",
      tags: ["busy"],
      invoke: {
        id: "removeMember",
        src: "removeMember",
        input: ({ context }) => ({ clusterId: context.clusterId, userId: context.removing as UserId }),
        onDone: {
          description: "Removed: read the lists again.",
          target: "loading",
          actions: ["clearRemoving", "notifyRemoved"],
        },
        onError: {
          description: "Refused (last member able to edit the structure, no right): the message shows.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    leaving: {
      description: "Leaving the structure.",
      tags: ["busy"],
      invoke: {
        id: "leaveCluster",
        src: "removeMember",
        input: ({ context }) => ({ clusterId: context.clusterId, userId: context.me }),
        onDone: {
          description: "Left: the caller is no longer a member.",
          target: "left",
          actions: ["notifyLeft", "navigateHome"],
        },
        onError: {
          description:
            "Refused (the last member able to edit the structure cannot leave): the message shows.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    left: { description: "No longer a member: the page closes.", type: "final" },
  },
})
