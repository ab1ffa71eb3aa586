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
