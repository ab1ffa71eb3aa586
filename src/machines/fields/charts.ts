import { BadRequest, Forbidden, NotFound } from "../../schema"
import type { Field, FieldIndex, ImportFile, ImportPreview } from "../../schema/field"
import type { FieldComment } from "../../schema/fieldComment"
import { ClusterId, FieldCommentId, FieldId, UserId } from "../../schema/ids"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { fieldCommentDraftMachine } from "./fieldCommentDraft"
import { fieldCommentDraftSpec } from "./fieldCommentDraft.paths"
import { fieldCommentsMachine } from "./fieldComments"
import { fieldCommentsSpec } from "./fieldComments.paths"
import { fieldDrawMachine } from "./fieldDraw"
import { fieldDrawSpec } from "./fieldDraw.paths"
import { fieldImportMachine } from "./fieldImport"
import { fieldImportSpec } from "./fieldImport.paths"
import { fieldIndexMachine } from "./fieldIndex"
import { fieldListMachine } from "./fieldList"
import { fieldIndexSpec, fieldListSpec } from "./fieldList.paths"
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

const paul = {
  id: UserId.make("0b7f2b1e-8a54-4d2c-9c61-7a7c2f3e9d10"),
  firstname: "Paul",
  lastname: "Martin",
  name: null,
}
const comment = (id: string, sound: boolean, mayDelete: boolean) =>
  ({
    id: FieldCommentId.make(id),
    field: aField.id,
    author: paul,
    text: sound ? null : "Fossé à curer",
    sound: sound ? { contentType: "audio/webm;codecs=opus", bytes: 4096 } : null,
    can: { delete: mayDelete },
  }) as unknown as FieldComment
const voice = comment("7a1e0c3b-5d2f-4e8a-9b6c-1d2e3f4a5b60", true, true)
const text = comment("7a1e0c3b-5d2f-4e8a-9b6c-1d2e3f4a5b61", false, false)
const sent = comment("7a1e0c3b-5d2f-4e8a-9b6c-1d2e3f4a5b62", false, true)
const recording = {
  blob: new Blob(["1a45dfa3"], { type: "audio/webm;codecs=opus" }),
  url: "blob:recording",
  contentType: "audio/webm;codecs=opus",
  seconds: 4,
}
const anIndex: FieldIndex = {
  tag: "0123456789abcdef0123456789abcdef",
  version: "1",
  structures: [],
  owners: [],
  bounds: [1.24, 48.3, 1.25, 48.31],
  fields: {
    id: [aField.id],
    name: ["1.1"],
    areaHa: [1.2],
    owner: [0],
    crop: [null],
    bbox: [1.24, 48.3, 1.25, 48.31],
  },
}

/** The fields charts (see lib/paths.ts for what each entry must give). */
export const fieldsCharts: ReadonlyArray<Chart> = [
  {
    name: "fieldList",
    spec: fieldListSpec,
    machine: fieldListMachine,
    events: [done("loadFields", [aField]), failed("loadFields", networkDown), { type: "fieldList.refresh" }],
  },
  {
    name: "fieldIndex",
    spec: fieldIndexSpec,
    machine: fieldIndexMachine,
    events: [done("loadIndex", anIndex), failed("loadIndex", networkDown), { type: "fieldIndex.refresh" }],
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
      done("loadField", {
        field: { ...aField, can: { edit: true, delete: true } },
        owners: [],
        structures: [
          { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA de la Vallée" },
        ],
      }),
      failed("loadField", NotFound.of()),
      { type: "fieldPage.retry" },
      { type: "fieldPage.askDelete" },
      { type: "fieldPage.cancelDelete" },
      { type: "fieldPage.delete" },
      done("deleteField"),
      failed("deleteField", networkDown),
      { type: "fieldPage.changeOwner" },
      done("ownerCandidates", [paul]),
      failed("ownerCandidates", Forbidden.of()),
      { type: "fieldPage.saveOwner", owner: "", since: "2026-03-01" },
      { type: "fieldPage.saveOwner", owner: paul.id, since: "2026-03-01" },
      done("changeOwner", {
        field: { ...aField, owner: paul, can: { edit: true, delete: true } },
        owners: [{ owner: paul, since: "2026-03-01", until: null }],
        structures: [],
      }),
      failed("changeOwner", BadRequest.of("ownedSinceTooEarly")),
      { type: "fieldPage.cancelOwner" },
    ],
  },
  {
    name: "fieldComments",
    spec: fieldCommentsSpec,
    machine: fieldCommentsMachine,
    input: { field: aField.id },
    events: [
      done("loadComments", [voice, text]),
      failed("loadComments", networkDown),
      { type: "fieldComments.retry" },
      { type: "fieldComments.listen", id: voice.id },
      { type: "fieldComments.listen", id: text.id },
      done("loadSound", "blob:sound"),
      failed("loadSound", networkDown),
      { type: "fieldComments.askDelete", id: text.id },
      { type: "fieldComments.askDelete", id: voice.id },
      { type: "fieldComments.cancelDelete" },
      { type: "fieldComments.delete" },
      done("deleteComment"),
      failed("deleteComment", Forbidden.of()),
      { type: "fieldComments.add", comment: sent },
    ],
  },
  {
    name: "fieldCommentDraft",
    spec: fieldCommentDraftSpec,
    machine: fieldCommentDraftMachine,
    input: { field: aField.id },
    events: [
      { type: "fieldCommentDraft.send", text: "  " },
      { type: "fieldCommentDraft.send", text: "Fossé à curer" },
      { type: "fieldCommentDraft.record" },
      { type: "recorder.started" },
      { type: "recorder.tick", seconds: 3 },
      { type: "fieldCommentDraft.stop" },
      { type: "recorder.recorded", recording },
      { type: "recorder.failed", reason: "denied" },
      { type: "fieldCommentDraft.cancelRecording" },
      { type: "fieldCommentDraft.discard" },
      done("sendComment", sent),
      failed("sendComment", BadRequest.of("soundTooLarge")),
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
      done("saveField", { field: aField, owners: [], structures: [] }),
      failed("saveField", BadRequest.of("fieldGeometryInvalid")),
      { type: "fieldDraw.again" },
    ],
  },
]
