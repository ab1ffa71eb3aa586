import { ActionIcon, Group, NativeSelect, Paper, Stack, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { ResourceRef } from "../../schema/booking"
import type { UserId } from "../../schema/ids"
import type { MachineSummary } from "../../schema/machine"
import type { Member } from "../../schema/membership"
import { userLabel } from "../../schema/user"
import { RightHint } from "../common/RightHint"

const touch = { size: 44, variant: "default" as const }

/** The machines and employees, numbered in their order, each moved up or down or removed; then the two pickers. */
export const ResourceList = ({
  resources,
  machines,
  members,
  mayBookEmployee,
  error,
  onChange,
}: {
  resources: ReadonlyArray<ResourceRef>
  machines: ReadonlyArray<MachineSummary>
  members: ReadonlyArray<Member>
  mayBookEmployee: boolean
  error: string | undefined
  onChange: (resources: ReadonlyArray<ResourceRef>) => void
}) => {
  const { LL } = useI18nContext()
  const t = LL.booking.form
  const taken = new Set(resources.map((r) => `${r.kind}:${r.id}`))
  const nameOf = (r: ResourceRef) =>
    r.kind === "machine"
      ? (machines.find((m) => m.id === r.id)?.name ?? "…")
      : (() => {
          const m = members.find((x) => x.user.id === r.id)
          return m === undefined ? "…" : userLabel(m.user)
        })()
  const move = (i: number, by: number) => {
    const next = [...resources]
    const [item] = next.splice(i, 1)
    next.splice(i + by, 0, item as ResourceRef)
    onChange(next)
  }
  const add = (r: ResourceRef) => onChange([...resources, r])
  return (
    <Stack gap="xs">
      <Text fw={600}>{t.resources()}</Text>
      <Text size="sm" c="dimmed">
        {t.resourcesHelp()}
      </Text>
      {resources.length === 0 ? (
        <Text size="sm">{t.noResource()}</Text>
      ) : (
        <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: "none" }} aria-label={t.resources()}>
          {resources.map((r, i) => {
            const name = nameOf(r)
            return (
              <Paper component="li" key={`${r.kind}:${r.id}`} withBorder p="xs" radius="md">
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                    <Text span fw={700}>{`${i + 1}. `}</Text>
                    {name}{" "}
                    <Text span size="sm" c="dimmed">
                      ({r.kind === "machine" ? t.machine() : t.employee()})
                    </Text>
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      {...touch}
                      aria-label={t.moveUp({ name })}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      {...touch}
                      aria-label={t.moveDown({ name })}
                      disabled={i === resources.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </ActionIcon>
                    <ActionIcon
                      {...touch}
                      color="red"
                      aria-label={t.remove({ name })}
                      onClick={() => onChange(resources.filter((_, j) => j !== i))}
                    >
                      ✕
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            )
          })}
        </Stack>
      )}
      {error !== undefined ? (
        <Text c="red.9" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <NativeSelect
        size="md"
        label={t.addMachine()}
        value=""
        data={[
          { value: "", label: t.pickMachine() },
          ...machines
            .filter((m) => !taken.has(`machine:${m.id}`))
            .map((m) => ({ value: m.id, label: m.name })),
        ]}
        onChange={(e) => {
          const id = e.currentTarget.value
          if (id !== "") add({ kind: "machine", id: id as MachineSummary["id"] })
        }}
      />
      <NativeSelect
        size="md"
        label={t.addEmployee()}
        value=""
        disabled={!mayBookEmployee}
        data={[
          { value: "", label: t.pickEmployee() },
          ...members
            .filter((m) => !taken.has(`employee:${m.user.id}`))
            .map((m) => ({ value: m.user.id, label: userLabel(m.user) })),
        ]}
        onChange={(e) => {
          const id = e.currentTarget.value
          if (id !== "") add({ kind: "employee", id: id as UserId })
        }}
      />
      {mayBookEmployee ? null : <RightHint right="bookEmployee" />}
    </Stack>
  )
}
