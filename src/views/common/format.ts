import type { DateTime } from "effect"

/** A date and time as the person reads it, in their language. */
export const formatDate = (date: DateTime.Utc, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date.epochMillis)

/** A datetime-local input's value (local time, minutes) for a date. */
export const toLocalInput = (date: DateTime.Utc | null): string => {
  if (date === null) return ""
  const d = new Date(date.epochMillis)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local input's value back to an instant; "" or unreadable → null. */
export const fromLocalInput = (value: string): number | null => {
  if (value.trim() === "") return null
  const ms = new Date(value).getTime()
  return Number.isNaN(ms) ? null : ms
}

/** Below this a box's battery shows the low-battery mark. */
export const lowBattery = 20
