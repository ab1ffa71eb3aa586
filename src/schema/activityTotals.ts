import { type Activity, ActivityTotals } from "./activity"

/**
 * The totals of a list of activities: the one sum every screen and export of activities shows, so
 * that a figure never differs between two of them (the list, its export, a machine's usage).
 */
export const activityTotals = (activities: ReadonlyArray<Activity>): ActivityTotals => {
  let durationSeconds = 0
  let workSeconds = 0
  let areaHa = 0
  let areaWithOverlapHa = 0
  let workDistanceM = 0
  let roadDistanceM = 0
  let fuelLitres = 0
  let bothFuel = 0
  let bothArea = 0
  for (const a of activities) {
    durationSeconds += a.durationSeconds
    workSeconds += a.seconds.fieldWork
    areaHa += a.areaHa ?? 0
    areaWithOverlapHa += a.areaWithOverlapHa ?? 0
    workDistanceM += a.workDistanceM
    roadDistanceM += a.roadDistanceM
    fuelLitres += a.fuelLitres ?? 0
    if (a.fuelLitres !== null && a.areaHa !== null && a.areaHa > 0) {
      bothFuel += a.fuelLitres
      bothArea += a.areaHa
    }
  }
  return new ActivityTotals({
    count: activities.length,
    durationSeconds,
    workSeconds,
    areaHa,
    areaWithOverlapHa,
    workDistanceKm: workDistanceM / 1000,
    roadDistanceKm: roadDistanceM / 1000,
    fuelLitres,
    haPerHour: workSeconds > 0 && areaHa > 0 ? areaHa / (workSeconds / 3600) : null,
    litresPerHa: bothArea > 0 ? bothFuel / bothArea : null,
  })
}
