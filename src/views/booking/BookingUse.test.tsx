// Size: an opened booking's "Utilisation des machines" — as booked, beyond, not used, and a failure.
import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { bookingUseMachine, type UseAnswer, type UseAsk } from "../../machines/booking/bookingUse"
import { activityTotals } from "../../schema/activityTotals"
import { BookingUse, type UseItem } from "../../schema/bookingUse"
import { ActivityId, BookingId, MachineId } from "../../schema/ids"
import { aBooking, at, bookingUseChart, tractor } from "../../testing/planning"
import { renderSignedIn } from "../../testing/render"
import { BookingUseSection } from "./BookingUseSection"

const booking = aBooking("accepted")
const item = (n: number, start: string, hours: number, outside: number): UseItem => ({
  activity: ActivityId.make(`00000000-0000-4000-8000-0000000000e${n}`),
  machine: { id: MachineId.make(tractor.id), name: tractor.name },
  start: at(start),
  end: at(new Date(Date.parse(start) + hours * 3_600_000).toISOString()),
  durationSeconds: hours * 3600,
  workSeconds: hours * 3000,
  areaHa: 3.5,
  fields: ["Les Grands Champs", "Le Pré"],
  member: null,
  outsideSeconds: outside,
})
const answerWith = (state: BookingUse["state"], matched: UseItem[], beyond: UseItem[]) =>
  new BookingUse({
    booking: BookingId.make(booking.id),
    state,
    bookedSeconds: 4 * 3600,
    matched,
    beyond,
    beyondSeconds:
      matched.reduce((s, m) => s + m.outsideSeconds, 0) + beyond.reduce((s, b) => s + b.durationSeconds, 0),
    totals: activityTotals(
      matched.map((m) => ({
        durationSeconds: m.durationSeconds,
        areaHa: m.areaHa,
        areaWithOverlapHa: m.areaHa,
        workDistanceM: 0,
        roadDistanceM: 0,
        fuelLitres: null,
        seconds: { fieldWork: m.workSeconds },
      })),
    ),
  })

describe("an opened booking's machine use", () => {
  it("says it went beyond the booking, with the booked and used figures and both lists", async () => {
    const inside = item(1, "2026-06-02T08:00:00Z", 5, 3600)
    const after = item(2, "2026-06-02T15:00:00Z", 2, 7200)
    await renderSignedIn(
      <BookingUseSection
        booking={booking}
        machine={bookingUseChart(answerWith("beyond", [inside], [after]))}
        zone="UTC"
      />,
    )
    expect(await screen.findByText("Utilisation au-delà de la réservation")).toBeTruthy()
    const section = screen.getByRole("region", { name: "Utilisation des machines" })
    expect(within(section).getByText("Durée réservée").nextSibling?.textContent).toBe("4 h 00")
    expect(within(section).getByText("Hors de la réservation").nextSibling?.textContent).toBe("3 h 00")
    const matched = screen.getByRole("region", { name: "Activités dans la réservation" })
    const [, row] = within(matched).getAllByRole("row")
    expect(row?.textContent).toContain("Les Grands Champs, Le Pré")
    expect(row?.textContent).toContain("Inconnu")
    expect(within(matched).getByRole("link").getAttribute("href")).toBe(`/Activitys/${inside.activity}`)
    const beyond = screen.getByRole("region", { name: "Travail hors de la réservation, les mêmes jours" })
    expect(within(beyond).getByRole("link").getAttribute("href")).toBe(`/Activitys/${after.activity}`)
  })

  it("says a booking was not used, with no activity listed", async () => {
    await renderSignedIn(
      <BookingUseSection booking={booking} machine={bookingUseChart(answerWith("noUse", [], []))} />,
    )
    expect(await screen.findByText("Réservation sans utilisation")).toBeTruthy()
    expect(screen.getByText("Aucune activité.")).toBeTruthy()
    expect(
      screen.queryByRole("region", { name: "Travail hors de la réservation, les mêmes jours" }),
    ).toBeNull()
  })

  it("says when the use could not be loaded, and loads it again on demand", async () => {
    let calls = 0
    const machine = bookingUseMachine.provide({
      actors: {
        loadUse: fromPromise<UseAnswer, UseAsk>(async () => {
          calls += 1
          if (calls === 1) throw new Error("network down")
          return answerWith("asBooked", [item(1, "2026-06-02T08:00:00Z", 2, 0)], [])
        }),
      },
    })
    await renderSignedIn(<BookingUseSection booking={booking} machine={machine} />)
    expect(await screen.findByText("L'utilisation des machines n'a pas pu être chargée.")).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }))
    expect(await screen.findByText("Utilisée comme réservée")).toBeTruthy()
  })

  it("on a phone, lists each activity as a card rather than a table to scroll sideways", async () => {
    const setViewport = (width: number) =>
      (
        window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }
      ).happyDOM.setViewport({ width, height: 844 })
    setViewport(390)
    try {
      const inside = item(1, "2026-06-02T08:00:00Z", 5, 3600)
      await renderSignedIn(
        <BookingUseSection
          booking={booking}
          machine={bookingUseChart(answerWith("beyond", [inside], []))}
          zone="UTC"
        />,
      )
      const list = await screen.findByRole("list", { name: "Activités dans la réservation" })
      expect(screen.queryByRole("table")).toBeNull()
      const [card] = within(list).getAllByRole("listitem")
      expect(card?.textContent).toContain("Tracteur 1 · Les Grands Champs, Le Pré")
      expect(card?.textContent).toContain("Heures de travail : 4 h 10 · Surface : 3,50 ha")
      expect(card?.textContent).toContain("Membre : Inconnu · Hors réservation : 1 h 00")
      expect(
        within(card as HTMLElement)
          .getByRole("link")
          .getAttribute("href"),
      ).toBe(`/Activitys/${inside.activity}`)
    } finally {
      setViewport(1024)
    }
  })
})
