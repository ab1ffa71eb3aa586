import dayjs from "dayjs"
import { DateTime } from "effect"
import type { Booking } from "../../schema/booking"

export interface AgendaDay {
  /** YYYY-MM-DD, local. */
  readonly day: string
  readonly bookings: ReadonlyArray<Booking>
}

/**
 * The agenda's days: each booking under the day it starts (or the window's first day when it
 * started before), days in order, bookings by start; days without bookings are left out.
 */
export const agendaDaysOf = (bookings: ReadonlyArray<Booking>, from: string): ReadonlyArray<AgendaDay> => {
  const days = new Map<string, Booking[]>()
  const sorted = [...bookings].sort(
    (a, b) => DateTime.toEpochMillis(a.start_date) - DateTime.toEpochMillis(b.start_date),
  )
  for (const b of sorted) {
    const start = dayjs(DateTime.toDate(b.start_date)).format("YYYY-MM-DD")
    const day = start < from ? from : start
    days.set(day, [...(days.get(day) ?? []), b])
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({ day, bookings: list }))
}

// Dates as the page's language writes them (Intl: no calendar locale to load), hours on 24 h.
const shortDay = (locale: string, weekday: boolean) =>
  new Intl.DateTimeFormat(locale, {
    ...(weekday ? { weekday: "short" } : {}),
    day: "numeric",
    month: "short",
  })
const hour = (d: Date) => dayjs(d).format("HH:mm")

/** A day of the agenda as its heading says it: "mardi 2 juin" ("Tuesday, June 2"). */
export const dayHeading = (day: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long" }).format(
    dayjs(day).toDate(),
  )

/** "08:00 – 12:00", or with the dates (in `locale`) when it does not start and end on `day`. */
export const timeRange = (b: Booking, day: string, locale: string): string => {
  const start = DateTime.toDate(b.start_date)
  const end = DateTime.toDate(b.end_date)
  const sameDay =
    dayjs(start).format("YYYY-MM-DD") === day && dayjs(end).subtract(1, "ms").format("YYYY-MM-DD") === day
  if (sameDay) return `${hour(start)} – ${hour(end)}`
  const date = shortDay(locale, false)
  return `${date.format(start)} ${hour(start)} – ${date.format(end)} ${hour(end)}`
}

/**
 * When a booking is, away from a day's heading (by resource): "mer. 25 nov., 08:00 – 12:00", or
 * "25 nov. 08:00 – 27 nov. 18:00" when it spans days.
 */
export const dateRange = (b: Pick<Booking, "start_date" | "end_date">, locale: string): string => {
  const start = DateTime.toDate(b.start_date)
  const end = DateTime.toDate(b.end_date)
  const lastDay = dayjs(end).subtract(1, "ms").format("YYYY-MM-DD")
  if (dayjs(start).format("YYYY-MM-DD") === lastDay)
    return `${shortDay(locale, true).format(start)}, ${hour(start)} – ${hour(end)}`
  const date = shortDay(locale, false)
  return `${date.format(start)} ${hour(start)} – ${date.format(end)} ${hour(end)}`
}
