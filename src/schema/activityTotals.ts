import { type Activity, type ActivitySort, ActivityTotals, type SortOrder } from "./activity"
import { userLabel } from "./user"

/** What the totals read of an activity (a whole one, or its part in a field: usageSeries.ts). */
export type Summable = Pick<
  Activity,
  "durationSeconds" | "areaHa" | "areaWithOverlapHa" | "workDistanceM" | "roadDistanceM" | "fuelLitres"
> & { readonly seconds: { readonly fieldWork: number } }

/**
 * The totals of a list of activities: the one sum every screen and export of activities shows, so
 * that a figure never differs between two of them (the list, its export, a machine's usage).
 */
export const activityTotals = (activities: ReadonlyArray<Summable>): ActivityTotals => {
  let durationSeconds = 0
  let workSeconds = 0
  let areaHa = 0
  let areaWithOverlapHa = 0
  let workDistanceM = 0
  let roadDistanceM = 0
  let fuelLitres = 0
  let bothFuel = 0
  let bothArea = 0
  let areaKnown = false
  let fuelKnown = false
  for (const a of activities) {
    durationSeconds += a.durationSeconds
    workSeconds += a.seconds.fieldWork
    areaHa += a.areaHa ?? 0
    areaWithOverlapHa += a.areaWithOverlapHa ?? 0
    areaKnown ||= a.areaHa !== null
    workDistanceM += a.workDistanceM
    roadDistanceM += a.roadDistanceM
    fuelLitres += a.fuelLitres ?? 0
    fuelKnown ||= a.fuelLitres !== null
    if (a.fuelLitres !== null && a.areaHa !== null && a.areaHa > 0) {
      bothFuel += a.fuelLitres
      bothArea += a.areaHa
    }
  }
  return new ActivityTotals({
    count: activities.length,
    durationSeconds,
    workSeconds,
    // An unknown is not a zero: no known area (or fuel) at all says so.
    areaHa: areaKnown ? areaHa : null,
    areaWithOverlapHa: areaKnown ? areaWithOverlapHa : null,
    workDistanceKm: workDistanceM / 1000,
    roadDistanceKm: roadDistanceM / 1000,
    fuelLitres: fuelKnown ? fuelLitres : null,
    haPerHour: workSeconds > 0 && areaHa > 0 ? areaHa / (workSeconds / 3600) : null,
    litresPerHa: bothArea > 0 ? bothFuel / bothArea : null,
  })
}

const sortKeys: Record<ActivitySort, (a: Activity) => number | string | null> = {
  start: (a) => a.start.epochMillis,
  machine: (a) => a.machine.name,
  duration: (a) => a.durationSeconds,
  workHours: (a) => a.seconds.fieldWork,
  area: (a) => a.areaHa,
  fuel: (a) => a.fuelLitres,
  member: (a) => (a.member === null ? null : userLabel(a.member)),
}

/**
 * The activities in the order asked: by the figure or name chosen (names as French sorts them,
 * accents and case aside), missing values last whichever the direction, then newest first.
 */
export const sortActivities = (
  activities: ReadonlyArray<Activity>,
  sort: ActivitySort,
  order: SortOrder,
): ReadonlyArray<Activity> => {
  const key = sortKeys[sort]
  const names = new Intl.Collator("fr", { sensitivity: "base", numeric: true })
  const sign = order === "asc" ? 1 : -1
  return activities
    .map((a) => ({ a, k: key(a) }))
    .sort((x, y) => {
      if (x.k !== y.k) {
        if (x.k === null) return 1
        if (y.k === null) return -1
        const c = typeof x.k === "string" ? names.compare(x.k, String(y.k)) : x.k - (y.k as number)
        if (c !== 0) return sign * c
      }
      return y.a.start.epochMillis - x.a.start.epochMillis || (x.a.id < y.a.id ? -1 : 1)
    })
    .map(({ a }) => a)
}
