import { DateTime } from "effect"
import { BadRequest, Forbidden, NotFound } from "../../schema/errors"
import { AnnouncementId } from "../../schema/ids"
import { anAnnouncement, cumaId, infoOne, readOne, urgentOne } from "../../testing/announcements"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { announcementsMachine } from "./announcements"
import { announcementsSpec } from "./announcements.paths"

const draft = {
  cluster: cumaId,
  message: "  Atelier fermé demain  ",
  urgency: "urgent" as const,
  endsAt: null,
}
const posted = anAnnouncement({
  id: AnnouncementId.make("00000000-0000-4000-8000-0000000a0009"),
  message: "Atelier fermé demain",
  urgency: "urgent",
  readAt: DateTime.unsafeMake("2026-11-27T10:00:00Z"),
  can: { end: true },
})

/** The announcements chart (see lib/paths.ts for what each entry must give). */
export const announcementsCharts: ReadonlyArray<Chart> = [
  {
    name: "announcements",
    spec: announcementsSpec,
    machine: announcementsMachine,
    events: [
      done("loadAnnouncements", [readOne, infoOne, urgentOne]),
      failed("loadAnnouncements", networkDown),
      { type: "announcements.retry" },
      { type: "announcements.markRead", id: infoOne.id },
      { type: "announcements.markRead", id: readOne.id },
      done("markRead", anAnnouncement({ readAt: DateTime.unsafeMake("2026-11-27T10:00:00Z") })),
      failed("markRead", NotFound.of()),
      { type: "announcements.post", draft },
      done("postAnnouncement", posted),
      failed("postAnnouncement", BadRequest.of("announcementEndPast")),
      { type: "announcements.askEnd", id: urgentOne.id },
      { type: "announcements.askEnd", id: infoOne.id },
      { type: "announcements.cancelEnd" },
      { type: "announcements.end" },
      done("endAnnouncement"),
      failed("endAnnouncement", Forbidden.of()),
    ],
  },
]
