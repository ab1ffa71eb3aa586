import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveInvitationMachine } from "../../machines/membership/invitation.actors"
import type { Cluster } from "../../schema/cluster"
import type { Invitation, InvitationStatus } from "../../schema/membership"
import { userLabel } from "../../schema/user"
import { ServerAlert } from "../common/FormMessages"
import { useProvided } from "../common/useProvided"
import { RightHint, useFormatDate } from "./shared"

const statusColor: Record<InvitationStatus, string> = {
  sent: "blue",
  accepted: "green",
  declined: "orange",
  cancelled: "gray",
}

export const InvitationStatusBadge = ({ status }: { status: InvitationStatus }) => {
  const { LL } = useI18nContext()
  return (
    <Badge variant="light" color={statusColor[status]} tt="none" size="lg" style={{ flexShrink: 0 }}>
      {LL.membership.invitations.status[status]()}
    </Badge>
  )
}

const InvitationLine = ({ invitation, children }: { invitation: Invitation; children?: React.ReactNode }) => {
  const { LL } = useI18nContext()
  const formatDate = useFormatDate()
  return (
    <Card withBorder padding="sm" radius="md" component="li">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {invitation.email}
          </Text>
          <InvitationStatusBadge status={invitation.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {LL.membership.invitations.line({
            role: LL.clusters.roles[invitation.role](),
            name: userLabel(invitation.invitedBy),
            date: formatDate(invitation.createdAt),
          })}
        </Text>
        {children}
      </Stack>
    </Card>
  )
}

/** An open invitation: its own chart, so a cancel refused as `invitationClosed` says so. */
const OpenInvitation = ({
  invitation,
  machine,
  onChanged,
}: {
  invitation: Invitation
  machine: typeof liveInvitationMachine
  onChanged: () => void
}) => {
  const { LL } = useI18nContext()
  const provided = useProvided(machine, { tellEnded: () => onChanged() })
  const actor = useActorRef(provided, { input: { invitation } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const error = useSelector(actor, (s) => s.context.error)
  const finished = useSelector(actor, (s) => s.status === "done")
  const current = useSelector(actor, (s) => s.context.invitation)
  return (
    <InvitationLine invitation={current}>
      <ServerAlert code={error} />
      {!finished && (
        <Button
          variant="light"
          color="red"
          size="md"
          loading={busy}
          onClick={() => actor.send({ type: "invitation.cancel" })}
          aria-label={LL.membership.invitations.cancelNamed({ email: invitation.email })}
          style={{ alignSelf: "flex-start" }}
        >
          {LL.membership.invitations.cancel()}
        </Button>
      )}
    </InvitationLine>
  )
}

/** The structure's invitations, newest first (right addMember to see and cancel them). */
export const InvitationsSection = ({
  cluster,
  invitations,
  machine,
  onChanged,
}: {
  cluster: Cluster
  invitations: ReadonlyArray<Invitation> | null
  machine: typeof liveInvitationMachine
  onChanged: () => void
}) => {
  const { LL } = useI18nContext()
  const allowed = cluster.myRights.includes("addMember")
  return (
    <Stack gap="sm" component="section" aria-labelledby="invitations-title">
      <Title order={2} id="invitations-title">
        {LL.membership.invitations.title()}
      </Title>
      {!allowed && <RightHint id="invitations-hint" right="addMember" />}
      {allowed && invitations !== null && invitations.length === 0 && (
        <Text c="dimmed">{LL.membership.invitations.empty()}</Text>
      )}
      {allowed && invitations !== null && invitations.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {invitations.map((invitation) =>
            invitation.status === "sent" ? (
              <OpenInvitation
                key={invitation.id}
                invitation={invitation}
                machine={machine}
                onChanged={onChanged}
              />
            ) : (
              <InvitationLine key={invitation.id} invitation={invitation} />
            ),
          )}
        </Stack>
      )}
    </Stack>
  )
}
