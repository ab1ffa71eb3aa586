import { Box, Button, Group, Stack, Text } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import { DateField } from "../../common/DateTimeField"
import {
  type ActivityChoice,
  activityChoices,
  dayOf,
  longestRange,
  type RangeProblem,
  rangeProblem,
} from "./period"

/** The period of the activities tab: today, 7 or 30 days, or a range of days. */
export const PeriodChoice = ({
  choice,
  onQuick,
  onCustom,
  zone,
  busy,
}: {
  choice: ActivityChoice
  onQuick: (choice: (typeof activityChoices)[number]) => void
  onCustom: (first: string, last: string) => void
  zone: string
  busy: boolean
}) => {
  const { LL } = useI18nContext()
  const t = LL.activities
  const today = dayOf(Date.now(), zone)
  const [open, setOpen] = useState(false)
  const [first, setFirst] = useState(today)
  const [last, setLast] = useState(today)
  const [problem, setProblem] = useState<RangeProblem | null>(null)
  const custom = open || choice === "custom"
  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label={t.period()} wrap="wrap">
        {activityChoices.map((c) => (
          <Button
            key={c}
            size="sm"
            variant={choice === c && !open ? "filled" : "default"}
            aria-pressed={choice === c && !open}
            onClick={() => {
              setOpen(false)
              onQuick(c)
            }}
          >
            {t[c]()}
          </Button>
        ))}
        <Button
          size="sm"
          variant={custom ? "filled" : "default"}
          aria-pressed={custom}
          aria-expanded={custom}
          onClick={() => setOpen(true)}
        >
          {t.custom()}
        </Button>
      </Group>
      {custom ? (
        <Group
          component="form"
          gap="sm"
          align="flex-end"
          wrap="wrap"
          onSubmit={(event) => {
            event.preventDefault()
            const found = rangeProblem(first, last)
            setProblem(found)
            if (found === null) onCustom(first, last)
          }}
        >
          <Box w={{ base: "100%", xs: 180 }}>
            <DateField label={t.from()} value={first} onChange={setFirst} required />
          </Box>
          <Box w={{ base: "100%", xs: 180 }}>
            <DateField label={t.to()} value={last} onChange={setLast} required />
          </Box>
          <Button type="submit" size="md" loading={busy}>
            {t.show()}
          </Button>
          {problem === null ? null : (
            <Text c="red.9" size="sm" role="alert" w="100%">
              {problem === "tooLong" ? t.tooLong({ max: longestRange }) : t[problem]()}
            </Text>
          )}
        </Group>
      ) : null}
    </Stack>
  )
}
