import { lazyEffect } from "../../services/lazy"
import type { HistoryQuery } from "./history"
import { historyMachine } from "./history"

/** The history map's chart with its call bound to the server. */
export const liveHistoryMachine = historyMachine.provide({
  actors: {
    loadTrace: lazyEffect((live, q: HistoryQuery) => live.telemetry.geolocHistory(q.machine, q.start, q.end)),
  },
})
