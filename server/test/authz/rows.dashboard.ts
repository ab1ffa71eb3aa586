import type { EndpointRows } from "./matrix"
import { reader as machineReader } from "./rows.activities"

const period = { startDate: "2026-01-01T00:00:00Z", endDate: "2026-01-08T00:00:00Z" }

/** A machine's dashboard: whoever sees the machine, as its activities. */
const reader = (query: () => Record<string, string>): EndpointRows => ({
  id: "machine",
  holds: ["seeMachines"],
  lacks: "seeMachines",
  query,
  cells: machineReader,
})

/**
 * Dashboards (docs/rights.md#dashboards): every read of a machine's rollups is the machine's
 * history's right. The world's box has sent nothing: every 200 is an empty series or zero figures.
 */
export const dashboardRows: Record<string, EndpointRows> = {
  "dashboard.temporalDatas": reader(() => ({ ...period, field: "speed", nbrOfValues: "50", fct: "max" })),
  "dashboard.percentile": reader(() => ({ ...period, dataType: "speed", percentile: "90" })),
  "dashboard.lastTemporalDatas": reader(() => ({})),
  "dashboard.categoriesCounter": reader(() => ({ ...period, dataType: "state" })),
  "dashboard.dashboardMachine": reader(() => ({ ...period })),
  // The machines are named in the query: those the caller does not see are left out (never a hint).
  "dashboard.computedData": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: ({ machine }) => ({ machines: machine }),
    shows: { id: "machine", to: ["holder", "grantee"] },
    cells: `
      anonymous  A  401
      outsider   A  200
      lacking    A  200
      self       A  200
      holder     A  200
      holder     B  200
      grantee    A  200
      grantee    B  200
      admin      A  200`,
  },
}
