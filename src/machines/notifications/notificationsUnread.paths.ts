import { active, calling, check, context, doneOf, errorOf, lastOf, type Seen, type Spec } from "../lib/paths"

/**
 * The shell's unread count: read at once, read again on every tick (60 s, window focus) and on
 * request; a failed read keeps the last count; a screen's own count is shown as it comes.
 */
const unread = (s: Seen) => context(s).unread
const watching = calling("watch")
/** What the badge must show: the latest of the server's count and a screen's count. */
const expected = (s: Seen): unknown => {
  const latest = [...s.events]
    .reverse()
    .find((e) => e.type === doneOf("countUnread") || e.type === "notifications.counted")
  return latest === undefined ? null : latest.type === "notifications.counted" ? latest.unread : latest.output
}

export const notificationsUnreadSpec: Spec = {
  states: {
    counting: [active, watching, calling("countUnread")],
    watching: [
      active,
      watching,
      check("shows the latest count it was given (null before any)", (s) => unread(s) === expected(s)),
    ],
  },
  moves: [
    { from: "counting", on: doneOf("countUnread"), to: "watching" },
    {
      from: "counting",
      on: errorOf("countUnread"),
      to: "watching",
      after: [check("keeps the last count", (s) => unread(s) === expected(s))],
    },
    { from: "watching", on: "notifications.tick", to: "counting" },
    { from: "watching", on: "notifications.refresh", to: "counting" },
    {
      from: "*",
      on: "notifications.counted",
      to: null,
      after: [
        check("shows the screen's count", (s) => unread(s) === lastOf(s, "notifications.counted")?.unread),
      ],
    },
  ],
}
