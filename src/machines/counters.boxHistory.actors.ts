import { Effect } from "effect"
import type { CounterId } from "../schema/ids"
import { lazyEffect } from "../services/lazy"
import { boxHistoryMachine, type HistorySource } from "./counters.boxHistory"

export const liveBoxHistoryMachine = boxHistoryMachine.provide({
  actors: {
    loadAssociations: lazyEffect((live, source: HistorySource) =>
      "machine" in source
        ? live.counters.machineAssociations(source.machine)
        : live.counters.associations(source.counter),
    ),
  },
})

/**
 * GET /admin/counters/{id}/associations: any box's associations, for a platform administrator.
 * The client module is imported on use (it is loaded already when this runs), so this file stays
 * out of the first paint like the other bindings.
 */
export const adminCounterAssociations = (id: CounterId) =>
  Effect.flatMap(
    Effect.promise(() => import("../services/apiClient")),
    ({ ApiClient }) => Effect.flatMap(ApiClient, (c) => c.admin.counterAssociations({ path: { id } })),
  )

/** /admin/counterdata: a box's associations through the administrators' endpoint, whatever its structure. */
export const liveAdminBoxHistoryMachine = boxHistoryMachine.provide({
  actors: {
    loadAssociations: lazyEffect((live, source: HistorySource) =>
      "machine" in source
        ? live.counters.machineAssociations(source.machine)
        : adminCounterAssociations(source.counter),
    ),
  },
})
