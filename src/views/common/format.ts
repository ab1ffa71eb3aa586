import type { DateTime } from "effect"
import type { TranslationFunctions } from "../../i18n/i18n-types"

/** A date and time as the person reads it, in their language. */
export const formatDate = (date: DateTime.Utc, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date.epochMillis)

/** "il y a 3 h": how long ago, in whole minutes, hours or days. */
export const ago = (LL: TranslationFunctions, date: DateTime.Utc, now: number): string => {
  const minutes = Math.floor((now - date.epochMillis) / 60_000)
  if (minutes < 1) return LL.counters.ago.justNow()
  if (minutes < 60) return LL.counters.ago.minutes({ n: minutes })
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return LL.counters.ago.hours({ n: hours })
  return LL.counters.ago.days({ n: Math.floor(hours / 24) })
}

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
