import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Announcement } from "../../schema/announcement"
import { userLabel } from "../../schema/user"
import { formatDate } from "../common/format"
import { wrapping } from "../common/wrapping"

/**
 * One announcement: urgent ones in red; unread ones marked and offering "Marquer comme lue"; who
 * posted it, for which structure, when, and until when; "Terminer l'annonce" for whoever may.
 */
export const AnnouncementCard = ({
  announcement: a,
  reading,
  ending,
  onRead,
  onEnd,
}: {
  announcement: Announcement
  reading: boolean
  ending: boolean
  onRead: () => void
  onEnd: () => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.announcements
  const urgent = a.urgency === "urgent"
  const unread = a.readAt === null
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      radius="md"
      bg={unread && !urgent ? "primary.0" : undefined}
      style={{
        borderLeft: `4px solid var(--mantine-color-${urgent ? "red-7" : unread ? "primary-6" : "gray-4"})`,
      }}
      aria-label={urgent ? `${t.urgent()} : ${a.message}` : a.message}
    >
      <Stack gap="xs">
        {urgent || unread ? (
          <Group gap="xs">
            {urgent ? (
              <Badge color="red" variant="filled" tt="none">
                {t.urgent()}
              </Badge>
            ) : null}
            {unread ? (
              <Badge color="primary" variant="outline" tt="none">
                {t.unread()}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <Text fw={unread ? 600 : 400} size="lg" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {a.message}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {t.byline({
            name: a.author === null ? t.someone() : userLabel(a.author),
            cluster: a.cluster.name,
            date: formatDate(a.createdAt, locale),
          })}
          {a.endsAt === null ? "" : ` · ${t.until({ date: formatDate(a.endsAt, locale) })}`}
        </Text>
        {unread || a.can.end ? (
          <Group gap="xs">
            {unread ? (
              <Button variant="light" {...wrapping} loading={reading} onClick={onRead}>
                {t.markRead()}
              </Button>
            ) : null}
            {a.can.end ? (
              <Button variant="subtle" color="red" {...wrapping} loading={ending} onClick={onEnd}>
                {t.end()}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  )
}
