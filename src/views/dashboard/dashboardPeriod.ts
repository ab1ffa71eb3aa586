import { Temporal } from "temporal-polyfill"
import type { Period } from "../machines/history/period"
import { todayIn } from "../machines/history/period"

/** The dashboard's periods: today, the last 7 and 30 days, the last 12 months (today included). */
export const dashboardPeriods = ["day", "week", "month", "season"] as const
export type DashboardPeriod = (typeof dashboardPeriods)[number]

const daysBack: Record<DashboardPeriod, number> = { day: 0, week: 6, month: 29, season: 364 }

/** The instant a day starts in `zone`. */
const startOf = (day: Temporal.PlainDate, zone: string) =>
  new Date(day.toZonedDateTime({ timeZone: zone }).epochMilliseconds).toISOString()

/** The period of a choice: whole days in `zone`, ending with today. */
export const dashboardPeriod = (choice: DashboardPeriod, zone: string, now: number = Date.now()): Period => {
  const today = Temporal.PlainDate.from(todayIn(zone, now))
  return {
    start: startOf(today.subtract({ days: daysBack[choice] }), zone),
    end: startOf(today.add({ days: 1 }), zone),
  }
}

/** How an instant of the chart's axis reads, for a period of that length. */
export const axisFormat = (choice: DashboardPeriod, locale: string, zone: string) => {
  const options: Intl.DateTimeFormatOptions =
    choice === "day"
      ? { hour: "2-digit", minute: "2-digit" }
      : choice === "week"
        ? { weekday: "short", hour: "2-digit" }
        : choice === "month"
          ? { day: "numeric", month: "short" }
          : { month: "short", year: "2-digit" }
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone })
  return (ms: number) => format.format(ms)
}
