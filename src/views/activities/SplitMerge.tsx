import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { ActivityDetail } from "../../schema/activity"
import type { ActivityId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { dayAndTime, instantOf, parseTime } from "../common/dateTimeText"
import { ServerAlert } from "../common/FormMessages"

/**
 * The instant a time typed on the activity's page means: on the activity's start day (in the
 * person's time zone), the next day when that is before the start (work across midnight).
 */
export const cutInstant = (startMs: number, typed: string): number | null => {
  const time = parseTime(typed)
  if (time === null) return null
  const at = instantOf(dayAndTime(startMs).day, time)
  return at < startMs ? at + 86_400_000 : at
}

/** A button whose label may take two lines on a phone rather than overflow. */
const wrapping = { h: "auto", py: 8, styles: { label: { whiteSpace: "normal" as const } } }

/**
 * Splitting the activity at a time, or merging it with the machine's activity right before or
 * after it on its day (docs/activities.md#split-and-merge), for a person who may correct it.
 */
export const SplitMerge = ({
  detail,
  clock,
  busy,
  error,
  onSplit,
  onMerge,
}: {
  detail: ActivityDetail
  clock: (ms: number) => string
  busy: boolean
  error: MessageCode | null
  onSplit: (at: number) => void
  onMerge: (other: ActivityId) => void
}) => {
  const { LL } = useI18nContext()
  const t = LL.activities.page.reshape
  const [typed, setTyped] = useState("")
  const [unreadable, setUnreadable] = useState(false)
  const a = detail.activity
  const range = (n: { start: { epochMillis: number }; end: { epochMillis: number } }) =>
    LL.activities.timeRange({ start: clock(n.start.epochMillis), end: clock(n.end.epochMillis) })
  return (
    <Stack gap="sm" component="section" aria-labelledby="activity-reshape">
      <Title order={2} size="h4" id="activity-reshape">
        {t.title()}
      </Title>
      <Text size="sm">{t.intro()}</Text>
      <ServerAlert code={error} title={t.refused()} />
      <Group
        component="form"
        align="flex-end"
        gap="sm"
        onSubmit={(event) => {
          event.preventDefault()
          const at = cutInstant(a.start.epochMillis, typed)
          setUnreadable(at === null)
          if (at !== null) onSplit(at)
        }}
      >
        <TextInput
          label={t.time()}
          description={t.timeHelp({ start: clock(a.start.epochMillis), end: clock(a.end.epochMillis) })}
          placeholder={LL.dateTime.timePlaceholder()}
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          error={unreadable ? LL.dateTime.timeUnreadable() : undefined}
          onChange={(event) => setTyped(event.currentTarget.value)}
          w={{ base: "100%", xs: 220 }}
        />
        <Button type="submit" variant="light" loading={busy}>
          {t.cut()}
        </Button>
      </Group>
      <Group gap="sm">
        {detail.previous !== null ? (
          <Button
            variant="default"
            disabled={busy}
            {...wrapping}
            onClick={() => detail.previous && onMerge(detail.previous.id)}
          >
            {t.mergePrevious({ range: range(detail.previous) })}
          </Button>
        ) : null}
        {detail.next !== null ? (
          <Button
            variant="default"
            disabled={busy}
            {...wrapping}
            onClick={() => detail.next && onMerge(detail.next.id)}
          >
            {t.mergeNext({ range: range(detail.next) })}
          </Button>
        ) : null}
      </Group>
    </Stack>
  )
}
