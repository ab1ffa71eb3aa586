import { Effect } from "effect"
import type { AnnouncementInput } from "../schema/announcement"
import { AnnouncementsGroup } from "../schema/api.announcements"
import type { AnnouncementId } from "../schema/ids"
import { clientOf } from "./apiClient"

const api = clientOf(AnnouncementsGroup)

/** Announcements ("Annonces", docs/announcements.md). */
export const list = () => Effect.flatMap(api, (c) => c.announcements.list())
export const markRead = (id: AnnouncementId) =>
  Effect.flatMap(api, (c) => c.announcements.read({ path: { id } }))
/** Posts it under the id the chart chose, so a retry posts nothing twice. */
export const post = (id: AnnouncementId, payload: AnnouncementInput) =>
  Effect.flatMap(api, (c) => c.announcements.put({ path: { id }, payload }))
export const end = (id: AnnouncementId) => Effect.flatMap(api, (c) => c.announcements.end({ path: { id } }))
