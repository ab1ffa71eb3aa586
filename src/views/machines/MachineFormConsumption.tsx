import { Fieldset, NativeSelect, SimpleGrid, Text, TextInput } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MachineFormValues } from "../../machines/fleet/machineForm"
import { ConsumptionUnit } from "../../schema/machine"
import type { SectionProps } from "./MachineFormFields"

/**
 * The reference consumption, an advanced parameter: none, litres per hour or per hectare, with its
 * rate (typed only once a unit is chosen). The fuel figure uses it only without a CAN fuel value.
 */
export const MachineFormConsumption = ({
  values,
  set,
  numberProps,
  off,
}: Pick<SectionProps, "values" | "set" | "numberProps"> & { off: boolean }) => {
  const { LL } = useI18nContext()
  const form = LL.machines.form
  return (
    <Fieldset legend={form.consumption()} variant="unstyled">
      <Text size="sm" c="dimmed" mb="xs">
        {form.consumptionHelp()}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={form.consumption()}
          size="md"
          disabled={off}
          value={values.consumptionUnit}
          data={[
            { value: "", label: form.consumptionNone() },
            ...ConsumptionUnit.literals.map((u) => ({ value: u, label: form.consumptionUnits[u]() })),
          ]}
          onChange={(e) =>
            set({ consumptionUnit: e.currentTarget.value as MachineFormValues["consumptionUnit"] })
          }
        />
        <TextInput
          label={
            values.consumptionUnit === ""
              ? form.consumptionRate()
              : `${form.consumptionRate()} (${form.consumptionUnits[values.consumptionUnit]()})`
          }
          {...numberProps(values.consumptionRate, "consumption.rate", (t) => set({ consumptionRate: t }))}
          disabled={off || values.consumptionUnit === ""}
        />
      </SimpleGrid>
    </Fieldset>
  )
}
