import { ActionIcon, Indicator } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { useUnreadCount } from "../notifications/NotificationsProvider"

const Bell = () => (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
)

/** Link to the notifications with the unread count (from NotificationsProvider unless given). */
export const UnreadBadge = ({ count: given }: { count?: number }) => {
  const { LL } = useI18nContext()
  const unread = useUnreadCount()
  const count = given ?? unread
  return (
    <Indicator label={count} size={18} disabled={count === 0} color="red" offset={6}>
      <ActionIcon
        component={Link}
        to="/notifications"
        size={44}
        variant="subtle"
        color="white"
        aria-label={count === 0 ? LL.shellMenu.notifications() : LL.shellMenu.unread({ count })}
      >
        <Bell />
      </ActionIcon>
    </Indicator>
  )
}
