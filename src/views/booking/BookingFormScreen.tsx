import { Button, Center, Loader, Paper, Stack, Text } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveBookingFormMachine } from "../../machines/booking/bookingForm.actors"
import type { BookingPrefill } from "../../machines/booking/bookingForm.values"
import type { Booking } from "../../schema/booking"
import type { BookingId } from "../../schema/ids"
import { useProvided } from "../common/useProvided"
import { useSessionActor } from "../session/session"
import { BookingForm, FormAlert } from "./BookingForm"

export type BookingFormMachine = typeof liveBookingFormMachine

/** The form's chart run for one form: a new booking (prefilled from the link) or one edited. */
export const BookingFormScreen = ({
  booking,
  prefill,
  machine = liveBookingFormMachine,
  onSaved,
}: {
  booking: BookingId | null
  prefill: BookingPrefill
  machine?: BookingFormMachine
  onSaved: (booking: Booking) => void
}) => {
  const { LL } = useI18nContext()
  const me = useSelector(useSessionActor(), (s) => s.context.me?.id ?? null)
  const provided = useProvided(machine, { handOverSaved: (_, saved) => onSaved(saved) })
  const actor = useActorRef(provided, { input: { booking, prefill, me } })
  const state = useSelector(actor, (s) => s)
  const { data, cluster, members, fields, values, errors, error, unavailable } = state.context
  if (state.matches("loadFailed"))
    return (
      <Stack gap="sm" align="flex-start">
        <FormAlert code={error} names={[]} />
        <Button size="md" variant="light" onClick={() => actor.send({ type: "bookingForm.retry" })}>
          {LL.booking.form.retry()}
        </Button>
      </Stack>
    )
  if (data === null)
    return (
      <Center p="xl">
        <Loader role="progressbar" aria-label={LL.app.loading()} />
      </Center>
    )
  if (data.clusters.length === 0 && data.machines.length === 0)
    return <Text>{LL.booking.form.noCluster()}</Text>
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
      <BookingForm
        data={data}
        cluster={cluster}
        members={members}
        fields={fields}
        initial={values}
        me={me}
        errors={errors}
        error={error}
        unavailable={unavailable}
        busy={state.hasTag("busy")}
        editing={booking !== null}
        onPickCluster={(id) => actor.send({ type: "bookingForm.pickCluster", cluster: id })}
        onSubmit={(v) => actor.send({ type: "bookingForm.submit", values: v })}
      />
    </Paper>
  )
}
