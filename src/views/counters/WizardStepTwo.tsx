import { Button, Group, NativeSelect, Text } from "@mantine/core"
import { DateTime } from "effect"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { WizardContext } from "../../machines/counters/associationWizard"
import type { MachineSummary } from "../../schema/machine"
import { DateTimeField } from "../common/DateTimeField"
import { useFieldError } from "../common/FormMessages"
import { fromLocalInput, toLocalInput } from "../common/format"

type Option = { readonly value: string; readonly label: string }

/** A local "YYYY-MM-DDTHH:mm" (how the wizard keeps its dates) from an instant, "" for none. */
const local = (ms: number | null) => (ms === null ? "" : toLocalInput(DateTime.unsafeMake(ms)))

/**
 * Step 2 of the association wizard: the machine and the dates. Nothing is sent while a date is
 * given only in part (the field says which part is missing).
 */
export const WizardStepTwo = ({
  counter,
  clusterName,
  none,
  machines,
  machineId,
  setMachineId,
  start,
  setStart,
  end,
  setEnd,
  errors,
  busy,
  onBack,
  onSubmit,
}: {
  counter: string
  clusterName: string
  none: Option
  machines: ReadonlyArray<MachineSummary> | null
  machineId: string | null
  setMachineId: (id: string | null) => void
  start: string
  setStart: (value: string) => void
  end: string
  setEnd: (value: string) => void
  errors: WizardContext["errors"]
  busy: boolean
  onBack: () => void
  onSubmit: () => void
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const [partial, setPartial] = useState({ start: false, end: false })
  return (
    <>
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        {LL.counters.association.box({ id: counter })} · {LL.counters.list.structure()} : {clusterName}
      </Text>
      {machines !== null && machines.length === 0 ? (
        <Text c="dimmed">{LL.counters.wizard.noMachine()}</Text>
      ) : null}
      <NativeSelect
        size="md"
        required
        label={LL.counters.wizard.machine()}
        data={[none, ...(machines ?? []).map((m) => ({ value: m.id, label: m.name }))]}
        value={machineId ?? ""}
        onChange={(e) => setMachineId(e.currentTarget.value === "" ? null : e.currentTarget.value)}
        error={fieldError(errors.machine)}
      />
      <DateTimeField
        required
        label={LL.counters.wizard.start()}
        value={fromLocalInput(start)}
        onChange={(v, p) => {
          setStart(local(v))
          setPartial((was) => ({ ...was, start: p }))
        }}
        error={fieldError(errors.start_date)}
      />
      <DateTimeField
        label={LL.counters.wizard.end()}
        description={LL.counters.association.endHelp()}
        value={fromLocalInput(end)}
        onChange={(v, p) => {
          setEnd(local(v))
          setPartial((was) => ({ ...was, end: p }))
        }}
        error={fieldError(errors.end_date)}
      />
      <Group gap="sm">
        <Button size="md" variant="default" disabled={busy} onClick={onBack}>
          {LL.counters.wizard.back()}
        </Button>
        <Button size="md" loading={busy} onClick={() => partial.start || partial.end || onSubmit()}>
          {LL.counters.wizard.submit()}
        </Button>
      </Group>
    </>
  )
}
