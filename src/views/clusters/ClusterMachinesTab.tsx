import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import type { ActorRefFrom } from "xstate"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveMachineAccessMachine } from "../../machines/fleet/machineAccess.actors"
import type { UserId } from "../../schema/ids"
import type { UserAccess } from "../../schema/machine"
import { type Grant, grants } from "../../schema/rights"
import { userLabel } from "../../schema/user"
import { useClusterPage } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { holds, onWhenDisabled, RightHint } from "../common/RightHint"
import { useSessionActor } from "../session/session"

type AccessMachine = typeof liveMachineAccessMachine

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

const AccessPanel = ({ actor, myId }: { actor: ActorRefFrom<AccessMachine>; myId: UserId | null }) => {
  const { LL } = useI18nContext()
  const { cluster } = useClusterPage()
  const phone = useMediaQuery("(max-width: 36em)")
  const state = useSelector(actor, (s) => s)
  const { machines, machineId, access, saved, error } = state.context
  const machine = machines?.find((m) => m.id === machineId)
  const opened = machineId !== null
  const myRow = access?.find((r) => r.user.id === myId)
  const canManage =
    holds(cluster.myRights, "manageMachine") || (myRow?.grants.includes("management") ?? false)
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: "machineAccess.close" })}
      title={LL.clusters.machinesScreen.accessTitle({ name: machine?.name ?? "" })}
      closeButtonProps={{ "aria-label": LL.clusters.machinesScreen.close() }}
      fullScreen={phone}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {LL.clusters.machinesScreen.accessIntro()}
        </Text>
        {access === null ? null : canManage ? null : <RightHint right="manageMachine" />}
        <ServerAlert code={opened ? error : null} />
        {saved && !state.hasTag("busy") ? (
          <Alert color="green" variant="light" role="status">
            {LL.clusters.machinesScreen.saved()}
          </Alert>
        ) : null}
        {access === null ? (
          <Loader aria-label={LL.app.loading()} />
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {access.map((row) => (
              <AccessRow
                key={`${row.user.id}-${row.grants.join()}`}
                row={row}
                isMe={row.user.id === myId}
                canManage={canManage}
                busy={state.hasTag("busy")}
                onSave={(g) => actor.send({ type: "machineAccess.save", userId: row.user.id, grants: g })}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  )
}

/** ClustersMachines: the structure's machines by name, each opening who may do what with it. */
export const ClusterMachinesTab = ({ machine = liveMachineAccessMachine }: { machine?: AccessMachine }) => {
  const { LL } = useI18nContext()
  const { cluster } = useClusterPage()
  const session = useSessionActor()
  const myId = useSelector(session, (s) => s.context.me?.id ?? null)
  const actor = useActorRef(machine, { input: { clusterId: cluster.id } })
  const state = useSelector(actor, (s) => s)
  const { machines, machineId, error } = state.context
  return (
    <Stack gap="md" maw={860}>
      <Title order={2} size="h3">
        {LL.screens.clustersMachines()}
      </Title>
      <Stack gap={4} align="flex-start">
        {holds(cluster.myRights, "createMachine") ? (
          <Button
            size="md"
            renderRoot={(props) => (
              <Link {...props} to="/ListMachines" search={{ add: 1, cluster: cluster.id }} />
            )}
          >
            {LL.machines.list.add()}
          </Button>
        ) : (
          <>
            <Button size="md" disabled>
              {LL.machines.list.add()}
            </Button>
            <RightHint right="createMachine" />
          </>
        )}
      </Stack>
      {/* Without seeMachines only the machines the person holds a grant on are listed. */}
      {holds(cluster.myRights, "seeMachines") ? null : <RightHint right="seeMachines" />}
      {state.matches("failed") ? (
        <Alert color="red" variant="light" role="alert" title={LL.failure.heading()}>
          <Stack align="flex-start" gap="sm">
            <Text>{error === null ? LL.clusters.machinesScreen.loadFailed() : errorText(LL, error)}</Text>
            <Button variant="light" onClick={() => actor.send({ type: "machineAccess.retry" })}>
              {LL.clusters.page.retry()}
            </Button>
          </Stack>
        </Alert>
      ) : machines === null ? (
        <Loader aria-label={LL.app.loading()} />
      ) : machines.length === 0 ? (
        <Text>{LL.clusters.machinesScreen.none()}</Text>
      ) : (
        <>
          <ServerAlert code={machineId === null ? error : null} />
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {machines.map((m) => (
              <Card key={m.id} component="li" withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text fw={700} style={{ overflowWrap: "anywhere", minWidth: 0, flex: 1 }}>
                    {m.name}
                  </Text>
                  <Button
                    size="md"
                    variant="light"
                    loading={state.matches({ ready: "loadingAccess" }) && machineId === m.id}
                    onClick={() => actor.send({ type: "machineAccess.open", machineId: m.id })}
                    style={{ flexShrink: 0 }}
                    aria-label={`${LL.clusters.machinesScreen.access()} : ${m.name}`}
                  >
                    {LL.clusters.machinesScreen.access()}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <AccessPanel actor={actor} myId={myId} />
    </Stack>
  )
}
