/**
 * The calendar's date labels as the page's language writes them (Intl, not the calendar's American
 * defaults): "vendredi 27 novembre 2026", "23–29 nov. 2026"; in English "Friday, November 27, 2026",
 * "Nov 23 – 29, 2026". Months stay lower case where the language writes them so.
 */
import dayjs from "dayjs"

const day = (locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric" })
const span = (locale: string) =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" })

/** A `YYYY-MM-DD…` local date, as the calendar hands it over. */
const local = (date: string) => dayjs(date).toDate()

export const dayLabel = (locale: string) => (date: string) => day(locale).format(local(date))

export const weekLabel =
  (locale: string) =>
  ({ weekStart, weekEnd }: { weekStart: string; weekEnd: string }) =>
    span(locale).formatRange(local(weekStart), local(weekEnd))

const month = (locale: string) => new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" })

/** The period a phone shows, as a title: "vendredi 27 novembre 2026", "23–29 nov. 2026", "novembre 2026". */
export const periodLabel = (view: "day" | "week" | "month", date: string, locale: string): string => {
  if (view === "day") return dayLabel(locale)(date)
  if (view === "month") return month(locale).format(local(date))
  const monday = dayjs(date).subtract((dayjs(date).day() + 6) % 7, "day")
  return weekLabel(locale)({
    weekStart: monday.format("YYYY-MM-DD"),
    weekEnd: monday.add(6, "day").format("YYYY-MM-DD"),
  })
}
