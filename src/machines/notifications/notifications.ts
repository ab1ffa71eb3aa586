// Size: one chart of 5 states and 10 described transitions: one configuration, kept whole.
/**
 * The /notifications page (SPEC §3, §4): the person's notifications newest first and their open
 * invitations. Unread while the person's read entry has no `read_date`; opening one marks it read
 * (POST /notifications/{id}/read, idempotent), "mark all read" marks every one (POST
 * /notifications/read).
 *
 * Events the view sends:
 * - `notifications.open` { id }: the person opened it; marked read if it was unread.
 * - `notifications.readAll`: mark every notification read (only while some is unread).
 * - `notifications.reload`: read the lists again (after answering an invitation or a request).
 * Read: `ready` (`context.notifications`, `context.invitations`, `context.requests`), `failed`, `context.error`,
 * the tag `busy`.
 * Named action the view provides: `tellUnread` { count } (how many remain unread, after each change).
 */
import { DateTime } from "effect"
import { assign, setup } from "xstate"
import type { NotificationId } from "../../schema/ids"
import type { Invitation, MembershipRequest } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import type { Inbox } from "../../schema/notification"
import { isUnread, Notification } from "../../schema/notification"
import { assignError, errorParams, unbound } from "../lib/kit"

export type NotificationsEvent =
  | { type: "notifications.open"; id: NotificationId }
  | { type: "notifications.readAll" }
  | { type: "notifications.reload" }

export interface NotificationsContext {
  readonly notifications: ReadonlyArray<Notification>
  readonly invitations: ReadonlyArray<Invitation>
  /** Pending requests to join the person may decide, from structures the notifications mention. */
  readonly requests: ReadonlyArray<MembershipRequest>
  readonly opening: NotificationId | null
  readonly error: MessageCode | null
}

/** After each change: how many remain unread, for the shell's counter. */
const tellUnread = {
  type: "tellUnread",
  params: ({ context }: { context: NotificationsContext }) => context.notifications.filter(isUnread).length,
} as const

const newestFirst = (list: ReadonlyArray<Notification>) =>
  [...list].sort((a, b) => DateTime.toEpochMillis(b.createdAt) - DateTime.toEpochMillis(a.createdAt))

export const notificationsMachine = setup({
  types: { context: {} as NotificationsContext, events: {} as NotificationsEvent },
  actors: {
    loadInbox: unbound<Inbox>(),
    markRead: unbound<Notification, NotificationId>(),
    markAllRead: unbound<void>(),
  },
  guards: {
    isUnreadOne: ({ context, event }) =>
      event.type === "notifications.open" &&
      context.notifications.some((n) => n.id === event.id && isUnread(n)),
    hasUnread: ({ context }) => context.notifications.some(isUnread),
  },
  actions: {
    assignInbox: assign((_, inbox: Inbox) => ({
      notifications: newestFirst(inbox.notifications),
      invitations: inbox.invitations,
      requests: inbox.requests,
      error: null,
    })),
    assignOpening: assign({
      opening: ({ event }) => (event.type === "notifications.open" ? event.id : null),
      error: null,
    }),
    assignRead: assign(({ context }, read: Notification) => ({
      notifications: context.notifications.map((n) => (n.id === read.id ? read : n)),
      opening: null,
    })),
    assignAllRead: assign(({ context }) => {
      const now = DateTime.unsafeNow()
      return {
        notifications: context.notifications.map((n) =>
          isUnread(n) ? Notification.make({ ...n, read: { ...n.read, read_date: now } }) : n,
        ),
      }
    }),
    assignError: assignError(() => ({ opening: null })),
    clearError: assign({ error: null }),
    /** Provided by the view: the shell's unread counter shows this count. */
    tellUnread: (_, _count: number) => {},
  },
}).createMachine({
  id: "notifications",
  description: "The person's notifications and open invitations; reading marks them read.",
  context: { notifications: [], invitations: [], requests: [], opening: null, error: null },
  initial: "loading",
  states: {
    loading: {
      description: "Reading the notifications and the open invitations.",
      tags: ["busy"],
      invoke: {
        id: "loadInbox",
        src: "loadInbox",
        onDone: {
          description: "Listed, newest first.",
          target: "ready",
          actions: [{ type: "assignInbox", params: ({ event }) => event.output }, tellUnread],
        },
        onError: {
          description: "Unreachable: the message shows with a way to try again.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The lists could not be read.",
      on: { "notifications.reload": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The lists are shown; unread ones are marked.",
      on: {
        "notifications.open": {
          description: "An unread one opened: mark it read (a read one stays as it is).",
          guard: "isUnreadOne",
          target: "markingRead",
          actions: "assignOpening",
        },
        "notifications.readAll": {
          description: "Some are unread: mark them all read.",
          guard: "hasUnread",
          target: "markingAllRead",
          actions: "clearError",
        },
        "notifications.reload": { description: "Read the lists again.", target: "loading" },
      },
    },
    markingRead: {
      description: "Marking the opened notification read.",
      invoke: {
        id: "markRead",
        src: "markRead",
        input: ({ context }) => context.opening as NotificationId,
        onDone: {
          description: "Read: the server's read date replaces the unread mark.",
          target: "ready",
          actions: [{ type: "assignRead", params: ({ event }) => event.output }, tellUnread],
        },
        onError: {
          description: "Not marked: it stays unread, the message shows.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    markingAllRead: {
      description: "Marking every notification read.",
      tags: ["busy"],
      invoke: {
        id: "markAllRead",
        src: "markAllRead",
        onDone: { description: "All read.", target: "ready", actions: ["assignAllRead", tellUnread] },
        onError: {
          description: "Not marked: they stay unread, the message shows.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
  },
})
