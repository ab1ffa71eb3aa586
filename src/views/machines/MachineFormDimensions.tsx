import { Fieldset, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { SectionProps } from "./MachineFormFields"

/** Working width and speed (decimal point), and whether the machine has a CAN bus, of which type. */
export const MachineFormDimensions = ({
  values,
  set,
  disabled,
  numberProps,
}: Omit<SectionProps, "errorAt">) => {
  const { LL } = useI18nContext()
  return (
    <Fieldset legend={LL.machines.form.dimensions()} radius="md" disabled={disabled}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {LL.machines.form.numberHint()}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={LL.machines.form.toolWidth()}
            {...numberProps(values.toolWidthMeters, "toolWidthMeters", (t) => set({ toolWidthMeters: t }))}
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
  )
}
