import type { EndpointRows } from "./matrix"

/** The caller's notifications. */
export const notificationsRows: Record<string, EndpointRows> = {
  "notifications.list": {
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "notifications.markRead": {
    id: "notification",
    cells: `
      anonymous  A  401
      self       A  200
      self       B  404`,
  },
  "notifications.markAllRead": {
    cells: `
      anonymous  -  401
      outsider   -  204`,
  },
}
