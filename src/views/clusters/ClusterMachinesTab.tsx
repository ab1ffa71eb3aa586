import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveMachineAccessMachine } from "../../machines/fleet/machineAccess.actors"
import { useClusterPage } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { holds, RightHint } from "../common/RightHint"
import { useSessionActor } from "../session/session"
import { type AccessMachine, AccessPanel } from "./MachineAccessPanel"

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
        <Loader role="progressbar" aria-label={LL.app.loading()} />
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
