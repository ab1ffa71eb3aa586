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

/** The start of a day at UTC, `offsetDays` from the day of `now`. */
export const utcDayStart = (now: number, offsetDays = 0): number =>
  Math.floor(now / 86_400_000) * 86_400_000 + offsetDays * 86_400_000
