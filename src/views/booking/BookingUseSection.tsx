import { Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useId } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { bookingUseMachine } from "../../machines/booking/bookingUse"
import { liveBookingUseMachine } from "../../machines/booking/bookingUse.actors"
import type { Booking } from "../../schema/booking"
import type { BookingUse } from "../../schema/bookingUse"
import { LoadFailed, Loading } from "../common/Loading"
import { browserZone } from "../machines/history/period"
import { BookingUseView } from "./BookingUseView"

/**
 * "Utilisation des machines" on an opened booking, for the members who accept its machines'
 * bookings (`can.seeUse`): loaded with the page, read in the browser's time zone.
 */
export const BookingUseSection = ({
  booking,
  machine = liveBookingUseMachine,
  zone = browserZone(),
}: {
  booking: Booking
  machine?: typeof bookingUseMachine
  zone?: string
}) => {
  const { LL } = useI18nContext()
  const t = LL.planning.use
  const heading = useId()
  const actor = useActorRef(machine, { input: { kind: "booking", booking: booking.id, tz: zone } })
  const state = useSelector(actor, (s) => s)
  const use = state.context.use as BookingUse | null
  return (
    <Stack component="section" gap="sm" aria-labelledby={heading}>
      <Title order={2} size="h4" id={heading}>
        {t.title()}
      </Title>
      <Text size="sm" c="dimmed">
        {t.intro()}
      </Text>
      {state.matches("failed") ? (
        <LoadFailed
          code={state.context.error}
          title={t.failed()}
          retry={LL.planning.retry()}
          onRetry={() => actor.send({ type: "use.retry" })}
        />
      ) : use === null ? (
        <Loading text={LL.app.loading()} />
      ) : (
        <BookingUseView use={use} />
      )}
    </Stack>
  )
}
