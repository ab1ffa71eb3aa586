import { useI18nContext } from "../../i18n/i18n-react"
import { DateTimeField } from "../common/DateTimeField"

/** The booking's start and end, in the person's local time; one given only in part is missing. */
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
  const { LL } = useI18nContext()
  const t = LL.booking.form
  return (
    <>
      <DateTimeField
        label={t.start()}
        value={start}
        onChange={(v) => onChange({ start: v })}
        error={startError}
        required
      />
      <DateTimeField
        label={t.end()}
        value={end}
        onChange={(v) => onChange({ end: v })}
        error={endError}
        required
      />
    </>
  )
}
