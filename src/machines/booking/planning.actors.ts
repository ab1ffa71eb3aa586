import { Effect } from "effect"
import { lazyEffect } from "../../services/lazy"
import { planningMachine } from "./planning"

export const livePlanningMachine = planningMachine.provide({
  actors: {
    loadClusters: lazyEffect((live) => live.clusters.list),
    loadStructure: lazyEffect((live, cluster) =>
      Effect.all(
        { machines: live.clusters.machines(cluster), members: live.clusters.members(cluster) },
        { concurrency: "unbounded" },
      ),
    ),
    loadBookings: lazyEffect((live, query) => live.bookings.list(query)),
  },
})
