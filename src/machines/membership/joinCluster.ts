// Size: one chart of 4 states and 9 described transitions: one configuration, kept whole.
/**
 * Joining an existing structure: search the directory (GET /clusterDirectory?q=, at least 2
 * characters), then ask to join one (POST /clusters/{id}/requests { role }).
 *
 * Events the view sends:
 * - `joinCluster.search` { q }: the typed words; fewer than 2 characters (trimmed) set
 *   `context.errors.q` to 'searchTooShort' without asking the server.
 * - `joinCluster.request` { clusterId, role }: ask to join a result.
 * Read: `context.results` (null before the first search; an entry's `mine` turns 'requested'
 * once the request is sent), `context.requested` (the last structure asked), `context.error`,
 * the tag `busy`.
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import type { ClusterDirectoryEntry, MemberRole } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import type { MembershipRequest } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import { errorCode, errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

/** The directory's own rule: trimmed, at least 2 characters. */
export const DirectorySearch = Schema.Struct({
  q: Schema.Trim.pipe(Schema.minLength(2, { message: () => "searchTooShort" })),
})

export interface JoinRequest {
  readonly clusterId: ClusterId
  readonly role: MemberRole
}

export type JoinClusterEvent =
  | { type: "joinCluster.search"; q: string }
  | ({ type: "joinCluster.request" } & JoinRequest)

export interface JoinClusterContext {
  readonly q: string
  readonly results: ReadonlyArray<ClusterDirectoryEntry> | null
  readonly request: JoinRequest | null
  readonly requested: ClusterId | null
  readonly errors: FieldErrors<"q">
  readonly error: MessageCode | null
}

const searchTransitions = [
  {
    description: "Long enough: search.",
    guard: "isSearchValid",
    target: "searching",
    actions: "assignQuery",
  },
  { description: "Too short: say so.", actions: "assignSearchErrors" },
] as const

export const joinClusterMachine = setup({
  types: { context: {} as JoinClusterContext, events: {} as JoinClusterEvent },
  actors: {
    searchDirectory: unbound<ReadonlyArray<ClusterDirectoryEntry>, string>(),
    requestToJoin: unbound<MembershipRequest, JoinRequest>(),
  },
  guards: {
    isSearchValid: ({ event }) => isValid(DirectorySearch, event),
  },
  actions: {
    assignQuery: assign({
      q: ({ event }) => Schema.decodeUnknownSync(DirectorySearch)(event).q,
      errors: {},
      error: null,
    }),
    assignSearchErrors: assign({ errors: ({ event }) => errorsOf(DirectorySearch, event) }),
    assignResults: assign((_, results: ReadonlyArray<ClusterDirectoryEntry>) => ({ results })),
    assignRequest: assign(({ event }) =>
      event.type === "joinCluster.request"
        ? { request: { clusterId: event.clusterId, role: event.role }, error: null, requested: null }
        : {},
    ),
    markRequested: assign(({ context }) => ({
      requested: context.request?.clusterId ?? null,
      results:
        context.results?.map((entry) =>
          entry.id === context.request?.clusterId ? { ...entry, mine: "requested" as const } : entry,
        ) ?? null,
    })),
    assignError: assignError(),
    /** Refused because already asked or already a member: the entry shows that standing. */
    assignStanding: assign(({ context }, error: unknown) => {
      const code = errorCode(error)
      const mine = code === "alreadyRequested" ? "requested" : code === "alreadyMember" ? "member" : null
      if (mine === null) return {}
      return {
        results:
          context.results?.map((entry) =>
            entry.id === context.request?.clusterId ? { ...entry, mine } : entry,
          ) ?? null,
      }
    }),
  },
}).createMachine({
  id: "joinCluster",
  description: "Finding a structure in the directory and asking to join it.",
  context: { q: "", results: null, request: null, requested: null, errors: {}, error: null },
  initial: "idle",
  states: {
    idle: {
      description: "Nothing searched yet.",
      on: { "joinCluster.search": [...searchTransitions] },
    },
    searching: {
      description: "Searching the directory.",
      tags: ["busy"],
      invoke: {
        id: "searchDirectory",
        src: "searchDirectory",
        input: ({ context }) => context.q,
        onDone: {
          description: "Results (at most 20, by name).",
          target: "results",
          actions: { type: "assignResults", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused or unreachable: the message shows.",
          target: "idle",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    results: {
      description: "The structures found, with the person's standing in each.",
      on: {
        "joinCluster.search": [...searchTransitions],
        "joinCluster.request": {
          description: "Ask to join one.",
          target: "requesting",
          actions: "assignRequest",
        },
      },
    },
    requesting: {
      description: "Sending the request to join.",
      tags: ["busy"],
      invoke: {
        id: "requestToJoin",
        src: "requestToJoin",
        input: ({ context }) => context.request as JoinRequest,
        onDone: {
          description: "Sent: the structure shows as pending; its validators are told.",
          target: "results",
          actions: "markRequested",
        },
        onError: {
          description: "Refused (already a member, already asked: the entry says so) or unreachable.",
          target: "results",
          actions: [
            { type: "assignError", params: errorParams },
            { type: "assignStanding", params: errorParams },
          ],
        },
      },
    },
  },
})
