import { isDeepStrictEqual } from "node:util"
import type { ImportPreview } from "../../schema/field"
import {
  answerOf,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

const preview = (s: Parameters<typeof context>[0]) => context(s).preview as ImportPreview | null
const chosen = (s: Parameters<typeof context>[0]) => context(s).chosen as ReadonlyArray<number>
const chosenFile = (s: Parameters<typeof context>[0]) =>
  (lastOf(s, "fieldImport.choose") as { file?: unknown } | undefined)?.file

const nothingSaved = check("has saved nothing yet", (s) => context(s).result === null)
const showsPreview = check("shows the preview the server answered last", (s) =>
  isDeepStrictEqual(preview(s), answerOf(s, "previewFile")),
)
const onlyImportable = check("ticks only parcels that can be imported", (s) =>
  chosen(s).every((key) => preview(s)?.candidates.some((c) => c.key === key && c.action !== "refused")),
)
const confirmNeedsOne = check(
  "stays on the preview when confirm comes with nothing ticked",
  (s) => s.event?.type !== "fieldImport.confirm" || chosen(s).length === 0,
)
const ticksWhatChanges = check("ticks, by default, what would be created or updated", (s) =>
  isDeepStrictEqual(
    [...chosen(s)].sort(),
    (preview(s)?.candidates ?? [])
      .filter((c) => c.action === "create" || c.action === "update")
      .map((c) => c.key)
      .sort(),
  ),
)

export const fieldImportSpec: Spec = {
  states: {
    choosing: [notBusy, nothingSaved],
    previewing: [busy, nothingSaved, calling("previewFile", chosenFile)],
    reviewing: [notBusy, nothingSaved, showsPreview, onlyImportable, confirmNeedsOne],
    importing: [
      busy,
      nothingSaved,
      calling("importFile", (s) => ({ ...(chosenFile(s) as object), keys: chosen(s) })),
      check("has at least one parcel ticked", (s) => chosen(s).length > 0),
    ],
    imported: [
      notBusy,
      check("shows what the server saved", (s) =>
        isDeepStrictEqual(context(s).result, answerOf(s, "importFile")),
      ),
    ],
  },
  moves: [
    { from: "choosing", on: "fieldImport.choose", to: "previewing" },
    { from: "previewing", on: doneOf("previewFile"), to: "reviewing", after: [ticksWhatChanges] },
    {
      from: "previewing",
      on: errorOf("previewFile"),
      to: "choosing",
      after: [showsRefusalOf("previewFile")],
    },
    { from: "reviewing", on: "fieldImport.toggle", to: "reviewing" },
    { from: "reviewing", on: "fieldImport.choose", to: "previewing" },
    { from: "importing", on: doneOf("importFile"), to: "imported" },
    { from: "importing", on: errorOf("importFile"), to: "reviewing", after: [showsRefusalOf("importFile")] },
    { from: "imported", on: "fieldImport.again", to: "choosing" },
  ],
}
