import { isDeepStrictEqual } from "node:util"
import { answerOf, busy, calling, check, context, doneOf, errorOf, notBusy, type Spec } from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/**
 * A list loaded once (SPEC §2 FieldsMain): what the server answered, kept in `context[key]`, or
 * why not; `refresh` loads it again.
 */
export const loadedListSpec = (actor: string, key: string, refresh: string): Spec => ({
  states: {
    loading: [busy, calling(actor)],
    ready: [
      notBusy,
      check("shows exactly what the server answered last", (s) =>
        isDeepStrictEqual((context(s) as Record<string, unknown>)[key], answerOf(s, actor)),
      ),
    ],
    failed: [notBusy, showsRefusalOf(actor)],
  },
  moves: [
    { from: "loading", on: doneOf(actor), to: "ready" },
    { from: "loading", on: errorOf(actor), to: "failed" },
    { from: "failed", on: refresh, to: "loading" },
    { from: "ready", on: refresh, to: "loading" },
  ],
})

/** The fields a person sees with their outlines. */
export const fieldListSpec = loadedListSpec("loadFields", "fields", "fieldList.refresh")

/** The fields a person sees, without outlines (FieldsMain at any size). */
export const fieldIndexSpec = loadedListSpec("loadIndex", "index", "fieldIndex.refresh")
