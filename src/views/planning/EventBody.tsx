import { Text, VisuallyHidden } from "@mantine/core"
import type { ScheduleEventData } from "@mantine/schedule"
import { useI18nContext } from "../../i18n/i18n-react"
import { type BookingPayload, isClosed } from "./events"

/**
 * A booking in the calendar: its resources, then its status in words. The colour says the status,
 * the words say it to a screen reader; a refused or cancelled one is struck through and says its
 * status on screen too (its grey alone does not tell which).
 */
export const EventBody = ({ event }: { event: ScheduleEventData }) => {
  const { LL } = useI18nContext()
  const booking = (event.payload as BookingPayload).booking
  const status = `, ${LL.planning.status[booking.status]()}`
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
      {event.title}
      <VisuallyHidden>{status}</VisuallyHidden>
    </>
  )
}
