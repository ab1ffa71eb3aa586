import { Fieldset, SimpleGrid, TextInput } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MachineFormValues } from "../../machines/fleet/machineForm"
import { DateField } from "../common/DateTimeField"
import type { SectionProps } from "./MachineFormFields"

type Maintenance = MachineFormValues["maintenance"]

/** Date of issue (a day typed day first or picked), distance and hours (decimal point), and when the engine hours were read. */
export const MachineFormMaintenance = ({
  values,
  set,
  disabled,
  numberProps,
}: Omit<SectionProps, "errorAt">) => {
  const { LL } = useI18nContext()
  const { maintenance } = values
  const setMaintenance = (patch: Partial<Maintenance>) => set({ maintenance: { ...maintenance, ...patch } })
  return (
    <Fieldset legend={LL.machines.form.maintenance()} radius="md" disabled={disabled}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateField
          label={LL.machines.form.dateOfIssue()}
          disabled={disabled}
          value={maintenance.dateOfIssue}
          onChange={(dateOfIssue) => setMaintenance({ dateOfIssue })}
        />
        <TextInput
          label={LL.machines.form.totalDistance()}
          {...numberProps(maintenance.totalDistanceKm, "maintenance.totalDistanceKm", (t) =>
            setMaintenance({ totalDistanceKm: t }),
          )}
        />
        <TextInput
          label={LL.machines.form.workingHours()}
          {...numberProps(maintenance.workingHours, "maintenance.workingHours", (t) =>
            setMaintenance({ workingHours: t }),
          )}
        />
        <TextInput
          label={LL.machines.form.engineHours()}
          {...numberProps(maintenance.engineHours, "maintenance.engineHours", (t) =>
            setMaintenance({ engineHours: t }),
          )}
        />
        <DateField
          label={LL.machines.form.engineHoursMeasuredAt()}
          disabled={disabled}
          value={maintenance.engineHoursMeasuredAt}
          onChange={(engineHoursMeasuredAt) => setMaintenance({ engineHoursMeasuredAt })}
        />
      </SimpleGrid>
    </Fieldset>
  )
}
