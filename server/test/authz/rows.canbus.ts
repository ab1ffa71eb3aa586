import type { EndpointRows } from "./matrix"
import { reader } from "./rows.activities"

const period = () => ({ startDate: "2026-01-01T00:00:00Z", endDate: "2026-01-08T00:00:00Z" })
const config = () => ({
  labels: { fr: "Pression", en: "Pressure", pl: "Ciśnienie", de: "Druck" },
  unit: "bar",
  scale: 0.1,
  offset: 0,
  chart: true,
})

/**
 * Changing how a machine's CAN value reads: whoever manages the machine (manageMachine in its
 * structure, or the machine's management grant with membership); members who only see it get 403.
 */
const manager = `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     A  200 @managementGrant
      holder     B  404
      grantee    A  403 forbidden
      grantee    B  404
      admin      A  404`

/** CAN bus values (docs/rights.md#can-bus-values): reading as the machine's history, changing as managing it. */
export const canbusRows: Record<string, EndpointRows> = {
  "canbus.configs": { id: "machine", holds: ["seeMachines"], lacks: "seeMachines", cells: reader },
  "canbus.putConfig": {
    id: "machine",
    holds: ["seeMachines", "manageMachine"],
    lacks: "manageMachine",
    params: { name: "hydraulicPressure" },
    body: config,
    variants: { managementGrant: { holds: ["seeMachines"], grants: ["management"] } },
    cells: manager,
  },
  "canbus.removeConfig": {
    id: "machine",
    holds: ["seeMachines", "manageMachine"],
    lacks: "manageMachine",
    params: { name: "hydraulicPressure" },
    variants: { managementGrant: { holds: ["seeMachines"], grants: ["management"] } },
    cells: manager.replaceAll(" 200", " 204"),
  },
  "canbus.raw": { id: "machine", holds: ["seeMachines"], lacks: "seeMachines", query: period, cells: reader },
  "canbus.rawCsv": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: period,
    cells: reader,
  },
}
