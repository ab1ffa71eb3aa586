import { BadRequest, NotFound } from "../../schema"
import type { Field, ImportFile, ImportPreview } from "../../schema/field"
import { FieldId } from "../../schema/ids"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { fieldDrawMachine } from "./fieldDraw"
import { fieldDrawSpec } from "./fieldDraw.paths"
import { fieldImportMachine } from "./fieldImport"
import { fieldImportSpec } from "./fieldImport.paths"
import { fieldListMachine } from "./fieldList"
import { fieldListSpec } from "./fieldList.paths"
import { fieldPageMachine } from "./fieldPage"
import { fieldPageSpec } from "./fieldPage.paths"

const square = {
  type: "Polygon" as const,
  coordinates: [
    [
      [1.24, 48.3],
      [1.241, 48.3],
      [1.241, 48.301],
      [1.24, 48.301],
      [1.24, 48.3],
    ] as Array<readonly [number, number]>,
  ],
}
const file: ImportFile = { kind: "telepac", filename: "parcelles.zip", content: "UEsDBA==" }
const preview: ImportPreview = {
  format: "telepacShapefile",
  skipped: { points: 0, lines: 0 },
  candidates: [
    {
      key: 0,
      name: "1.1",
      areaHa: 2.5,
      crop: "BTH",
      pac: null,
      geometry: square,
      action: "create",
      match: null,
      problem: null,
    },
    {
      key: 1,
      name: "1.2",
      areaHa: null,
      crop: null,
      pac: null,
      geometry: null,
      action: "refused",
      match: null,
      problem: { reason: "Self-intersection", at: [1.24, 48.3] },
    },
  ],
}
const notTelepac = BadRequest.of("notTelepacExport")
const aField = { id: FieldId.make("5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f60"), name: "1.1" } as unknown as Field

/** The fields charts (see lib/paths.ts for what each entry must give). */
export const fieldsCharts: ReadonlyArray<Chart> = [
  {
    name: "fieldList",
    spec: fieldListSpec,
    machine: fieldListMachine,
    events: [done("loadFields", [aField]), failed("loadFields", networkDown), { type: "fieldList.refresh" }],
  },
  {
    name: "fieldImport",
    spec: fieldImportSpec,
    machine: fieldImportMachine,
    events: [
      { type: "fieldImport.choose", file },
      done("previewFile", preview),
      failed("previewFile", notTelepac),
      { type: "fieldImport.toggle", key: 0 },
      { type: "fieldImport.toggle", key: 1 },
      { type: "fieldImport.confirm" },
      done("importFile", { created: 1, updated: 0, unchanged: 0 }),
      failed("importFile", networkDown),
      { type: "fieldImport.again" },
    ],
  },
  {
    name: "fieldPage",
    spec: fieldPageSpec,
    machine: fieldPageMachine,
    input: { id: aField.id },
    events: [
      done("loadField", { field: { ...aField, can: { edit: true, delete: true } }, owners: [] }),
      failed("loadField", NotFound.of()),
      { type: "fieldPage.retry" },
      { type: "fieldPage.askDelete" },
      { type: "fieldPage.cancelDelete" },
      { type: "fieldPage.delete" },
      done("deleteField"),
      failed("deleteField", networkDown),
    ],
  },
  {
    name: "fieldDraw",
    spec: fieldDrawSpec,
    machine: fieldDrawMachine,
    events: [
      { type: "fieldDraw.save", name: "", crop: "" },
      { type: "fieldDraw.shape", geometry: square },
      { type: "fieldDraw.save", name: "  ", crop: "" },
      { type: "fieldDraw.save", name: "La Mare", crop: "BTH" },
      { type: "fieldDraw.shape", geometry: null },
      done("saveField", { field: aField, owners: [] }),
      failed("saveField", BadRequest.of("fieldGeometryInvalid")),
      { type: "fieldDraw.again" },
    ],
  },
]
