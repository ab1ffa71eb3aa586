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

const recording = (s: Seen) => context(s).recording as { url: string } | null
const pending = (s: Seen) =>
  context(s).pending as { id: string; text: string | null; recording: unknown } | null
const typed = (s: Seen) => {
  const text = String(
    (lastOf(s, "fieldCommentDraft.send") as { text?: string } | undefined)?.text ?? "",
  ).trim()
  return text === "" ? null : text
}
const sendsDraft = (s: Seen) =>
  calling("sendComment", () => ({
    id: pending(s)?.id,
    field: context(s).field,
    text: typed(s),
    recording: recording(s),
  })).holds(s)
const sendingChecks = [
  busy,
  check("sends the typed text and the recording under the draft's id", sendsDraft),
  check("reuses the id of a failed attempt at the same comment", (s) => {
    const attempts = s.running.filter((r) => r.src === "sendComment")
    return attempts.every((r) => (r.input as { id: string }).id === pending(s)?.id)
  }),
]

/** Writing or recording a comment on a field (SPEC §3 Field comment; the recording rules). */
export const fieldCommentDraftSpec: Spec = {
  states: {
    writing: [
      notBusy,
      check("holds no recording", (s) => recording(s) === null),
      check("says a comment needs a text or a recording when sent empty", (s) =>
        s.event?.type === "fieldCommentDraft.send" && typed(s) === null
          ? context(s).error === "commentEmpty"
          : true,
      ),
    ],
    recording: [notBusy, calling("recorder"), check("holds no refusal", (s) => context(s).refusal === null)],
    "recording.asking": [check("shows no time yet", (s) => context(s).seconds === 0)],
    "recording.on": [
      check("shows the time the recorder last told", (s) => {
        const tick = lastOf(s, "recorder.tick", "fieldCommentDraft.record") as
          | { seconds?: number }
          | undefined
        return context(s).seconds === (tick?.seconds ?? 0)
      }),
    ],
    "recording.stopping": [
      check("has asked the recorder to stop", (s) => lastOf(s, "fieldCommentDraft.stop") !== undefined),
    ],
    recorded: [
      notBusy,
      check("holds the recording to listen to", (s) => {
        const made = lastOf(s, "recorder.recorded") as { recording: unknown } | undefined
        return made !== undefined && recording(s) === made.recording
      }),
    ],
    sendingText: [...sendingChecks, check("sends no recording", (s) => recording(s) === null)],
    sendingVoice: [...sendingChecks, check("sends the recording", (s) => recording(s) !== null)],
  },
  moves: [
    { from: "writing", on: "fieldCommentDraft.record", to: "recording.asking" },
    { from: "recorded", on: "fieldCommentDraft.record", to: "recording.asking" },
    { from: "recording.asking", on: "recorder.started", to: "recording.on" },
    { from: "recording.on", on: "fieldCommentDraft.stop", to: "recording.stopping" },
    { from: "recording", on: "recorder.recorded", to: "recorded" },
    {
      from: "recording",
      on: "recorder.failed",
      to: "writing",
      after: [
        check(
          "says why in words",
          (s) => context(s).refusal === (s.event as unknown as { reason: string }).reason,
        ),
      ],
    },
    { from: "recording", on: "fieldCommentDraft.cancelRecording", to: "writing" },
    { from: "recorded", on: "fieldCommentDraft.discard", to: "writing" },
    {
      from: "writing",
      on: "fieldCommentDraft.send",
      given: ["with a text", (e) => String(e.text).trim() !== ""],
      to: "sendingText",
    },
    {
      from: "writing",
      on: "fieldCommentDraft.send",
      given: ["empty", (e) => String(e.text).trim() === ""],
      to: "writing",
    },
    { from: "recorded", on: "fieldCommentDraft.send", to: "sendingVoice" },
    ...(["sendingText", "sendingVoice"] as const).flatMap((from) => [
      {
        from,
        on: doneOf("sendComment"),
        to: "writing",
        after: [
          check(
            "starts a new, empty draft",
            (s) =>
              context(s).draft === s.events.filter((e) => e.type === doneOf("sendComment")).length &&
              context(s).pending === null,
          ),
        ],
      },
      {
        from,
        on: errorOf("sendComment"),
        to: from === "sendingText" ? "writing" : "recorded",
        after: [showsRefusalOf("sendComment")],
      },
    ]),
  ],
}
