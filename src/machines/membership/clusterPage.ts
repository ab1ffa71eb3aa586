// Size: one chart of 9 states and 14 described transitions: one configuration, kept whole.
/**
 * The structure open at /clusters/{id}: loading it, keeping it fresh, deleting it.
 *
 * Input: { id }.
 * Events the view sends:
 * - `clusterPage.refresh`: reload it (the person's rights in it may have changed).
 * - `clusterPage.updated` { cluster }: a tab saved it and holds the server's answer.
 * - `clusterPage.askDelete`, `clusterPage.cancelDelete`, `clusterPage.confirmDelete`: the
 *   confirmation before deleting (the server checks deleteCluster).
 * Read: `notFound` (not one of the person's structures: 404), `failed` (retry with
 * `clusterPage.refresh`), `ready` with `context.cluster`, `{ ready: 'confirmingDelete' }`,
 * `deleted` (final), `context.error`, the tag `busy`.
 * Named actions the view provides, once deleted: `notifyDeleted`, `navigateHome`.
 */
import { assign, setup } from "xstate"
import type { Cluster } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { errorTag } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type ClusterPageEvent =
  | { type: "clusterPage.refresh" }
  | { type: "clusterPage.updated"; cluster: Cluster }
  | { type: "clusterPage.askDelete" }
  | { type: "clusterPage.cancelDelete" }
  | { type: "clusterPage.confirmDelete" }

export interface ClusterPageContext {
  readonly id: ClusterId
  readonly cluster: Cluster | null
  readonly error: MessageCode | null
}

export const clusterPageMachine = setup({
  types: {
    context: {} as ClusterPageContext,
    events: {} as ClusterPageEvent,
    input: {} as { id: ClusterId },
  },
  actors: {
    loadCluster: unbound<Cluster, ClusterId>(),
    deleteCluster: unbound<void, ClusterId>(),
  },
  guards: {
    isNotFound: ({ event }) => errorTag((event as { error?: unknown }).error) === "NotFound",
  },
  actions: {
    assignCluster: assign((_, cluster: Cluster) => ({ cluster, error: null })),
    assignError: assignError(),
    forgetError: assign({ error: null }),
    /** Provided by the view: a notification says the structure is deleted. */
    notifyDeleted: () => {},
    /** Provided by the view: the menu drops the structure and the person goes home. */
    navigateHome: () => {},
  },
}).createMachine({
  id: "clusterPage",
  description: "One structure's page: its information and tabs, and its deletion.",
  context: ({ input }) => ({ id: input.id, cluster: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the structure.",
      tags: ["busy"],
      invoke: {
        id: "loadCluster",
        src: "loadCluster",
        input: ({ context }) => context.id,
        onDone: {
          description: "The structure is one of the person's.",
          target: "ready",
          actions: { type: "assignCluster", params: ({ event }) => event.output },
        },
        onError: [
          {
            description: "Not one of the person's structures (404).",
            guard: "isNotFound",
            target: "notFound",
          },
          {
            description: "Unreachable or refused: the message shows.",
            target: "failed",
            actions: { type: "assignError", params: errorParams },
          },
        ],
      },
    },
    ready: {
      description: "The structure is shown with its tabs.",
      initial: "idle",
      on: {
        "clusterPage.updated": {
          description: "A tab saved the structure: show the new version.",
          actions: { type: "assignCluster", params: ({ event }) => event.cluster },
        },
      },
      states: {
        idle: {
          description: "Nothing under way.",
          on: {
            "clusterPage.refresh": { description: "Reload it.", target: "refreshing" },
            "clusterPage.askDelete": {
              description: "Show what deleting it takes with it.",
              target: "confirmingDelete",
              actions: "forgetError",
            },
          },
        },
        refreshing: {
          description: "Reloading it; the page stays as it is meanwhile.",
          invoke: {
            id: "reloadCluster",
            src: "loadCluster",
            input: ({ context }) => context.id,
            onDone: {
              description: "Fresh version.",
              target: "idle",
              actions: { type: "assignCluster", params: ({ event }) => event.output },
            },
            onError: [
              {
                description: "No longer one of the person's structures.",
                guard: "isNotFound",
                target: "#clusterPage.notFound",
              },
              {
                description: "Unreachable: keep what is shown.",
                target: "idle",
                actions: { type: "assignError", params: errorParams },
              },
            ],
          },
        },
        confirmingDelete: {
          description: "The confirmation says what goes with the structure, permanently.",
          on: {
            "clusterPage.cancelDelete": { description: "Keep it.", target: "idle", actions: "forgetError" },
            "clusterPage.confirmDelete": { description: "Delete it.", target: "deleting" },
          },
        },
        deleting: {
          description: "Deleting the structure.",
          tags: ["busy"],
          invoke: {
            id: "deleteCluster",
            src: "deleteCluster",
            input: ({ context }) => context.id,
            onDone: {
              description: "Deleted.",
              target: "#clusterPage.deleted",
              actions: ["notifyDeleted", "navigateHome"],
            },
            onError: {
              description: "Refused (right missing) or unreachable: the confirmation shows why.",
              target: "confirmingDelete",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
      },
    },
    notFound: { description: "Not one of the person's structures.", type: "final" },
    failed: {
      description: "The structure could not be loaded.",
      on: { "clusterPage.refresh": { description: "Try again.", target: "loading" } },
    },
    deleted: { description: "Deleted: the person goes home.", type: "final" },
  },
})
