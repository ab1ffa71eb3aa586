import { DateTime } from "effect"
import { lazyEffect } from "../../services/lazy"
import { announcementsMachine } from "./announcements"

export const liveAnnouncementsMachine = announcementsMachine.provide({
  actors: {
    loadAnnouncements: lazyEffect((live) => live.announcements.list()),
    markRead: lazyEffect((live, id) => live.announcements.markRead(id)),
    postAnnouncement: lazyEffect((live, { id, cluster, message, urgency, endsAt }) =>
      live.announcements.post(id, {
        cluster,
        message,
        urgency,
        endsAt: endsAt === null ? null : DateTime.unsafeMake(endsAt),
      }),
    ),
    endAnnouncement: lazyEffect((live, id) => live.announcements.end(id)),
  },
})
