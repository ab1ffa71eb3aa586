import {
  answerOf,
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

type Shown = { id: string; readAt: unknown; urgency: string; can: { end: boolean } }
const shown = (s: Seen) => context(s).announcements as ReadonlyArray<Shown>
const ids = (s: Seen) => shown(s).map((a) => a.id)
const lastAsked = (s: Seen, type: string) => lastOf(s, type) as { id: string } | undefined
const lastDraft = (s: Seen) =>
  (lastOf(s, "announcements.post") as { draft: Record<string, unknown> } | undefined)?.draft
/** Announcements ("Annonces"): listed unread first, marked read, posted, ended. */
export const announcementsSpec: Spec = {
  states: {
    loading: [busy, calling("loadAnnouncements")],
    failed: [notBusy, showsRefusalOf("loadAnnouncements")],
    ready: [
      check("lists unread before read ones", (s) => {
        const read = shown(s).map((a) => a.readAt !== null)
        return read.every((r, i) => i === 0 || !read[i - 1] || r)
      }),
    ],
    "ready.idle": [
      notBusy,
      check("stays when asked to end one the person may not end", (s) => {
        if (s.event?.type !== "announcements.askEnd") return true
        const id = (s.event as unknown as { id: string }).id
        return shown(s).find((a) => a.id === id)?.can.end !== true
      }),
    ],
    "ready.marking": [busy, calling("markRead", (s) => lastAsked(s, "announcements.markRead")?.id)],
    "ready.posting": [
      busy,
      calling("postAnnouncement", (s) => {
        const draft = lastDraft(s) ?? {}
        const id = (context(s).pending as { id?: unknown } | null)?.id
        return { ...draft, message: String(draft.message ?? "").trim(), id }
      }),
      check("under an id of its own (a UUID)", (s) =>
        /^[0-9a-f-]{36}$/.test(String((context(s).pending as { id?: unknown } | null)?.id)),
      ),
    ],
    "ready.confirmingEnd": [
      notBusy,
      check("only for one the person may end", (s) =>
        shown(s).some((a) => a.id === context(s).ending && a.can.end),
      ),
    ],
    "ready.ending": [busy, calling("endAnnouncement", (s) => lastAsked(s, "announcements.askEnd")?.id)],
  },
  moves: [
    { from: "loading", on: doneOf("loadAnnouncements"), to: "ready.idle" },
    { from: "loading", on: errorOf("loadAnnouncements"), to: "failed" },
    { from: "failed", on: "announcements.retry", to: "loading" },
    {
      from: "ready.marking",
      on: doneOf("markRead"),
      to: "ready.idle",
      after: [
        check("shows it read", (s) => {
          const id = lastAsked(s, "announcements.markRead")?.id
          return shown(s).find((a) => a.id === id)?.readAt !== null
        }),
      ],
    },
    {
      from: "ready.marking",
      on: errorOf("markRead"),
      to: "ready.idle",
      after: [
        showsRefusalOf("markRead"),
        check("keeps it unread", (s) => {
          const id = lastAsked(s, "announcements.markRead")?.id
          return shown(s).find((a) => a.id === id)?.readAt === null
        }),
      ],
    },
    {
      from: "ready.posting",
      on: doneOf("postAnnouncement"),
      to: "ready.idle",
      after: [
        check("shows the posted announcement, and says it was posted", (s) => {
          const posted = answerOf(s, "postAnnouncement") as { id: string }
          return ids(s).includes(posted.id) && context(s).posted === posted && context(s).pending === null
        }),
      ],
    },
    {
      from: "ready.posting",
      on: errorOf("postAnnouncement"),
      to: "ready.idle",
      after: [
        showsRefusalOf("postAnnouncement"),
        check("keeps what was written, to send again under the same id", (s) => context(s).pending !== null),
      ],
    },
    { from: "ready.confirmingEnd", on: "announcements.cancelEnd", to: "ready.idle" },
    { from: "ready.confirmingEnd", on: "announcements.end", to: "ready.ending" },
    {
      from: "ready.ending",
      on: doneOf("endAnnouncement"),
      to: "ready.idle",
      after: [
        check(
          "drops the ended announcement",
          (s) => !ids(s).includes(lastAsked(s, "announcements.askEnd")?.id ?? ""),
        ),
      ],
    },
    {
      from: "ready.ending",
      on: errorOf("endAnnouncement"),
      to: "ready.idle",
      after: [
        showsRefusalOf("endAnnouncement"),
        check("keeps it", (s) => ids(s).includes(lastAsked(s, "announcements.askEnd")?.id ?? "")),
      ],
    },
  ],
}
