import { Loader, Stack } from "@mantine/core"
import { useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveInvitationMachine } from "../../machines/membership/invitation.actors"
import { liveInviteMachine } from "../../machines/membership/invite.actors"
import { liveMembersMachine } from "../../machines/membership/members.actors"
import { liveMembershipRequestMachine } from "../../machines/membership/membershipRequest.actors"
import type { Cluster } from "../../schema/cluster"
import type { UserId } from "../../schema/ids"
import { useClusterPage, useMyClusters } from "../common/clusterContexts"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"
import { useSessionActor } from "../session/session"
import { InvitationsSection } from "./InvitationsSection"
import { InviteForm } from "./InviteForm"
import { MembersSection } from "./MembersSection"
import { RequestsSection } from "./RequestsSection"

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
  const provided = useProvided(machines.members, {
    notifyRemoved: () => {
      notify(LL.membership.members.removed())
      refresh()
    },
    notifyLeft: () => notify(LL.membership.members.left({ cluster: cluster.name })),
    navigateHome: () => {
      myClusters.refresh()
      void navigate({ to: "/home" })
    },
  })
  const members = useActorRef(provided, {
    input: { clusterId: cluster.id, myRights: cluster.myRights, me },
  })
  const people = useSelector(members, (s) => s.context.people)
  const state = useSelector(members, (s) => String(s.value))

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
  if (me === null) return <Loader role="progressbar" aria-label={LL.app.loading()} />
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
