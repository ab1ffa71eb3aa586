import { Alert, Loader, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveMachineAccessMachine } from "../../machines/fleet/machineAccess.actors"
import { AccessRow } from "../common/AccessRow"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { RightHint } from "../common/RightHint"
import { MachineBoxHistory } from "../counters/MachineBoxHistory"
import { useSessionActor } from "../session/session"
import { useMachinePage } from "./MachinePage"
import { rightsIn } from "./rights"

/** Who holds which grant on the machine: the structures screen's rows, for this machine only. */
const AccessList = () => {
  const { LL } = useI18nContext()
  const { machine } = useMachinePage()
  const { clusters } = useMyClusters()
  const session = useSessionActor()
  const me = useSelector(session, (s) => s.context.me?.id ?? null)
  const actor = useActorRef(liveMachineAccessMachine, { input: { clusterId: machine.cluster.id } })
  const state = useSelector(actor, (s) => s)
  const listed = state.context.machines !== null
  useEffect(() => {
    if (listed) actor.send({ type: "machineAccess.open", machineId: machine.id })
  }, [listed, actor, machine.id])
  const { access, saved, error } = state.context
  const myRow = access?.find((r) => r.user.id === me)
  const canManage =
    rightsIn(clusters, machine.cluster.id).includes("manageMachine") ||
    (myRow?.grants.includes("management") ?? false)
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {LL.machines.assignments.access()}
      </Title>
      {access === null || canManage ? null : <RightHint right="manageMachine" />}
      {state.matches("failed") ? (
        <Text c="dimmed">{LL.machines.assignments.accessLoadFailed()}</Text>
      ) : (
        <ServerAlert code={error} />
      )}
      {saved && !state.hasTag("busy") ? (
        <Alert color="green" variant="light" role="status">
          {LL.clusters.machinesScreen.saved()}
        </Alert>
      ) : null}
      {state.matches("failed") ? null : access === null ? (
        <Loader role="progressbar" aria-label={LL.app.loading()} />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {access.map((row) => (
            <AccessRow
              key={`${row.user.id}-${row.grants.join()}`}
              row={row}
              isMe={row.user.id === me}
              canManage={canManage}
              busy={state.hasTag("busy")}
              onSave={(grants) => actor.send({ type: "machineAccess.save", userId: row.user.id, grants })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  )
}

/** assignments: the machine's box history and who may do what with it. */
export const MachineAssignmentsTab = ({
  access = <AccessList />,
  history,
}: {
  access?: React.ReactNode
  history?: React.ReactNode
}) => {
  const { LL } = useI18nContext()
  const { machine } = useMachinePage()
  return (
    <Stack gap="lg" maw={860}>
      <Title order={2} size="h3">
        {LL.screens.machineAssignments()}
      </Title>
      {history ?? <MachineBoxHistory machineId={machine.id} />}
      {access}
    </Stack>
  )
}
