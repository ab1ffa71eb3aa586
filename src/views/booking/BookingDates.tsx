import { DateTimePicker } from "@mantine/dates"
import { useI18nContext } from "../../i18n/i18n-react"

/** A picker's "YYYY-MM-DD HH:mm:ss" (the person's local time) as an instant, and back. */
const fromPicker = (value: string | null): number | null => {
  if (value === null || value === "") return null
  const ms = new Date(value.replace(" ", "T")).getTime()
  return Number.isNaN(ms) ? null : ms
}
const toPicker = (ms: number | null): Date | null => (ms === null ? null : new Date(ms))

/** The booking's start and end, in the person's local time. */
export const BookingDates = ({
  start,
  end,
  startError,
  endError,
  onChange,
}: {
  start: number | null
  end: number | null
  startError: string | undefined
  endError: string | undefined
  onChange: (patch: { start?: number | null; end?: number | null }) => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.booking.form
  return (
    <>
      <DateTimePicker
        size="md"
        label={t.start()}
        locale={locale}
        value={toPicker(start)}
        onChange={(v) => onChange({ start: fromPicker(v) })}
        error={startError}
        required
      />
      <DateTimePicker
        size="md"
        label={t.end()}
        locale={locale}
        value={toPicker(end)}
        onChange={(v) => onChange({ end: fromPicker(v) })}
        error={endError}
        required
      />
    </>
  )
}
