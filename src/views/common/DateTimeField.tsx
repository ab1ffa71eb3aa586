import { Group, Input, TextInput } from "@mantine/core"
import { DateInput, type DateInputProps } from "@mantine/dates"
import { type ReactNode, useId, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { dayAndTime, instantOf, parseDay, parseTime, showTime } from "./dateTimeText"

/**
 * The day part every date field shares: typed day first, with or without separators ("15/11/2026",
 * "15.11.2026", "15112026", ISO), or picked in the calendar; shown as the language writes a day.
 * Its value is the day as "YYYY-MM-DD", never an order the browser guesses from its language.
 */
const DayInput = (props: DateInputProps) => {
  const { LL } = useI18nContext()
  const t = LL.dateTime
  // A day that does not read ("31/02/2026") is not kept: the field says so rather than silently
  // going back to the day it held.
  const [unreadable, setUnreadable] = useState(false)
  return (
    <DateInput
      size="md"
      placeholder={t.dayPlaceholder()}
      valueFormat={t.dayFormat()}
      dateParser={parseDay}
      inputMode="numeric"
      allowDeselect
      clearable={!props.required}
      // Out of the Tab order: Tab goes from the day typed to its time, as a person types them (the
      // day is emptied by the keyboard as any text, or by a click on the cross).
      clearButtonProps={{ "aria-label": t.clearDay(), tabIndex: -1 }}
      {...props}
      error={unreadable ? t.dayUnreadable() : props.error}
      onBlur={(event) => {
        const typed = event.currentTarget.value.trim()
        setUnreadable(typed !== "" && parseDay(typed) === null)
        props.onBlur?.(event)
      }}
    />
  )
}

/**
 * A day without a time (a date of issue, the day a meter was read): `value` and `onChange` hold it
 * as "YYYY-MM-DD", "" when none is given.
 */
export const DateField = ({
  label,
  value,
  onChange,
  error,
  description,
  required = false,
  disabled = false,
}: {
  label: string
  value: string
  onChange: (day: string) => void
  error?: ReactNode
  description?: ReactNode
  required?: boolean
  disabled?: boolean
}) => (
  <DayInput
    label={label}
    description={description}
    error={error}
    required={required}
    disabled={disabled}
    value={value === "" ? null : value}
    onChange={(day) => onChange(day ?? "")}
  />
)

/** What the two parts hold: the day picked or typed, the time as typed, and the instant they make. */
interface Draft {
  readonly day: string | null
  readonly time: string
  readonly value: number | null
}

/** An instant's day and time at UTC (`dayAndTime` reads them in the person's time zone). */
const utcDayAndTime = (ms: number) => {
  const iso = new Date(ms).toISOString()
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) }
}

/** The instant of a day at a time, read at UTC (`instantOf` reads it in the person's time zone). */
const utcInstantOf = (day: string, time: { hours: number; minutes: number }) => {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number)
  return Date.UTC(year, month - 1, date, time.hours, time.minutes)
}

const draftOf = (value: number | null, utc: boolean): Draft =>
  value === null
    ? { day: null, time: "", value }
    : { ...(utc ? utcDayAndTime(value) : dayAndTime(value)), value }

/** Only one of the two parts given, or a time that is not one. */
const isPartial = (d: Draft) =>
  (d.day === null) !== (d.time.trim() === "") || (d.time.trim() !== "" && parseTime(d.time) === null)

/**
 * A date and time in the person's time zone: the day (typed day first, or picked in the calendar)
 * and the time, typed as the person writes it (14:30, 14h30, 1430, 9:30, 930) and shown as 14:30
 * once they leave it. Neither part invents the other: the instant is known once both are given.
 * `onChange` gets the instant (null while incomplete) and whether only part of it is given.
 * `utc`: the day and time are read and shown at UTC, not in the person's time zone (the expert
 * screen's period; its label says so).
 */
export const DateTimeField = ({
  label,
  value,
  onChange,
  error,
  description,
  required = false,
  utc = false,
}: {
  label: string
  value: number | null
  onChange: (value: number | null, partial: boolean) => void
  error?: ReactNode
  description?: ReactNode
  required?: boolean
  utc?: boolean
}) => {
  const { LL } = useI18nContext()
  const t = LL.dateTime
  const id = useId()
  const [draft, setDraft] = useState(() => draftOf(value, utc))
  const [inside, setInside] = useState(false)
  // Given another instant than the one typed here (a reset, a prefill): show that one.
  if (draft.value !== value) setDraft(draftOf(value, utc))
  const edit = (patch: Partial<Pick<Draft, "day" | "time">>) => {
    const next = { ...draft, ...patch }
    const time = parseTime(next.time)
    const instant =
      next.day !== null && time !== null ? (utc ? utcInstantOf : instantOf)(next.day, time) : null
    setDraft({ ...next, value: instant })
    onChange(instant, isPartial(next))
  }
  const time = draft.time.trim()
  const own =
    time !== "" && parseTime(time) === null
      ? t.timeUnreadable()
      : inside || !isPartial(draft)
        ? null
        : draft.day === null
          ? t.dayMissing()
          : t.timeMissing()
  const message = own ?? error
  // The part to fix turns red; a problem of the whole (required, end before start) turns both.
  const shows = message !== undefined && message !== null
  const dayRed = shows && (own === null || draft.day === null)
  const timeRed = shows && (own === null || draft.day !== null)
  // The message (Input.Wrapper renders it as `${id}-error`) is both parts' error message.
  const described = shows ? `${id}-error` : undefined
  return (
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      description={description}
      error={message}
      onFocus={() => setInside(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setInside(false)
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start" mt={4}>
        <DayInput
          id={id}
          style={{ flex: 3, minWidth: 0 }}
          aria-label={t.dayOf({ field: label })}
          aria-errormessage={described}
          value={draft.day}
          onChange={(day) => edit({ day })}
          required={required}
          error={dayRed}
        />
        <TextInput
          size="md"
          style={{ flex: 2, minWidth: 0 }}
          aria-label={t.timeOf({ field: label })}
          aria-errormessage={described}
          placeholder={t.timePlaceholder()}
          inputMode="numeric"
          autoComplete="off"
          value={draft.time}
          required={required}
          error={timeRed}
          onChange={(e) => edit({ time: e.currentTarget.value })}
          onBlur={() => {
            const typed = parseTime(draft.time)
            if (typed !== null) setDraft({ ...draft, time: showTime(typed) })
          }}
        />
      </Group>
    </Input.Wrapper>
  )
}
