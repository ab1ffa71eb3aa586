import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import {
  liveFieldCommentDraftMachine,
  liveFieldCommentsMachine,
} from "../../machines/fields/fieldComments.actors"
import type { FieldComment } from "../../schema/fieldComment"
import type { FieldId } from "../../schema/ids"
import { userLabel } from "../../schema/user"
import { ConfirmDelete } from "../common/ConfirmDelete"
import { formatDate } from "../common/format"
import { useProvided } from "../common/useProvided"

/** Minutes and seconds of a recording, "1:05". */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`

/**
 * A field's comments, newest first (the `fieldComments` chart), and the form to write or record one
 * (the `fieldCommentDraft` chart): what is sent shows first in the list.
 */
export const FieldComments = ({
  field,
  list = liveFieldCommentsMachine,
  draft = liveFieldCommentDraftMachine,
}: {
  field: FieldId
  list?: typeof liveFieldCommentsMachine
  draft?: typeof liveFieldCommentDraftMachine
}) => {
  const { LL } = useI18nContext()
  const comments = useActorRef(list, { input: { field } })
  const composer = useActorRef(
    useProvided(draft, { sent: (_, comment) => comments.send({ type: "fieldComments.add", comment }) }),
    { input: { field } },
  )
  const state = useSelector(comments, (s) => s)
  // The fetched sounds and the recording are held in memory under blob: addresses: let them go with the page.
  useEffect(
    () => () => {
      const urls = [
        ...Object.values(comments.getSnapshot().context.sounds),
        composer.getSnapshot().context.recording?.url,
      ]
      for (const url of urls) if (url) URL.revokeObjectURL(url)
    },
    [comments, composer],
  )
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {LL.fields.comments.title()}
        </Title>
        <Draft actor={composer} />
        {state.matches("loading") ? <Loader size="sm" /> : null}
        {state.matches("failed") ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text>{LL.fields.comments.loadFailed()}</Text>
              <Button variant="default" onClick={() => comments.send({ type: "fieldComments.retry" })}>
                {LL.fields.comments.retry()}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {state.matches("ready") && state.context.error ? (
          <Alert color="red" role="alert">
            {errorText(LL, state.context.error)}
          </Alert>
        ) : null}
        {state.matches("ready") && state.context.comments.length === 0 ? (
          <Text c="dimmed">{LL.fields.comments.none()}</Text>
        ) : null}
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {state.context.comments.map((comment) => (
            <Comment key={comment.id} comment={comment} actor={comments} />
          ))}
        </Stack>
        <ConfirmDelete
          opened={state.matches({ ready: "confirmingDelete" })}
          title={LL.fields.comments.deleteTitle()}
          warning={LL.fields.comments.deleteWarning()}
          keep={LL.fields.comments.keep()}
          remove={LL.fields.comments.delete()}
          onKeep={() => comments.send({ type: "fieldComments.cancelDelete" })}
          onDelete={() => comments.send({ type: "fieldComments.delete" })}
        />
      </Stack>
    </Paper>
  )
}

type CommentsActor = ReturnType<typeof useActorRef<typeof liveFieldCommentsMachine>>

const Comment = ({ comment, actor }: { comment: FieldComment; actor: CommentsActor }) => {
  const { LL, locale } = useI18nContext()
  const sound = useSelector(actor, (s) => s.context.sounds[comment.id])
  const fetching = useSelector(
    actor,
    (s) => s.matches({ ready: "fetchingSound" }) && s.context.listening === comment.id,
  )
  const deleting = useSelector(actor, (s) => s.hasTag("busy") && s.context.deleting === comment.id)
  const name = userLabel(comment.author)
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
            {LL.fields.comments.by({ name, date: formatDate(comment.createdAt, locale) })}
          </Text>
          {comment.can.delete ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              style={{ flexShrink: 0 }}
              loading={deleting}
              onClick={() => actor.send({ type: "fieldComments.askDelete", id: comment.id })}
            >
              {LL.fields.comments.delete()}
            </Button>
          ) : null}
        </Group>
        {comment.text ? (
          <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{comment.text}</Text>
        ) : null}
        {comment.sound ? (
          sound === undefined ? (
            <Group gap="xs">
              <Button
                variant="light"
                size="sm"
                loading={fetching}
                onClick={() => actor.send({ type: "fieldComments.listen", id: comment.id })}
              >
                {LL.fields.comments.listen()}
              </Button>
              <Text size="sm" c="dimmed">
                {fetching ? LL.fields.comments.soundLoading() : LL.fields.comments.voice()}
              </Text>
            </Group>
          ) : sound === null ? (
            <Text size="sm" c="dimmed">
              {LL.fields.comments.voice()} · {LL.fields.comments.soundNone()}
            </Text>
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: a farmer's voice note has no captions to offer
            <audio
              controls
              autoPlay
              src={sound}
              aria-label={LL.fields.comments.player({ name })}
              style={{ width: "100%" }}
            />
          )
        ) : null}
      </Stack>
    </Paper>
  )
}

type DraftActor = ReturnType<typeof useActorRef<typeof liveFieldCommentDraftMachine>>

const Draft = ({ actor }: { actor: DraftActor }) => {
  const { LL } = useI18nContext()
  const state = useSelector(actor, (s) => s)
  const text = useRef<HTMLTextAreaElement>(null)
  const { recording, seconds, refusal, error, draft } = state.context
  const busy = state.hasTag("busy")
  const send = () => actor.send({ type: "fieldCommentDraft.send", text: text.current?.value ?? "" })
  const t = LL.fields.comments
  return (
    <Stack gap="xs">
      <Textarea
        key={draft}
        ref={text}
        label={t.write()}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2000}
        disabled={busy}
      />
      {state.matches("recording") ? (
        <Group gap="sm" role="status">
          <Text fw={600} c={state.matches({ recording: "on" }) ? "red" : undefined}>
            {state.matches({ recording: "asking" }) ? t.asking() : t.recording({ time: clock(seconds) })}
          </Text>
          {state.matches({ recording: "on" }) ? (
            <Button color="red" onClick={() => actor.send({ type: "fieldCommentDraft.stop" })}>
              {t.stop()}
            </Button>
          ) : null}
          <Button variant="default" onClick={() => actor.send({ type: "fieldCommentDraft.cancelRecording" })}>
            {t.cancel()}
          </Button>
        </Group>
      ) : null}
      {recording && (state.matches("recorded") || state.matches("sendingVoice")) ? (
        <Stack gap={4}>
          <Text size="sm">{t.recorded({ time: clock(recording.seconds) })}</Text>
          {/* biome-ignore lint/a11y/useMediaCaption: the person's own recording, played back before sending */}
          <audio controls src={recording.url} aria-label={t.preview()} style={{ width: "100%" }} />
        </Stack>
      ) : null}
      {refusal ? (
        <Alert color="orange" role="alert">
          {t[refusal]()}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {errorText(LL, error)}
        </Alert>
      ) : null}
      <Group gap="sm">
        {state.matches("recording") ? null : (
          <Button
            variant="default"
            disabled={busy}
            onClick={() => actor.send({ type: "fieldCommentDraft.record" })}
          >
            {recording ? t.recordAgain() : t.record()}
          </Button>
        )}
        {state.matches("recorded") ? (
          <Button
            variant="subtle"
            color="red"
            onClick={() => actor.send({ type: "fieldCommentDraft.discard" })}
          >
            {t.discard()}
          </Button>
        ) : null}
        <Button onClick={send} loading={busy} disabled={state.matches("recording")}>
          {t.send()}
        </Button>
      </Group>
    </Stack>
  )
}
