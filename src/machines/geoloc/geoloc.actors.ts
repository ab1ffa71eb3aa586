import { lazyEffect } from "../../services/lazy"
import { geolocMachine, type LiveStreamInput } from "./geoloc"

/** "Trouver mes machines": the latest positions, and the live stream read with fetch. */
export const liveGeolocMachine = geolocMachine.provide({
  actors: {
    loadLast: lazyEffect((live) => live.telemetry.lastPositions()),
    liveStream: lazyEffect((live, input: LiveStreamInput) =>
      live.telemetry.liveStream(input.attempt, input.receive),
    ),
  },
})
