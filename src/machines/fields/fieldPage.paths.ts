import { isDeepStrictEqual } from "node:util"
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

const mayDelete = (s: Parameters<typeof context>[0]) =>
  (context(s).detail as { field: { can: { delete: boolean } } } | null)?.field.can.delete === true

/** A field's page (SPEC §2 fields/{idField}): its facts as the server answered, or why not. */
export const fieldPageSpec: Spec = {
  states: {
    loading: [busy, calling("loadField", (s) => context(s).id)],
    ready: [
      check("shows the field the server answered", (s) =>
        isDeepStrictEqual(context(s).detail, answerOf(s, "loadField")),
      ),
    ],
    failed: [notBusy, showsRefusalOf("loadField")],
    "ready.viewing": [
      notBusy,
      check(
        "stays when asked to delete a field the person may not delete",
        (s) => s.event?.type !== "fieldPage.askDelete" || !mayDelete(s),
      ),
    ],
    "ready.confirmingDelete": [notBusy, check("only for a field the person may delete", mayDelete)],
    "ready.deleting": [busy, calling("deleteField", (s) => context(s).id)],
    deleted: [
      notBusy,
      check("deleted the field the page shows", (s) => lastOf(s, doneOf("deleteField")) !== undefined),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadField"), to: "ready" },
    { from: "loading", on: errorOf("loadField"), to: "failed" },
    { from: "failed", on: "fieldPage.retry", to: "loading" },
    { from: "ready.confirmingDelete", on: "fieldPage.cancelDelete", to: "ready.viewing" },
    { from: "ready.confirmingDelete", on: "fieldPage.delete", to: "ready.deleting" },
    { from: "ready.deleting", on: doneOf("deleteField"), to: "deleted" },
    {
      from: "ready.deleting",
      on: errorOf("deleteField"),
      to: "ready.viewing",
      after: [showsRefusalOf("deleteField")],
    },
  ],
}
