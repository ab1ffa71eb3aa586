import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core"
import { type ReactNode, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { FieldErrors } from "../../machines/form"
import {
  type MachineFormValues,
  type NumericSetting,
  numericSettings,
  type SettingsValues,
} from "../../machines/machineForm"
import { type Brand, type MachineCategory, pickName } from "../../schema/catalogue"
import type { Cluster } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import {
  AttributionSource,
  BillingUnit,
  defaultSettings,
  type Machine,
  TimeLimitation,
  vibrationLevels,
} from "../../schema/machine"
import type { Member } from "../../schema/membership"
import { userLabel } from "../../schema/user"
import { RequiredSummary, useFieldError } from "../auth/FormMessages"
import { RightHint } from "../clusters/RightHint"
import { commaIn, settingsValues, valuesOf } from "./machineValues"

type Maintenance = MachineFormValues["maintenance"]
const language = () => (typeof navigator === "undefined" ? "fr" : navigator.language)

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
  const { LL } = useI18nContext()
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
  const setMaintenance = (patch: Partial<Maintenance>) =>
    setValues({ ...values, maintenance: { ...values.maintenance, ...patch } })
  const setSettings = (patch: Partial<SettingsValues>) =>
    setValues({ ...values, settings: { ...settings, ...patch } })
  const category = categories.find((c) => c.id === values.category)
  const none = { value: "", label: LL.machines.form.none() }
  const setPriority = (rank: number, source: typeof AttributionSource.Type) => {
    const order = [...settings.priority]
    const from = order.indexOf(source)
    const previous = order[rank]
    if (previous === undefined) return
    order[rank] = source
    if (from >= 0) order[from] = previous
    setSettings({ priority: order })
  }
  const defaultText = (key: NumericSetting) =>
    LL.machines.form.defaultValue({ value: String(defaultSettings[key]) })
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSave({ ...values, settings: canSettings ? settings : null })
      }}
    >
      <Stack gap="lg">
        <Fieldset legend={LL.machines.form.identity()} radius="md" disabled={disabled}>
          <Stack gap="sm">
            {clusters === null ? null : (
              <NativeSelect
                label={LL.machines.form.cluster()}
                size="md"
                required
                value={cluster ?? ""}
                error={errorAt("cluster")}
                data={clusters.map((c) => ({ value: c.id, label: c.name }))}
                onChange={(e) => onPickCluster(e.currentTarget.value as ClusterId)}
              />
            )}
            <TextInput
              label={LL.machines.form.name()}
              size="md"
              required
              disabled={disabled}
              value={values.name}
              error={errorAt("name")}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NativeSelect
                label={LL.machines.form.brand()}
                size="md"
                disabled={disabled}
                value={values.brand}
                data={[none, ...brands.map((b) => ({ value: b.id, label: b.name }))]}
                onChange={(e) => set({ brand: e.currentTarget.value })}
              />
              <TextInput
                label={LL.machines.form.model()}
                size="md"
                disabled={disabled}
                value={values.model}
                error={errorAt("model")}
                onChange={(e) => set({ model: e.currentTarget.value })}
              />
              <NativeSelect
                label={LL.machines.form.category()}
                size="md"
                disabled={disabled}
                value={values.category}
                data={[
                  none,
                  ...categories.map((c) => ({ value: c.id, label: pickName(c.name, language()) })),
                ]}
                onChange={(e) => {
                  const next = categories.find((c) => c.id === e.currentTarget.value)
                  const keepsType = next?.types.some((t) => t.id === values.type) ?? false
                  set({ category: e.currentTarget.value, type: keepsType ? values.type : "" })
                }}
              />
              <NativeSelect
                label={LL.machines.form.type()}
                description={category === undefined ? LL.machines.form.pickCategoryFirst() : undefined}
                inputWrapperOrder={["label", "input", "description", "error"]}
                size="md"
                disabled={disabled || category === undefined}
                value={values.type}
                error={errorAt("type")}
                data={[
                  none,
                  ...(category?.types ?? []).map((t) => ({
                    value: t.id,
                    label: pickName(t.name, language()),
                  })),
                ]}
                onChange={(e) => set({ type: e.currentTarget.value })}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={LL.machines.form.dimensions()} radius="md" disabled={disabled}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {LL.machines.form.numberHint()}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={LL.machines.form.toolWidth()}
                {...numberProps(values.toolWidthMeters, "toolWidthMeters", (t) =>
                  set({ toolWidthMeters: t }),
                )}
              />
              <TextInput
                label={LL.machines.form.maxSpeed()}
                {...numberProps(values.maxWorkingSpeedKmh, "maxWorkingSpeedKmh", (t) =>
                  set({ maxWorkingSpeedKmh: t }),
                )}
              />
            </SimpleGrid>
            <Switch
              size="md"
              label={LL.machines.form.canPresent()}
              disabled={disabled}
              checked={values.canPresent}
              onChange={(e) => set({ canPresent: e.currentTarget.checked })}
            />
            <TextInput
              label={LL.machines.form.canType()}
              size="md"
              disabled={disabled || !values.canPresent}
              value={values.canType}
              onChange={(e) => set({ canType: e.currentTarget.value })}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={LL.machines.form.billing()} radius="md" disabled={disabled}>
          <Stack gap="sm">
            <NativeSelect
              label={LL.machines.form.owner()}
              size="md"
              disabled={disabled || members === null}
              value={values.owner}
              data={[
                none,
                ...(members ?? []).map((m) => ({ value: m.user.id, label: userLabel(m.user) })),
                // The current owner stays choosable while the members load.
                ...(machine?.owner && !(members ?? []).some((m) => m.user.id === machine.owner?.id)
                  ? [
                      {
                        value: machine.owner.id,
                        label: `${machine.owner.lastname} ${machine.owner.firstname}`.trim(),
                      },
                    ]
                  : []),
              ]}
              onChange={(e) => set({ owner: e.currentTarget.value })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NativeSelect
                label={LL.machines.form.billingUnit()}
                size="md"
                disabled={disabled}
                value={values.billingUnit}
                data={[
                  none,
                  ...BillingUnit.literals.map((u) => ({ value: u, label: LL.machines.form.units[u]() })),
                ]}
                onChange={(e) =>
                  set({ billingUnit: e.currentTarget.value as MachineFormValues["billingUnit"] })
                }
              />
              <TextInput
                label={LL.machines.form.billingRate()}
                {...numberProps(values.billingRate, "billing.rate", (t) => set({ billingRate: t }))}
                disabled={disabled || values.billingUnit === ""}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={LL.machines.form.maintenance()} radius="md" disabled={disabled}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="date"
              label={LL.machines.form.dateOfIssue()}
              size="md"
              disabled={disabled}
              value={values.maintenance.dateOfIssue}
              onChange={(e) => setMaintenance({ dateOfIssue: e.currentTarget.value })}
            />
            <TextInput
              label={LL.machines.form.totalDistance()}
              {...numberProps(values.maintenance.totalDistanceKm, "maintenance.totalDistanceKm", (t) =>
                setMaintenance({ totalDistanceKm: t }),
              )}
            />
            <TextInput
              label={LL.machines.form.workingHours()}
              {...numberProps(values.maintenance.workingHours, "maintenance.workingHours", (t) =>
                setMaintenance({ workingHours: t }),
              )}
            />
            <TextInput
              label={LL.machines.form.engineHours()}
              {...numberProps(values.maintenance.engineHours, "maintenance.engineHours", (t) =>
                setMaintenance({ engineHours: t }),
              )}
            />
            <TextInput
              type="date"
              label={LL.machines.form.engineHoursMeasuredAt()}
              size="md"
              disabled={disabled}
              value={values.maintenance.engineHoursMeasuredAt}
              onChange={(e) => setMaintenance({ engineHoursMeasuredAt: e.currentTarget.value })}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={LL.machines.form.advanced()} radius="md" disabled={disabled || !canSettings}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {LL.machines.form.advancedIntro()}
            </Text>
            {canSettings || disabled ? null : <RightHint right="manageMachine" />}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {numericSettings.map((key) => (
                <TextInput
                  key={key}
                  label={LL.machines.form.settings[key]()}
                  description={defaultText(key)}
                  inputWrapperOrder={["label", "input", "description", "error"]}
                  {...numberProps(settings[key], `settings.${key}`, (t) => setSettings({ [key]: t }))}
                  disabled={disabled || !canSettings}
                />
              ))}
              <NativeSelect
                label={LL.machines.form.settings.minVibration()}
                description={LL.machines.form.defaultValue({
                  value: LL.machines.form.vibration[defaultSettings.minVibration](),
                })}
                inputWrapperOrder={["label", "input", "description", "error"]}
                size="md"
                disabled={disabled || !canSettings}
                value={settings.minVibration}
                data={vibrationLevels.map((v) => ({ value: v, label: LL.machines.form.vibration[v]() }))}
                onChange={(e) =>
                  setSettings({ minVibration: e.currentTarget.value as (typeof vibrationLevels)[number] })
                }
              />
              <NativeSelect
                label={LL.machines.form.settings.timeLimitation()}
                description={LL.machines.form.defaultValue({
                  value: LL.machines.form.timeLimitation[defaultSettings.timeLimitation](),
                })}
                inputWrapperOrder={["label", "input", "description", "error"]}
                size="md"
                disabled={disabled || !canSettings}
                value={settings.timeLimitation}
                data={TimeLimitation.literals.map((v) => ({
                  value: v,
                  label: LL.machines.form.timeLimitation[v](),
                }))}
                onChange={(e) =>
                  setSettings({ timeLimitation: e.currentTarget.value as typeof TimeLimitation.Type })
                }
              />
            </SimpleGrid>
            <Switch
              size="md"
              label={LL.machines.form.settings.ignoreUnknownFields()}
              disabled={disabled || !canSettings}
              checked={settings.ignoreUnknownFields}
              onChange={(e) => setSettings({ ignoreUnknownFields: e.currentTarget.checked })}
            />
            <Fieldset legend={LL.machines.form.settings.priority()} variant="unstyled">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {settings.priority.map((source, rank) => (
                  <NativeSelect
                    // biome-ignore lint/suspicious/noArrayIndexKey: the rank is the identity here
                    key={rank}
                    label={LL.machines.form.rank({ rank: rank + 1 })}
                    size="md"
                    disabled={disabled || !canSettings}
                    value={source}
                    data={AttributionSource.literals.map((s) => ({
                      value: s,
                      label: LL.machines.form.sources[s](),
                    }))}
                    onChange={(e) =>
                      setPriority(rank, e.currentTarget.value as typeof AttributionSource.Type)
                    }
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          </Stack>
        </Fieldset>

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
