import {
  active,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/**
 * The notifications page (SPEC §3, §4): newest first; unread while read_date is null; opening an
 * unread one marks it read (a read one has no move: the views test it calls nothing); "mark all read" leaves none unread.
 */
type Listed = { id: string; createdAt: { epochMillis: number }; read: { read_date: unknown } }
const list = (s: Seen) => context(s).notifications as ReadonlyArray<Listed>
const unread = (n: Listed) => n.read.read_date === null

const newestFirst = check("lists the notifications newest first", (s) =>
  list(s).every(
    (n, i, all) => i === 0 || (all[i - 1] as Listed).createdAt.epochMillis >= n.createdAt.epochMillis,
  ),
)
const opened = (s: Seen) => lastOf(s, "notifications.open")?.id
const wasUnread = (s: Seen) => (e: { id?: unknown }) => list(s).some((n) => n.id === e.id && unread(n))

export const notificationsSpec: Spec = {
  states: {
    loading: [busy, active, calling("loadInbox")],
    failed: [notBusy, active, showsRefusalOf("loadInbox")],
    ready: [notBusy, active, newestFirst],
    markingRead: [active, calling("markRead", opened), newestFirst],
    markingAllRead: [busy, active, calling("markAllRead")],
  },
  moves: [
    { from: "loading", on: doneOf("loadInbox"), to: "ready" },
    { from: "loading", on: errorOf("loadInbox"), to: "failed" },
    { from: "failed", on: "notifications.reload", to: "loading" },
    { from: "ready", on: "notifications.reload", to: "loading" },
    {
      from: "ready",
      on: "notifications.open",
      given: ["an unread one", (e) => e.id === "00000000-0000-4000-8000-000000000001"],
      to: "markingRead",
    },
    { from: "ready", on: "notifications.readAll", to: "markingAllRead" },
    {
      from: "markingRead",
      on: doneOf("markRead"),
      to: "ready",
      after: [
        check("the opened one is read", (s) => {
          const id = opened(s)
          return list(s).some((n) => n.id === id && !unread(n))
        }),
      ],
    },
    {
      from: "markingRead",
      on: errorOf("markRead"),
      to: "ready",
      after: [
        showsRefusalOf("markRead"),
        check("the opened one stays unread", (s) => wasUnread(s)({ id: opened(s) })),
      ],
    },
    {
      from: "markingAllRead",
      on: doneOf("markAllRead"),
      to: "ready",
      after: [check("none is unread", (s) => !list(s).some(unread))],
    },
    {
      from: "markingAllRead",
      on: errorOf("markAllRead"),
      to: "ready",
      after: [showsRefusalOf("markAllRead"), check("some stay unread", (s) => list(s).some(unread))],
    },
  ],
}
