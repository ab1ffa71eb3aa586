import { ResourcesSchedule, Schedule, type ScheduleEventData } from "@mantine/schedule"
import dayjs from "dayjs"
import { useI18nContext } from "../../i18n/i18n-react"
import type { PlanningContext } from "../../machines/booking/planning"
import { dayLabel, weekLabel } from "./dateLabels"
import { EventBody } from "./EventBody"
import { resourceRows, toEvents, toResourceEvents, toUseEvents } from "./events"
import { scheduleLabels } from "./labels"
import { useShownUse } from "./PlanningUse"
import type { PlanningSearch, PlanningView } from "./search"
import { calendarHours, resourceDay, resourceMonth, resourceWeek, views } from "./viewProps"
import { useWeekdayNames, weekdayFormat } from "./weekdayNames"
import { clickedPeriod, slotToIso } from "./window"

/**
 * A day of the month grid written readably (WCAG AA): the days of the weeks around the month dimmed
 * as the theme dims (the calendar makes them 40 % opaque), weekends a darker red than its red 6.
 */
const monthDayStyle = (day: string, month: string) =>
  !dayjs(day).isSame(month, "month")
    ? { color: "var(--mantine-color-dimmed)" }
    : [0, 6].includes(dayjs(day).day())
      ? { color: "var(--mantine-color-red-8)" }
      : undefined

/**
 * The planning as a grid (a screen wide enough for it): the calendar, or by resource (rows =
 * machines and employees); a click on a booking opens it (on work without booking, its activity), a click or a drag over free time books
 * there (`onBook` with the period and the row's machine or employee).
 */
export const PlanningGrid = ({
  context: c,
  search,
  view,
  date,
  onSearch,
  onOpen,
  onBook,
}: {
  context: PlanningContext
  search: PlanningSearch
  view: PlanningView
  date: string
  onSearch: (next: PlanningSearch) => void
  onOpen: (event: ScheduleEventData) => void
  onBook: (period: { start: string; end: string }, resourceId?: string | number) => void
}) => {
  const { LL, locale } = useI18nContext()
  const weekdayNames = useWeekdayNames(locale)
  const bookings = c.bookings ?? []
  const { outside } = useShownUse()
  const t = LL.planning.use
  // By resource the row names the machine; in the calendar the title does.
  const unbookedEvents = (byResource: boolean) =>
    toUseEvents(outside, byResource, ({ use, beyond }) =>
      byResource
        ? beyond
          ? t.beyondShort()
          : t.unbookedShort()
        : beyond
          ? t.beyondTitle({ machine: use.machine.name })
          : t.unbookedTitle({ machine: use.machine.name }),
    )
  const startAt = (start: string, end: string, resourceId?: string | number) =>
    onBook({ start: slotToIso(start), end: slotToIso(end) }, resourceId)
  const clickAt = (start: string, end: string, resourceId?: string | number) =>
    onBook(clickedPeriod(start, end), resourceId)
  const wholeDay = (day: string, resourceId?: string | number) =>
    startAt(`${day} 08:00:00`, `${day} 18:00:00`, resourceId)
  // Dates as the page's language writes them ("vendredi 27 novembre 2026", "23–29 nov. 2026").
  const dayView = { ...views, headerFormat: dayLabel(locale) }
  const weekView = { ...views, renderWeekLabel: weekLabel(locale) }
  const common = {
    renderEventBody: (event: ScheduleEventData) => <EventBody event={event} />,
    date,
    view,
    locale,
    labels: scheduleLabels(LL),
    onDateChange: (d: string) => onSearch({ ...search, date: dayjs(d).format("YYYY-MM-DD") }),
    onViewChange: (v: string) => onSearch({ ...search, view: v === "day" || v === "month" ? v : "week" }),
    onEventClick: onOpen,
    withDragSlotSelect: true,
  }
  return (
    <div ref={weekdayNames}>
      {search.by === "resource" ? (
        <ResourcesSchedule
          {...common}
          resources={resourceRows(c.machineList, c.members, bookings, c)}
          events={[...toResourceEvents(bookings), ...unbookedEvents(true)]}
          onTimeSlotClick={({ slotStart, slotEnd, resourceId }) => clickAt(slotStart, slotEnd, resourceId)}
          onSlotDragEnd={({ rangeStart, rangeEnd, resourceId }) => startAt(rangeStart, rangeEnd, resourceId)}
          onDayClick={view === "month" ? ({ date: day, resourceId }) => wholeDay(day, resourceId) : undefined}
          dayViewProps={{ ...dayView, ...resourceDay }}
          weekViewProps={{ ...weekView, ...resourceWeek }}
          monthViewProps={{ ...views, ...resourceMonth(date) }}
        />
      ) : (
        <Schedule
          {...common}
          events={[...toEvents(bookings), ...unbookedEvents(false)]}
          onTimeSlotClick={
            view === "month" ? undefined : ({ slotStart, slotEnd }) => clickAt(slotStart, slotEnd)
          }
          onSlotDragEnd={(start, end) => startAt(start, end)}
          onDayClick={view === "month" ? (day) => wholeDay(day) : undefined}
          dayViewProps={{ ...dayView, ...calendarHours }}
          weekViewProps={{ ...weekView, ...calendarHours, weekdayFormat }}
          monthViewProps={{
            ...views,
            getDayProps: (day: string) => ({
              "aria-label": dayLabel(locale)(day),
              style: monthDayStyle(day, date),
            }),
          }}
        />
      )}
    </div>
  )
}
