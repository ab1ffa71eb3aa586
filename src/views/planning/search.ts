import { day, literal, uuid, uuids } from "../common/searchParams"

/**
 * What the planning keeps in its URL, so a reload shows the same thing: the view, the date, the
 * reading (by resource), the structure and the filters, and whether refused and cancelled bookings
 * are shown (`all=true`). A value that does not parse is dropped.
 */
export const planningViews = ["day", "week", "month"] as const
export type PlanningView = (typeof planningViews)[number]

export interface PlanningSearch {
  readonly view?: PlanningView
  /** YYYY-MM-DD, the day the window is built around (today when absent). */
  readonly date?: string
  readonly by?: "resource"
  readonly cluster?: string
  readonly machine?: ReadonlyArray<string>
  readonly employee?: ReadonlyArray<string>
  /** Refused and cancelled bookings too; absent when off. */
  readonly all?: true
}

export const parsePlanningSearch = (raw: Record<string, unknown>): PlanningSearch => {
  const search: Record<string, unknown> = {
    view: literal(...planningViews)(raw.view),
    date: day(raw.date),
    by: literal("resource")(raw.by),
    cluster: uuid(raw.cluster),
    machine: uuids(raw.machine),
    employee: uuids(raw.employee),
    all: raw.all === true || raw.all === "true" ? true : undefined,
  }
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as PlanningSearch
}
