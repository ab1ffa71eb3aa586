import { isDeepStrictEqual } from "node:util"
import { answerOf, busy, calling, check, context, doneOf, errorOf, notBusy, type Spec } from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/** The fields a person sees (SPEC §2 FieldsMain): what the server answered, or why not. */
const showsAnswer = check("shows exactly the fields the server answered last", (s) =>
  isDeepStrictEqual(context(s).fields, answerOf(s, "loadFields")),
)

export const fieldListSpec: Spec = {
  states: {
    loading: [busy, calling("loadFields")],
    ready: [notBusy, showsAnswer],
    failed: [notBusy, showsRefusalOf("loadFields")],
  },
  moves: [
    { from: "loading", on: doneOf("loadFields"), to: "ready" },
    { from: "loading", on: errorOf("loadFields"), to: "failed" },
    { from: "failed", on: "fieldList.refresh", to: "loading" },
    { from: "ready", on: "fieldList.refresh", to: "loading" },
  ],
}
