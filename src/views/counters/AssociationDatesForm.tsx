import { Button, Group, Stack } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { CounterAssociation } from "../../schema/counter"
import type { MessageCode } from "../../schema/messages"
import { DateTimeField } from "../common/DateTimeField"
import { useFieldError } from "../common/FormMessages"

/**
 * The dates form; the chart's "end not after the start" shows on the end field. Nothing is sent
 * while a date is given only in part (the field says which part is missing).
 */
export const DatesForm = ({
  association,
  busy,
  endError,
  onSave,
  onCancel,
}: {
  association: CounterAssociation
  busy: boolean
  endError: MessageCode | null
  onSave: (start: number, end: number | null) => void
  onCancel: () => void
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const [start, setStart] = useState<number | null>(association.start_date.epochMillis)
  const [end, setEnd] = useState<number | null>(association.end_date?.epochMillis ?? null)
  const [partial, setPartial] = useState({ start: false, end: false })
  const [startMissing, setStartMissing] = useState(false)
  return (
    <Stack gap="sm">
      <DateTimeField
        label={LL.counters.association.startLabel()}
        value={start}
        required
        error={startMissing ? LL.errors.required() : undefined}
        onChange={(v, p) => {
          setStart(v)
          setPartial((was) => ({ ...was, start: p }))
        }}
      />
      <DateTimeField
        label={LL.counters.association.endLabel()}
        description={LL.counters.association.endHelp()}
        value={end}
        error={fieldError(endError ?? undefined)}
        onChange={(v, p) => {
          setEnd(v)
          setPartial((was) => ({ ...was, end: p }))
        }}
      />
      <Group gap="sm">
        <Button
          size="md"
          loading={busy}
          onClick={() => {
            setStartMissing(start === null && !partial.start)
            if (start !== null && !partial.end) onSave(start, end)
          }}
        >
          {LL.counters.association.save()}
        </Button>
        <Button size="md" variant="default" onClick={onCancel} disabled={busy}>
          {LL.counters.association.cancel()}
        </Button>
      </Group>
    </Stack>
  )
}
