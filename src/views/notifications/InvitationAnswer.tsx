import { Button, Group, Stack, Text } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveInvitationMachine } from "../../machines/membership/invitation.actors"
import type { Invitation } from "../../schema/membership"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"

/** Accept / Decline an open invitation (its own chart); accepting adds the structure to the menu. */
export const InvitationAnswer = ({
  invitation,
  machine,
  onAnswered,
}: {
  invitation: Invitation
  machine: typeof liveInvitationMachine
  onAnswered: () => void
}) => {
  const { LL } = useI18nContext()
  const myClusters = useMyClusters()
  const notify = useNotify()
  const provided = useProvided(machine, {
    notifyAccepted: () => {
      notify(LL.membership.notifications.accepted({ cluster: invitation.cluster.name }))
      myClusters.refresh()
    },
    tellEnded: () => onAnswered(),
  })
  const actor = useActorRef(provided, { input: { invitation } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const error = useSelector(actor, (s) => s.context.error)
  const end = useSelector(actor, (s) => (s.status === "done" ? String(s.value) : null))
  if (end === "accepted")
    return (
      <Text c="green.9">{LL.membership.notifications.accepted({ cluster: invitation.cluster.name })}</Text>
    )
  if (end === "declined") return <Text>{LL.membership.notifications.declined()}</Text>
  return (
    <Stack gap="xs">
      <ServerAlert code={error} />
      {end === null && (
        <Group gap="sm" grow>
          <Button size="md" loading={busy} onClick={() => actor.send({ type: "invitation.accept" })}>
            {LL.membership.notifications.accept()}
          </Button>
          <Button
            size="md"
            variant="default"
            disabled={busy}
            onClick={() => actor.send({ type: "invitation.decline" })}
          >
            {LL.membership.notifications.decline()}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
