// Size: one chart of 8 states and 19 described transitions: one configuration, kept whole.
// Its types are in planning.types.ts.
/**
 * The planning (SPEC §2 PlanningMain, PlanningMobile): the person's structures, the chosen
 * structure's machines and members (the filters' choices), and the bookings of the visible window
 * (`GET /booking` with cluster, machine[], employee[], from, to, all).
 *
 * Events the view sends:
 * - `planning.window` { from, to }: the view or the date changed (day / week / month / agenda).
 * - `planning.cluster` { cluster }: another structure (its filters are cleared).
 * - `planning.filter` { machines, employees, all }: the machine and employee filters, and whether
 *   refused and cancelled bookings are shown too (`all=true`; kept when the structure changes).
 * - `planning.retry`: after a failure; `planning.refresh`: reload the bookings.
 * Read: `context.bookings` (the last ones stay while reloading), `context.machines`,
 * `context.members`, `context.cluster`; states `noCluster`, `clustersFailed`, `structure.failed`;
 * the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { Booking, BookingQuery } from "../../schema/booking"
import type { Cluster } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import { assignError, errorParams, unbound } from "../lib/kit"
import {
  bookingQuery,
  type PlanningContext,
  type PlanningEvent,
  type PlanningFilters,
  type PlanningInput,
  type PlanningWindow,
  type StructureData,
} from "./planning.types"

export * from "./planning.types"

const pickCluster = (clusters: ReadonlyArray<Cluster>, wanted: ClusterId | null) =>
  clusters.find((c) => c.id === wanted)?.id ?? clusters[0]?.id ?? null

const onFailure = { target: "failed", actions: { type: "assignError", params: errorParams } } as const

export const planningMachine = setup({
  types: {
    context: {} as PlanningContext,
    events: {} as PlanningEvent,
    input: {} as PlanningInput,
  },
  actors: {
    loadClusters: unbound<ReadonlyArray<Cluster>>(),
    loadStructure: unbound<StructureData, ClusterId>(),
    loadBookings: unbound<ReadonlyArray<Booking>, BookingQuery>(),
  },
  guards: {
    noCluster: (_, clusters: ReadonlyArray<Cluster>) => clusters.length === 0,
  },
  actions: {
    assignClusters: assign(({ context }, clusters: ReadonlyArray<Cluster>) => {
      const cluster = pickCluster(clusters, context.cluster)
      // Filters asked for a structure that is not the person's do not apply to the one shown.
      const keep = context.cluster === null || cluster === context.cluster
      return {
        clusters,
        cluster,
        machines: keep ? context.machines : [],
        employees: keep ? context.employees : [],
        error: null,
      }
    }),
    assignStructure: assign((_, data: StructureData) => ({
      machineList: data.machines,
      members: data.members,
    })),
    assignBookings: assign((_, bookings: ReadonlyArray<Booking>) => ({ bookings, error: null })),
    assignError: assignError(),
    assignWindow: assign((_, window: PlanningWindow) => ({ window })),
    assignCluster: assign((_, cluster: ClusterId) => ({
      cluster,
      machines: [],
      employees: [],
      machineList: [],
      members: [],
      bookings: null,
    })),
    assignFilters: assign((_, f: PlanningFilters) => ({
      machines: f.machines,
      employees: f.employees,
      all: f.all,
    })),
  },
}).createMachine({
  id: "planning",
  description:
    "The bookings of a structure over the visible window, filtered by machine and employee, refused and cancelled ones too when asked.",
  context: ({ input }) => ({
    ...input,
    clusters: null,
    machineList: [],
    members: [],
    bookings: null,
    error: null,
  }),
  initial: "clusters",
  on: {
    "planning.window": {
      description: "Another view or date: the new window is kept (and loaded where it can be).",
      actions: { type: "assignWindow", params: ({ event }) => ({ from: event.from, to: event.to }) },
    },
  },
  states: {
    clusters: {
      description: "Asking for the person's structures.",
      tags: ["busy"],
      invoke: {
        id: "loadClusters",
        src: "loadClusters",
        onDone: [
          {
            description: "The person belongs to no structure: nothing to plan.",
            guard: { type: "noCluster", params: ({ event }) => event.output },
            target: "noCluster",
            actions: { type: "assignClusters", params: ({ event }) => event.output },
          },
          {
            description: "The asked structure (or the first) is chosen.",
            target: "structure",
            actions: { type: "assignClusters", params: ({ event }) => event.output },
          },
        ],
        onError: { ...onFailure, target: "clustersFailed", description: "Unreachable: the message shows." },
      },
    },
    clustersFailed: {
      description: "The structures could not be loaded.",
      on: { "planning.retry": { description: "Try again.", target: "clusters" } },
    },
    noCluster: {
      description: "No structure: the page says how to join or create one.",
      on: { "planning.refresh": { description: "Look again.", target: "clusters" } },
    },
    structure: {
      description: "A structure is chosen: its machines, members and bookings.",
      initial: "loading",
      on: {
        "planning.cluster": {
          description: "Another structure: its filters start empty.",
          target: ".loading",
          reenter: true,
          actions: { type: "assignCluster", params: ({ event }) => event.cluster },
        },
      },
      states: {
        loading: {
          description: "Asking for the structure's machines and members (the filters' choices).",
          tags: ["busy"],
          invoke: {
            id: "loadStructure",
            src: "loadStructure",
            input: ({ context }) => context.cluster as ClusterId,
            onDone: {
              description: "The choices arrived: now the bookings.",
              target: "bookings",
              actions: { type: "assignStructure", params: ({ event }) => event.output },
            },
            onError: { ...onFailure, description: "Unreachable or refused: the message shows." },
          },
          on: {
            "planning.filter": {
              description: "Filters changed: kept for the bookings' request.",
              actions: { type: "assignFilters", params: ({ event }) => event },
            },
          },
        },
        bookings: {
          description: "Asking for the bookings of the window (the last ones stay shown).",
          tags: ["busy"],
          invoke: {
            id: "loadBookings",
            src: "loadBookings",
            input: ({ context }) => bookingQuery(context),
            onDone: {
              description: "The bookings arrived.",
              target: "ready",
              actions: { type: "assignBookings", params: ({ event }) => event.output },
            },
            onError: { ...onFailure, description: "Unreachable or refused: the message shows." },
          },
          on: {
            "planning.window": {
              description: "Another window: ask again for it.",
              target: "bookings",
              reenter: true,
              actions: { type: "assignWindow", params: ({ event }) => ({ from: event.from, to: event.to }) },
            },
            "planning.filter": {
              description: "Other filters: ask again with them.",
              target: "bookings",
              reenter: true,
              actions: { type: "assignFilters", params: ({ event }) => event },
            },
          },
        },
        ready: {
          description: "The bookings are shown.",
          on: {
            "planning.window": {
              description: "Another window: load it.",
              target: "bookings",
              actions: { type: "assignWindow", params: ({ event }) => ({ from: event.from, to: event.to }) },
            },
            "planning.filter": {
              description: "Other filters: load with them.",
              target: "bookings",
              actions: { type: "assignFilters", params: ({ event }) => event },
            },
            "planning.refresh": { description: "Something changed: reload.", target: "bookings" },
          },
        },
        failed: {
          description: "The structure or its bookings could not be loaded.",
          on: {
            "planning.retry": { description: "Try again, from the structure.", target: "loading" },
            "planning.filter": {
              description: "Other filters: kept for the next try.",
              actions: { type: "assignFilters", params: ({ event }) => event },
            },
          },
        },
      },
    },
  },
})
