import type { ActivitySort } from "../../schema/activity"
import { day, literal, number, type SearchOf, searchParams, uuid } from "../common/searchParams"

/**
 * The address of the list of activities, read without Effect (every route's search reader loads
 * with the first page): see `activityListSearch`.
 */

/** The columns of the list a person may show or hide; the start (the link to the activity) stays. */
export const listColumns = [
  "machine",
  "structure",
  "duration",
  "workHours",
  "fields",
  "area",
  "areaWithOverlap",
  "workDistance",
  "roadDistance",
  "fuel",
  "member",
  "drivers",
  "productType",
] as const
export type ListColumn = (typeof listColumns)[number]
export const defaultColumns: ReadonlyArray<ListColumn> = [
  "machine",
  "duration",
  "fields",
  "area",
  "fuel",
  "member",
  "drivers",
]

const sorts = [
  "start",
  "machine",
  "duration",
  "workHours",
  "area",
  "fuel",
  "member",
] as const satisfies ReadonlyArray<ActivitySort>

/** The columns a click on whose header orders the list (the server orders, across pages). */
export const sortOf: Partial<Record<ListColumn | "start", ActivitySort>> = {
  start: "start",
  machine: "machine",
  duration: "duration",
  workHours: "workHours",
  area: "area",
  fuel: "fuel",
  member: "member",
}

/** The columns shown, in the address as a list (`?cols=["machine","area"]`); an unknown one drops it. */
const columnList = (value: unknown): ReadonlyArray<ListColumn> | undefined =>
  Array.isArray(value) && value.every((c) => (listColumns as ReadonlyArray<unknown>).includes(c))
    ? (value as Array<ListColumn>)
    : undefined

/**
 * The address of the list (`/Activitys?…`): the period (a quick choice, or `from`–`to` days), the
 * filters, the order, the page and the columns shown; a link or the back button brings the same
 * list back.
 */
const listFields = {
  period: literal("today", "last7", "last30", "custom"),
  from: day,
  to: day,
  cluster: uuid,
  machine: uuid,
  field: uuid,
  driver: uuid,
  member: uuid,
  productType: uuid,
  sort: literal(...sorts),
  order: literal("asc", "desc"),
  page: number,
  cols: columnList,
}
export const activityListSearch = searchParams(listFields)
export type ActivityListSearch = SearchOf<typeof listFields>
