import { Temporal } from "temporal-polyfill"
import { historyMaxDays } from "../../../schema/positions"

/** The quick choices of the period picker, and the custom day range. */
export type PeriodChoice = "today" | "yesterday" | "last7" | "last30" | "custom"
export const quickChoices = ["today", "yesterday", "last7", "last30"] as const

/** A period [start, end) as ISO instants, the days it covers read in `zone`. */
export interface Period {
  readonly start: string
  readonly end: string
}

/** The person's time zone (the browser's), as an IANA name. */
export const browserZone = (): string => Temporal.Now.timeZoneId()

/** The instant a day starts in `zone` (a day is not always 24 hours: summer time). */
const startOf = (day: Temporal.PlainDate, zone: string) =>
  new Date(day.toZonedDateTime({ timeZone: zone }).epochMilliseconds).toISOString()

const longest = historyMaxDays * 86_400_000

/**
 * The days `first` to `last` (both included) in `zone`. The server takes at most 31 times 24
 * hours: 31 days across the autumn's change of time are an hour longer, and that last hour is
 * left out.
 */
export const daysPeriod = (first: string, last: string, zone: string): Period => {
  const start = startOf(Temporal.PlainDate.from(first), zone)
  const end = startOf(Temporal.PlainDate.from(last).add({ days: 1 }), zone)
  return Date.parse(end) - Date.parse(start) > longest
    ? { start, end: new Date(Date.parse(start) + longest).toISOString() }
    : { start, end }
}

/** Today's date in `zone`, "YYYY-MM-DD" (`now`: an instant, for tests). */
export const todayIn = (zone: string, now: number = Date.now()): string =>
  Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate().toString()

/** The period of a quick choice, ending with today (included) in `zone`. */
export const quickPeriod = (
  choice: (typeof quickChoices)[number],
  zone: string,
  now: number = Date.now(),
): Period => {
  const today = Temporal.PlainDate.from(todayIn(zone, now))
  const back = (days: number) => today.subtract({ days }).toString()
  switch (choice) {
    case "today":
      return daysPeriod(today.toString(), today.toString(), zone)
    case "yesterday":
      return daysPeriod(back(1), back(1), zone)
    case "last7":
      return daysPeriod(back(6), today.toString(), zone)
    case "last30":
      return daysPeriod(back(29), today.toString(), zone)
  }
}

/** What is wrong with a custom day range (at most 31 days), or null when it can be asked for. */
export type RangeProblem = "missingDay" | "reversed" | "tooLong"
export const rangeProblem = (first: string, last: string): RangeProblem | null => {
  if (first === "" || last === "") return "missingDay"
  if (Temporal.PlainDate.compare(Temporal.PlainDate.from(first), Temporal.PlainDate.from(last)) > 0)
    return "reversed"
  const days =
    Temporal.PlainDate.from(first).until(Temporal.PlainDate.from(last), { largestUnit: "days" }).days + 1
  return days > historyMaxDays ? "tooLong" : null
}
