import { Badge, Button, Card, Group, Stack, Text, UnstyledButton } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useCallback } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { BookingId } from "../../schema/ids"
import type { Invitation, MembershipRequest } from "../../schema/membership"
import { isUnread, type Notification } from "../../schema/notification"
import { useMyClusters } from "../common/clusterContexts"
import { RightHint } from "../common/RightHint"
import { RequestDecision } from "../members/RequestsSection"
import { useFormatDate } from "../members/shared"
import { InvitationAnswer } from "./InvitationAnswer"
import type { NotificationsMachines } from "./NotificationsPage"
import { useNotificationText } from "./notificationText"

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

export const NotificationCard = ({
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
        {notification.activity !== null ? (
          <Button
            renderRoot={(props) => (
              <Link
                {...props}
                to="/Activitys/$idActivity"
                params={{ idActivity: notification.activity?.id ?? "" }}
              />
            )}
            variant="light"
            size="md"
            style={{ alignSelf: "flex-start" }}
            onClick={onOpen}
          >
            {LL.membership.notifications.openActivity()}
          </Button>
        ) : null}
        {notification.maintenance !== null ? (
          <Button
            renderRoot={(props) => (
              <Link
                {...props}
                to="/maintenance/machines"
                search={{ machine: notification.maintenance?.machine.id }}
              />
            )}
            variant="light"
            size="md"
            style={{ alignSelf: "flex-start" }}
            onClick={onOpen}
          >
            {LL.membership.notifications.openMaintenance()}
          </Button>
        ) : null}
        {notification.announcement !== null ? (
          <Button
            renderRoot={(props) => <Link {...props} to="/home/MegaPhone" />}
            variant="light"
            size="md"
            style={{ alignSelf: "flex-start" }}
            onClick={onOpen}
          >
            {LL.membership.notifications.openAnnouncements()}
          </Button>
        ) : null}
      </Stack>
    </Card>
  )
}
