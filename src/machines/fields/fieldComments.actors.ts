import { Effect } from "effect"
import { fromCallback } from "xstate"
import { lazyEffect } from "../../services/lazy"
import { startRecording } from "../../services/recorder"
import { fieldCommentDraftMachine } from "./fieldCommentDraft"
import { fieldCommentsMachine } from "./fieldComments"

export const liveFieldCommentsMachine = fieldCommentsMachine.provide({
  actors: {
    loadComments: lazyEffect((live, field) => live.fields.comments(field)),
    // A playable address for the fetched blob.
    loadSound: lazyEffect((live, { id, contentType }) =>
      live.fields.sound(id, contentType).pipe(Effect.map((blob) => URL.createObjectURL(blob))),
    ),
    deleteComment: lazyEffect((live, id) => live.fields.removeComment(id)),
  },
})

export const liveFieldCommentDraftMachine = fieldCommentDraftMachine.provide({
  actors: {
    // The microphone, while the chart records: released when it stops or is given up.
    recorder: fromCallback<{ type: "stop" }>(({ sendBack, receive }) => {
      const recording = startRecording(sendBack)
      receive(() => recording.stop())
      return () => recording.cancel()
    }),
    sendComment: lazyEffect((live, c) =>
      live.fields.sendComment(c.id, { field: c.field, text: c.text, recording: c.recording }),
    ),
  },
})
