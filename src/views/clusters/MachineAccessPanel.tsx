import { Alert, Loader, Modal, Stack, Text } from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveMachineAccessMachine } from "../../machines/fleet/machineAccess.actors"
import type { UserId } from "../../schema/ids"
import { AccessRow } from "../common/AccessRow"
import { useClusterPage } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { holds, RightHint } from "../common/RightHint"

export type AccessMachine = typeof liveMachineAccessMachine

/** The modal listing who may do what with the opened machine. */
export const AccessPanel = ({ actor, myId }: { actor: ActorRefFrom<AccessMachine>; myId: UserId | null }) => {
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
          <Loader role="progressbar" aria-label={LL.app.loading()} />
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
