/**
 * The unread count in the shell (app-level, while signed in): read once, then again every 60 s
 * and whenever the window regains focus (the `watch` actor sends `notifications.tick`), and at
 * once when a screen changes something.
 *
 * Events:
 * - `notifications.tick`: time to read the count again (from `watch`).
 * - `notifications.counted` { unread }: a screen knows the new count (the notifications page
 *   after marking some read): shown at once, no call.
 * - `notifications.refresh`: a screen changed something the count depends on: read it again.
 * Read: `context.unread` (null until first read; kept while a later read fails).
 */
import { assign, setup } from "xstate"
import { unbound, unboundCallback } from "../lib/kit"

export type NotificationsUnreadEvent =
  | { type: "notifications.tick" }
  | { type: "notifications.counted"; unread: number }
  | { type: "notifications.refresh" }

export interface NotificationsUnreadContext {
  readonly unread: number | null
  readonly failures: number
}

export const pollSeconds = 60

export const notificationsUnreadMachine = setup({
  types: { context: {} as NotificationsUnreadContext, events: {} as NotificationsUnreadEvent },
  actors: {
    countUnread: unbound<number>(),
    watch: unboundCallback<NotificationsUnreadEvent>(),
  },
  actions: {
    assignUnread: assign((_, unread: number) => ({ unread, failures: 0 })),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    assignCounted: assign({
      unread: ({ event }) => (event.type === "notifications.counted" ? Math.max(0, event.unread) : null),
    }),
  },
}).createMachine({
  id: "notificationsUnread",
  description: "How many notifications the person has not read, kept fresh for the shell's badge.",
  context: { unread: null, failures: 0 },
  initial: "counting",
  invoke: { id: "watch", src: "watch", description: "Every 60 s and on window focus: tick." },
  on: {
    "notifications.counted": {
      description: "A screen knows the new count: show it.",
      actions: "assignCounted",
    },
  },
  states: {
    counting: {
      description: "Reading the notifications to count the unread ones; the last count stays shown.",
      invoke: {
        id: "countUnread",
        src: "countUnread",
        onDone: {
          description: "Counted.",
          target: "watching",
          actions: { type: "assignUnread", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable: keep the last count, try again at the next tick.",
          target: "watching",
          actions: "countFailure",
        },
      },
    },
    watching: {
      description: "Waiting for the next tick or a change.",
      on: {
        "notifications.tick": { description: "Time to read the count again.", target: "counting" },
        "notifications.refresh": { description: "Something changed: read it again.", target: "counting" },
      },
    },
  },
})
