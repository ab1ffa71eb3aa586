/**
 * The signed-in person's structures (GET /clusters), for the menu and every screen that changes
 * them. One app-level chart under the shell.
 *
 * Events the view sends:
 * - `myClusters.refresh`: reload the list (after creating, deleting, joining or leaving).
 * Read: `context.clusters` (null until first loaded; the previous list stays while reloading,
 * sorted by name as the server sends it), `failed` (`context.error`), the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { Cluster } from "../../schema/cluster"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type MyClustersEvent = { type: "myClusters.refresh" }

export interface MyClustersContext {
  readonly clusters: ReadonlyArray<Cluster> | null
  readonly error: MessageCode | null
}

export const myClustersMachine = setup({
  types: { context: {} as MyClustersContext, events: {} as MyClustersEvent },
  actors: {
    loadMyClusters: unbound<ReadonlyArray<Cluster>>(),
  },
  actions: {
    assignClusters: assign((_, clusters: ReadonlyArray<Cluster>) => ({ clusters, error: null })),
    assignError: assignError(),
  },
}).createMachine({
  id: "myClusters",
  description: "The person's structures, listed in the menu.",
  context: { clusters: null, error: null },
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the person's structures (the last list stays shown).",
      tags: ["busy"],
      invoke: {
        id: "loadMyClusters",
        src: "loadMyClusters",
        onDone: {
          description: "The list arrived.",
          target: "ready",
          actions: { type: "assignClusters", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable or refused: the message shows.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    ready: {
      description: "The list is shown.",
      on: { "myClusters.refresh": { description: "Something changed: reload.", target: "loading" } },
    },
    failed: {
      description: "The list could not be loaded.",
      on: { "myClusters.refresh": { description: "Try again.", target: "loading" } },
    },
  },
})
