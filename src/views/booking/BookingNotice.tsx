import { Alert, Stack, Text } from "@mantine/core"
import { DateTime } from "effect"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Booking } from "../../schema/booking"
import type { UserId } from "../../schema/ids"
import { RightHint } from "../common/RightHint"

/** A booking whose end has passed never moves again (the server answers bookingEnded). */
export const hasEnded = (booking: Booking, now: number): boolean =>
  DateTime.toEpochMillis(booking.end_date) <= now

/**
 * Why an opened booking offers no decision, in the person's terms:
 * - ended (still requested or accepted): it can no longer change;
 * - requested, for its requester or the person it is for: waiting for a manager;
 * - requested, for anyone else who may not accept it: the rights that would let them, only those
 *   its resources call for (machines: accept machine bookings; employees: validate employee bookings).
 */
export const BookingNotice = ({ booking, me, now }: { booking: Booking; me: UserId | null; now: number }) => {
  const t = useI18nContext().LL.booking.form
  const { status } = booking
  if (status !== "requested" && status !== "accepted") return null
  if (hasEnded(booking, now))
    return (
      <Alert color="gray" variant="light" role="status">
        {status === "requested" ? t.endedRequested() : t.endedAccepted()}
      </Alert>
    )
  if (status !== "requested" || booking.can.accept) return null
  if (me !== null && (booking.requestedBy.id === me || booking.user.id === me))
    return (
      <Text size="sm" c="dimmed" role="status">
        {t.awaitingManager()}
      </Text>
    )
  const kinds = new Set(booking.resources.map((r) => r.kind))
  return (
    <Stack gap={4}>
      {kinds.has("machine") ? <RightHint right="acceptMachineBooking" /> : null}
      {kinds.has("employee") ? <RightHint right="validateEmployeeBooking" /> : null}
    </Stack>
  )
}
