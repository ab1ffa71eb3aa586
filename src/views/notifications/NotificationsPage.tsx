import { Button, Card, Loader, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useRef } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveInvitationMachine } from "../../machines/membership/invitation.actors"
import { liveMembershipRequestMachine } from "../../machines/membership/membershipRequest.actors"
import { liveNotificationsMachine } from "../../machines/notifications/notifications.actors"
import { isUnread } from "../../schema/notification"
import { userLabel } from "../../schema/user"
import { ServerAlert } from "../common/FormMessages"
import { useProvided } from "../common/useProvided"
import { ConfirmEmailHint } from "../profile/ConfirmEmailHint"
import { InvitationAnswer } from "./InvitationAnswer"
import { NotificationCard } from "./NotificationCard"
import { useUnreadNotifications } from "./NotificationsProvider"

/** The charts this page runs; tests give stand-ins. */
export interface NotificationsMachines {
  readonly notifications: typeof liveNotificationsMachine
  readonly invitation: typeof liveInvitationMachine
  readonly membershipRequest: typeof liveMembershipRequestMachine
}
export const liveNotificationsMachines: NotificationsMachines = {
  notifications: liveNotificationsMachine,
  invitation: liveInvitationMachine,
  membershipRequest: liveMembershipRequestMachine,
}

/**
 * /notifications: the person's open invitations first (accept / decline), then their
 * notifications newest first, unread ones marked; opening one marks it read.
 */
export const NotificationsPage = ({
  machines = liveNotificationsMachines,
}: {
  machines?: NotificationsMachines
}) => {
  const { LL } = useI18nContext()
  // The shell's badge follows what this page knows.
  const { counted } = useUnreadNotifications()
  const provided = useProvided(machines.notifications, { tellUnread: (_, count) => counted(count) })
  const actor = useActorRef(provided)
  const notifications = useSelector(actor, (s) => s.context.notifications)
  const invitations = useSelector(actor, (s) => s.context.invitations)
  const requests = useSelector(actor, (s) => s.context.requests)
  const error = useSelector(actor, (s) => s.context.error)
  // Once read, the lists stay shown while they are read again.
  const loaded = useSelector(
    actor,
    (s) => s.matches("ready") || s.matches("markingRead") || s.matches("markingAllRead"),
  )
  const shown = useRef(false)
  if (loaded) shown.current = true
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const markingAll = useSelector(actor, (s) => s.matches("markingAllRead"))
  const unread = notifications.filter(isUnread).length

  const reload = useCallback(() => actor.send({ type: "notifications.reload" }), [actor])
  const byInvitation = new Map(invitations.map((i) => [i.id, i]))
  const byRequest = new Map(requests.filter((r) => r.status === "pending").map((r) => [r.id, r]))

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{LL.membership.notifications.title()}</Title>
      <ConfirmEmailHint />
      <ServerAlert code={error} />
      {failed && (
        <Button variant="default" onClick={reload} style={{ alignSelf: "flex-start" }}>
          {LL.membership.retry()}
        </Button>
      )}
      {!shown.current && !failed && <Loader role="progressbar" aria-label={LL.app.loading()} />}
      {shown.current && invitations.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="my-invitations">
          <Title order={2} id="my-invitations">
            {LL.membership.notifications.myInvitations()}
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {invitations.map((invitation) => (
              <Card key={invitation.id} withBorder padding="sm" radius="md" component="li">
                <Stack gap="xs">
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {LL.membership.notifications.invitationFrom({
                      name: userLabel(invitation.invitedBy),
                      cluster: invitation.cluster.name,
                      role: LL.clusters.roles[invitation.role](),
                    })}
                  </Text>
                  <InvitationAnswer
                    invitation={invitation}
                    machine={machines.invitation}
                    onAnswered={reload}
                  />
                </Stack>
              </Card>
            ))}
          </Stack>
        </Stack>
      )}
      {shown.current && (
        <Stack gap="sm" component="section" aria-label={LL.membership.notifications.title()}>
          <Button
            variant="light"
            size="md"
            disabled={unread === 0}
            loading={markingAll}
            onClick={() => actor.send({ type: "notifications.readAll" })}
            style={{ alignSelf: "flex-end" }}
          >
            {LL.membership.notifications.markAllRead()}
          </Button>
          {notifications.length === 0 ? (
            <Text c="dimmed">{LL.membership.notifications.empty()}</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {notifications.map((n) => (
                <NotificationCard
                  key={n.id}
                  notification={n}
                  invitation={n.invitationId === null ? undefined : byInvitation.get(n.invitationId)}
                  request={n.requestId === null ? undefined : byRequest.get(n.requestId)}
                  machines={machines}
                  onOpen={() => actor.send({ type: "notifications.open", id: n.id })}
                  onChanged={reload}
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  )
}
