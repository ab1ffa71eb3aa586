import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Announcement, AnnouncementInput } from "./announcement"
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from "./errors"
import { AnnouncementId } from "./ids"
import { Authentication } from "./middleware"

const announcementParam = HttpApiSchema.param("id", AnnouncementId)

/**
 * Announcements ("Annonces", SPEC §2 `home/MegaPhone`): a structure's managers broadcast a message
 * to its members, who see it on their home page, are notified, and mark it read. Who posts, reads
 * and ends them: docs/announcements.md and docs/rights.md#announcements.
 */
export class AnnouncementsGroup extends HttpApiGroup.make("announcements")
  /** The announcements still showing in every structure the caller is a member of: unread first, urgent first, newest first. */
  .add(HttpApiEndpoint.get("list", "/announcements").addSuccess(Schema.Array(Announcement)))
  /** Posts the announcement `id`; the same PUT again answers the one already posted and posts nothing. */
  .add(
    HttpApiEndpoint.put("put")`/announcements/${announcementParam}`
      .setPayload(AnnouncementInput)
      .addSuccess(Announcement),
  )
  /** Marks it read for the caller (once: the first reading's instant stays). */
  .add(HttpApiEndpoint.post("read")`/announcements/${announcementParam}/read`.addSuccess(Announcement))
  /** Ends it: it shows no more to anyone. */
  .add(HttpApiEndpoint.del("end")`/announcements/${announcementParam}`.addSuccess(Schema.Void))
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(BadRequest)
  .addError(Conflict)
  .middleware(Authentication)
  .prefix("/api/v2") {}
