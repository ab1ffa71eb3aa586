import { Alert, Button, Center, Loader, Stack, Title } from "@mantine/core"
import { Link, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveBookingMachine } from "../../machines/booking/booking.actors"
import type { BookingPrefill } from "../../machines/booking/bookingForm.values"
import type { Booking } from "../../schema/booking"
import type { BookingId } from "../../schema/ids"
import { useNotify } from "../common/useNotify"
import { useSessionActor } from "../session/session"
import { type BookingFormMachine, BookingFormScreen } from "./BookingFormScreen"
import { BookingView } from "./BookingView"

export type BookingMachine = typeof liveBookingMachine

/** The charts this page runs; tests give stand-ins. */
export interface BookingMachines {
  readonly booking?: BookingMachine
  readonly form?: BookingFormMachine
}

/** The page's one title. */
const PageTitle = ({ children }: { children: string }) => <Title order={1}>{children}</Title>

/**
 * An opened booking: its lifecycle chart (given the booking when the form has just saved it); the
 * form in place (its own title) when the person edits it.
 */
const OpenedBooking = ({
  id,
  saved,
  machines,
}: {
  id: BookingId
  saved: Booking | null
  machines: BookingMachines
}) => {
  const { LL } = useI18nContext()
  const me = useSelector(useSessionActor(), (s) => s.context.me?.id ?? null)
  const actor = useActorRef(machines.booking ?? liveBookingMachine, { input: { id, booking: saved } })
  const state = useSelector(actor, (s) => s)
  const { booking, error } = state.context
  const onSaved = useCallback(
    (saved: Booking) => actor.send({ type: "booking.saved", booking: saved }),
    [actor],
  )
  if (state.matches("failed"))
    return (
      <Stack gap="sm" align="flex-start">
        <PageTitle>{LL.booking.form.title()}</PageTitle>
        <Alert color="red" variant="light" role="alert">
          {error === "notFound" ? LL.booking.form.notFound() : errorText(LL, error ?? "generic")}
        </Alert>
        <Button size="md" variant="light" onClick={() => actor.send({ type: "booking.retry" })}>
          {LL.booking.form.retry()}
        </Button>
      </Stack>
    )
  if (state.matches("editing"))
    return (
      <Stack gap="lg">
        <PageTitle>{LL.booking.form.editTitle()}</PageTitle>
        <BookingFormScreen booking={id} prefill={{}} machine={machines.form} onSaved={onSaved} />
        <Button variant="subtle" size="md" onClick={() => actor.send({ type: "booking.back" })}>
          {LL.booking.form.back()}
        </Button>
      </Stack>
    )
  if (booking === null)
    return (
      <Stack gap="lg">
        <PageTitle>{LL.booking.form.title()}</PageTitle>
        <Center p="xl">
          <Loader role="progressbar" aria-label={LL.app.loading()} />
        </Center>
      </Stack>
    )
  return (
    <Stack gap="lg">
      <PageTitle>{LL.booking.form.title()}</PageTitle>
      {error !== null ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(LL, error)}
        </Alert>
      ) : null}
      <BookingView
        booking={booking}
        me={me}
        now={Date.now()}
        busy={state.hasTag("busy")}
        confirming={state.matches("confirmingCancel")}
        onMove={(type) => actor.send({ type })}
        onConfirm={() => actor.send({ type: "booking.confirm" })}
        onBack={() => actor.send({ type: "booking.back" })}
      />
    </Stack>
  )
}

/**
 * /ActionBooking: with `booking`, that booking (accept, refuse, edit, cancel as allowed); without,
 * the form, prefilled from the link (PlanningMain's slot or machine); once sent, the booking opens.
 */
export const ActionBookingPage = ({
  booking,
  prefill,
  machines = {},
}: {
  booking?: BookingId
  prefill: BookingPrefill
  machines?: BookingMachines
}) => {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const notify = useNotify()
  // The booking the form has just created: the opened booking shows it without reading it again.
  const [created, setCreated] = useState<Booking | null>(null)
  const onSaved = useCallback(
    (saved: Booking) => {
      setCreated(saved)
      notify(LL.booking.form.saved())
      void navigate({ to: "/ActionBooking", search: { booking: saved.id }, replace: true })
    },
    [navigate, notify, LL],
  )
  return (
    <Stack gap="lg" maw={720}>
      {booking === undefined ? (
        <>
          <PageTitle>{LL.booking.form.newTitle()}</PageTitle>
          <BookingFormScreen booking={null} prefill={prefill} machine={machines.form} onSaved={onSaved} />
        </>
      ) : (
        <OpenedBooking
          key={booking}
          id={booking}
          saved={created?.id === booking ? created : null}
          machines={machines}
        />
      )}
      <Button component={Link} to="/PlanningMain" variant="subtle" size="md">
        {LL.booking.form.planning()}
      </Button>
    </Stack>
  )
}
