import { Temporal } from "temporal-polyfill"
import { maxPeriodDays } from "../../../schema/telemetryReads"

/** The activities tab's quick choices (the last 7 days first), and the custom day range. */
export const activityChoices = ["today", "last7", "last30"] as const
export type ActivityChoice = (typeof activityChoices)[number] | "custom"

/** A period [start, end) as ISO instants, its days read in a time zone. */
export interface Period {
  readonly start: string
  readonly end: string
}

/** The instant a day starts in `zone` (a day is not always 24 hours: summer time). */
const startOf = (day: Temporal.PlainDate, zone: string) =>
  new Date(day.toZonedDateTime({ timeZone: zone }).epochMilliseconds).toISOString()

/** The days `first` to `last` ("YYYY-MM-DD", both included) in `zone`. */
export const dayRange = (first: string, last: string, zone: string): Period => ({
  start: startOf(Temporal.PlainDate.from(first), zone),
  end: startOf(Temporal.PlainDate.from(last).add({ days: 1 }), zone),
})

/** The day an instant falls on in `zone`, "YYYY-MM-DD". */
export const dayOf = (at: number, zone: string): string =>
  Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone).toPlainDate().toString()

/** The period of a quick choice, ending with today (included) in `zone`; `now` for tests. */
export const choicePeriod = (
  choice: (typeof activityChoices)[number],
  zone: string,
  now: number = Date.now(),
): Period => {
  const today = Temporal.PlainDate.from(dayOf(now, zone))
  const back = { today: 0, last7: 6, last30: 29 }[choice]
  return dayRange(today.subtract({ days: back }).toString(), today.toString(), zone)
}

/**
 * What is wrong with a custom day range, or null when it can be asked for: the server reads a
 * year at most (`maxPeriodDays`), one day less than that here so that a change of time in the
 * range never makes it an hour too long.
 */
export type RangeProblem = "missingDay" | "reversed" | "tooLong"
export const longestRange = maxPeriodDays - 1
export const rangeProblem = (first: string, last: string): RangeProblem | null => {
  if (first === "" || last === "") return "missingDay"
  const from = Temporal.PlainDate.from(first)
  const to = Temporal.PlainDate.from(last)
  if (Temporal.PlainDate.compare(from, to) > 0) return "reversed"
  return from.until(to, { largestUnit: "days" }).days + 1 > longestRange ? "tooLong" : null
}
