/**
 * Writing a comment on a field: a text, a voice recording, or both (SPEC §3 Field comment). The
 * recording is made in the browser (MediaRecorder): the microphone is asked for first, a refusal or
 * a browser that cannot record is said in words; while recording the time shows; once stopped the
 * person listens to it before sending, or discards it. Sending uses an id chosen here, kept while
 * the same comment is sent again after a failure, so a retry never comments twice.
 *
 * Events the view sends:
 * - `fieldCommentDraft.record`: ask for the microphone and record (again, replacing a recording).
 * - `fieldCommentDraft.stop`: stop recording (then listen); `fieldCommentDraft.cancelRecording`:
 *   give up this recording.
 * - `fieldCommentDraft.discard`: throw the recording away.
 * - `fieldCommentDraft.send` {text}: send the text (and the recording, if any).
 * The recorder answers `recorder.started`, `recorder.tick` {seconds}, `recorder.recorded`
 * {recording} and `recorder.failed` {reason}.
 * Read: `context.recording`, `context.seconds`, `context.refusal` (why recording failed),
 * `context.error`, `context.draft` (a new number once a comment is sent: the text box starts
 * empty again), the tag `busy`. Fires `sent` {comment} once the server has it.
 */
import { assign, sendTo, setup } from "xstate"
import type { FieldComment } from "../../schema/fieldComment"
import type { FieldCommentId, FieldId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound, unboundCallback } from "../lib/kit"

/** A recording made in the browser: its bytes, where to play it, its media type and length. */
export interface Recording {
  readonly blob: Blob
  readonly url: string
  readonly contentType: string
  readonly seconds: number
}

/**
 * Why recording failed: the microphone refused (by the person or the browser's settings), none
 * found, a browser that cannot record (or a page not served over HTTPS), or anything else.
 */
export type RecordRefusal = "denied" | "noMicrophone" | "unsupported" | "failed"

export type RecorderEvent =
  | { type: "recorder.started" }
  | { type: "recorder.tick"; seconds: number }
  | { type: "recorder.recorded"; recording: Recording }
  | { type: "recorder.failed"; reason: RecordRefusal }

export type FieldCommentDraftEvent =
  | { type: "fieldCommentDraft.record" }
  | { type: "fieldCommentDraft.stop" }
  | { type: "fieldCommentDraft.cancelRecording" }
  | { type: "fieldCommentDraft.discard" }
  | { type: "fieldCommentDraft.send"; text: string }
  | RecorderEvent

/** What `sendComment` sends: the comment's id, its field, its text and its recording. */
export interface CommentToSend {
  readonly id: FieldCommentId
  readonly field: FieldId
  readonly text: string | null
  readonly recording: Recording | null
}

export interface FieldCommentDraftContext {
  readonly field: FieldId
  readonly recording: Recording | null
  readonly seconds: number
  readonly refusal: RecordRefusal | null
  readonly error: MessageCode | null
  /** What is being sent, or was last sent and failed (its id is reused for the same comment). */
  readonly pending: CommentToSend | null
  readonly draft: number
}

const textOf = (text: string) => (text.trim() === "" ? null : text.trim())

/** The comment to send: the id of the last failed attempt when it is the same comment, else a new one. */
const toSend = (context: FieldCommentDraftContext, text: string): CommentToSend => {
  const same =
    context.pending !== null &&
    context.pending.text === textOf(text) &&
    context.pending.recording === context.recording
  return {
    id: same && context.pending ? context.pending.id : (crypto.randomUUID() as FieldCommentId),
    field: context.field,
    text: textOf(text),
    recording: context.recording,
  }
}

const sending = <const Done extends string, const Failed extends string>(target: {
  done: Done
  failed: Failed
}) =>
  ({
    description: "The server keeps the comment.",
    tags: ["busy"],
    invoke: {
      id: "sendComment",
      src: "sendComment",
      input: ({ context }: { context: FieldCommentDraftContext }) => context.pending as CommentToSend,
      onDone: {
        description: "Kept: it shows first in the list, the form starts again empty.",
        target: target.done,
        actions: [
          { type: "sent", params: ({ event }: { event: { output: FieldComment } }) => event.output },
          "clear",
        ],
      },
      onError: {
        description: "Refused or unreachable: the draft stays, with the message.",
        target: target.failed,
        actions: { type: "assignError", params: errorParams },
      },
    },
  }) as const

