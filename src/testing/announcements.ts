import { DateTime } from "effect"
import { Announcement } from "../schema/announcement"
import { AnnouncementId, ClusterId } from "../schema/ids"

/** Sample announcements for the chart's paths and the views' tests. */
export const cumaId = ClusterId.make("00000000-0000-4000-8000-00000000c001")
const cuma = { id: cumaId, name: "CUMA des Trois Vallées" }
const claire = { firstname: "Claire", lastname: "Moreau", name: null }

export const anAnnouncement = (fields: Partial<ConstructorParameters<typeof Announcement>[0]> = {}) =>
  new Announcement({
    id: AnnouncementId.make("00000000-0000-4000-8000-0000000a0001"),
    cluster: cuma,
    author: claire,
    message: "L'aire de lavage est fermée samedi",
    urgency: "info",
    createdAt: DateTime.unsafeMake("2026-11-27T07:30:00Z"),
    endsAt: null,
    readAt: null,
    can: { end: false },
    ...fields,
  })

/** Unread, urgent, with an end date, and which the person may end. */
export const urgentOne = anAnnouncement({
  id: AnnouncementId.make("00000000-0000-4000-8000-0000000a0002"),
  message: "Le pulvérisateur est en panne jusqu'à jeudi : ne le réservez pas",
  urgency: "urgent",
  createdAt: DateTime.unsafeMake("2026-11-27T09:00:00Z"),
  endsAt: DateTime.unsafeMake("2026-12-03T18:00:00Z"),
  can: { end: true },
})
/** Read already. */
export const readOne = anAnnouncement({
  id: AnnouncementId.make("00000000-0000-4000-8000-0000000a0003"),
  message: "Réunion de la CUMA lundi à 20 h",
  readAt: DateTime.unsafeMake("2026-11-26T18:00:00Z"),
  createdAt: DateTime.unsafeMake("2026-11-25T18:00:00Z"),
})
export const infoOne = anAnnouncement()
