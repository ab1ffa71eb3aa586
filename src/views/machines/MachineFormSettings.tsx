import { Fieldset, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { type NumericSetting, numericSettings, type SettingsValues } from "../../machines/fleet/machineForm"
import { AttributionSource, defaultSettings, TimeLimitation, vibrationLevels } from "../../schema/machine"
import { RightHint } from "../common/RightHint"
import { MachineFormConsumption } from "./MachineFormConsumption"
import type { SectionProps } from "./MachineFormFields"

/**
 * The advanced parameters, each with its default: the numbers (decimal point), the minimum vibration,
 * the time limitation, whether unknown fields are ignored, and the order of the attribution sources
 * (picking a source for a rank swaps it with the one that held it), and the reference consumption
 * (MachineFormConsumption). `canSettings` false greys them
 * (hint: manageMachine, unless the whole form is greyed already).
 */
export const MachineFormSettings = ({
  values,
  settings,
  set,
  disabled,
  numberProps,
  canSettings,
}: Omit<SectionProps, "errorAt"> & { settings: SettingsValues; canSettings: boolean }) => {
  const { LL } = useI18nContext()
  const off = disabled || !canSettings
  const setSettings = (patch: Partial<SettingsValues>) => set({ settings: { ...settings, ...patch } })
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
    <Fieldset legend={LL.machines.form.advanced()} radius="md" disabled={off}>
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
              disabled={off}
            />
          ))}
          <NativeSelect
            label={LL.machines.form.settings.minVibration()}
            description={LL.machines.form.defaultValue({
              value: LL.machines.form.vibration[defaultSettings.minVibration](),
            })}
            inputWrapperOrder={["label", "input", "description", "error"]}
            size="md"
            disabled={off}
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
            disabled={off}
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
          disabled={off}
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
                disabled={off}
                value={source}
                data={AttributionSource.literals.map((s) => ({
                  value: s,
                  label: LL.machines.form.sources[s](),
                }))}
                onChange={(e) => setPriority(rank, e.currentTarget.value as typeof AttributionSource.Type)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <MachineFormConsumption values={values} set={set} numberProps={numberProps} off={off} />
      </Stack>
    </Fieldset>
  )
}
