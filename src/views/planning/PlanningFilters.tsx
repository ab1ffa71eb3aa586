import { Group, MultiSelect, Select, Stack, Switch } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Cluster } from "../../schema/cluster"
import type { MachineSummary } from "../../schema/machine"
import type { Member } from "../../schema/membership"
import { userLabel } from "../../schema/user"

export interface FilterChoice {
  readonly cluster?: string
  readonly machine?: ReadonlyArray<string>
  readonly employee?: ReadonlyArray<string>
  readonly all?: true
}

/**
 * Structure, machines and employees: what the planning shows (a new structure clears the machines
 * and employees); and a switch for refused and cancelled bookings, which stays on.
 */
export const PlanningFilters = ({
  clusters,
  cluster,
  machineList,
  members,
  machines,
  employees,
  all,
  onChange,
  stacked = false,
}: {
  clusters: ReadonlyArray<Cluster>
  cluster: string | null
  machineList: ReadonlyArray<MachineSummary>
  members: ReadonlyArray<Member>
  machines: ReadonlyArray<string>
  employees: ReadonlyArray<string>
  all: boolean
  onChange: (choice: FilterChoice) => void
  stacked?: boolean
}) => {
  const { LL } = useI18nContext()
  const f = LL.planning.filters
  const none = (list: string[]) => (list.length === 0 ? undefined : list)
  const Wrap = stacked ? Stack : Group
  const shown = all ? ({ all: true } as const) : {}
  return (
    <Wrap gap="sm" align={stacked ? "stretch" : "flex-end"}>
      <Select
        size="md"
        label={f.cluster()}
        data={clusters.map((c) => ({ value: c.id, label: c.name }))}
        value={cluster}
        allowDeselect={false}
        onChange={(value) => value !== null && onChange({ cluster: value, ...shown })}
        miw={220}
      />
      <MultiSelect
        size="md"
        label={f.machines()}
        placeholder={machines.length === 0 ? f.anyMachine() : undefined}
        data={machineList.map((m) => ({ value: m.id, label: m.name }))}
        value={[...machines]}
        onChange={(value) =>
          onChange({ cluster: cluster ?? undefined, machine: none(value), employee: employees, ...shown })
        }
        searchable
        clearable
        miw={240}
        style={stacked ? undefined : { flex: 1 }}
      />
      <MultiSelect
        size="md"
        label={f.employees()}
        placeholder={employees.length === 0 ? f.anyEmployee() : undefined}
        data={members.map((m) => ({ value: m.user.id, label: userLabel(m.user) }))}
        value={[...employees]}
        onChange={(value) =>
          onChange({ cluster: cluster ?? undefined, machine: machines, employee: none(value), ...shown })
        }
        searchable
        clearable
        miw={240}
        style={stacked ? undefined : { flex: 1 }}
      />
      <Switch
        size="md"
        label={f.showClosed()}
        checked={all}
        onChange={(e) =>
          onChange({
            cluster: cluster ?? undefined,
            machine: none([...machines]),
            employee: none([...employees]),
            ...(e.currentTarget.checked ? { all: true } : {}),
          })
        }
        py={stacked ? "xs" : 10}
      />
    </Wrap>
  )
}
