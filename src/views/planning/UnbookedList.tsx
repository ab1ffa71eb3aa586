import { Anchor, Box, Card, Group, Stack, Text, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import dayjs from "dayjs"
import { DateTime } from "effect"
import { useI18nContext } from "../../i18n/i18n-react"
import type { UseItem } from "../../schema/bookingUse"
import { userLabel } from "../../schema/user"
import { useFigures } from "../machines/activities/ActivityCard"
import { dayHeading } from "./agenda"
import { useShownUse } from "./PlanningUse"

/** The work without booking by machine and day (the day it starts, as the agenda reads days). */
export const byMachineAndDay = (items: ReadonlyArray<UseItem>) => {
  const groups = new Map<string, { machine: string; day: string; items: UseItem[] }>()
  const sorted = [...items].sort(
    (a, b) =>
      a.machine.name.localeCompare(b.machine.name) ||
      DateTime.toEpochMillis(a.start) - DateTime.toEpochMillis(b.start),
  )
  for (const u of sorted) {
    const day = dayjs(DateTime.toDate(u.start)).format("YYYY-MM-DD")
    const key = `${day}:${u.machine.id}`
    const group = groups.get(key) ?? { machine: u.machine.name, day, items: [] }
    group.items.push(u)
    groups.set(key, group)
  }
  return [...groups.values()].sort((a, b) => a.day.localeCompare(b.day) || a.machine.localeCompare(b.machine))
}

/**
 * On a phone, after the agenda: the work the machines did without any booking over the period
 * (docs/booking-use.md), to the acceptors — a card per machine and day with its hours of work,
 * and each activity as a link to its page. Nothing when there is none.
 */
export const UnbookedList = () => {
  const { LL, locale } = useI18nContext()
  const t = LL.planning.use
  const f = useFigures()
  const { unbooked } = useShownUse()
  if (unbooked.length === 0) return null
  const time = (at: DateTime.Utc) => dayjs(DateTime.toDate(at)).format("HH:mm")
  return (
    <Stack gap="xs" component="section" aria-label={t.unbooked()}>
      <Title order={2} size="h4">
        {t.unbooked()}
      </Title>
      {byMachineAndDay(unbooked).map((g) => (
        <Card key={`${g.day}:${g.machine}`} withBorder radius="md" padding={0}>
          <Group gap={0} wrap="nowrap" align="stretch">
            <Box w={8} bg="var(--mantine-color-orange-filled)" style={{ flexShrink: 0 }} aria-hidden />
            <Stack gap={4} p="sm" style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                {g.machine}
              </Text>
              <Text size="sm">
                {`${dayHeading(g.day, locale)} · ${t.work()} : ${f.duration(
                  g.items.reduce((s, u) => s + u.workSeconds, 0),
                )}`}
              </Text>
              <Stack component="ul" gap={2} m={0} pl="md">
                {g.items.map((u) => (
                  <Text component="li" size="sm" key={u.activity}>
                    <Anchor
                      renderRoot={(props) => (
                        <Link {...props} to="/Activitys/$idActivity" params={{ idActivity: u.activity }} />
                      )}
                    >
                      {`${time(u.start)} – ${time(u.end)}`}
                    </Anchor>
                    <Text span size="sm" c="dimmed">
                      {` · ${u.member === null ? t.noMember() : userLabel(u.member)}`}
                    </Text>
                  </Text>
                ))}
              </Stack>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  )
}
