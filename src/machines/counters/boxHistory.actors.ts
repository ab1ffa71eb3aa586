import { lazyEffect } from "../../services/lazy"
import { boxHistoryMachine, type HistorySource } from "./boxHistory"

export const liveBoxHistoryMachine = boxHistoryMachine.provide({
  actors: {
    loadAssociations: lazyEffect((live, source: HistorySource) =>
      "machine" in source
        ? live.counters.machineAssociations(source.machine)
        : live.counters.associations(source.counter),
    ),
  },
})

/** /admin/counterdata: a box's associations through the administrators' endpoint, whatever its structure. */
export const liveAdminBoxHistoryMachine = boxHistoryMachine.provide({
  actors: {
    loadAssociations: lazyEffect((live, source: HistorySource) =>
      "machine" in source
        ? live.counters.machineAssociations(source.machine)
        : live.counters.adminCounterAssociations(source.counter),
    ),
  },
})
