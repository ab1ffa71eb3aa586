/**
 * Announcements ("Annonces", /home/MegaPhone and the home page): the ones showing in the person's
 * structures, unread first; marking one read; posting one (for a structure where the person may
 * "Modifier les informations de la structure"); ending one, after a confirmation.
 *
 * Events the view sends:
 * - `announcements.retry`: load again after a failure.
 * - `announcements.markRead` {id}: mark an unread one read.
 * - `announcements.post` {draft}: post it. The id is chosen here, and kept while the same
 *   announcement is sent again after a failure, so a retry never posts twice.
 * - `announcements.askEnd` {id}, then `announcements.end` or `announcements.cancelEnd`.
 * Read: `context.announcements` (unread first, then urgent, then newest), `context.error`,
 * `context.ending`, `context.posted` (the last one posted, to say so; the form starts empty again
 * when it changes), the tag `busy`.
 */
import { assign, setup } from "xstate"
import { type Announcement, type AnnouncementUrgency, byAttention } from "../../schema/announcement"
import type { AnnouncementId, ClusterId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, firstLoad, unbound } from "../lib/kit"

/** What the form holds. `endsAt`: epoch milliseconds, or null for none. */
export interface AnnouncementDraft {
  readonly cluster: ClusterId
  readonly message: string
  readonly urgency: AnnouncementUrgency
  readonly endsAt: number | null
}

/** What `postAnnouncement` sends: the draft, under the id chosen for it. */
export interface AnnouncementToPost extends AnnouncementDraft {
  readonly id: AnnouncementId
}

export type AnnouncementsEvent =
  | { type: "announcements.retry" }
  | { type: "announcements.markRead"; id: AnnouncementId }
  | { type: "announcements.post"; draft: AnnouncementDraft }
  | { type: "announcements.askEnd"; id: AnnouncementId }
  | { type: "announcements.cancelEnd" }
  | { type: "announcements.end" }

export interface AnnouncementsContext {
  readonly announcements: ReadonlyArray<Announcement>
  readonly error: MessageCode | null
  /** The one being marked read. */
  readonly reading: AnnouncementId | null
  /** The one being confirmed or ended. */
  readonly ending: AnnouncementId | null
  /** Being posted, or posted last and refused (its id is reused for the same announcement). */
  readonly pending: AnnouncementToPost | null
  readonly posted: Announcement | null
}

const load = firstLoad({
  src: "loadAnnouncements",
  assign: "assignAnnouncements",
  retry: "announcements.retry",
  loading: "Asking the server for the announcements showing.",
  done: "The announcements arrived.",
  failed: "The announcements could not be loaded.",
})

const byId = (context: AnnouncementsContext, id: AnnouncementId | null) =>
  context.announcements.find((a) => a.id === id)

const sameDraft = (a: AnnouncementDraft, b: AnnouncementDraft) =>
  a.cluster === b.cluster &&
  a.message.trim() === b.message.trim() &&
  a.urgency === b.urgency &&
  a.endsAt === b.endsAt

const newId = () => crypto.randomUUID() as AnnouncementId

/** Replaces `one` in the list (or adds it), in the list's order. */
const withOne = (list: ReadonlyArray<Announcement>, one: Announcement) =>
  [...list.filter((a) => a.id !== one.id), one].sort(byAttention)

