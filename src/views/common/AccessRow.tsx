import { Button, Card, SimpleGrid, Stack, Switch, Text } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { UserAccess } from "../../schema/machine"
import { type Grant, grants } from "../../schema/rights"
import { userLabel } from "../../schema/user"
import { onWhenDisabled } from "./RightHint"

/** One person's grants on one machine, as switches (also used on the machine page). */
export const AccessRow = ({
  row,
  isMe,
  canManage,
  busy,
  onSave,
}: {
  row: UserAccess
  isMe: boolean
  canManage: boolean
  busy: boolean
  onSave: (grants: ReadonlyArray<Grant>) => void
}) => {
  const { LL } = useI18nContext()
  const [edited, setEdited] = useState<ReadonlyArray<Grant> | null>(null)
  const shown = edited ?? row.grants
  const name = `${userLabel(row.user)}${isMe ? ` (${LL.clusters.machinesScreen.you()})` : ""}`
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap="sm">
        <Text fw={700} style={{ overflowWrap: "anywhere" }}>
          {name}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
          {grants.map((grant) => (
            <Switch
              key={grant}
              size="md"
              label={LL.clusters.grants[grant]()}
              aria-label={`${LL.clusters.grants[grant]()} : ${name}`}
              checked={shown.includes(grant)}
              disabled={!canManage}
              styles={onWhenDisabled(shown.includes(grant), !canManage)}
              onChange={(e) =>
                setEdited(
                  e.currentTarget.checked
                    ? [...shown.filter((g) => g !== grant), grant]
                    : shown.filter((g) => g !== grant),
                )
              }
            />
          ))}
        </SimpleGrid>
        <Button
          size="md"
          variant="light"
          disabled={!canManage || busy || edited === null}
          onClick={() => onSave(shown)}
          style={{ alignSelf: "flex-start" }}
          aria-label={`${LL.clusters.machinesScreen.save()} : ${name}`}
        >
          {LL.clusters.machinesScreen.save()}
        </Button>
      </Stack>
    </Card>
  )
}
