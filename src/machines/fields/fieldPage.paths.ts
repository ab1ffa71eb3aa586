import { isDeepStrictEqual } from "node:util"
import { answerOf, busy, calling, check, context, doneOf, errorOf, notBusy, type Spec } from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/** A field's page (SPEC §2 fields/{idField}): its facts as the server answered, or why not. */
export const fieldPageSpec: Spec = {
  states: {
    loading: [busy, calling("loadField", (s) => context(s).id)],
    ready: [
      notBusy,
      check("shows the field the server answered", (s) =>
        isDeepStrictEqual(context(s).detail, answerOf(s, "loadField")),
      ),
    ],
    failed: [notBusy, showsRefusalOf("loadField")],
  },
  moves: [
    { from: "loading", on: doneOf("loadField"), to: "ready" },
    { from: "loading", on: errorOf("loadField"), to: "failed" },
    { from: "failed", on: "fieldPage.retry", to: "loading" },
  ],
}
