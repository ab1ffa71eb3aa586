import { Button, SimpleGrid } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { BookingAbilities } from "../../schema/booking"
import { wrapping } from "../common/RightHint"

export type BookingMoveEvent = "booking.accept" | "booking.refuse" | "booking.edit" | "booking.cancel"

/**
 * The moves the server allows on an opened booking, full labels: two columns on a phone (a long
 * label wraps inside its button, never cut), one row from `sm` up.
 */
export const BookingActions = ({
  can,
  busy,
  onMove,
}: {
  can: BookingAbilities
  busy: boolean
  onMove: (move: BookingMoveEvent) => void
}) => {
  const t = useI18nContext().LL.booking.form
  const buttons = [
    can.accept ? (
      <Button
        key="accept"
        size="md"
        color="green"
        loading={busy}
        onClick={() => onMove("booking.accept")}
        {...wrapping}
      >
        {t.accept()}
      </Button>
    ) : null,
    can.refuse ? (
      <Button
        key="refuse"
        size="md"
        color="red"
        variant="light"
        disabled={busy}
        onClick={() => onMove("booking.refuse")}
        {...wrapping}
      >
        {t.refuse()}
      </Button>
    ) : null,
    can.edit ? (
      <Button
        key="edit"
        size="md"
        variant="default"
        disabled={busy}
        onClick={() => onMove("booking.edit")}
        {...wrapping}
      >
        {t.edit()}
      </Button>
    ) : null,
    can.cancel ? (
      <Button
        key="cancel"
        size="md"
        color="red"
        variant="subtle"
        disabled={busy}
        onClick={() => onMove("booking.cancel")}
        {...wrapping}
      >
        {t.cancel()}
      </Button>
    ) : null,
  ].filter((b) => b !== null)
  if (buttons.length === 0) return null
  return (
    <SimpleGrid
      cols={{ base: Math.min(2, buttons.length), sm: buttons.length }}
      spacing="sm"
      verticalSpacing="sm"
    >
      {buttons}
    </SimpleGrid>
  )
}
