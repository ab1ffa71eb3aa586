import { Temporal } from "temporal-polyfill"
import type { MachineSettings } from "../../src/schema/machine"

/**
 * Machine-days: a machine's day is its structure's local calendar day (midnight to midnight in the
 * structure's time zone, 23 or 25 hours on the days the clocks change). The engine is fed the day
 * and `overlapHours` either side, so work across midnight is seen whole whichever day computes it.
 */
export const overlapHours = 6

/** Twenty-four hours after its end a day is final: the boxes replay at most a day late. */
export const replayWindowMs = 24 * 3_600_000

export interface MachineDay {
  /** The local date, YYYY-MM-DD. */
  readonly day: string
  /** Local midnight at its start and at its end (epoch ms). */
  readonly start: number
  readonly end: number
}

export const machineDay = (day: string, timeZone: string): MachineDay => {
  const date = Temporal.PlainDate.from(day)
  return {
    day: date.toString(),
    start: date.toZonedDateTime({ timeZone }).epochMilliseconds,
    end: date.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds,
  }
}

/** The fixes read for a day: the day and the overlap either side. */
export const readSpan = (d: MachineDay) => ({
  from: d.start - overlapHours * 3_600_000,
  to: d.end + overlapHours * 3_600_000,
})

/**
 * Where the engine must cut activities (TimeLimitation "day": the local midnights around the day;
 * "none": nowhere; "booking": the engine cuts at its bookings' bounds itself).
 */
export const cutsFor = (
  limitation: MachineSettings["timeLimitation"],
  d: MachineDay,
): ReadonlyArray<number> => (limitation === "day" ? [d.start, d.end] : [])

/** Whether the day may still change with late fixes (the boxes' replay window is not over). */
export const isProvisional = (d: MachineDay, nowMs: number) => d.end + replayWindowMs > nowMs

/** The local date `ms` falls on in `timeZone`. */
export const localDay = (ms: number, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate().toString()
