import { Schema } from "effect"
import { ClusterRef } from "./cluster"
import { AnnouncementId, ClusterId } from "./ids"
import { PersonName } from "./membership"
import type { MessageCode } from "./messages"
import { allowedText, BoundedDateTime } from "./validation"

const code = (c: MessageCode) => ({ message: () => c })

/** The longest announcement, in characters: a notice on the yard's board, not a newsletter. */
export const maxAnnouncementLength = 1000

/**
 * How pressing it is: `info` (the washing area is closed on Saturday) or `urgent` (the sprayer is
 * out of order: do not come for it). Urgent ones are shown first, in red, and also sent by e-mail.
 */
export const AnnouncementUrgency = Schema.Literal("info", "urgent")
export type AnnouncementUrgency = typeof AnnouncementUrgency.Type

/**
 * `PUT /announcements/{id}`: a structure's managers (those who may "Modifier les informations de
 * la structure") broadcast a message to its members, shown until `endsAt` (never ends when null,
 * until someone ends it). The id is the client's, so the same PUT again posts nothing twice.
 */
export const AnnouncementInput = Schema.Struct({
  cluster: ClusterId,
  message: allowedText(
    Schema.Trim.pipe(
      Schema.minLength(1, code("announcementEmpty")),
      Schema.maxLength(maxAnnouncementLength, code("announcementTooLong")),
    ),
  ),
  urgency: Schema.optionalWith(AnnouncementUrgency, { default: () => "info" as const }),
  endsAt: Schema.optionalWith(Schema.NullOr(BoundedDateTime("badRequest")), { default: () => null }),
})
export type AnnouncementInput = typeof AnnouncementInput.Type

/**
 * A structure's announcement as one of its members sees it: who posted it and when, until when it
 * shows, whether this member has read it, and whether they may end it.
 */
export class Announcement extends Schema.Class<Announcement>("Announcement")({
  id: AnnouncementId,
  cluster: ClusterRef,
  /** The member who posted it; null once their account is gone. */
  author: Schema.NullOr(PersonName),
  message: Schema.String,
  urgency: AnnouncementUrgency,
  createdAt: Schema.DateTimeUtc,
  endsAt: Schema.NullOr(Schema.DateTimeUtc),
  /** When the caller read it; null while unread. */
  readAt: Schema.NullOr(Schema.DateTimeUtc),
  can: Schema.Struct({ end: Schema.Boolean }),
}) {}

/** Unread announcements first, then the urgent ones, then the newest. */
export const byAttention = (a: Announcement, b: Announcement): number =>
  Number(a.readAt !== null) - Number(b.readAt !== null) ||
  Number(b.urgency === "urgent") - Number(a.urgency === "urgent") ||
  b.createdAt.epochMillis - a.createdAt.epochMillis