export const announcementsMachine = setup({
  types: {
    context: {} as AnnouncementsContext,
    events: {} as AnnouncementsEvent,
  },
  actors: {
    loadAnnouncements: unbound<ReadonlyArray<Announcement>, void>(),
    markRead: unbound<Announcement, AnnouncementId>(),
    postAnnouncement: unbound<Announcement, AnnouncementToPost>(),
    endAnnouncement: unbound<void, AnnouncementId>(),
  },
  actions: {
    assignAnnouncements: assign((_, announcements: ReadonlyArray<Announcement>) => ({
      announcements: [...announcements].sort(byAttention),
      error: null,
    })),
    assignError: assignError(),
    assignRead: assign(({ context }, read: Announcement) => ({
      announcements: withOne(context.announcements, read),
      reading: null,
    })),
    assignPosted: assign(({ context }, posted: Announcement) => ({
      announcements: withOne(context.announcements, posted),
      posted,
      pending: null,
    })),
    dropEnded: assign(({ context }) => ({
      announcements: context.announcements.filter((a) => a.id !== context.ending),
      ending: null,
    })),
  },
  guards: {
    isUnread: ({ context, event }) =>
      event.type === "announcements.markRead" && byId(context, event.id)?.readAt === null,
    mayEnd: ({ context, event }) =>
      event.type === "announcements.askEnd" && byId(context, event.id)?.can.end === true,
  },
}).createMachine({
  id: "announcements",
  description: "The announcements showing in the person's structures, and the one they post.",
  context: { announcements: [], error: null, reading: null, ending: null, pending: null, posted: null },
  initial: "loading",
  states: {
    ...load,
    ready: {
      description: "The announcements are shown, unread first.",
      initial: "idle",
      states: {
        idle: {
          description: "The list, and the form for those who may post.",
          on: {
            "announcements.markRead": {
              description: "Marks an unread announcement read.",
              guard: "isUnread",
              target: "marking",
              actions: assign(({ event }) => ({ reading: event.id, error: null })),
            },
            "announcements.post": {
              description:
                "Posts the form's announcement: under the id of the last refused attempt when it is the same, else a new one.",
              target: "posting",
              actions: assign(({ context, event }) => ({
                error: null,
                posted: null,
                pending: {
                  ...event.draft,
                  message: event.draft.message.trim(),
                  id:
                    context.pending !== null && sameDraft(context.pending, event.draft)
                      ? context.pending.id
                      : newId(),
                },
              })),
            },
            "announcements.askEnd": {
              description: "Asks to end an announcement the person may end: a confirmation first.",
              guard: "mayEnd",
              target: "confirmingEnd",
              actions: assign(({ event }) => ({ ending: event.id, error: null })),
            },
          },
        },
        marking: {
          description: "The server marks it read.",
          tags: ["busy"],
          invoke: {
            id: "markRead",
            src: "markRead",
            input: ({ context }) => context.reading as AnnouncementId,
            onDone: {
              description: "Shown as read.",
              target: "idle",
              actions: { type: "assignRead", params: ({ event }) => event.output },
            },
            onError: {
              description: "Refused (it has ended meanwhile) or unreachable: the message.",
              target: "idle",
              actions: [{ type: "assignError", params: errorParams }, assign({ reading: null })],
            },
          },
        },
        posting: {
          description: "The server posts it and tells the members.",
          tags: ["busy"],
          invoke: {
            id: "postAnnouncement",
            src: "postAnnouncement",
            input: ({ context }) => context.pending as AnnouncementToPost,
            onDone: {
              description: "Posted: it shows in the list and the form starts again empty.",
              target: "idle",
              actions: { type: "assignPosted", params: ({ event }) => event.output },
            },
            onError: {
              description: "Refused or unreachable: the form keeps what was written, with the message.",
              target: "idle",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
        confirmingEnd: {
          description: "Asking whether to end the announcement.",
          on: {
            "announcements.cancelEnd": {
              description: "Keep it.",
              target: "idle",
              actions: assign({ ending: null }),
            },
            "announcements.end": { description: "End it.", target: "ending" },
          },
        },
        ending: {
          description: "The server ends it.",
          tags: ["busy"],
          invoke: {
            id: "endAnnouncement",
            src: "endAnnouncement",
            input: ({ context }) => context.ending as AnnouncementId,
            onDone: { description: "Gone from the list.", target: "idle", actions: "dropEnded" },
            onError: {
              description: "Refused or unreachable: it stays, with the message.",
              target: "idle",
              actions: [{ type: "assignError", params: errorParams }, assign({ ending: null })],
            },
          },
        },
      },
    },
  },
})
