import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core"
import type { useActorRef } from "@xstate/react"
import { useSelector } from "@xstate/react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveAnnouncementsMachine } from "../../machines/announcements/announcements.actors"
import { ConfirmDelete } from "../common/ConfirmDelete"
import { AnnouncementCard } from "./AnnouncementCard"

export type AnnouncementsActor = ReturnType<typeof useActorRef<typeof liveAnnouncementsMachine>>

/** The list of announcements and its states (loading, refused, none), shared by this page and the home page. */
export const AnnouncementList = ({
  actor,
  only,
}: {
  actor: AnnouncementsActor
  /** Which to show (all when absent). */
  only?: (a: { readonly readAt: unknown }) => boolean
}) => {
  const { LL } = useI18nContext()
  const t = LL.announcements
  const state = useSelector(actor, (s) => s)
  const { announcements, reading, ending, error } = state.context
  const shown = only ? announcements.filter(only) : announcements
  return (
    <Stack gap="sm">
      {state.matches("loading") ? <Loader role="progressbar" size="sm" aria-label={t.title()} /> : null}
      {state.matches("failed") ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{t.loadFailed()}</Text>
            <Button variant="default" onClick={() => actor.send({ type: "announcements.retry" })}>
              {t.retry()}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {state.matches("ready") && error !== null ? (
        <Alert color="red" role="alert">
          {errorText(LL, error)}
        </Alert>
      ) : null}
      {state.matches("ready") && announcements.length === 0 && only === undefined ? (
        <Text c="dimmed">{t.none()}</Text>
      ) : null}
      {shown.length > 0 ? (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {shown.map((a) => (
            <AnnouncementCard
              key={a.id}
              announcement={a}
              reading={state.matches({ ready: "marking" }) && reading === a.id}
              ending={state.matches({ ready: "ending" }) && ending === a.id}
              onRead={() => actor.send({ type: "announcements.markRead", id: a.id })}
              onEnd={() => actor.send({ type: "announcements.askEnd", id: a.id })}
            />
          ))}
        </Stack>
      ) : null}
      <ConfirmDelete
        opened={state.matches({ ready: "confirmingEnd" })}
        title={t.endTitle()}
        warning={t.endWarning()}
        keep={t.keep()}
        remove={t.end()}
        onKeep={() => actor.send({ type: "announcements.cancelEnd" })}
        onDelete={() => actor.send({ type: "announcements.end" })}
      />
    </Stack>
  )
}
