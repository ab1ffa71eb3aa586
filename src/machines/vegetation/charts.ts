import { NotConfigured } from "../../schema/errors"
import type { FieldIndex } from "../../schema/field"
import { FieldId } from "../../schema/ids"
import type { FieldVegetation } from "../../schema/vegetation"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { vegetationIndexMachine } from "./vegetationIndex"
import { vegetationIndexSpec } from "./vegetationIndex.paths"

const fieldId = FieldId.make("5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f60")
const index: FieldIndex = {
  tag: "0123456789abcdef0123456789abcdef",
  version: "1",
  structures: [],
  owners: [],
  bounds: [1.24, 48.3, 1.241, 48.301],
  fields: {
    id: [fieldId],
    name: ["La Pièce du Moulin"],
    areaHa: [1.2],
    owner: [0],
    crop: [null],
    bbox: [1.24, 48.3, 1.241, 48.301],
  },
}
const season = (status: FieldVegetation["status"]): FieldVegetation => ({
  fieldId,
  year: 2025,
  status,
  problem: null,
  fetchedAt: status === "ready" ? "2025-06-20T08:00:00Z" : null,
  intervals:
    status === "ready"
      ? [
          { from: "2025-06-10", to: "2025-06-14", ndvi: 0.71, min: 0.5, max: 0.83, stDev: 0.05, clear: 0.97 },
          { from: "2025-06-15", to: "2025-06-19", ndvi: null, min: null, max: null, stDev: null, clear: 0.2 },
        ]
      : [],
})

/** The vegetation charts (see lib/paths.ts for what each entry must give). */
export const vegetationCharts: ReadonlyArray<Chart> = [
  {
    name: "vegetationIndex",
    spec: vegetationIndexSpec,
    machine: vegetationIndexMachine,
    input: { year: 2025 },
    events: [
      done("loadOverview", { index, latest: [] }),
      failed(
        "loadOverview",
        NotConfigured.of("vegetationNotConfigured", ["NDVI_CLIENT_ID", "NDVI_CLIENT_SECRET"]),
      ),
      failed("loadOverview", networkDown),
      { type: "vegetation.retry" },
      { type: "vegetation.pick", fieldId },
      done("loadSeason", season("pending")),
      done("loadSeason", season("ready")),
      failed("loadSeason", networkDown),
      done("pause"),
      { type: "vegetation.year", year: 2024 },
    ],
  },
]
