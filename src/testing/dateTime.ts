import { fireEvent, screen } from "@testing-library/react"

/**
 * Types a local "YYYY-MM-DDTHH:mm" into the date-time field labelled `label`, as a French person
 * does: the day (dd/mm/yyyy), then the time; "" empties both parts.
 */
export const typeDateTime = (label: string, local: string) => {
  const [day = "", time = ""] = local.split("T")
  const [year, month, date] = day.split("-")
  fireEvent.change(screen.getByLabelText(`${label} : jour`), {
    target: { value: day === "" ? "" : `${date}/${month}/${year}` },
  })
  fireEvent.change(screen.getByLabelText(`${label} : heure`), { target: { value: time } })
}

/** The day and the time a date-time field shows. */
export const shownDateTime = (label: string) => ({
  day: (screen.getByLabelText(`${label} : jour`) as HTMLInputElement).value,
  time: (screen.getByLabelText(`${label} : heure`) as HTMLInputElement).value,
})

/**
 * Types a day into the day-only field labelled `label`: `typed` as the person writes it
 * ("15/11/2026", "15112026", "2026-11-15"), "" to empty it; then leaves the field, as they do.
 */
export const typeDate = (label: string, typed: string) => {
  const input = screen.getByLabelText(label)
  fireEvent.change(input, { target: { value: typed } })
  fireEvent.blur(input)
}

/** The day a day-only field shows ("15/11/2026"). */
export const shownDate = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value
