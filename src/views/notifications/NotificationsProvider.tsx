import { useActorRef, useSelector } from "@xstate/react"
import { createContext, type ReactNode, useContext, useMemo } from "react"
import { liveNotificationsUnreadMachine } from "../../machines/notifications/notificationsUnread.actors"

/** The unread count the shell shows, and how screens keep it right. */
export interface UnreadNotifications {
  /** 0 until first read. */
  readonly unread: number
  /** A screen knows the new count (after marking some read): shown at once. */
  readonly counted: (unread: number) => void
  /** A screen changed something the count depends on: read it again. */
  readonly refresh: () => void
}
const UnreadContext = createContext<UnreadNotifications>({ unread: 0, counted: () => {}, refresh: () => {} })

export const useUnreadNotifications = (): UnreadNotifications => useContext(UnreadContext)
/** How many of the person's notifications are unread (0 outside the provider). */
export const useUnreadCount = (): number => useContext(UnreadContext).unread

/**
 * App-level, while signed in: reads the unread count, again every 60 s and on window focus, and
 * when a screen says so. Mount it inside the signed-in shell, around the header and the pages.
 */
export const NotificationsProvider = ({
  children,
  machine = liveNotificationsUnreadMachine,
}: {
  children: ReactNode
  machine?: typeof liveNotificationsUnreadMachine
}) => {
  const actor = useActorRef(machine)
  const unread = useSelector(actor, (s) => s.context.unread ?? 0)
  const value = useMemo<UnreadNotifications>(
    () => ({
      unread,
      counted: (count) => actor.send({ type: "notifications.counted", unread: count }),
      refresh: () => actor.send({ type: "notifications.refresh" }),
    }),
    [unread, actor],
  )
  return <UnreadContext.Provider value={value}>{children}</UnreadContext.Provider>
}
