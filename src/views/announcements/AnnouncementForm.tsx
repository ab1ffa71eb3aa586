import { Button, NativeSelect, Paper, Stack, Switch, Text, Textarea, Title } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { AnnouncementDraft } from "../../machines/announcements/announcements"
import { maxAnnouncementLength } from "../../schema/announcement"
import type { Cluster } from "../../schema/cluster"
import { DateTimeField } from "../common/DateTimeField"
import { RightHint } from "../common/RightHint"

/**
 * "Nouvelle annonce": the structure (among those where the person may "Modifier les informations
 * de la structure"), the message, urgent or not, and an optional end. Without that right in any
 * structure, the right it takes is named instead. The form starts again empty once one is posted
 * (the caller changes its `key`).
 */
export const AnnouncementForm = ({
  clusters,
  busy,
  onPost,
}: {
  clusters: ReadonlyArray<Cluster>
  busy: boolean
  onPost: (draft: AnnouncementDraft) => void
}) => {
  const { LL } = useI18nContext()
  const t = LL.announcements.form
  const mine = clusters.filter((c) => c.myRights.includes("editCluster"))
  const [cluster, setCluster] = useState(mine[0]?.id ?? null)
  const [message, setMessage] = useState("")
  const [urgent, setUrgent] = useState(false)
  const [endsAt, setEndsAt] = useState<number | null>(null)
  const [partial, setPartial] = useState(false)
  const chosen = mine.find((c) => c.id === cluster) ?? mine[0]
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t.title()}
        </Title>
        {chosen === undefined ? (
          <RightHint right="editCluster" />
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault()
              if (message.trim() === "" || partial) return
              onPost({ cluster: chosen.id, message, urgency: urgent ? "urgent" : "info", endsAt })
            }}
          >
            <Stack gap="sm">
              {mine.length > 1 ? (
                <NativeSelect
                  size="md"
                  label={t.cluster()}
                  value={chosen.id}
                  data={mine.map((c) => ({ value: c.id, label: c.name }))}
                  onChange={(e) => setCluster(e.currentTarget.value as typeof cluster)}
                />
              ) : (
                <Text size="sm">
                  {t.cluster()} : <strong>{chosen.name}</strong>
                </Text>
              )}
              <Textarea
                size="md"
                label={t.message()}
                placeholder={t.placeholder()}
                required
                rows={4}
                resize="vertical"
                maxLength={maxAnnouncementLength}
                value={message}
                onChange={(e) => setMessage(e.currentTarget.value)}
                description={t.remaining({ count: maxAnnouncementLength - message.length })}
              />
              <Switch
                size="md"
                label={t.urgent()}
                description={t.urgentHint()}
                checked={urgent}
                onChange={(e) => setUrgent(e.currentTarget.checked)}
              />
              <DateTimeField
                label={t.endsAt()}
                description={t.endsAtHint()}
                value={endsAt}
                onChange={(value, isPartial) => {
                  setEndsAt(value)
                  setPartial(isPartial)
                }}
              />
              <Button
                type="submit"
                size="md"
                loading={busy}
                disabled={message.trim() === ""}
                style={{ alignSelf: "flex-start" }}
              >
                {t.send()}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  )
}
