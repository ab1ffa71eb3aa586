import { Button, Card, Group, Loader, Modal, Stack, Text, Title } from "@mantine/core"
import { useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useEffect, useRef, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveInvitationMachine } from "../../machines/membership/invitation.actors"
import { liveInviteMachine } from "../../machines/membership/invite.actors"
import { liveMembersMachine } from "../../machines/membership/members.actors"
import { liveMembershipRequestMachine } from "../../machines/membership/membershipRequest.actors"
import type { Cluster } from "../../schema/cluster"
import type { UserId } from "../../schema/ids"
import type { Member } from "../../schema/membership"
import { userLabel } from "../../schema/user"
import { useClusterPage, useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { useNotify } from "../common/useNotify"
import { useSessionActor } from "../session/session"
import { InvitationsSection } from "./InvitationsSection"
import { InviteForm } from "./InviteForm"
import { RequestsSection } from "./RequestsSection"
import { RightHint, RoleBadge } from "./shared"

/** The charts this tab runs; tests give stand-ins. */
export interface ClusterUsersMachines {
  readonly members: typeof liveMembersMachine
  readonly invite: typeof liveInviteMachine
  readonly invitation: typeof liveInvitationMachine
  readonly membershipRequest: typeof liveMembershipRequestMachine
}
export const liveClusterUsersMachines: ClusterUsersMachines = {
  members: liveMembersMachine,
  invite: liveInviteMachine,
  invitation: liveInvitationMachine,
  membershipRequest: liveMembershipRequestMachine,
}

type MembersActor = ReturnType<typeof useActorRef<typeof liveMembersMachine>>

const MemberRow = ({
  member,
  me,
  mayRemove,
  busy,
  onRemove,
}: {
  member: Member
  me: boolean
  mayRemove: boolean
  busy: boolean
  onRemove: () => void
}) => {
  const { LL } = useI18nContext()
  const label = userLabel(member.user)
  return (
    <Card withBorder padding="sm" radius="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 12rem" }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {label}
            {me ? ` (${LL.membership.members.you()})` : ""}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {member.user.email}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          <RoleBadge role={member.role} />
          {me ? (
            <Button variant="default" color="red" size="md" disabled={busy} onClick={onRemove}>
              {LL.membership.members.leave()}
            </Button>
          ) : (
            <Button
              variant="light"
              color="red"
              size="md"
              disabled={!mayRemove || busy}
              aria-label={LL.membership.members.removeNamed({ name: label })}
              aria-describedby={mayRemove ? undefined : "remove-hint"}
              onClick={onRemove}
            >
              {LL.membership.members.remove()}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  )
}

const MembersSection = ({
  cluster,
  me,
  members,
  error,
}: {
  cluster: Cluster
  me: UserId
  members: MembersActor
  error: boolean
}) => {
  const { LL } = useI18nContext()
  const people = useSelector(members, (s) => s.context.people)
  const busy = useSelector(members, (s) => s.hasTag("busy"))
  const failed = useSelector(members, (s) => s.matches("failed"))
  const code = useSelector(members, (s) => s.context.error)
  const [confirming, setConfirming] = useState<Member | null>(null)
  const mayRemove = cluster.myRights.includes("removeMember")
  const leaving = confirming?.user.id === me

  return (
    <Stack gap="sm" component="section" aria-labelledby="members-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} id="members-title">
          {LL.membership.members.title()}
        </Title>
        {people && <Text c="dimmed">{LL.membership.members.count({ count: people.members.length })}</Text>}
      </Group>
      {!mayRemove && <RightHint id="remove-hint" right="removeMember" />}
      <ServerAlert code={error ? code : null} />
      {failed && (
        <Button variant="default" onClick={() => members.send({ type: "members.reload" })}>
          {LL.membership.retry()}
        </Button>
      )}
      {people === null && !failed && <Loader aria-label={LL.app.loading()} />}
      {people && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {people.members.map((member) => (
            <MemberRow
              key={member.user.id}
              member={member}
              me={member.user.id === me}
              mayRemove={mayRemove}
              busy={busy}
              onRemove={() => setConfirming(member)}
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={leaving ? LL.membership.members.leaveTitle() : LL.membership.members.removeTitle()}
        closeButtonProps={{ "aria-label": LL.failure.close() }}
        centered
      >
        <Stack gap="md">
          <Text>
            {leaving
              ? LL.membership.members.leaveText({ cluster: cluster.name })
              : LL.membership.members.removeText({
                  name: confirming ? userLabel(confirming.user) : "",
                  cluster: cluster.name,
                })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={() => setConfirming(null)}>
              {LL.membership.cancel()}
            </Button>
            <Button
              color="red"
              size="md"
              onClick={() => {
                if (confirming) members.send({ type: "members.remove", userId: confirming.user.id })
                setConfirming(null)
              }}
            >
              {leaving ? LL.membership.members.leave() : LL.membership.members.remove()}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

const ClusterUsers = ({
  cluster,
  me,
  machines,
}: {
  cluster: Cluster
  me: UserId
  machines: ClusterUsersMachines
}) => {
  const { LL } = useI18nContext()
  const { refresh } = useClusterPage()
  const myClusters = useMyClusters()
  const navigate = useNavigate()
  const notify = useNotify()
  const members = useActorRef(machines.members, {
    input: { clusterId: cluster.id, myRights: cluster.myRights, me },
  })
  const people = useSelector(members, (s) => s.context.people)
  const state = useSelector(members, (s) => String(s.value))
  const previous = useRef(state)

  // A removal went through (removing → loading): say so; the structure's member count changed.
  useEffect(() => {
    const before = previous.current
    previous.current = state
    if (before === "removing" && state === "loading") {
      notify(LL.membership.members.removed())
      refresh()
    }
  }, [state, notify, LL, refresh])

  // Left the structure: it goes from the menu and the person goes home.
  useEffect(() => {
    if (state !== "left") return
    notify(LL.membership.members.left({ cluster: cluster.name }))
    myClusters.refresh()
    void navigate({ to: "/home" })
  }, [state, notify, LL, cluster.name, myClusters, navigate])

  const reload = useCallback(() => members.send({ type: "members.reload" }), [members])
  const decided = useCallback(
    (accepted: boolean) => {
      reload()
      if (accepted) refresh()
    },
    [reload, refresh],
  )
  return (
    <Stack gap="xl">
      <MembersSection
        cluster={cluster}
        me={me}
        members={members}
        error={state === "ready" || state === "failed"}
      />
      <InviteForm cluster={cluster} machine={machines.invite} onInvited={reload} />
      <InvitationsSection
        cluster={cluster}
        invitations={people?.invitations ?? null}
        machine={machines.invitation}
        onChanged={reload}
      />
      <RequestsSection
        cluster={cluster}
        requests={people?.requests ?? null}
        machine={machines.membershipRequest}
        onDecided={decided}
      />
    </Stack>
  )
}

/**
 * The ClusterUsers tab: members (remove, leave), inviting by e-mail, invitations (cancel) and
 * requests to join (accept, refuse). Controls the person may not use are disabled with the right
 * they lack; the server refuses anyway.
 */
export const ClusterUsersPage = ({
  machines = liveClusterUsersMachines,
}: {
  machines?: ClusterUsersMachines
}) => {
  const { LL } = useI18nContext()
  const { cluster } = useClusterPage()
  const session = useSessionActor()
  const me = useSelector(session, (s) => s.context.me?.id ?? null)
  if (me === null) return <Loader aria-label={LL.app.loading()} />
  return (
    <ClusterUsers
      // Rights changed (the structure was reloaded): start again with the lists they allow.
      key={`${cluster.id}:${cluster.myRights.join(",")}`}
      cluster={cluster}
      me={me}
      machines={machines}
    />
  )
}
