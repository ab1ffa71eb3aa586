import { DateTime } from "effect"

/** An instant as ISO text, whether it came decoded (DateTime) or as sent (text). */
export const isoOf = (value: unknown): string =>
  DateTime.isDateTime(value) ? DateTime.formatIso(value) : String(value ?? "")

/** An instant as the table shows it: UTC, to the second ("2026-11-20 08:00:05"). */
export const utcText = (value: unknown): string =>
  isoOf(value)
    .replace("T", " ")
    .replace(/(\.\d+)?Z$/, "")

/** A number as the table shows it ("" when the box sent none). */
export const num = (value: unknown, digits = 2): string =>
  typeof value === "number" ? String(Math.round(value * 10 ** digits) / 10 ** digits) : ""

/** The value of a `datetime-local` input ("2026-11-20T08:00"), read as UTC; null when not a time. */
export const utcInput = (value: string): string | null => {
  const ms = Date.parse(`${value}:00Z`)
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && Number.isFinite(ms)
    ? new Date(ms).toISOString()
    : null
}

/** A day's start at UTC as a `datetime-local` value, `offsetDays` from today. */
export const utcDayInput = (now: number, offsetDays = 0): string =>
  new Date(Math.floor(now / 86_400_000) * 86_400_000 + offsetDays * 86_400_000).toISOString().slice(0, 16)
