import { Button, Group, NativeSelect, Text, TextInput } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { WizardContext } from "../../machines/counters/associationWizard"
import type { MachineSummary } from "../../schema/machine"
import { useFieldError } from "../common/FormMessages"

type Option = { readonly value: string; readonly label: string }

/** Step 2 of the association wizard: the machine and the dates. */
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
      <TextInput
        type="datetime-local"
        size="md"
        required
        label={LL.counters.wizard.start()}
        value={start}
        onChange={(e) => setStart(e.currentTarget.value)}
        error={fieldError(errors.start_date)}
      />
      <TextInput
        type="datetime-local"
        size="md"
        label={LL.counters.wizard.end()}
        description={LL.counters.association.endHelp()}
        value={end}
        onChange={(e) => setEnd(e.currentTarget.value)}
        error={fieldError(errors.end_date)}
      />
      <Group gap="sm">
        <Button size="md" variant="default" disabled={busy} onClick={onBack}>
          {LL.counters.wizard.back()}
        </Button>
        <Button size="md" loading={busy} onClick={onSubmit}>
          {LL.counters.wizard.submit()}
        </Button>
      </Group>
    </>
  )
}
