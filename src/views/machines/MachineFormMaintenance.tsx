import { Fieldset, SimpleGrid, TextInput } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MachineFormValues } from "../../machines/fleet/machineForm"
import type { SectionProps } from "./MachineFormFields"

type Maintenance = MachineFormValues["maintenance"]

/** Date of issue, distance and hours (decimal point), and when the engine hours were read. */
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
        <TextInput
          type="date"
          label={LL.machines.form.dateOfIssue()}
          size="md"
          disabled={disabled}
          value={maintenance.dateOfIssue}
          onChange={(e) => setMaintenance({ dateOfIssue: e.currentTarget.value })}
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
        <TextInput
          type="date"
          label={LL.machines.form.engineHoursMeasuredAt()}
          size="md"
          disabled={disabled}
          value={maintenance.engineHoursMeasuredAt}
          onChange={(e) => setMaintenance({ engineHoursMeasuredAt: e.currentTarget.value })}
        />
      </SimpleGrid>
    </Fieldset>
  )
}
