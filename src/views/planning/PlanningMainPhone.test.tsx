// Size: the phone cases of PlanningMainPage share one fixture set, the phone's viewport and a render wrapper.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { useState } from "react"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { planningMachine } from "../../machines/booking/planning"
import type { BookingQuery } from "../../schema/booking"
import { aBooking, forbiddenUse, planningChart, prés, tractor } from "../../testing/planning"
import { renderSignedIn } from "../../testing/render"
import { PlanningMainPage } from "./PlanningMainPage"
import type { PlanningSearch } from "./search"

// Local times, so the days do not depend on the machine's time zone.
const local = (iso: string) => new Date(iso).toISOString()
const tuesday = aBooking("requested", {
  start: local("2026-06-02T08:00:00"),
  end: local("2026-06-02T12:00:00"),
})
const thursday = aBooking("accepted", {
  id: "00000000-0000-4000-8000-0000000000d2",
  start: local("2026-06-04T14:00:00"),
  end: local("2026-06-04T16:00:00"),
  withJean: false,
})

const chart = (asked: BookingQuery[]) =>
  planningChart(asked, (input) => {
    // As the server answers: the bookings overlapping the window asked.
    const ms = (d: DateTime.Utc | undefined) => (d === undefined ? 0 : DateTime.toEpochMillis(d))
    return [thursday, tuesday].filter(
      (b) => ms(b.start_date) < ms(input.to) && ms(b.end_date) > ms(input.from),
    )
  })

const Page = ({ start, machine }: { start: PlanningSearch; machine: typeof planningMachine }) => {
  const [search, setSearch] = useState(start)
  return <PlanningMainPage search={search} onSearch={setSearch} machine={machine} use={forbiddenUse} />
}
const render = renderSignedIn
const day = (q: BookingQuery | undefined, end: "from" | "to") =>
  new Date(DateTime.toEpochMillis(q?.[end] as DateTime.Utc)).toLocaleDateString("sv")

// A phone's screen: happy-dom answers the page's media query from it.
const viewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({
    width,
    height: 844,
  })
beforeEach(() => viewport(390))
afterEach(() => viewport(1024))

describe("PlanningMain on a phone", () => {
  it("shows the week as an agenda, day by day, with no grid to scroll sideways", async () => {
    const asked: BookingQuery[] = []
    await render(<Page start={{ view: "week", date: "2026-06-03" }} machine={chart(asked)} />)
    const mardi = await screen.findByRole("region", { name: "mardi 2 juin" })
    expect(
      within(mardi).getByRole("button", {
        name: /^Tracteur 1 → Jean Dupont\s*08:00 – 12:00\s*En attente de validation$/,
      }),
    ).toBeTruthy()
    const jeudi = screen.getByRole("region", { name: "jeudi 4 juin" })
    expect(
      within(jeudi).getByRole("button", { name: /^Tracteur 1\s*14:00 – 16:00\s*Acceptée$/ }),
    ).toBeTruthy()
    expect(screen.getAllByRole("region").map((r) => r.getAttribute("aria-label"))).toEqual([
      "mardi 2 juin",
      "jeudi 4 juin",
    ])
    expect(screen.getByText("1–7 juin 2026")).toBeTruthy()
    expect([day(asked[0], "from"), day(asked[0], "to")]).toEqual(["2026-06-01", "2026-06-08"])
    // No calendar grid: no time slot to click, no view tabs of the calendar.
    expect(screen.queryAllByRole("button", { name: /^Créneau/ })).toEqual([])
    expect(screen.queryByRole("tablist")).toBeNull()
  })

  it("moves by day, week or month: the month asked is the month itself; back to today's period", async () => {
    const asked: BookingQuery[] = []
    await render(<Page start={{ view: "week", date: "2026-06-03" }} machine={chart(asked)} />)
    await screen.findByRole("region", { name: "mardi 2 juin" })
    fireEvent.click(screen.getByRole("radio", { name: "Mois" }))
    await screen.findByText("juin 2026")
    await waitFor(() =>
      expect([day(asked.at(-1), "from"), day(asked.at(-1), "to")]).toEqual(["2026-06-01", "2026-07-01"]),
    )
    fireEvent.click(screen.getByRole("button", { name: "Suivant" }))
    await screen.findByText("juillet 2026")
    await waitFor(() => expect(day(asked.at(-1), "from")).toBe("2026-07-01"))
    fireEvent.click(screen.getByRole("radio", { name: "Jour" }))
    await screen.findByText("vendredi 3 juillet 2026")
    fireEvent.click(screen.getByRole("button", { name: "Précédent" }))
    await screen.findByText("jeudi 2 juillet 2026")
    expect(screen.getByText("Aucune réservation sur cette période.")).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "Aujourd'hui" }))
    await waitFor(() => expect(screen.queryByRole("button", { name: "Aujourd'hui" })).toBeNull())
  })

  it("by resource, lists each machine and booked employee with its bookings, or free all along", async () => {
    await render(<Page start={{ view: "week", date: "2026-06-03", by: "resource" }} machine={chart([])} />)
    const tracteur = await screen.findByRole("region", { name: "Tracteur 1" })
    expect(
      within(tracteur)
        .getAllByRole("button")
        .map((b) => b.getAttribute("data-status")),
    ).toEqual(["requested", "accepted"])
    expect(
      within(tracteur).getByRole("button", { name: /^Tracteur 1\s*jeu\. 4 juin, 14:00 – 16:00\s*Acceptée$/ }),
    ).toBeTruthy()
    expect(
      within(screen.getByRole("region", { name: "Pulvérisateur" })).getByText("Libre sur cette période"),
    ).toBeTruthy()
    expect(within(screen.getByRole("region", { name: "Dupont Jean" })).getAllByRole("button")).toHaveLength(1)
  })

  it("opens the booking tapped; books in the structure with the filtered machine; filters in a sheet", async () => {
    const { router } = await render(
      <Page start={{ view: "week", date: "2026-06-03", machine: [tractor.id] }} machine={chart([])} />,
    )
    fireEvent.click(await screen.findByRole("button", { name: /^Tracteur 1 → Jean Dupont/ }))
    await waitFor(() => expect(router.state.location.href).toBe(`/ActionBooking?booking=${tuesday.id}`))
    fireEvent.click(screen.getByRole("button", { name: "Réserver" }))
    await waitFor(() =>
      expect(router.state.location.searchStr).toBe(`?cluster=${prés.id}&machine=${tractor.id}`),
    )
  })

  it("keeps the filters in a sheet behind one button", async () => {
    await render(
      <Page start={{ view: "week", date: "2026-06-03", machine: [tractor.id] }} machine={chart([])} />,
    )
    await screen.findByRole("region", { name: "mardi 2 juin" })
    expect(screen.queryByRole("textbox", { name: "Structure" })).toBeNull()
    fireEvent.click(screen.getByRole("button", { name: "Filtres (1)" }))
    const sheet = await screen.findByRole("dialog", { name: "Filtres" })
    expect(
      within(sheet).getByRole("switch", { name: "Afficher les réservations annulées ou refusées" }),
    ).toBeTruthy()
  })
})
