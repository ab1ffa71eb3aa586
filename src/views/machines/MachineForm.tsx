import { Button, Group, Stack } from "@mantine/core"
import { type ReactNode, useState } from "react"
import type { MachineFormValues, SettingsValues } from "../../machines/fleet/machineForm"
import type { FieldErrors } from "../../machines/lib/form"
import type { Brand, MachineCategory } from "../../schema/catalogue"
import type { Cluster } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import { defaultSettings, type Machine } from "../../schema/machine"
import type { Member } from "../../schema/membership"
import { RequiredSummary, useFieldError } from "../common/FormMessages"
import { MachineFormBilling } from "./MachineFormBilling"
import { MachineFormDimensions } from "./MachineFormDimensions"
import type { SectionProps } from "./MachineFormFields"
import { MachineFormIdentity } from "./MachineFormIdentity"
import { MachineFormMaintenance } from "./MachineFormMaintenance"
import { MachineFormSettings } from "./MachineFormSettings"
import { commaIn, settingsValues, valuesOf } from "./machineValues"

/**
 * A machine's information and advanced parameters. Numbers are typed as text with a decimal point:
 * a comma is flagged on the field as it is typed. `canEdit` false greys everything (hint:
 * editMachine); `canSettings` false greys the advanced parameters (hint: manageMachine) and
 * leaves them out of what is sent.
 */
export const MachineForm = ({
  machine,
  clusters,
  cluster,
  onPickCluster,
  brands,
  categories,
  members,
  errors,
  busy,
  canEdit,
  canSettings,
  submitLabel,
  onSave,
  footer,
}: {
  machine: Machine | null
  /** Adding: the structures the person may add to (the choice shows); editing: null. */
  clusters: ReadonlyArray<Cluster> | null
  cluster: ClusterId | null
  onPickCluster: (id: ClusterId) => void
  brands: ReadonlyArray<Brand>
  categories: ReadonlyArray<MachineCategory>
  members: ReadonlyArray<Member> | null
  errors: FieldErrors
  busy: boolean
  canEdit: boolean
  canSettings: boolean
  submitLabel: string
  onSave: (values: MachineFormValues) => void
  footer?: ReactNode
}) => {
  const fieldError = useFieldError()
  const [values, setValues] = useState<MachineFormValues>(() => valuesOf(machine))
  const disabled = !canEdit
  const settings: SettingsValues = values.settings ?? settingsValues(defaultSettings)
  const errorAt = (path: string, typed?: string) =>
    fieldError(errors[path] ?? (typed !== undefined && commaIn(typed) ? "decimalComma" : undefined))
  const numberProps = (typed: string, path: string, onChange: (text: string) => void) => ({
    value: typed,
    // Not "decimal": on an iPhone set to a French region that keypad offers "," only, which the
    // server refuses; the full keyboard has the point (the field says to use it).
    inputMode: "text" as const,
    size: "md" as const,
    disabled,
    error: errorAt(path, typed),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(e.currentTarget.value),
  })
  const set = (patch: Partial<MachineFormValues>) => setValues({ ...values, ...patch })
  const section: SectionProps = { values, set, disabled, errorAt, numberProps }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSave({ ...values, settings: canSettings ? settings : null })
      }}
    >
      <Stack gap="lg">
        <MachineFormIdentity
          {...section}
          clusters={clusters}
          cluster={cluster}
          onPickCluster={onPickCluster}
          brands={brands}
          categories={categories}
        />
        <MachineFormDimensions {...section} />
        <MachineFormBilling {...section} machine={machine} members={members} />
        <MachineFormMaintenance {...section} />
        <MachineFormSettings {...section} settings={settings} canSettings={canSettings} />

        <RequiredSummary errors={errors} />
        <Group gap="sm" wrap="wrap">
          <Button type="submit" size="md" loading={busy} disabled={disabled}>
            {submitLabel}
          </Button>
          {footer}
        </Group>
      </Stack>
    </form>
  )
}
