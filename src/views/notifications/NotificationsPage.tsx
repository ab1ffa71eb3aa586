import { Badge, Button, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useEffect, useRef } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveInvitationMachine } from "../../machines/membership/invitation.actors"
import { liveMembershipRequestMachine } from "../../machines/membership/membershipRequest.actors"
import { liveNotificationsMachine } from "../../machines/notifications/notifications.actors"
import type { BookingId } from "../../schema/ids"
import type { Invitation, MembershipRequest } from "../../schema/membership"
import { isUnread, type Notification } from "../../schema/notification"
import { userLabel } from "../../schema/user"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { formatDate } from "../common/format"
import { RightHint } from "../common/RightHint"
import { useNotify } from "../common/useNotify"
import { RequestDecision } from "../members/RequestsSection"
import { useFormatDate } from "../members/shared"
import { ConfirmEmailHint } from "../profile/ConfirmEmailHint"
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

/** Accept / Decline an open invitation (its own chart); accepting adds the structure to the menu. */
const InvitationAnswer = ({
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
  const actor = useActorRef(machine, { input: { invitation } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const error = useSelector(actor, (s) => s.context.error)
  const end = useSelector(actor, (s) => (s.status === "done" ? String(s.value) : null))
  const told = useRef(false)
  useEffect(() => {
    if (end === null || told.current) return
    told.current = true
    if (end === "accepted") {
      notify(LL.membership.notifications.accepted({ cluster: invitation.cluster.name }))
      myClusters.refresh()
    }
    onAnswered()
  }, [end, notify, LL, invitation.cluster.name, myClusters, onAnswered])
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

/** "Voir la réservation": opens the booking a booking notification is about (and marks it read). */
const BookingLink = ({ id, onOpen }: { id: BookingId; onOpen: () => void }) => {
  const { LL } = useI18nContext()
  return (
    <Button
      renderRoot={(props) => <Link {...props} to="/ActionBooking" search={{ booking: id }} />}
      variant="light"
      size="md"
      style={{ alignSelf: "flex-start" }}
      onClick={onOpen}
    >
      {LL.booking.notifications.open()}
    </Button>
  )
}

/** The sentence of a notification; without a named actor (the structure answered), one without a name. */
const useNotificationText = () => {
  const { LL, locale } = useI18nContext()
  const kinds = LL.membership.notifications.kinds
  const anonymous = LL.membership.notifications.kindsNoName
  const booked = LL.booking.notifications
  return (n: Notification): string => {
    const cluster = n.cluster.name
    const name = n.actor === null ? null : userLabel(n.actor)
    switch (n.kind) {
      case "invitationReceived":
        return name === null
          ? anonymous.invitationReceived({ cluster })
          : kinds.invitationReceived({ name, cluster })
      case "invitationAnswered":
        if (n.answer === "accepted")
          return name === null
            ? anonymous.invitationAccepted({ cluster })
            : kinds.invitationAccepted({ name, cluster })
        return name === null
          ? anonymous.invitationDeclined({ cluster })
          : kinds.invitationDeclined({ name, cluster })
      case "membershipRequested":
        return name === null
          ? anonymous.membershipRequested({ cluster })
          : kinds.membershipRequested({ name, cluster })
      case "membershipAnswered":
        return n.answer === "accepted"
          ? kinds.membershipAccepted({ cluster })
          : kinds.membershipRefused({ cluster })
      case "bookingRequested":
      case "bookingAccepted":
      case "bookingRefused":
      case "bookingEdited":
      case "bookingCancelled": {
        const b = n.booking
        const period =
          b === null ? "" : `${formatDate(b.start_date, locale)} → ${formatDate(b.end_date, locale)}`
        const resources = b === null ? "" : b.resources.join(" → ")
        return booked[n.kind]({ name: name ?? booked.someone(), resources, period })
      }
    }
  }
}

/**
 * Below a request to join that is no longer among those the person may decide: if they are still a
 * member without validateMembership, the missing right; otherwise it was decided already.
 */
const RequestGone = ({ notification }: { notification: Notification }) => {
  const { LL } = useI18nContext()
  const { clusters } = useMyClusters()
  const mine = clusters?.find((c) => c.id === notification.cluster.id)
  if (mine !== undefined && !mine.myRights.includes("validateMembership"))
    return <RightHint right="validateMembership" />
  return (
    <Text size="sm" c="dimmed">
      {LL.membership.notifications.requestDone()}
    </Text>
  )
}

const NotificationCard = ({
  notification,
  invitation,
  request,
  machines,
  onOpen,
  onChanged,
}: {
  notification: Notification
  invitation: Invitation | undefined
  request: MembershipRequest | undefined
  machines: NotificationsMachines
  onOpen: () => void
  onChanged: () => void
}) => {
  const { LL } = useI18nContext()
  const formatDate = useFormatDate()
  const text = useNotificationText()
  const unread = isUnread(notification)
  const onDecided = useCallback(() => onChanged(), [onChanged])
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="li"
      bg={unread ? "primary.0" : undefined}
      style={unread ? { borderLeft: "4px solid var(--mantine-color-primary-6)" } : undefined}
    >
      <Stack gap="xs">
        <UnstyledButton onClick={onOpen} mih={44}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={unread ? 700 : 400} style={{ overflowWrap: "anywhere" }}>
                {text(notification)}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDate(notification.createdAt)}
              </Text>
            </Stack>
            {unread && (
              <Badge color="red" variant="filled" tt="none" style={{ flexShrink: 0 }}>
                {LL.membership.notifications.unread()}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        {notification.kind === "invitationReceived" &&
          (invitation ? (
            <InvitationAnswer invitation={invitation} machine={machines.invitation} onAnswered={onChanged} />
          ) : (
            <Text size="sm" c="dimmed">
              {LL.membership.notifications.invitationDone()}
            </Text>
          ))}
        {notification.kind === "membershipRequested" &&
          (request ? (
            <Stack gap="xs">
              <Text fw={600}>
                {LL.membership.notifications.requestedRole({ role: LL.clusters.roles[request.role]() })}
              </Text>
              <RequestDecision
                request={request}
                machine={machines.membershipRequest}
                allowed
                onDecided={onDecided}
              />
            </Stack>
          ) : (
            <RequestGone notification={notification} />
          ))}
        {notification.booking !== null ? <BookingLink id={notification.booking.id} onOpen={onOpen} /> : null}
      </Stack>
    </Card>
  )
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
  const unreadCounter = useUnreadNotifications()
  const actor = useActorRef(machines.notifications)
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
  const { counted } = unreadCounter

  // The shell's badge follows what this page knows.
  useEffect(() => {
    if (loaded) counted(unread)
  }, [loaded, unread, counted])

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
      {!shown.current && !failed && <Loader aria-label={LL.app.loading()} />}
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
