import "./styles"
import { Button, Group, SegmentedControl, Stack, Title, VisuallyHidden } from "@mantine/core"
import { ResourcesSchedule, Schedule, type ScheduleEventData } from "@mantine/schedule"
import { useNavigate } from "@tanstack/react-router"
import dayjs from "dayjs"
import { useI18nContext } from "../../i18n/i18n-react"
import { livePlanningMachine } from "../../machines/planning.actors"
import { newBookingHref, openBookingHref } from "./bookingLinks"
import { type BookingPayload, resourceRows, toEvents, toResourceEvents } from "./events"
import { Legend } from "./Legend"
import { scheduleLabels } from "./labels"
import { PlanningFilters } from "./PlanningFilters"
import { PlanningState } from "./PlanningState"
import { type PlanningSearch, planningViews } from "./search"
import { usePlanning } from "./usePlanning"
import { slotToIso, today, viewWindow } from "./window"

const views = { viewSelectProps: { views: planningViews } }
/** Working hours first: the grid scrolls inside the page, with 07:00 at the top. */
const hours = {
  startScrollTime: "06:00",
  highlightBusinessHours: true,
  businessHours: ["07:00", "19:00"] as [string, string],
  scrollAreaProps: { mah: "max(420px, calc(100dvh - 340px))" },
}

/**
 * /PlanningMain: the bookings of a structure by day, week or month, as a calendar or by resource
 * (rows = machines and employees); requested red, accepted green (SPEC §9); a click on a booking
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
  const startAt = (start: string, end: string, resourceId?: string | number) =>
    go(newBookingHref(c, { start: slotToIso(start), end: slotToIso(end) }, rowResource(resourceId)))
  const wholeDay = (day: string, resourceId?: string | number) =>
    startAt(`${day} 08:00:00`, `${day} 18:00:00`, resourceId)
  const weekLabel = ({ weekStart, weekEnd }: { weekStart: string; weekEnd: string }) =>
    `${dayjs(weekStart).locale(locale).format("D MMM")} – ${dayjs(weekEnd).locale(locale).format("D MMM YYYY")}`
  // The colour says the status; the words say it too, to a screen reader.
  // "vendredi 27 novembre 2026", not the calendar's American default "November 27, 2026".
  const dayHeader = "dddd D MMMM YYYY"
  const eventBody = (event: ScheduleEventData) => (
    <>
      {event.title}
      <VisuallyHidden>{`, ${LL.planning.status[(event.payload as BookingPayload).booking.status]()}`}</VisuallyHidden>
    </>
  )
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
        <Legend />
      </Group>
      <PlanningState state={state} onRetry={() => actor.send({ type: "planning.retry" })} />
      {!state.matches("structure") || c.bookings === null ? null : search.by === "resource" ? (
        <ResourcesSchedule
          {...common}
          resources={resourceRows(c.machineList, c.members, bookings, c)}
          events={toResourceEvents(bookings)}
          onTimeSlotClick={({ slotStart, slotEnd, resourceId }) => startAt(slotStart, slotEnd, resourceId)}
          onSlotDragEnd={({ rangeStart, rangeEnd, resourceId }) => startAt(rangeStart, rangeEnd, resourceId)}
          onDayClick={view === "month" ? ({ date: day, resourceId }) => wholeDay(day, resourceId) : undefined}
          dayViewProps={{ ...views, headerFormat: dayHeader }}
          weekViewProps={views}
          monthViewProps={views}
        />
      ) : (
        <Schedule
          {...common}
          events={toEvents(bookings)}
          onTimeSlotClick={
            view === "month" ? undefined : ({ slotStart, slotEnd }) => startAt(slotStart, slotEnd)
          }
          onSlotDragEnd={(start, end) => startAt(start, end)}
          onDayClick={view === "month" ? (day) => wholeDay(day) : undefined}
          dayViewProps={{ ...views, ...hours, headerFormat: dayHeader }}
          weekViewProps={{ ...views, ...hours, renderWeekLabel: weekLabel }}
          monthViewProps={views}
        />
      )}
    </Stack>
  )
}
