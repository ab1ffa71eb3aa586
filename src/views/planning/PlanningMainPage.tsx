import "./styles"
import { Button, Group, SegmentedControl, Stack, Title } from "@mantine/core"
import { ResourcesSchedule, Schedule, type ScheduleEventData } from "@mantine/schedule"
import { useNavigate } from "@tanstack/react-router"
import dayjs from "dayjs"
import { useI18nContext } from "../../i18n/i18n-react"
import { livePlanningMachine } from "../../machines/booking/planning.actors"
import { newBookingHref, openBookingHref } from "./bookingLinks"
import { dayLabel, weekLabel } from "./dateLabels"
import { EventBody } from "./EventBody"
import { type BookingPayload, resourceRows, toEvents, toResourceEvents } from "./events"
import { Legend } from "./Legend"
import { scheduleLabels } from "./labels"
import { PlanningFilters } from "./PlanningFilters"
import { PlanningState } from "./PlanningState"
import type { PlanningSearch } from "./search"
import { usePlanning } from "./usePlanning"
import { calendarHours, resourceDay, resourceMonth, resourceWeek, views } from "./viewProps"
import { clickedPeriod, slotToIso, today, viewWindow } from "./window"

/**
 * /PlanningMain: the bookings of a structure by day, week or month, as a calendar or by resource
 * (rows = machines and employees); requested red, accepted green (SPEC §9), refused and cancelled
 * grey and struck through when the switch shows them (`all=true`); a click on a booking
 * opens it, a click or a drag over free time starts one there.
 */
export const PlanningMainPage = ({
  search,
  onSearch,
  machine = livePlanningMachine,
}: {
  search: PlanningSearch
  onSearch: (next: PlanningSearch) => void
  machine?: typeof livePlanningMachine
}) => {
  const { LL, locale } = useI18nContext()
  const navigate = useNavigate()
  const view = search.view ?? "week"
  const date = search.date ?? today()
  const { actor, state } = usePlanning(machine, search, viewWindow(view, date))
  const c = state.context
  const bookings = c.bookings ?? []
  const go = (href: string) => navigate({ href })
  const openEvent = (event: ScheduleEventData) =>
    go(openBookingHref((event.payload as BookingPayload).booking.id))
  const rowResource = (id: string | number | undefined) =>
    id === undefined
      ? undefined
      : c.machineList.some((m) => m.id === id)
        ? { machine: String(id) }
        : { employee: String(id) }
  const book = (period: { start: string; end: string }, resourceId?: string | number) =>
    go(newBookingHref(c, period, rowResource(resourceId)))
  const startAt = (start: string, end: string, resourceId?: string | number) =>
    book({ start: slotToIso(start), end: slotToIso(end) }, resourceId)
  const clickAt = (start: string, end: string, resourceId?: string | number) =>
    book(clickedPeriod(start, end), resourceId)
  const wholeDay = (day: string, resourceId?: string | number) =>
    startAt(`${day} 08:00:00`, `${day} 18:00:00`, resourceId)
  // Dates as the page's language writes them ("vendredi 27 novembre 2026", "23–29 nov. 2026").
  const dayView = { ...views, headerFormat: dayLabel(locale) }
  const weekView = { ...views, renderWeekLabel: weekLabel(locale) }
  const eventBody = (event: ScheduleEventData) => <EventBody event={event} />
  const common = {
    renderEventBody: eventBody,
    date,
    view,
    locale,
    labels: scheduleLabels(LL),
    onDateChange: (d: string) => onSearch({ ...search, date: dayjs(d).format("YYYY-MM-DD") }),
    onViewChange: (v: string) => onSearch({ ...search, view: v === "day" || v === "month" ? v : "week" }),
    onEventClick: openEvent,
    withDragSlotSelect: true,
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{LL.screens.planningMain()}</Title>
        <Button size="md" onClick={() => go(newBookingHref(c))}>
          {LL.planning.book()}
        </Button>
      </Group>
      {c.clusters !== null && c.clusters.length > 0 ? (
        <PlanningFilters
          clusters={c.clusters}
          cluster={c.cluster}
          machineList={c.machineList}
          members={c.members}
          machines={c.machines}
          employees={c.employees}
          all={c.all}
          onChange={(choice) => onSearch({ view: search.view, date: search.date, by: search.by, ...choice })}
        />
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={LL.planning.reading.label()}
          value={search.by ?? "time"}
          onChange={(by) => onSearch({ ...search, by: by === "resource" ? "resource" : undefined })}
          data={[
            { value: "time", label: LL.planning.reading.calendar() },
            { value: "resource", label: LL.planning.reading.resources() },
          ]}
        />
        <Legend closed={c.all} />
      </Group>
      <PlanningState state={state} onRetry={() => actor.send({ type: "planning.retry" })} />
      {!state.matches("structure") || c.bookings === null ? null : search.by === "resource" ? (
        <ResourcesSchedule
          {...common}
          resources={resourceRows(c.machineList, c.members, bookings, c)}
          events={toResourceEvents(bookings)}
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
          events={toEvents(bookings)}
          onTimeSlotClick={
            view === "month" ? undefined : ({ slotStart, slotEnd }) => clickAt(slotStart, slotEnd)
          }
          onSlotDragEnd={(start, end) => startAt(start, end)}
          onDayClick={view === "month" ? (day) => wholeDay(day) : undefined}
          dayViewProps={{ ...dayView, ...calendarHours }}
          weekViewProps={{ ...weekView, ...calendarHours }}
          monthViewProps={{
            ...views,
            getDayProps: (day: string) => ({ "aria-label": dayLabel(locale)(day) }),
          }}
        />
      )}
    </Stack>
  )
}
