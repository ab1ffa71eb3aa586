import { Text, VisuallyHidden } from "@mantine/core"
import type { ScheduleEventData } from "@mantine/schedule"
import { useI18nContext } from "../../i18n/i18n-react"
import { type BookingPayload, isClosed, isUse } from "./events"
import { useShownUse } from "./PlanningUse"

/** The use states worth a word in the calendar (the others say nothing yet). */
const told = new Set(["asBooked", "beyond", "noUse"])

/**
 * A booking in the calendar: its resources, then its status in words. The colour says the status,
 * the words say it to a screen reader; a refused or cancelled one is struck through and says its
 * status on screen too (its grey alone does not tell which). To the acceptors, how its machines
 * were used ("Dépassement", "Non utilisée", "Utilisée"); work without booking says what it is.
 */
export const EventBody = ({ event }: { event: ScheduleEventData }) => {
  const { LL } = useI18nContext()
  const shown = useShownUse()
  if (isUse(event.payload)) return <>{event.title}</>
  const booking = (event.payload as BookingPayload).booking
  const status = `, ${LL.planning.status[booking.status]()}`
  const use = shown.bookings.get(booking.id)
  const useWord =
    use !== undefined && told.has(use.state)
      ? `${LL.planning.use.badge[use.state as "asBooked" | "beyond" | "noUse"]()} · `
      : null
  return isClosed(booking) ? (
    <>
      <Text span inherit td="line-through">
        {event.title}
      </Text>
      <Text span inherit>
        {status}
      </Text>
    </>
  ) : (
    <>
      {/* First, so that a short event still says it. */}
      {useWord === null ? null : (
        <Text span inherit fw={700} data-use={use?.state}>
          {useWord}
        </Text>
      )}
      {event.title}
      <VisuallyHidden>{status}</VisuallyHidden>
    </>
  )
}
