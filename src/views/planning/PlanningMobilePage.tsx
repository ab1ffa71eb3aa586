import "./styles"
import { Button, Group, Stack, Text, Title } from "@mantine/core"
import { useNavigate } from "@tanstack/react-router"
import dayjs from "dayjs"
import { useI18nContext } from "../../i18n/i18n-react"
import type { bookingUseMachine } from "../../machines/booking/bookingUse"
import { livePlanningMachine } from "../../machines/booking/planning.actors"
import { AgendaList } from "./AgendaList"
import { agendaDaysOf } from "./agenda"
import { newBookingHref, openBookingHref } from "./bookingLinks"
import { FilterSheet } from "./FilterSheet"
import { Legend } from "./Legend"
import { PlanningState } from "./PlanningState"
import { PlanningUseProvider } from "./PlanningUse"
import type { PlanningSearch } from "./search"
import { UnbookedList } from "./UnbookedList"
import { usePlanning } from "./usePlanning"
import { agendaDays, agendaWindow, shiftDays, today } from "./window"

/**
 * /PlanningMobile: the planning as an agenda for a phone: the next 14 days (earlier or later ones
 * a tap away), each booking red or green with its status (refused and cancelled ones grey and
 * struck through, when the filters' switch shows them); filters in a drawer; tapping a booking
 * opens it; a big Réserver button.
 */
export const PlanningMobilePage = ({
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
  const { LL, locale } = useI18nContext()
  const navigate = useNavigate()
  const date = search.date ?? today()
  const { actor, state } = usePlanning(machine, search, agendaWindow(date))
  const c = state.context
  const go = (href: string) => navigate({ href })
  const label = (d: string) =>
    new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" }).format(dayjs(d).toDate())
  const days = agendaDaysOf(c.bookings ?? [], date)
  return (
    <PlanningUseProvider cluster={c.cluster} window={c.window} machine={use}>
      <Stack gap="md" maw={640}>
        <Title order={1}>{LL.screens.planningMobile()}</Title>
        <Button size="xl" fullWidth onClick={() => go(newBookingHref(c))}>
          {LL.planning.book()}
        </Button>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            variant="default"
            size="md"
            aria-label={LL.planning.agenda.previous()}
            onClick={() => onSearch({ ...search, date: shiftDays(date, -agendaDays) })}
          >
            ‹
          </Button>
          <Text fw={600} ta="center">
            {LL.planning.agenda.range({ from: label(date), to: label(shiftDays(date, agendaDays - 1)) })}
          </Text>
          <Button
            variant="default"
            size="md"
            aria-label={LL.planning.agenda.next()}
            onClick={() => onSearch({ ...search, date: shiftDays(date, agendaDays) })}
          >
            ›
          </Button>
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Legend closed={c.all} />
          <Group gap="xs">
            {search.date !== undefined && search.date !== today() ? (
              <Button variant="subtle" onClick={() => onSearch({ ...search, date: undefined })}>
                {LL.planning.agenda.today()}
              </Button>
            ) : null}
            <FilterSheet context={c} onChange={(choice) => onSearch({ date: search.date, ...choice })} />
          </Group>
        </Group>
        <PlanningState state={state} onRetry={() => actor.send({ type: "planning.retry" })} />
        {state.matches("structure") && c.bookings !== null ? (
          days.length === 0 ? (
            <Text>{LL.planning.none()}</Text>
          ) : (
            <AgendaList days={days} onOpen={(b) => go(openBookingHref(b.id))} />
          )
        ) : null}
        {state.matches("structure") && c.bookings !== null ? <UnbookedList /> : null}
      </Stack>
    </PlanningUseProvider>
  )
}
