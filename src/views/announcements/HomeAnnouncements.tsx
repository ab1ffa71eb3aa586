import { Anchor, Group, Stack, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAnnouncementsMachine } from "../../machines/announcements/announcements.actors"
import { AnnouncementList } from "./AnnouncementList"

const unread = (a: { readonly readAt: unknown }) => a.readAt === null

/**
 * On the home page, above the help cards: the announcements the person has not read yet (urgent
 * first), each to mark read there, and the way to all of them. Nothing while none is unread.
 */
export const HomeAnnouncements = ({
  machine = liveAnnouncementsMachine,
}: {
  machine?: typeof liveAnnouncementsMachine
}) => {
  const { LL } = useI18nContext()
  const t = LL.announcements
  const actor = useActorRef(machine)
  const count = useSelector(actor, (s) => s.context.announcements.length)
  const waiting = useSelector(actor, (s) => s.context.announcements.some(unread) || s.matches("failed"))
  if (!waiting) return null
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-announcements">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="home-announcements">
          {t.home.title()}
        </Title>
        <Anchor component={Link} to="/home/MegaPhone" fw={600}>
          {t.home.all({ count })}
        </Anchor>
      </Group>
      <AnnouncementList actor={actor} only={unread} />
    </Stack>
  )
}
