import { Badge, Box, Card, Group, Stack, Text, Title, UnstyledButton } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Booking } from "../../schema/booking"
import { useColour } from "../booking/BookingUseView"
import { type AgendaDay, dayHeading, timeRange } from "./agenda"
import { bookingColor, bookingTitle, isClosed } from "./events"
import { useShownUse } from "./PlanningUse"

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * One booking as a phone shows it: a coloured bar, its resources, `when` and its status. The whole
 * card is the button that opens it; what it says is its name ("Tracteur 1 → Jean Dupont 08:00 –
 * 12:00 Acceptée", then to the acceptors how its machines were used), so a screen reader and
 * voice control read what is shown.
 */
export const AgendaItem = ({
  booking: b,
  when,
  onOpen,
}: {
  booking: Booking
  when: string
  onOpen: (b: Booking) => void
}) => {
  const { LL } = useI18nContext()
  const color = bookingColor(b)
  const use = useShownUse().bookings.get(b.id)
  const told =
    use?.state === "asBooked" || use?.state === "beyond" || use?.state === "noUse" ? use.state : null
  return (
    <Card withBorder radius="md" padding={0}>
      <UnstyledButton
        onClick={() => onOpen(b)}
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
            <Text size="sm">{when}</Text>
            <Group gap={4}>
              <Badge color={color} variant="light">
                {LL.planning.status[b.status]()}
              </Badge>
              {told === null ? null : (
                <Badge color={useColour[told]} variant="outline" data-use={told}>
                  {LL.planning.use.badge[told]()}
                </Badge>
              )}
            </Group>
          </Group>
        </Stack>
      </UnstyledButton>
    </Card>
  )
}

/** The bookings of each day, the day as a heading over them. */
export const AgendaList = ({
  days,
  onOpen,
}: {
  days: ReadonlyArray<AgendaDay>
  onOpen: (b: Booking) => void
}) => {
  const { locale } = useI18nContext()
  return (
    <Stack gap="lg">
      {days.map(({ day, bookings }) => (
        <Stack key={day} gap="xs" component="section" aria-label={dayHeading(day, locale)}>
          <Title order={2} size="h4">
            {capitalised(dayHeading(day, locale))}
          </Title>
          {bookings.map((b) => (
            <AgendaItem key={b.id} booking={b} when={timeRange(b, day, locale)} onOpen={onOpen} />
          ))}
        </Stack>
      ))}
    </Stack>
  )
}
