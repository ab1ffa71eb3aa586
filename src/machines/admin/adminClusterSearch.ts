/**
 * Finding a structure by name for the admin area's attributions (GET /clusterDirectory?q=, at
 * least 2 characters once trimmed; shorter queries call nothing and list nothing).
 *
 * Events the view sends: `clusterSearch.type` { q } (every keystroke; a new query replaces the
 * running one).
 * Read: `context.q`, `context.results` (null while nothing was asked), `context.error`, the tag
 * `busy`.
 */
import { assign, setup } from "xstate"
import type { ClusterDirectoryEntry } from "../../schema/cluster"
import type { MessageCode } from "../../schema/messages"
import { errorCode } from "../lib/form"
import { unbound } from "../lib/kit"

export type ClusterSearchEvent = { type: "clusterSearch.type"; q: string }

export interface ClusterSearchContext {
  readonly q: string
  readonly results: ReadonlyArray<ClusterDirectoryEntry> | null
  readonly error: MessageCode | null
}

/** The server refuses shorter queries (searchTooShort): they are not sent. */
export const searchable = (q: string): boolean => q.trim().length >= 2

export const adminClusterSearchMachine = setup({
  types: { context: {} as ClusterSearchContext, events: {} as ClusterSearchEvent },
  actors: { searchClusters: unbound<ReadonlyArray<ClusterDirectoryEntry>, string>() },
  guards: { searchable: ({ event }) => searchable(event.q) },
}).createMachine({
  id: "adminClusterSearch",
  description: "Structures found by name, to attribute a box or a tag.",
  context: { q: "", results: null, error: null },
  initial: "idle",
  on: {
    "clusterSearch.type": [
      {
        description: "Long enough: search (again).",
        guard: "searchable",
        target: ".searching",
        reenter: true,
        actions: assign(({ event }) => ({ q: event.q, error: null })),
      },
      {
        description: "Too short: nothing to list.",
        target: ".idle",
        actions: assign(({ event }) => ({ q: event.q, results: null, error: null })),
      },
    ],
  },
  states: {
    idle: { description: "Nothing asked yet, or the query is too short." },
    searching: {
      description: "Asking the directory.",
      tags: ["busy"],
      invoke: {
        id: "searchClusters",
        src: "searchClusters",
        input: ({ context }) => context.q.trim(),
        onDone: {
          description: "The structures found.",
          target: "found",
          actions: assign(({ event }) => ({ results: event.output })),
        },
        onError: {
          description: "Refused or unreachable.",
          target: "failed",
          actions: assign(({ event }) => ({ results: null, error: errorCode(event.error) })),
        },
      },
    },
    found: { description: "The structures found are listed." },
    failed: { description: "The search failed; typing again retries." },
  },
})
