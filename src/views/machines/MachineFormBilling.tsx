import { Fieldset, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MachineFormValues } from "../../machines/fleet/machineForm"
import { BillingUnit, type Machine } from "../../schema/machine"
import type { Member } from "../../schema/membership"
import { userLabel } from "../../schema/user"
import type { SectionProps } from "./MachineFormFields"

/** The owner among the structure's members, and the billing unit with its rate (only with a unit). */
export const MachineFormBilling = ({
  values,
  set,
  disabled,
  numberProps,
  machine,
  members,
}: Omit<SectionProps, "errorAt"> & {
  machine: Machine | null
  /** Null while they load. */
  members: ReadonlyArray<Member> | null
}) => {
  const { LL } = useI18nContext()
  const none = { value: "", label: LL.machines.form.none() }
  return (
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
            onChange={(e) => set({ billingUnit: e.currentTarget.value as MachineFormValues["billingUnit"] })}
          />
          <TextInput
            label={LL.machines.form.billingRate()}
            {...numberProps(values.billingRate, "billing.rate", (t) => set({ billingRate: t }))}
            disabled={disabled || values.billingUnit === ""}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  )
}