export const fieldCommentDraftMachine = setup({
  types: {
    context: {} as FieldCommentDraftContext,
    events: {} as FieldCommentDraftEvent,
    input: {} as { field: FieldId },
  },
  actors: {
    recorder: unboundCallback<{ type: "stop" }>(),
    sendComment: unbound<FieldComment, CommentToSend>(),
  },
  actions: {
    sent: (_, _comment: FieldComment) => {},
    assignError: assignError(),
    clear: assign(({ context }) => ({
      recording: null,
      pending: null,
      error: null,
      seconds: 0,
      draft: context.draft + 1,
    })),
    prepare: assign(({ context, event }) =>
      event.type === "fieldCommentDraft.send" ? { pending: toSend(context, event.text), error: null } : {},
    ),
  },
  guards: {
    hasText: ({ event }) => event.type === "fieldCommentDraft.send" && textOf(event.text) !== null,
  },
}).createMachine({
  id: "fieldCommentDraft",
  description: "Writing or recording a comment on a field, then sending it.",
  context: ({ input }) => ({
    field: input.field,
    recording: null,
    seconds: 0,
    refusal: null,
    error: null,
    pending: null,
    draft: 0,
  }),
  initial: "writing",
  states: {
    writing: {
      description: "A text box, and a button to record a voice comment.",
      on: {
        "fieldCommentDraft.send": [
          { description: "Send the text.", guard: "hasText", target: "sendingText", actions: "prepare" },
          {
            description: "Nothing written nor recorded: says so.",
            actions: assign({ error: "commentEmpty" as MessageCode }),
          },
        ],
        "fieldCommentDraft.record": { description: "Record a voice comment.", target: "recording" },
      },
    },
    recording: {
      description: "The microphone is asked for, then the sound recorded.",
      initial: "asking",
      invoke: { id: "recorder", src: "recorder" },
      entry: assign({ seconds: 0, refusal: null, error: null }),
      on: {
        "recorder.recorded": {
          description: "Stopped: the recording can be listened to.",
          target: "recorded",
          actions: assign(({ event }) => ({ recording: event.recording, seconds: event.recording.seconds })),
        },
        "recorder.failed": {
          description: "No recording: why is said in words.",
          target: "writing",
          actions: assign(({ event }) => ({ refusal: event.reason, recording: null })),
        },
        "fieldCommentDraft.cancelRecording": {
          description: "Give up this recording.",
          target: "writing",
          actions: assign({ recording: null, seconds: 0 }),
        },
      },
      states: {
        asking: {
          description: "Waiting for the browser's microphone permission.",
          on: { "recorder.started": { description: "Recording.", target: "on" } },
        },
        on: {
          description: "Recording; the time shows.",
          on: {
            "recorder.tick": {
              description: "A second more.",
              actions: assign(({ event }) => ({ seconds: event.seconds })),
            },
            "fieldCommentDraft.stop": {
              description: "Stop: the recording is put together.",
              target: "stopping",
              actions: sendTo("recorder", { type: "stop" }),
            },
          },
        },
        stopping: { description: "The recording is being put together." },
      },
    },
    recorded: {
      description: "A recording to listen to before sending, or to discard.",
      on: {
        "fieldCommentDraft.send": {
          description: "Send it (with the text, if any).",
          target: "sendingVoice",
          actions: "prepare",
        },
        "fieldCommentDraft.discard": {
          description: "Throw it away.",
          target: "writing",
          actions: assign({ recording: null, seconds: 0 }),
        },
        "fieldCommentDraft.record": { description: "Record again instead.", target: "recording" },
      },
    },
    sendingText: sending({ done: "writing", failed: "writing" }),
    sendingVoice: sending({ done: "writing", failed: "recorded" }),
  },
})
