import { Badge, Button, Group, Modal, Stack, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Booking, BookingStatus } from "../../schema/booking"
import { userLabel } from "../../schema/user"
import { RightHint, wrapping } from "../clusters/RightHint"
import { formatDate } from "../counters/format"

/** SPEC §9: accepted green, requested red, refused and cancelled grey. */
export const statusColour: Record<BookingStatus, string> = {
  requested: "red",
  accepted: "green",
  refused: "gray",
  cancelled: "gray",
}

export type BookingMoveEvent = "booking.accept" | "booking.refuse" | "booking.edit" | "booking.cancel"

/**
 * An opened booking: its status, resources in order, who asked and for whom, when, where; the
 * moves the server allows (Accepter / Refuser / Modifier / Annuler), the missing right named when
 * an acceptor's move is not offered on a requested booking.
 */
export const BookingView = ({
  booking,
  busy,
  confirming,
  onMove,
  onConfirm,
  onBack,
}: {
  booking: Booking
  busy: boolean
  confirming: boolean
  onMove: (move: BookingMoveEvent) => void
  onConfirm: () => void
  onBack: () => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.booking.form
  const closed = booking.status === "refused" || booking.status === "cancelled"
  const hasMachine = booking.resources.some((r) => r.kind === "machine")
  const hasEmployee = booking.resources.some((r) => r.kind === "employee")
  const { can } = booking
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Badge color={statusColour[booking.status]} size="lg" variant="filled" tt="none">
          {t[booking.status]()}
        </Badge>
        <Text c="dimmed">{booking.cluster.name}</Text>
      </Group>
      <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: "none" }} aria-label={t.resources()}>
        {booking.resources.map((r, i) => (
          <Text
            component="li"
            key={`${r.kind}:${r.id}`}
            td={closed ? "line-through" : undefined}
            style={{ overflowWrap: "anywhere" }}
          >
            <Text span fw={700}>{`${i + 1}. `}</Text>
            {r.name}{" "}
            <Text span size="sm" c="dimmed">
              ({r.kind === "machine" ? t.machine() : t.employee()})
            </Text>
          </Text>
        ))}
      </Stack>
      <Stack gap={2}>
        <Text>
          {t.period({
            start: formatDate(booking.start_date, locale),
            end: formatDate(booking.end_date, locale),
          })}
        </Text>
        <Text>{t.forUser({ name: userLabel(booking.user) })}</Text>
        <Text size="sm" c="dimmed">
          {t.requestedBy({ name: userLabel(booking.requestedBy) })}
        </Text>
        {booking.decidedBy !== null ? (
          <Text size="sm" c="dimmed">
            {t.decidedBy({ name: userLabel(booking.decidedBy) })}
          </Text>
        ) : null}
        {booking.location !== null && booking.location.label !== "" ? (
          <Text>{`${t.location()} : ${booking.location.label}`}</Text>
        ) : null}
        {booking.geometry !== null ? <Text size="sm">{t.areaDrawn()}</Text> : null}
        {booking.comments !== "" ? <Text style={{ whiteSpace: "pre-wrap" }}>{booking.comments}</Text> : null}
      </Stack>
      <Group gap="sm" grow>
        {can.accept ? (
          <Button
            size="md"
            color="green"
            loading={busy}
            onClick={() => onMove("booking.accept")}
            {...wrapping}
          >
            {t.accept()}
          </Button>
        ) : null}
        {can.refuse ? (
          <Button
            size="md"
            color="red"
            variant="light"
            disabled={busy}
            onClick={() => onMove("booking.refuse")}
            {...wrapping}
          >
            {t.refuse()}
          </Button>
        ) : null}
        {can.edit ? (
          <Button
            size="md"
            variant="default"
            disabled={busy}
            onClick={() => onMove("booking.edit")}
            {...wrapping}
          >
            {t.edit()}
          </Button>
        ) : null}
        {can.cancel ? (
          <Button
            size="md"
            color="red"
            variant="subtle"
            disabled={busy}
            onClick={() => onMove("booking.cancel")}
            {...wrapping}
          >
            {t.cancel()}
          </Button>
        ) : null}
      </Group>
      {booking.status === "requested" && !can.accept ? (
        <Stack gap={4}>
          {hasMachine ? <RightHint right="acceptMachineBooking" /> : null}
          {hasEmployee ? <RightHint right="validateEmployeeBooking" /> : null}
        </Stack>
      ) : null}
      <Modal
        opened={confirming}
        onClose={onBack}
        title={t.confirmCancelTitle()}
        closeButtonProps={{ "aria-label": t.keep() }}
      >
        <Stack gap="md">
          <Text>{t.confirmCancelText()}</Text>
          <Group gap="sm">
            <Button size="md" color="red" onClick={onConfirm} {...wrapping}>
              {t.confirmCancel()}
            </Button>
            <Button size="md" variant="default" onClick={onBack}>
              {t.keep()}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
