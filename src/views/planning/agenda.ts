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

/** "08:00 – 12:00", or with the dates (in `locale`) when it does not start and end on `day`. */
export const timeRange = (b: Booking, day: string, locale: string): string => {
  const start = dayjs(DateTime.toDate(b.start_date)).locale(locale)
  const end = dayjs(DateTime.toDate(b.end_date)).locale(locale)
  const sameDay = start.format("YYYY-MM-DD") === day && end.subtract(1, "ms").format("YYYY-MM-DD") === day
  const format = sameDay ? "HH:mm" : "D MMM HH:mm"
  return `${start.format(format)} – ${end.format(format)}`
}
