import { Anchor, Badge, Button, Group, Modal, Stack, Text } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { DateTime } from "effect"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Booking, BookingStatus } from "../../schema/booking"
import type { UserId } from "../../schema/ids"
import { userLabel } from "../../schema/user"
import { formatArea } from "../common/area"
import { catalogueName } from "../common/catalogueName"
import { formatDate } from "../common/format"
import { wrapping } from "../common/RightHint"
import { BookingActions, type BookingMoveEvent } from "./BookingActions"
import { BookingNotice } from "./BookingNotice"
import { BookingUseSection } from "./BookingUseSection"

/** SPEC §9: accepted green, requested red, refused and cancelled grey. */
export const statusColour: Record<BookingStatus, string> = {
  requested: "red",
  accepted: "green",
  refused: "gray",
  cancelled: "gray",
}

/** Who made the last decision, said by what it was (the server keeps who accepted, refused or cancelled last). */
const decidedByKey = { accepted: "acceptedBy", refused: "refusedBy", cancelled: "cancelledBy" } as const

/**
 * An opened booking: its status, resources in order, who asked and for whom, when, where; the
 * moves the server allows (Accepter / Refuser / Modifier / Annuler); why no decision is offered
 * (ended, waiting for a manager, or the missing right) — see BookingNotice.
 */
export const BookingView = ({
  booking,
  me,
  now,
  busy,
  confirming,
  onMove,
  onConfirm,
  onBack,
}: {
  booking: Booking
  /** The signed-in person (null while unknown). */
  me: UserId | null
  /** The current time in epoch milliseconds (whether the booking has ended). */
  now: number
  busy: boolean
  confirming: boolean
  onMove: (move: BookingMoveEvent) => void
  onConfirm: () => void
  onBack: () => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.booking.form
  const closed = booking.status === "refused" || booking.status === "cancelled"
  const decided = booking.status === "requested" ? undefined : decidedByKey[booking.status]
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
        {booking.decidedBy !== null && decided !== undefined ? (
          <Text size="sm" c="dimmed">
            {t[decided]({ name: userLabel(booking.decidedBy) })}
          </Text>
        ) : null}
        {booking.fields.length > 0 ? (
          <Stack gap={2}>
            <Text>{`${t.fields()} : ${t.fieldsTotal({
              count: booking.fields.length,
              area: formatArea(
                booking.fields.reduce((sum, f) => sum + f.areaHa, 0),
                locale,
              ),
            })}`}</Text>
            <Stack component="ul" gap={0} m={0} pl="lg" aria-label={t.fields()}>
              {booking.fields.map((f) => (
                <Text component="li" key={f.id} style={{ overflowWrap: "anywhere" }}>
                  <Anchor
                    renderRoot={(props) => (
                      <Link {...props} to="/fields/$idField" params={{ idField: f.id }} />
                    )}
                  >
                    {f.name}
                  </Anchor>{" "}
                  <Text span size="sm" c="dimmed">
                    ({formatArea(f.areaHa, locale)} ha)
                  </Text>
                </Text>
              ))}
            </Stack>
          </Stack>
        ) : null}
        {booking.productType !== null ? (
          <Text>{`${t.productType()} : ${catalogueName(booking.productType.name, locale)}`}</Text>
        ) : null}
        {booking.location !== null && booking.location.label !== "" ? (
          <Text>{`${t.location()} : ${booking.location.label}`}</Text>
        ) : null}
        {booking.geometry !== null ? <Text size="sm">{t.areaDrawn()}</Text> : null}
        {booking.comments !== "" ? <Text style={{ whiteSpace: "pre-wrap" }}>{booking.comments}</Text> : null}
      </Stack>
      <BookingActions can={booking.can} busy={busy} onMove={onMove} />
      <BookingNotice booking={booking} me={me} now={now} />
      {/* Read again when it changes (another period, a cancelled booking holding nothing any more). */}
      {booking.can.seeUse ? (
        <BookingUseSection
          key={`${booking.status}:${DateTime.toEpochMillis(booking.updatedAt)}`}
          booking={booking}
        />
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
