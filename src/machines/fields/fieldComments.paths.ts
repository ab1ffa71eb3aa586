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
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

type Comment = { id: string; sound: { contentType: string } | null; can: { delete: boolean } }
const comments = (s: Seen) => context(s).comments as ReadonlyArray<Comment>
const sounds = (s: Seen) => context(s).sounds as Record<string, string | null>
const ids = (s: Seen) => comments(s).map((c) => c.id)
const lastAsked = (s: Seen, type: string) => lastOf(s, type) as { id: string } | undefined

/** A field's comments (SPEC §3 Field comment, §7, §8): listed, listened to, deleted. */
export const fieldCommentsSpec: Spec = {
  states: {
    loading: [busy, calling("loadComments", (s) => context(s).field)],
    failed: [notBusy, showsRefusalOf("loadComments")],
    ready: [
      check("shows what the server answered, the comments sent since first, the deleted ones gone", (s) => {
        const loaded = (answerOf(s, "loadComments") as ReadonlyArray<Comment>).map((c) => c.id)
        return ids(s).every((id) => loaded.includes(id) || s.events.some((e) => e.comment?.id === id))
      }),
    ],
    "ready.idle": [
      notBusy,
      check("stays when asked to delete a comment the person may not delete", (s) => {
        if (s.event?.type !== "fieldComments.askDelete") return true
        return (
          comments(s).find((c) => c.id === (s.event as unknown as { id: string }).id)?.can.delete !== true
        )
      }),
    ],
    "ready.fetchingSound": [
      calling("loadSound", (s) => {
        const id = lastAsked(s, "fieldComments.listen")?.id
        return { id, contentType: comments(s).find((c) => c.id === id)?.sound?.contentType }
      }),
      check("only for a voice comment", (s) => {
        const id = lastAsked(s, "fieldComments.listen")?.id
        return comments(s).find((c) => c.id === id)?.sound != null
      }),
    ],
    "ready.confirmingDelete": [
      notBusy,
      check("only for a comment the person may delete", (s) =>
        comments(s).some((c) => c.id === context(s).deleting && c.can.delete),
      ),
    ],
    "ready.deleting": [busy, calling("deleteComment", (s) => lastAsked(s, "fieldComments.askDelete")?.id)],
  },
  moves: [
    { from: "loading", on: doneOf("loadComments"), to: "ready.idle" },
    { from: "loading", on: errorOf("loadComments"), to: "failed" },
    { from: "failed", on: "fieldComments.retry", to: "loading" },
    {
      from: "ready.fetchingSound",
      on: doneOf("loadSound"),
      to: "ready.idle",
      after: [
        check("plays the fetched sound", (s) => {
          const id = lastAsked(s, "fieldComments.listen")?.id ?? ""
          return sounds(s)[id] === answerOf(s, "loadSound")
        }),
      ],
    },
    {
      from: "ready.fetchingSound",
      on: errorOf("loadSound"),
      to: "ready.idle",
      after: [
        check("keeps the comment, its sound set to none (SPEC §8)", (s) => {
          const id = lastAsked(s, "fieldComments.listen")?.id ?? ""
          return sounds(s)[id] === null && ids(s).includes(id)
        }),
      ],
    },
    { from: "ready.confirmingDelete", on: "fieldComments.cancelDelete", to: "ready.idle" },
    { from: "ready.confirmingDelete", on: "fieldComments.delete", to: "ready.deleting" },
    {
      from: "ready.deleting",
      on: doneOf("deleteComment"),
      to: "ready.idle",
      after: [
        check(
          "drops the deleted comment",
          (s) => !ids(s).includes(lastAsked(s, "fieldComments.askDelete")?.id ?? ""),
        ),
      ],
    },
    {
      from: "ready.deleting",
      on: errorOf("deleteComment"),
      to: "ready.idle",
      after: [
        showsRefusalOf("deleteComment"),
        check("keeps the comment", (s) => ids(s).includes(lastAsked(s, "fieldComments.askDelete")?.id ?? "")),
      ],
    },
    {
      from: "ready",
      on: "fieldComments.add",
      to: null,
      after: [
        check("shows the sent comment first", (s) =>
          isDeepStrictEqual(comments(s)[0], (s.event as unknown as { comment: unknown }).comment),
        ),
      ],
    },
  ],
}
