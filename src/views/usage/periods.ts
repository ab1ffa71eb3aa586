import { Temporal } from "temporal-polyfill"
import type { UsageBucket } from "../../schema/usage"
import { dayOf, dayRange, type Period } from "../machines/activities/period"

/**
 * The periods of the usage screens (docs/usage.md): a machine's last 30 days, 12 weeks or 12
 * months ending today; a field's seasons, from 1 September to 31 August, or calendar years.
 */

const today = (zone: string, now: number) => Temporal.PlainDate.from(dayOf(now, zone))

/** The period a machine's use is shown over for a bucket: today included, whole weeks and months. */
export const usagePeriod = (bucket: UsageBucket, zone: string, now: number = Date.now()): Period => {
  const last = today(zone, now)
  const first =
    bucket === "day"
      ? last.subtract({ days: 29 })
      : bucket === "week"
        ? last.subtract({ days: last.dayOfWeek - 1, weeks: 11 })
        : last.with({ day: 1 }).subtract({ months: 11 })
  return dayRange(first.toString(), last.toString(), zone)
}

export interface Season {
  /** "campaign-2026" (the one ending in August 2026), "year-2026". */
  readonly key: string
  readonly kind: "campaign" | "year"
  /** The year it ends in. */
  readonly year: number
  readonly period: Period
}

/**
 * The seasons a field's analyses offer, the current one first: the five last campaigns (from 1
 * September to 31 August), then the three last calendar years.
 */
export const seasonsOf = (zone: string, now: number = Date.now()): ReadonlyArray<Season> => {
  const day = today(zone, now)
  const current = day.month >= 9 ? day.year + 1 : day.year
  const campaigns = [0, 1, 2, 3, 4].map((back) => {
    const year = current - back
    return {
      key: `campaign-${year}`,
      kind: "campaign" as const,
      year,
      period: dayRange(`${year - 1}-09-01`, `${year}-08-31`, zone),
    }
  })
  const years = [0, 1, 2].map((back) => {
    const year = day.year - back
    return {
      key: `year-${year}`,
      kind: "year" as const,
      year,
      period: dayRange(`${year}-01-01`, `${year}-12-31`, zone),
    }
  })
  return [...campaigns, ...years]
}

/** A bucket's short name under its bar: "lun. 23", "23 nov.", "nov. 2026". */
export const bucketLabel = (day: string, bucket: UsageBucket, locale: string): string => {
  const date = new Date(`${day}T12:00:00Z`)
  const options: Intl.DateTimeFormatOptions =
    bucket === "day"
      ? { weekday: "short", day: "numeric", timeZone: "UTC" }
      : bucket === "week"
        ? { day: "numeric", month: "short", timeZone: "UTC" }
        : { month: "short", year: "numeric", timeZone: "UTC" }
  return new Intl.DateTimeFormat(locale, options).format(date)
}
