import type { EndpointRows } from "./matrix"

const period = () => ({ start_date: "2026-01-01T00:00:00Z", end_date: "2026-01-02T00:00:00Z" })

/** Reading a machine's fixes: whoever sees the machine (seeMachines in its structure, or a grant on it). */
const machineReader = `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  200
      grantee    B  404
      admin      A  404`

/** A box's own series: any member of the box's structure, nobody else. */
const boxReader = `
      anonymous  A  401
      outsider   A  404
      self       A  200
      holder     B  404
      grantee    A  404
      admin      A  404`

/**
 * What boxes sent, read (docs/rights.md#boxes-data). The world's box is on A's machine since
 * yesterday and has sent nothing: every 200 is an empty page, list or series.
 */
export const telemetryRows: Record<string, EndpointRows> = {
  "telemetry.historyLocs": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: period,
    cells: machineReader,
  },
  "telemetry.historyCsv": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: period,
    cells: machineReader,
  },
  "telemetry.geolocHistory": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: () => ({ startDate: "2026-01-01T00:00:00Z", endDate: "2026-01-02T00:00:00Z" }),
    cells: machineReader,
  },
  "telemetry.devicesInformations": {
    // The machine is named in the query (`idMachine`), not the path.
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: ({ machine }) => ({ idMachine: machine }),
    shows: { id: "counter", to: ["holder", "grantee"] },
    cells: machineReader,
  },
  "telemetry.temporal": { id: "counter", query: () => ({ dataType: "battery" }), cells: boxReader },
  "telemetry.categories": { id: "counter", query: () => ({ dataType: "vibration" }), cells: boxReader },
  "telemetry.counterFixes": {
    id: "counter",
    query: period,
    cells: `
      anonymous  A  401
      outsider   A  403 forbidden
      self       A  403 forbidden
      holder     A  403 forbidden
      admin      A  200`,
  },
  /**
   * "Trouver mes machines" (docs/geoloc.md): anyone signed in gets the machines they see (the
   * world's A machine for the holder of seeMachines and the grantee; none for the others).
   */
  "geoloc.last": {
    holds: ["seeMachines"],
    lacks: "seeMachines",
    shows: { id: "machine", to: ["holder", "grantee"] },
    cells: `
      anonymous  -  401
      outsider   -  200
      holder     -  200
      lacking    -  200
      grantee    -  200
      admin      -  200`,
  },
  /** The live stream (asked to close at once): anyone signed in; it carries only what each receives live. */
  "geoloc.live": {
    holds: ["seeMachines"],
    query: () => ({ seconds: "0" }),
    headers: () => ({ accept: "text/event-stream" }),
    cells: `
      anonymous  -  401
      outsider   -  200
      holder     -  200
      grantee    -  200
      admin      -  200`,
  },
}
