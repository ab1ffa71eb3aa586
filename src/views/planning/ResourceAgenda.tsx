import { Stack, Text, Title } from "@mantine/core"
import { DateTime } from "effect"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Booking } from "../../schema/booking"
import { AgendaItem } from "./AgendaList"
import { dateRange } from "./agenda"

/**
 * By resource on a phone: each machine and employee of the rows (resourceRows), its bookings of
 * the period in order, or that it is free all along — which machine is free this week, at a glance.
 */
export const ResourceAgenda = ({
  rows,
  bookings,
  onOpen,
}: {
  rows: ReadonlyArray<{ id: string; label: string }>
  bookings: ReadonlyArray<Booking>
  onOpen: (b: Booking) => void
}) => {
  const { LL, locale } = useI18nContext()
  const sorted = [...bookings].sort(
    (a, b) => DateTime.toEpochMillis(a.start_date) - DateTime.toEpochMillis(b.start_date),
  )
  return (
    <Stack gap="lg">
      {rows.map((row) => {
        const own = sorted.filter((b) => b.resources.some((r) => r.id === row.id))
        return (
          <Stack key={row.id} gap="xs" component="section" aria-label={row.label}>
            <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
              {row.label}
            </Title>
            {own.length === 0 ? (
              <Text c="dimmed">{LL.planning.agenda.free()}</Text>
            ) : (
              own.map((b) => (
                <AgendaItem key={b.id} booking={b} when={dateRange(b, locale)} onOpen={onOpen} />
              ))
            )}
          </Stack>
        )
      })}
    </Stack>
  )
}
