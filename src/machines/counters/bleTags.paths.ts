import { isDeepStrictEqual } from "node:util"
import {
  active,
  answerOf,
  busy,
  calling,
  check,
  codeOf,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/** Issue 4: the structures' BLE tags, a machine tag to a machine, a user tag to a member. */
export const bleTagsSpec: Spec = {
  states: {
    loading: [busy, calling("loadTags")],
    failed: [notBusy, active, showsRefusalOf("loadTags")],
    ready: [
      notBusy,
      active,
      check("has the tags, machines, members and product types answered", (s) => {
        const answer = answerOf(s, "loadTags") as
          | { machines: unknown; members: unknown; productTypes: unknown }
          | undefined
        return (
          answer !== undefined &&
          context(s).tags !== undefined &&
          isDeepStrictEqual(context(s).machines, answer.machines) &&
          isDeepStrictEqual(context(s).members, answer.members) &&
          isDeepStrictEqual(context(s).productTypes, answer.productTypes)
        )
      }),
      check("shows the refusal if attributing was refused last", (s) => {
        const last = lastOf(s, doneOf("attributeTag"), errorOf("attributeTag"))
        return last?.type !== errorOf("attributeTag") || context(s).error === codeOf(last.error)
      }),
    ],
    attributing: [
      busy,
      calling("attributeTag", (s) => {
        const { type: _, ...attribution } = lastOf(s, "bleTags.attribute") ?? {}
        return attribution
      }),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadTags"), to: "ready" },
    { from: "loading", on: errorOf("loadTags"), to: "failed" },
    { from: "failed", on: "bleTags.retry", to: "loading" },
    { from: "ready", on: "bleTags.attribute", to: "attributing" },
    {
      from: "attributing",
      on: doneOf("attributeTag"),
      to: "ready",
      after: [
        check("the tag shows what the server answered", (s) => {
          const answer = answerOf(s, "attributeTag") as { id: unknown }
          return (context(s).tags as ReadonlyArray<{ id: unknown }>).some(
            (t) => t.id === answer.id && isDeepStrictEqual(t, answer),
          )
        }),
        check(
          "says which tag was attributed",
          (s) => context(s).saved === (answerOf(s, "attributeTag") as { id: unknown }).id,
        ),
      ],
    },
    { from: "attributing", on: errorOf("attributeTag"), to: "ready" },
  ],
}
