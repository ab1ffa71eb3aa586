import { Button, Group, Stack, TextInput } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { CounterAssociation } from "../../schema/counter"
import type { MessageCode } from "../../schema/messages"
import { useFieldError } from "../common/FormMessages"
import { fromLocalInput, toLocalInput } from "../common/format"

/** The dates form; the chart's "end not after the start" shows on the end field. */
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
  const [start, setStart] = useState(toLocalInput(association.start_date))
  const [end, setEnd] = useState(toLocalInput(association.end_date))
  const [startMissing, setStartMissing] = useState(false)
  return (
    <Stack gap="sm">
      <TextInput
        type="datetime-local"
        size="md"
        label={LL.counters.association.startLabel()}
        value={start}
        required
        error={startMissing ? LL.errors.required() : undefined}
        onChange={(e) => setStart(e.currentTarget.value)}
      />
      <TextInput
        type="datetime-local"
        size="md"
        label={LL.counters.association.endLabel()}
        description={LL.counters.association.endHelp()}
        value={end}
        error={fieldError(endError ?? undefined)}
        onChange={(e) => setEnd(e.currentTarget.value)}
      />
      <Group gap="sm">
        <Button
          size="md"
          loading={busy}
          onClick={() => {
            const s = fromLocalInput(start)
            setStartMissing(s === null)
            if (s !== null) onSave(s, fromLocalInput(end))
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
