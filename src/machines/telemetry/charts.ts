import { BadRequest, Forbidden } from "../../schema/errors"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { canConfigsMachine } from "./canConfigs"
import { canConfigsSpec } from "./canConfigs.paths"
import { type FixesResult, fixesTableMachine } from "./fixesTable"
import { fixesTableSpec } from "./fixesTable.paths"

const machine = "5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f61"
const result = (page: number): FixesResult => ({
  total: 150,
  page,
  limit: 100,
  fixes: [{ counter: "BOX-1", at: "2026-11-20T08:00:00.000Z", lng: 1.2, lat: 48.3 }],
  devices: [],
})

const configs = (unit: string) => ({
  machine,
  canEdit: true,
  configs: [{ name: "engineSpeed", unit, scale: 1, offset: 0, chart: true, source: "catalogue", seen: true }],
})
const form = (scale: string, offset = "0", unit = "tr/min") => ({
  labels: { fr: "Régime", en: "Engine speed", pl: "Obroty", de: "Drehzahl" },
  unit,
  scale,
  offset,
  chart: true,
})

/** The telemetry charts (see lib/paths.ts for what each entry must give). */
export const telemetryCharts: ReadonlyArray<Chart> = [
  {
    name: "fixesTable",
    spec: fixesTableSpec,
    machine: fixesTableMachine,
    events: [
      done("loadChoices", [{ id: machine, label: "Tracteur" }]),
      failed("loadChoices", networkDown),
      { type: "fixes.retry" },
      {
        type: "fixes.show",
        source: { machine },
        start: "2026-11-20T00:00:00.000Z",
        end: "2026-11-21T00:00:00.000Z",
      },
      done("loadPage", result(1)),
      failed("loadPage", BadRequest.of("endBeforeStart")),
      { type: "fixes.page", page: 2 },
      { type: "fixes.export" },
      done("exportCsv"),
      failed("exportCsv", BadRequest.of("outOfRange")),
    ],
  },
  {
    name: "canConfigs",
    spec: canConfigsSpec,
    machine: canConfigsMachine,
    events: [
      { type: "can.open", machine, lang: "fr" },
      done("loadConfigs", configs("tr/min")),
      failed("loadConfigs", networkDown),
      { type: "can.retry" },
      { type: "can.edit", name: "engineSpeed" },
      { type: "can.cancel" },
      { type: "can.save", name: "engineSpeed", values: form("0.125", "-40") },
      { type: "can.save", name: "engineSpeed", values: form("0,1") },
      { type: "can.save", name: "engineSpeed", values: form("0", "x", "much too long a unit") },
      done("saveConfig", configs("rpm")),
      failed("saveConfig", Forbidden.of()),
      { type: "can.reset", name: "engineSpeed" },
      done("resetConfig", configs("tr/min")),
      failed("resetConfig", networkDown),
    ],
  },
]
