import { DateTime, Effect } from "effect"
import type { ActivityEdit, ActivityListAsk } from "../schema/activity"
import { ActivitiesGroup } from "../schema/api.activities"
import { PropertiesGroup } from "../schema/api.fleet"
import type { ActivityId, FieldId, FilterEntryId, MachineId } from "../schema/ids"
import type { Locale } from "../schema/user"
import { clientOf } from "./apiClient"

/** A machine's activities and a person's correction of one (SPEC §2 machines/{id}/activities). */
const api = clientOf(ActivitiesGroup, PropertiesGroup)

export const machineActivities = (id: MachineId, start: string, end: string) =>
  Effect.flatMap(api, (c) =>
    c.activities.machineActivities({
      path: { id },
      urlParams: { start_date: DateTime.unsafeMake(start), end_date: DateTime.unsafeMake(end) },
    }),
  )

export const editActivity = (id: ActivityId, edit: typeof ActivityEdit.Type) =>
  Effect.flatMap(api, (c) => c.activities.editActivity({ path: { id }, payload: edit }))

/** Cuts the activity in two at `at` (epoch ms): both parts. */
export const split = (id: ActivityId, at: number) =>
  Effect.flatMap(api, (c) =>
    c.activities.splitActivity({ path: { id }, payload: { at: DateTime.unsafeMake(at) } }),
  )

/** Merges the activity with its neighbour `other`: the merged one. */
export const merge = (id: ActivityId, other: ActivityId) =>
  Effect.flatMap(api, (c) => c.activities.mergeActivity({ path: { id }, payload: { with: other } }))

/** What a person who may correct the activity may name: fields, drivers, implements. */
export const choices = (id: ActivityId) =>
  Effect.flatMap(api, (c) => c.activities.activityChoices({ path: { id } }))

/** The catalogue's product types (filter entries of type productType). */
export const productTypes = Effect.flatMap(api, (c) => c.properties.filterEntries()).pipe(
  Effect.map((entries) =>
    entries.filter((e) => e.type === "productType").map((e) => ({ id: e.id, name: e.name })),
  ),
)

type ListQuery = ActivityListAsk

const filtersOf = ({ start, end, page: _page, ...rest }: ListQuery) => ({
  ...rest,
  start_date: DateTime.unsafeMake(start),
  end_date: DateTime.unsafeMake(end),
})

/** Activities a page of the list shows: a screenful a phone scrolls through without waiting. */
export const listPageSize = 50

/** SPEC §2 Activitys: a page of the activities the person may see, with the totals of all. */
export const list = (q: ListQuery) =>
  Effect.flatMap(api, (c) =>
    c.activities.activities({ urlParams: { ...filtersOf(q), page: q.page, limit: listPageSize } }),
  )

/** The same list as a CSV text, or an XLSX workbook's bytes. */
export const csv = (q: ListQuery, lang: Locale, tz: string) =>
  Effect.flatMap(api, (c) => c.activities.activitiesCsv({ urlParams: { ...filtersOf(q), lang, tz } }))
export const xlsx = (q: ListQuery, lang: Locale, tz: string) =>
  Effect.flatMap(api, (c) => c.activities.activitiesXlsx({ urlParams: { ...filtersOf(q), lang, tz } }))

/** An activity's page in one answer: the activity, its trace, tool width, right to correct, history. */
export const detail = (id: ActivityId) =>
  Effect.flatMap(api, (c) => c.activities.activityDetail({ path: { id } }))

/** The member billed contests an activity; a person who may correct it answers a dispute. */
export const dispute = (id: ActivityId, comment: string) =>
  Effect.flatMap(api, (c) => c.activities.disputeActivity({ path: { id }, payload: { comment } }))
export const settle = (id: ActivityId, dispute: string, outcome: "corrected" | "kept", answer: string) =>
  Effect.flatMap(api, (c) =>
    c.activities.settleDispute({ path: { id, dispute }, payload: { outcome, answer } }),
  )

/** "J'ai terminé mon activité": its driver says which field, what was spread, a word for the office. */
export const confirm = (
  id: ActivityId,
  payload: { field: FieldId | null; productType: FilterEntryId | null; comment: string | null },
) => Effect.flatMap(api, (c) => c.activities.confirmActivity({ path: { id }, payload }))
