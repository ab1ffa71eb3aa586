import { DateTime } from "effect"
import { LastFix, LiveFix, MachinePosition } from "../../schema/api.geoloc"
import { ClusterId, CounterId, MachineId } from "../../schema/ids"
import { MachineSummary } from "../../schema/machine"
import { LiveStreamFailed } from "../../services/telemetry"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { geolocMachine } from "./geoloc"
import { geolocSpec } from "./geoloc.paths"

const tractor = MachineId.make("00000000-0000-4000-8000-0000000000a1")
const cluster = { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA des Prés" }
const at = (iso: string) => DateTime.unsafeMake(iso)
const positions = [
  new MachinePosition({
    machine: new MachineSummary({ id: tractor, name: "Tracteur 1", cluster }),
    position: new LastFix({ at: at("2026-11-27T08:00:00Z"), lng: 1.5, lat: 48.2, speed: 0, heading: null }),
    counter: CounterId.make("BOX-001"),
    battery: 80,
    lastCommunication: at("2026-11-27T08:00:05Z"),
    live: true,
  }),
]
const fix = (iso: string, lng: number) =>
  new LiveFix({
    machine: tractor,
    counter: CounterId.make("BOX-001"),
    at: at(iso),
    lng,
    lat: 48.2,
    speed: 9,
    heading: 90,
    battery: 79,
  })

/** "Trouver mes machines" (see lib/paths.ts for what each entry must give). */
export const geolocCharts: ReadonlyArray<Chart> = [
  {
    name: "geoloc",
    spec: geolocSpec,
    machine: geolocMachine,
    events: [
      done("loadLast", positions),
      failed("loadLast", networkDown),
      { type: "geoloc.retry" },
      { type: "geoloc.ready" },
      { type: "geoloc.fix", fix: fix("2026-11-27T08:01:00Z", 1.51) },
      { type: "geoloc.fix", fix: fix("2026-11-27T07:59:00Z", 1.49) },
      done("liveStream"),
      failed("liveStream", new LiveStreamFailed({ sessionOver: false })),
      failed("liveStream", new LiveStreamFailed({ sessionOver: true })),
    ],
  },
]
