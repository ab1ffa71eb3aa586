import type { Activity } from "../../../schema/activity"

/**
 * How the tab writes an activity's figures (SPEC §9 units): hectares with 2 decimals, km and
 * litres with 1, km/h with 1, durations in hours and minutes; the numbers as the language writes
 * them. An unknown figure (no tool width, nothing measuring fuel) is null, never 0.
 */
export const numberIn = (locale: string, decimals: number) => {
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
  return (value: number) => format.format(value)
}

/** A chart's numbers: as many decimals as needed, up to `decimals` (the axis reads "12 h", not "12,00 h"). */
export const upTo = (locale: string, decimals: number) => {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals })
  return (value: number) => format.format(value)
}

/** A duration split for "2 h 05" or "45 min": `hours` null under an hour. */
export const hoursAndMinutes = (seconds: number): { hours: number | null; minutes: number } => {
  const total = Math.round(seconds / 60)
  return total < 60 ? { hours: null, minutes: total } : { hours: Math.floor(total / 60), minutes: total % 60 }
}

/** Activities grouped by the local day they start on, newest day and newest activity first. */
export const byDay = (
  activities: ReadonlyArray<Activity>,
  dayOf: (at: number) => string,
): ReadonlyArray<{ day: string; activities: ReadonlyArray<Activity> }> => {
  const sorted = [...activities].sort((a, b) => b.start.epochMillis - a.start.epochMillis)
  const days = new Map<string, Array<Activity>>()
  for (const activity of sorted) {
    const day = dayOf(activity.start.epochMillis)
    days.set(day, [...(days.get(day) ?? []), activity])
  }
  return [...days].map(([day, list]) => ({ day, activities: list }))
}
