/**
 * What a person types in a date-time field, read the way they meant it, in their local time.
 * A time: "14:30", "14h30", "14.30", "14 30", "1430", "0930", "930", "9:30", "9h", "14".
 * A day, day first: "15/11/2026", "15.11.2026", "15-11-2026", "15 11 2026", "15112026", "15/11/26",
 * "1/3/2026", or "2026-11-15".
 */

export interface Clock {
  readonly hours: number
  readonly minutes: number
}

const clock = (hours: number, minutes: number): Clock | null =>
  hours <= 23 && minutes <= 59 ? { hours, minutes } : null

/** A typed time, or null when it is not one (empty, "25:00", "14:75", letters). */
export const parseTime = (text: string): Clock | null => {
  const typed = text.trim().toLowerCase()
  const separated = typed.match(/^(\d{1,2})\s*(?:[:h.,]|\s)\s*(\d{0,2})$/)
  if (separated) return clock(Number(separated[1]), Number(separated[2] || "0"))
  if (!/^\d{1,4}$/.test(typed)) return null
  // Digits only: "9" or "14" are hours; "930" is 9:30; "1430" and "0930" are hours then minutes.
  if (typed.length <= 2) return clock(Number(typed), 0)
  return clock(Number(typed.slice(0, -2)), Number(typed.slice(-2)))
}

const pad = (n: number) => String(n).padStart(2, "0")

/** "09:30": how the field shows a time once typed. */
export const showTime = (time: Clock): string => `${pad(time.hours)}:${pad(time.minutes)}`

/** A real calendar day as "YYYY-MM-DD", or null (the 31st of February is not one). */
const calendarDay = (year: number, month: number, day: number): string | null => {
  const date = new Date(year, month - 1, day)
  return year >= 1000 &&
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day
    ? `${year}-${pad(month)}-${pad(day)}`
    : null
}

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year))

/** A typed day (day, month, year in that order) as "YYYY-MM-DD", or null. */
export const parseDay = (text: string): string | null => {
  const typed = text.trim()
  const iso = typed.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/)
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))
  const separated = typed.match(/^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4}|\d{2})$/)
  if (separated) return calendarDay(fullYear(separated[3] ?? ""), Number(separated[2]), Number(separated[1]))
  const digits = typed.match(/^(\d{2})(\d{2})(\d{4}|\d{2})$/)
  if (digits) return calendarDay(fullYear(digits[3] ?? ""), Number(digits[2]), Number(digits[1]))
  return null
}

/** The instant of a day ("YYYY-MM-DD") at a time, in the person's time zone. */
export const instantOf = (day: string, time: Clock): number => {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number)
  return new Date(year, month - 1, date, time.hours, time.minutes).getTime()
}

/** An instant's day ("YYYY-MM-DD") and time ("HH:mm"), in the person's time zone. */
export const dayAndTime = (ms: number): { readonly day: string; readonly time: string } => {
  const d = new Date(ms)
  return {
    day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: showTime({ hours: d.getHours(), minutes: d.getMinutes() }),
  }
}
