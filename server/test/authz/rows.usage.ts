import type { EndpointRows } from "./matrix"
import { reader } from "./rows.activities"
import { fieldReader } from "./rows.fields"
import { currentWorld } from "./world"

/** A period holding yesterday, when the world's activity was. */
const period = () => ({
  start_date: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  end_date: new Date(Date.now() + 86_400_000).toISOString(),
})

/**
 * Usage (docs/rights.md#usage): a machine's use is read by whoever reads its activities (seeMachines
 * in its structure, or a grant on it); a field's season by whoever sees the field (its owner, the
 * members of a structure they share holding "Voir les machines"), from the activities they may see.
 */
/** A's activity (the machine's own), for the work order's body. */
const activityOfA = () => {
  if (!currentWorld) throw new Error("no world built for this cell")
  return currentWorld.ids.A.activity
}

export const usageRows: Record<string, EndpointRows> = {
  "usage.machineUsage": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: period,
    cells: reader,
  },
  "usage.machineAnalysis": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: period,
    cells: reader,
  },
  "usage.fieldAnalysis": {
    id: "field",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: period,
    variants: { mine: { field: { owner: "actor" } } },
    cells: fieldReader,
  },
  // Printing a work order is reading the machine's activities (B's machine: not seen, 404 first).
  "usage.workOrder": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    body: () => ({ activities: [activityOfA()] }),
    cells: reader,
  },
}
