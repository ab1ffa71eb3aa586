import { Option, Schema } from "effect"

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

const Day = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/))
const Ids = Schema.Union(Schema.UUID, Schema.Array(Schema.UUID))
const field = <A, I>(schema: Schema.Schema<A, I>, value: unknown): A | undefined =>
  Option.getOrUndefined(Schema.decodeUnknownOption(schema)(value))
const ids = (value: unknown) => {
  const found = field(Ids, value)
  return found === undefined ? undefined : typeof found === "string" ? [found] : found
}

export const parsePlanningSearch = (raw: Record<string, unknown>): PlanningSearch => {
  const search: Record<string, unknown> = {
    view: field(Schema.Literal(...planningViews), raw.view),
    date: field(Day, raw.date),
    by: field(Schema.Literal("resource"), raw.by),
    cluster: field(Schema.UUID, raw.cluster),
    machine: ids(raw.machine),
    employee: ids(raw.employee),
    all: raw.all === true || raw.all === "true" ? true : undefined,
  }
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as PlanningSearch
}
