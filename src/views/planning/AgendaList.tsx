import { Badge, Box, Card, Group, Stack, Text, Title, UnstyledButton } from "@mantine/core"
import dayjs from "dayjs"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Booking } from "../../schema/booking"
import { type AgendaDay, timeRange } from "./agenda"
import { bookingColor, bookingTitle, isClosed } from "./events"

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The bookings of each day, as a phone shows them: a coloured bar, resources, hours and status. */
export const AgendaList = ({
  days,
  onOpen,
}: {
  days: ReadonlyArray<AgendaDay>
  onOpen: (b: Booking) => void
}) => {
  const { LL, locale } = useI18nContext()
  return (
    <Stack gap="lg">
      {days.map(({ day, bookings }) => (
        <Stack
          key={day}
          gap="xs"
          component="section"
          aria-label={dayjs(day).locale(locale).format("dddd D MMMM")}
        >
          <Title order={2} size="h4">
            {capitalised(dayjs(day).locale(locale).format("dddd D MMMM"))}
          </Title>
          {bookings.map((b) => {
            const color = bookingColor(b)
            return (
              <Card key={b.id} withBorder radius="md" padding={0}>
                <UnstyledButton
                  onClick={() => onOpen(b)}
                  aria-label={LL.planning.agenda.open({ resources: bookingTitle(b) })}
                  data-status={b.status}
                  style={{ display: "flex", minHeight: 56 }}
                >
                  <Box
                    w={8}
                    bg={isClosed(b) ? "var(--mantine-color-gray-4)" : `var(--mantine-color-${color}-filled)`}
                    style={{ flexShrink: 0 }}
                    aria-hidden
                  />
                  <Stack gap={4} p="sm" style={{ flex: 1, minWidth: 0 }}>
                    <Text
                      fw={700}
                      td={isClosed(b) ? "line-through" : undefined}
                      c={isClosed(b) ? "dimmed" : undefined}
                      style={{ overflowWrap: "anywhere" }}
                    >
                      {bookingTitle(b)}
                    </Text>
                    <Group gap="xs" justify="space-between" wrap="wrap">
                      <Text size="sm">{timeRange(b, day, locale)}</Text>
                      <Badge color={color} variant="light">
                        {LL.planning.status[b.status]()}
                      </Badge>
                    </Group>
                  </Stack>
                </UnstyledButton>
              </Card>
            )
          })}
        </Stack>
      ))}
    </Stack>
  )
}
