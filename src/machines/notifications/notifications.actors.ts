import type { NotificationId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { notificationsMachine } from "./notifications"

export const liveNotificationsMachine = notificationsMachine.provide({
  actors: {
    loadInbox: lazyEffect((live) => live.membership.inbox),
    markRead: lazyEffect((live, id: NotificationId) => live.membership.markRead(id)),
    markAllRead: lazyEffect((live) => live.membership.markAllRead),
  },
})
