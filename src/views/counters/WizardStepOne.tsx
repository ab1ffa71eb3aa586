import { Button, NativeSelect, TextInput } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { WizardContext } from "../../machines/counters/associationWizard"
import type { Counter } from "../../schema/counter"
import { useFieldError } from "../common/FormMessages"
import { RightHint } from "../common/RightHint"

type Option = { readonly value: string; readonly label: string }

/** Step 1 of the association wizard: the structure and the box. */
export const WizardStepOne = ({
  options,
  cluster,
  onPick,
  counter,
  setCounter,
  counters,
  errors,
  canEdit,
  busy,
  onNext,
}: {
  options: ReadonlyArray<Option>
  cluster: string | null
  onPick: (cluster: string | null) => void
  counter: string
  setCounter: (counter: string) => void
  counters: ReadonlyArray<Counter>
  errors: WizardContext["errors"]
  canEdit: boolean
  busy: boolean
  onNext: () => void
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  return (
    <>
      <NativeSelect
        size="md"
        required
        label={LL.counters.wizard.cluster()}
        data={[...options]}
        value={cluster ?? ""}
        onChange={(e) => onPick(e.currentTarget.value === "" ? null : e.currentTarget.value)}
        error={fieldError(errors.cluster)}
      />
      <TextInput
        size="md"
        label={LL.counters.wizard.counter()}
        description={LL.counters.wizard.counterHelp()}
        value={counter}
        onChange={(e) => setCounter(e.currentTarget.value)}
        error={fieldError(errors.counter)}
        list="wizard-counters"
        autoCapitalize="characters"
      />
      <datalist id="wizard-counters">
        {counters
          .filter((c) => cluster === null || c.cluster?.id === cluster)
          .map((c) => (
            <option key={c.id} value={c.id} />
          ))}
      </datalist>
      {canEdit ? null : <RightHint right="editCounters" />}
      <Button size="md" loading={busy} disabled={!canEdit} onClick={onNext}>
        {LL.counters.wizard.next()}
      </Button>
    </>
  )
}
