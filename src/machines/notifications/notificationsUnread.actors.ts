import { fromCallback } from "xstate"
import { lazyEffect } from "../../services/lazy"
import { type NotificationsUnreadEvent, notificationsUnreadMachine, pollSeconds } from "./notificationsUnread"

/** Ticks every `pollSeconds` and when the window regains focus. */
export const watchUnread = fromCallback<NotificationsUnreadEvent>(({ sendBack }) => {
  const tick = () => sendBack({ type: "notifications.tick" })
  const timer = setInterval(tick, pollSeconds * 1000)
  globalThis.addEventListener?.("focus", tick)
  return () => {
    clearInterval(timer)
    globalThis.removeEventListener?.("focus", tick)
  }
})

export const liveNotificationsUnreadMachine = notificationsUnreadMachine.provide({
  actors: {
    countUnread: lazyEffect((live) => live.membership.unreadCount),
    watch: watchUnread,
  },
})
