import "./styles"
import { Button, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import type { ScheduleEventData } from "@mantine/schedule"
import { useNavigate } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import type { bookingUseMachine } from "../../machines/booking/bookingUse"
import { livePlanningMachine } from "../../machines/booking/planning.actors"
import type { Booking } from "../../schema/booking"
import { AgendaList } from "./AgendaList"
import { agendaDaysOf } from "./agenda"
import { newBookingHref, openBookingHref } from "./bookingLinks"
import { type BookingPayload, isUse, resourceRows } from "./events"
import { FilterSheet } from "./FilterSheet"
import { Legend } from "./Legend"
import { PeriodBar } from "./PeriodBar"
import { type FilterChoice, PlanningFilters } from "./PlanningFilters"
import { PlanningGrid } from "./PlanningGrid"
import { PlanningState } from "./PlanningState"
import { PlanningUseProvider } from "./PlanningUse"
import { ResourceAgenda } from "./ResourceAgenda"
import type { PlanningSearch } from "./search"
import { UnbookedList } from "./UnbookedList"
import { usePlanning } from "./usePlanning"
import { periodStart, phoneWindow, today, viewWindow } from "./window"

/** Below `md` (62em), where a week of columns no longer fits beside the menu: the agenda. */
export const phoneQuery = "(max-width: 61.99em)"

/**
 * /PlanningMain: the bookings of a structure by day, week or month, by time or by resource;
 * requested red, accepted green (SPEC §9), refused and cancelled grey and struck through when the
 * switch shows them (`all=true`). On a wide screen a grid (PlanningGrid: a click or a drag over
 * free time books there); on a phone, where a grid would show two days and scroll sideways, the
 * same period as an agenda — each day's bookings, or each machine's and employee's — a tap on one
 * opens it, and the filters sit in a sheet.
 */
export const PlanningMainPage = ({
  search,
  onSearch,
  machine = livePlanningMachine,
  use,
}: {
  search: PlanningSearch
  onSearch: (next: PlanningSearch) => void
  machine?: typeof livePlanningMachine
  /** The machines' use (docs/booking-use.md): the server's by default. */
  use?: typeof bookingUseMachine
}) => {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const phone = useMediaQuery(phoneQuery, undefined, { getInitialValueInEffect: false })
  const view = search.view ?? "week"
  const date = search.date ?? today()
  const { actor, state } = usePlanning(
    machine,
    search,
    phone ? phoneWindow(view, date) : viewWindow(view, date),
  )
  const c = state.context
  const go = (href: string) => navigate({ href })
  const open = (b: Booking) => go(openBookingHref(b.id))
  const rowResource = (id: string | number | undefined) =>
    id === undefined
      ? undefined
      : c.machineList.some((m) => m.id === id)
        ? { machine: String(id) }
        : { employee: String(id) }
  const filtered = (choice: FilterChoice) =>
    onSearch({ view: search.view, date: search.date, by: search.by, ...choice })
  const shown = state.matches("structure") && c.bookings !== null
  const bookings = c.bookings ?? []
  const openActivity = (id: string) => go(`/Activitys/${id}`)
  return (
    <PlanningUseProvider cluster={c.cluster} window={c.window} machine={use}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{LL.screens.planningMain()}</Title>
          {phone ? null : (
            <Button size="md" onClick={() => go(newBookingHref(c))}>
              {LL.planning.book()}
            </Button>
          )}
        </Group>
        {phone ? (
          <Group gap="sm" wrap="nowrap">
            <Button size="lg" style={{ flex: 1 }} onClick={() => go(newBookingHref(c))}>
              {LL.planning.book()}
            </Button>
            <FilterSheet context={c} onChange={filtered} />
          </Group>
        ) : c.clusters !== null && c.clusters.length > 0 ? (
          <PlanningFilters
            clusters={c.clusters}
            cluster={c.cluster}
            machineList={c.machineList}
            members={c.members}
            machines={c.machines}
            employees={c.employees}
            all={c.all}
            onChange={filtered}
          />
        ) : null}
        {phone ? (
          <PeriodBar
            view={view}
            date={date}
            onChange={(next) =>
              onSearch({ ...search, view: next.view, date: next.date === today() ? undefined : next.date })
            }
          />
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            aria-label={LL.planning.reading.label()}
            value={search.by ?? "time"}
            onChange={(by) => onSearch({ ...search, by: by === "resource" ? "resource" : undefined })}
            data={[
              { value: "time", label: phone ? LL.planning.reading.days() : LL.planning.reading.calendar() },
              { value: "resource", label: LL.planning.reading.resources() },
            ]}
          />
          <Legend closed={c.all} />
        </Group>
        <PlanningState state={state} onRetry={() => actor.send({ type: "planning.retry" })} />
        {!shown ? null : !phone ? (
          <PlanningGrid
            context={c}
            search={search}
            view={view}
            date={date}
            onSearch={onSearch}
            onOpen={(event: ScheduleEventData) =>
              isUse(event.payload)
                ? openActivity(event.payload.use.activity)
                : open((event.payload as BookingPayload).booking)
            }
            onBook={(period, resourceId) => go(newBookingHref(c, period, rowResource(resourceId)))}
          />
        ) : search.by === "resource" ? (
          <ResourceAgenda
            rows={resourceRows(c.machineList, c.members, bookings, c)}
            bookings={bookings}
            onOpen={open}
          />
        ) : bookings.length === 0 ? (
          <Text>{LL.planning.none()}</Text>
        ) : (
          <AgendaList days={agendaDaysOf(bookings, periodStart(view, date))} onOpen={open} />
        )}
        {shown && phone ? <UnbookedList /> : null}
      </Stack>
    </PlanningUseProvider>
  )
}
