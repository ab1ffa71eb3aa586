import { Button, Group, SegmentedControl, Stack, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { periodLabel } from "./dateLabels"
import type { PlanningView } from "./search"
import { periodStart, shiftPeriod, today } from "./window"

/**
 * On a phone, which period the agenda shows: a day, a week or a month; the one before or after;
 * back to today's when another is shown.
 */
export const PeriodBar = ({
  view,
  date,
  onChange,
}: {
  view: PlanningView
  date: string
  onChange: (next: { view: PlanningView; date: string | undefined }) => void
}) => {
  const { LL, locale } = useI18nContext()
  const s = LL.planning.schedule
  const away = periodStart(view, date) !== periodStart(view, today())
  return (
    <Stack gap="xs">
      <SegmentedControl
        fullWidth
        size="md"
        aria-label={s.viewSelectLabel()}
        value={view}
        onChange={(v) => onChange({ view: v === "day" || v === "month" ? v : "week", date })}
        data={[
          { value: "day", label: s.day() },
          { value: "week", label: s.week() },
          { value: "month", label: s.month() },
        ]}
      />
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Button
          variant="default"
          size="md"
          aria-label={s.previous()}
          onClick={() => onChange({ view, date: shiftPeriod(view, date, -1) })}
        >
          ‹
        </Button>
        <Stack gap={0} align="center" style={{ minWidth: 0 }}>
          <Text fw={700} ta="center" aria-live="polite">
            {periodLabel(view, date, locale)}
          </Text>
          {away ? (
            <Button variant="subtle" size="md" onClick={() => onChange({ view, date: undefined })}>
              {LL.planning.agenda.today()}
            </Button>
          ) : null}
        </Stack>
        <Button
          variant="default"
          size="md"
          aria-label={s.next()}
          onClick={() => onChange({ view, date: shiftPeriod(view, date, 1) })}
        >
          ›
        </Button>
      </Group>
    </Stack>
  )
}
