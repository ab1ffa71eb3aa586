import { Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAnnouncementsMachine } from "../../machines/announcements/announcements.actors"
import { useMyClusters } from "../common/clusterContexts"
import { useNotify } from "../common/useNotify"
import { AnnouncementForm } from "./AnnouncementForm"
import { AnnouncementList } from "./AnnouncementList"

/** /home/MegaPhone, "Annonces": the announcements showing in the person's structures, and the form to post one. */
export const AnnouncementsPage = ({
  machine = liveAnnouncementsMachine,
}: {
  machine?: typeof liveAnnouncementsMachine
}) => {
  const { LL } = useI18nContext()
  const t = LL.announcements
  const actor = useActorRef(machine)
  const posted = useSelector(actor, (s) => s.context.posted)
  const posting = useSelector(actor, (s) => s.matches({ ready: "posting" }))
  const { clusters } = useMyClusters()
  const notify = useNotify()
  useEffect(() => {
    if (posted !== null) notify(t.form.sent({ cluster: posted.cluster.name }))
  }, [posted, notify, t])
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Title order={1}>{t.title()}</Title>
        <Text c="dimmed">{t.intro()}</Text>
      </Stack>
      <AnnouncementList actor={actor} />
      {clusters === null ? null : (
        <AnnouncementForm
          key={posted?.id ?? "new"}
          clusters={clusters}
          busy={posting}
          onPost={(draft) => actor.send({ type: "announcements.post", draft })}
        />
      )}
    </Stack>
  )
}
