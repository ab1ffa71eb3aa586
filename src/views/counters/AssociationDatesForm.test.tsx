import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { anAssociation, renderWith } from "../../testing/counters"
import { shownDateTime, typeDateTime } from "../../testing/dateTime"
import { DatesForm } from "./AssociationDatesForm"

/** The form on a running association (started 2026-05-01 08:00 UTC, no end); what it saves. */
const open = async () => {
  const saved: Array<[number, number | null]> = []
  await renderWith(
    <DatesForm
      association={anAssociation(null)}
      busy={false}
      endError={null}
      onSave={(start, end) => saved.push([start, end])}
      onCancel={() => {}}
    />,
    ["editCounters"],
  )
  return saved
}

const save = () => fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
const local = (text: string) => new Date(text).getTime()

describe("an association's dates form", () => {
  it("shows the dates it has, and saves the ones typed", async () => {
    const saved = await open()
    const start = new Date(Date.UTC(2026, 4, 1, 8, 0))
    const pad = (n: number) => String(n).padStart(2, "0")
    expect(shownDateTime("Date de début")).toEqual({
      day: `${pad(start.getDate())}/${pad(start.getMonth() + 1)}/${start.getFullYear()}`,
      time: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
    })
    expect(shownDateTime("Date de fin (facultative)")).toEqual({ day: "", time: "" })
    typeDateTime("Date de début", "2026-05-02T14:30")
    typeDateTime("Date de fin (facultative)", "2026-05-09T09:30")
    save()
    expect(saved).toEqual([[local("2026-05-02T14:30"), local("2026-05-09T09:30")]])
  })

  it("an end given as a day without its time is not saved as no end: it asks for the time", async () => {
    const saved = await open()
    fireEvent.change(screen.getByLabelText("Date de fin (facultative) : jour"), {
      target: { value: "09/05/2026" },
    })
    save()
    expect(screen.getByText("Indiquez aussi l'heure, par exemple 14:30")).toBeTruthy()
    expect(saved).toEqual([])
    fireEvent.change(screen.getByLabelText("Date de fin (facultative) : heure"), {
      target: { value: "1800" },
    })
    save()
    expect(saved).toEqual([[anAssociation(null).start_date.epochMillis, local("2026-05-09T18:00")]])
  })
})
