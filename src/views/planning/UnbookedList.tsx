import { Box, Card, Stack, Text, Title, UnstyledButton } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { userLabel } from "../../schema/user"
import { useFigures } from "../machines/activities/ActivityCard"
import { dateRange } from "./agenda"
import { useShownUse } from "./PlanningUse"

/**
 * On a phone, after the agenda: the work the machines did without any booking over the period
 * (docs/booking-use.md), to the acceptors; a tap opens the activity. Nothing when there is none.
 */
export const UnbookedList = ({ onOpen }: { onOpen: (activity: string) => void }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.planning.use
  const f = useFigures()
  const { unbooked } = useShownUse()
  if (unbooked.length === 0) return null
  return (
    <Stack gap="xs" component="section" aria-label={t.unbooked()}>
      <Title order={2} size="h4">
        {t.unbooked()}
      </Title>
      {unbooked.map((u) => (
        <Card key={`${u.activity}:${u.machine.id}`} withBorder radius="md" padding={0}>
          <UnstyledButton onClick={() => onOpen(u.activity)} style={{ display: "flex", minHeight: 56 }}>
            <Box w={8} bg="var(--mantine-color-orange-filled)" style={{ flexShrink: 0 }} aria-hidden />
            <Stack gap={4} p="sm" style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                {u.machine.name}
              </Text>
              <Text size="sm">{dateRange({ start_date: u.start, end_date: u.end }, locale)}</Text>
              <Text size="sm" c="dimmed">
                {`${t.work()} : ${f.duration(u.workSeconds)} · ${t.member()} : ${
                  u.member === null ? t.noMember() : userLabel(u.member)
                }`}
              </Text>
            </Stack>
          </UnstyledButton>
        </Card>
      ))}
    </Stack>
  )
}
