import { isDeepStrictEqual } from "node:util"
import {
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

const lastAsk = (s: Seen) => {
  const e = lastOf(s, "export.file")
  return e === undefined ? null : { format: e.format, query: e.query, lang: e.lang, zone: e.zone }
}

/**
 * "Exporter mes données": the file written is the one asked last, in its format and with its
 * filters; while it is written nothing else is asked; a refusal shows its message.
 */
export const activityExportSpec: Spec = {
  states: {
    idle: [notBusy, check("has asked nothing", (s) => context(s).asked === null)],
    exporting: [busy, calling("exportFile", lastAsk)],
    done: [
      notBusy,
      check("remembers the file handed over", (s) => isDeepStrictEqual(context(s).asked, lastAsk(s))),
      check("shows no error", (s) => context(s).error === null),
    ],
    failed: [notBusy, showsRefusalOf("exportFile")],
  },
  moves: [
    { from: "idle", on: "export.file", to: "exporting" },
    { from: "done", on: "export.file", to: "exporting" },
    { from: "failed", on: "export.file", to: "exporting" },
    { from: "exporting", on: doneOf("exportFile"), to: "done" },
    { from: "exporting", on: errorOf("exportFile"), to: "failed" },
  ],
}
