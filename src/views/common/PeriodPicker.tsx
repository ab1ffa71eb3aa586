import { Box, Button, Group, Stack, Text } from "@mantine/core"
import { useState } from "react"
import { DateField } from "./DateTimeField"

/** What a period picker says, in the page's language (each screen gives its own texts). */
export interface PeriodTexts<C extends string, P extends string> {
  readonly period: string
  readonly custom: string
  readonly from: string
  readonly to: string
  readonly show: string
  readonly choice: (choice: C) => string
  readonly problem: (problem: P) => string
}

/**
 * A period: quick choices (today, the last days…) as buttons, or a range of days typed in, checked
 * by `rangeProblem` before `onCustom`. Used by a machine's position history and its activities.
 */
export const PeriodPicker = <C extends string, P extends string>({
  choices,
  choice,
  today,
  texts,
  rangeProblem,
  onQuick,
  onCustom,
  busy,
}: {
  choices: ReadonlyArray<C>
  choice: C | "custom"
  /** Today (YYYY-MM-DD) where the person is: the range's first value. */
  today: string
  texts: PeriodTexts<C, P>
  rangeProblem: (first: string, last: string) => P | null
  onQuick: (choice: C) => void
  onCustom: (first: string, last: string) => void
  busy: boolean
}) => {
  const [open, setOpen] = useState(false)
  const [first, setFirst] = useState(today)
  const [last, setLast] = useState(today)
  const [problem, setProblem] = useState<P | null>(null)
  const custom = open || choice === "custom"
  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label={texts.period} wrap="wrap">
        {choices.map((c) => (
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
            {texts.choice(c)}
          </Button>
        ))}
        <Button
          size="sm"
          variant={custom ? "filled" : "default"}
          aria-pressed={custom}
          aria-expanded={custom}
          onClick={() => setOpen(true)}
        >
          {texts.custom}
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
            <DateField label={texts.from} value={first} onChange={setFirst} required />
          </Box>
          <Box w={{ base: "100%", xs: 180 }}>
            <DateField label={texts.to} value={last} onChange={setLast} required />
          </Box>
          <Button type="submit" size="md" loading={busy}>
            {texts.show}
          </Button>
          {problem === null ? null : (
            <Text c="red.9" size="sm" role="alert" w="100%">
              {texts.problem(problem)}
            </Text>
          )}
        </Group>
      ) : null}
    </Stack>
  )
}
