/**
 * A field's comments (SPEC §3 Field comment, §7 `GET fields_comment?field=`), newest first: each
 * voice comment's sound fetched when the person asks to listen (`GET fields_comment/{id}?sound=true`,
 * a blob); a failed fetch sets its sound to none (SPEC §8) and the comment stays. Deleting one
 * (its author's, or any for whoever manages the field) asks for a confirmation first.
 *
 * Events the view sends:
 * - `fieldComments.retry`: load again after a failure.
 * - `fieldComments.listen` {id}: fetch a voice comment's sound (once).
 * - `fieldComments.askDelete` {id}, then `fieldComments.delete` or `fieldComments.cancelDelete`.
 * - `fieldComments.add` {comment}: one the person just sent (from the `fieldCommentDraft` chart).
 * Read: `context.comments`, `context.sounds` (id → a playable address, or null: none), `context.error`,
 * `context.deleting` (the comment being confirmed or deleted), the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { FieldComment } from "../../schema/fieldComment"
import type { FieldCommentId, FieldId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, firstLoad, unbound } from "../lib/kit"

export type FieldCommentsEvent =
  | { type: "fieldComments.retry" }
  | { type: "fieldComments.listen"; id: FieldCommentId }
  | { type: "fieldComments.askDelete"; id: FieldCommentId }
  | { type: "fieldComments.cancelDelete" }
  | { type: "fieldComments.delete" }
  | { type: "fieldComments.add"; comment: FieldComment }

export interface FieldCommentsContext {
  readonly field: FieldId
  readonly comments: ReadonlyArray<FieldComment>
  /** A voice comment's sound once asked for: where to play it, or null when it could not be fetched. */
  readonly sounds: Readonly<Record<string, string | null>>
  readonly listening: FieldCommentId | null
  readonly deleting: FieldCommentId | null
  readonly error: MessageCode | null
}

const load = firstLoad({
  src: "loadComments",
  assign: "assignComments",
  retry: "fieldComments.retry",
  loading: "Asking the server for the field's comments.",
  done: "The comments arrived.",
  failed: "The comments could not be loaded.",
})

const byId = (context: FieldCommentsContext, id: FieldCommentId | null) =>
  context.comments.find((c) => c.id === id)

export const fieldCommentsMachine = setup({
  types: {
    context: {} as FieldCommentsContext,
    events: {} as FieldCommentsEvent,
    input: {} as { field: FieldId },
  },
  actors: {
    loadComments: unbound<ReadonlyArray<FieldComment>, FieldId>(),
    loadSound: unbound<string, { id: FieldCommentId; contentType: string }>(),
    deleteComment: unbound<void, FieldCommentId>(),
  },
  actions: {
    assignComments: assign((_, comments: ReadonlyArray<FieldComment>) => ({ comments, error: null })),
    assignError: assignError(),
    add: assign(({ context, event }) =>
      event.type === "fieldComments.add"
        ? { comments: [event.comment, ...context.comments.filter((c) => c.id !== event.comment.id)] }
        : {},
    ),
    assignSound: assign(({ context }, url: string | null) => ({
      sounds: { ...context.sounds, [context.listening ?? ""]: url },
      listening: null,
    })),
    dropDeleted: assign(({ context }) => ({
      comments: context.comments.filter((c) => c.id !== context.deleting),
      deleting: null,
    })),
  },
  guards: {
    hasSound: ({ context, event }) =>
      event.type === "fieldComments.listen" &&
      byId(context, event.id)?.sound != null &&
      !(event.id in context.sounds),
    mayDelete: ({ context, event }) =>
      event.type === "fieldComments.askDelete" && byId(context, event.id)?.can.delete === true,
  },
}).createMachine({
  id: "fieldComments",
  description: "A field's comments, text and voice, newest first.",
  context: ({ input }) => ({
    field: input.field,
    comments: [],
    sounds: {},
    listening: null,
    deleting: null,
    error: null,
  }),
  initial: "loading",
  states: {
    ...load,
    loading: {
      ...load.loading,
      invoke: {
        ...load.loading.invoke,
        input: ({ context }: { context: FieldCommentsContext }) => context.field,
      },
    },
    ready: {
      description: "The comments are shown.",
      initial: "idle",
      on: {
        "fieldComments.add": { description: "One the person just sent, first.", actions: "add" },
      },
      states: {
        idle: {
          description: "The list, each voice comment with a button to listen.",
          on: {
            "fieldComments.listen": {
              description: "Listen to a voice comment: its sound is fetched first (once).",
              guard: "hasSound",
              target: "fetchingSound",
              actions: assign(({ event }) => ({ listening: event.id, error: null })),
            },
            "fieldComments.askDelete": {
              description: "Asks to delete a comment the person may delete: a confirmation first.",
              guard: "mayDelete",
              target: "confirmingDelete",
              actions: assign(({ event }) => ({ deleting: event.id, error: null })),
            },
          },
        },
        fetchingSound: {
          description: "The sound is fetched, as a blob.",
          invoke: {
            id: "loadSound",
            src: "loadSound",
            input: ({ context }) => ({
              id: context.listening as FieldCommentId,
              contentType: byId(context, context.listening)?.sound?.contentType ?? "",
            }),
            onDone: {
              description: "It can be played.",
              target: "idle",
              actions: { type: "assignSound", params: ({ event }) => event.output },
            },
            onError: {
              description: "It could not be fetched: the comment stays, without sound (SPEC §8).",
              target: "idle",
              actions: { type: "assignSound", params: null },
            },
          },
        },
        confirmingDelete: {
          description: "Asking whether to delete the comment.",
          on: {
            "fieldComments.cancelDelete": {
              description: "Keep it.",
              target: "idle",
              actions: assign({ deleting: null }),
            },
            "fieldComments.delete": { description: "Delete it.", target: "deleting" },
          },
        },
        deleting: {
          description: "The server deletes it.",
          tags: ["busy"],
          invoke: {
            id: "deleteComment",
            src: "deleteComment",
            input: ({ context }) => context.deleting as FieldCommentId,
            onDone: { description: "Gone from the list.", target: "idle", actions: "dropDeleted" },
            onError: {
              description: "Refused or unreachable: it stays, with the message.",
              target: "idle",
              actions: [{ type: "assignError", params: errorParams }, assign({ deleting: null })],
            },
          },
        },
      },
    },
  },
})
