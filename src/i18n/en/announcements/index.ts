import type { NamespaceAnnouncementsTranslation } from "../../i18n-types"

const en_announcements = {
  title: "Announcements",
  intro:
    "Messages from your structures' managers to their members: a machine out of order, the washing area closed, a meeting…",
  none: "No announcement at the moment.",
  loadFailed: "The announcements could not be loaded",
  retry: "Try again",
  urgent: "Urgent",
  unread: "Unread",
  byline: "{name} · {cluster} · {date}",
  someone: "A former member",
  until: "Until {date}",
  markRead: "Mark as read",
  read: "Read",
  end: "End the announcement",
  endTitle: "End this announcement?",
  endWarning: "It will no longer show to any member of the structure.",
  keep: "Keep it",
  form: {
    title: "New announcement",
    cluster: "Structure",
    message: "Message",
    placeholder: "The sprayer is out of order until Thursday: do not book it.",
    remaining: "{count} character{{s}} left",
    urgent: "Urgent",
    urgentHint: "Shown first, in red, and also sent by e-mail to the members.",
    endsAt: "End of the announcement (optional)",
    endsAtHint: "Without an end date, it shows until someone ends it.",
    send: "Post the announcement",
    sent: "Announcement posted: the members of {cluster} are told.",
  },
  home: {
    title: "Announcements",
    all: "All announcements ({count})",
  },
} satisfies NamespaceAnnouncementsTranslation

export default en_announcements
