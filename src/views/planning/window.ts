import dayjs from "dayjs"
import { DateTime } from "effect"
import type { PlanningWindow } from "../../machines/booking/planning"
import type { PlanningView } from "./search"

/** The visible period of each view, in local time, as the calendar shows it (weeks start on Monday). */
const mondayOf = (d: dayjs.Dayjs) => d.subtract((d.day() + 6) % 7, "day").startOf("day")

export const today = (): string => dayjs().format("YYYY-MM-DD")

const utc = (d: dayjs.Dayjs) => DateTime.unsafeMake(d.toDate())

export const viewWindow = (view: PlanningView, date: string): PlanningWindow => {
  const day = dayjs(date).startOf("day")
  if (view === "day") return { from: utc(day), to: utc(day.add(1, "day")) }
  if (view === "week") return { from: utc(mondayOf(day)), to: utc(mondayOf(day).add(7, "day")) }
  // The month grid shows whole weeks around the month.
  const first = mondayOf(day.startOf("month"))
  const last = mondayOf(day.endOf("month")).add(7, "day")
  return { from: utc(first), to: utc(last) }
}

/**
 * The phone's agenda of a view: the day, the week (Monday to Sunday) or the month itself (not the
 * whole weeks around it the month grid shows).
 */
export const phoneWindow = (view: PlanningView, date: string): PlanningWindow => {
  if (view !== "month") return viewWindow(view, date)
  const first = dayjs(date).startOf("month")
  return { from: utc(first), to: utc(first.add(1, "month")) }
}

/** The first day of the period of `view` holding `date` (YYYY-MM-DD). */
export const periodStart = (view: PlanningView, date: string): string => {
  const day = dayjs(date)
  return (view === "day" ? day : view === "week" ? mondayOf(day) : day.startOf("month")).format("YYYY-MM-DD")
}

/** The same period one step earlier (-1) or later (1): a day, a week, a month. */
export const shiftPeriod = (view: PlanningView, date: string, by: -1 | 1): string =>
  dayjs(date).add(by, view).format("YYYY-MM-DD")

export const agendaDays = 14

/** The agenda: 14 days from `date`. */
export const agendaWindow = (date: string): PlanningWindow => {
  const day = dayjs(date).startOf("day")
  return { from: utc(day), to: utc(day.add(agendaDays, "day")) }
}

export const shiftDays = (date: string, days: number): string =>
  dayjs(date).add(days, "day").format("YYYY-MM-DD")

/** A local `YYYY-MM-DD HH:mm:ss` (the calendar's slots) as an ISO instant. */
export const slotToIso = (slot: string): string => dayjs(slot).toDate().toISOString()

/**
 * What a click on one free slot books: an hour from its start (a drag books what was dragged);
 * on a half-day column (the week by resource), the working part of that half day (08:00–18:00).
 */
export const clickedPeriod = (slotStart: string, slotEnd: string): { start: string; end: string } => {
  const start = dayjs(slotStart)
  const end = dayjs(slotEnd)
  const hour = { start: start.toISOString(), end: start.add(1, "hour").toISOString() }
  if (end.diff(start, "minute") <= 60) return hour
  const from = start.hour() < 8 ? start.startOf("day").hour(8) : start
  const to = end.isAfter(start.startOf("day").hour(18)) ? start.startOf("day").hour(18) : end
  return from.isBefore(to) ? { start: from.toISOString(), end: to.toISOString() } : hour
}
