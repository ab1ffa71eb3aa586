// Size: the cases of PlanningMobilePage share one fixture set and render wrapper; one test file per screen or module.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { useState } from "react"
import { describe, expect, it } from "vitest"
import type { planningMachine } from "../../machines/booking/planning"
import type { BookingQuery } from "../../schema/booking"
import { aBooking, forbiddenUse, planningChart, prés, tractor } from "../../testing/planning"
import { renderSignedIn } from "../../testing/render"
import { PlanningMobilePage } from "./PlanningMobilePage"
import type { PlanningSearch } from "./search"

// Local times, so the days do not depend on the machine's time zone.
const local = (iso: string) => new Date(iso).toISOString()
const morning = aBooking("requested", {
  start: local("2026-06-02T08:00:00"),
  end: local("2026-06-02T12:00:00"),
})
const afternoon = aBooking("accepted", {
  id: "00000000-0000-4000-8000-0000000000d2",
  start: local("2026-06-02T14:00:00"),
  end: local("2026-06-02T16:00:00"),
  withJean: false,
})
const later = aBooking("accepted", {
  id: "00000000-0000-4000-8000-0000000000d3",
  start: local("2026-06-05T09:00:00"),
  end: local("2026-06-05T10:00:00"),
  withJean: false,
})

const refused = aBooking("refused", {
  id: "00000000-0000-4000-8000-0000000000d4",
  start: local("2026-06-03T09:00:00"),
  end: local("2026-06-03T10:00:00"),
  withJean: false,
})

const chart = (asked: BookingQuery[]) =>
  planningChart(asked, (input) =>
    // Refused and cancelled bookings only with `all=true`, as the server answers.
    input.all === true ? [later, afternoon, morning, refused] : [later, afternoon, morning],
  )

const Page = ({ start, machine }: { start: PlanningSearch; machine: typeof planningMachine }) => {
  const [search, setSearch] = useState(start)
  return <PlanningMobilePage search={search} onSearch={setSearch} machine={machine} use={forbiddenUse} />
}
const render = renderSignedIn
const from = (q: BookingQuery | undefined) => DateTime.toEpochMillis(q?.from as DateTime.Utc)

describe("PlanningMobile", () => {
  it("lists 14 days of bookings by day, in order, each red or green with its status", async () => {
    const asked: BookingQuery[] = []
    await render(<Page start={{ date: "2026-06-01" }} machine={chart(asked)} />)
    const tuesday = await screen.findByRole("region", { name: "mardi 2 juin" })
    const items = within(tuesday).getAllByRole("button")
    // Each is named by what it shows (resources, hours, status): what a voice command would say.
    expect(items).toEqual([
      within(tuesday).getByRole("button", {
        name: /^Tracteur 1 → Jean Dupont\s*08:00 – 12:00\s*En attente de validation$/,
      }),
      within(tuesday).getByRole("button", { name: /^Tracteur 1\s*14:00 – 16:00\s*Acceptée$/ }),
    ])
    expect(items.map((b) => b.getAttribute("data-status"))).toEqual(["requested", "accepted"])
    expect(within(items[0] as HTMLElement).getByText("En attente de validation")).toBeTruthy()
    expect(within(items[0] as HTMLElement).getByText("08:00 – 12:00")).toBeTruthy()
    expect(within(items[1] as HTMLElement).getByText("Acceptée")).toBeTruthy()
    expect(
      within(screen.getByRole("region", { name: "vendredi 5 juin" })).getAllByRole("button"),
    ).toHaveLength(1)
    const days = (DateTime.toEpochMillis(asked[0]?.to as DateTime.Utc) - from(asked[0])) / 86_400_000
    expect(Math.round(days)).toBe(14)
  })

  it("opens the booking tapped", async () => {
    const { router } = await render(<Page start={{ date: "2026-06-01" }} machine={chart([])} />)
    fireEvent.click(await screen.findByRole("button", { name: /^Tracteur 1 → Jean Dupont/ }))
    await waitFor(() => expect(router.state.location.href).toBe(`/ActionBooking?booking=${morning.id}`))
  })

  it("moves 14 days on, and books in the structure", async () => {
    const asked: BookingQuery[] = []
    const { router } = await render(
      <Page start={{ date: "2026-06-01", machine: [tractor.id] }} machine={chart(asked)} />,
    )
    await screen.findByRole("region", { name: "mardi 2 juin" })
    expect(asked[0]).toMatchObject({ cluster: prés.id, machine: [tractor.id] })
    expect(screen.getByRole("button", { name: "Filtres (1)" })).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "14 jours suivants" }))
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(Math.round((from(asked[1]) - from(asked[0])) / 86_400_000)).toBe(14)
    fireEvent.click(screen.getByRole("button", { name: "Réserver" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/ActionBooking"))
    expect(router.state.location.searchStr).toBe(`?cluster=${prés.id}&machine=${tractor.id}`)
  })

  it("filters in a sheet: a machine chosen there is asked for", async () => {
    const asked: BookingQuery[] = []
    await render(<Page start={{ date: "2026-06-01" }} machine={chart(asked)} />)
    await screen.findByRole("region", { name: "mardi 2 juin" })
    fireEvent.click(screen.getByRole("button", { name: "Filtres" }))
    const sheet = await screen.findByRole("dialog", { name: "Filtres" })
    const input = within(sheet)
      .getAllByLabelText("Machines")
      .find((el) => el.tagName === "INPUT") as HTMLElement
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: "Trac" } })
    fireEvent.click(await screen.findByText("Tracteur 1", { selector: "[role=option], [role=option] *" }))
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]).toMatchObject({ cluster: prés.id, machine: [tractor.id], employee: undefined })
  })

  it("off by default; the sheet's switch asks with all=true and lists a refused booking grey, struck through, with its status", async () => {
    const asked: BookingQuery[] = []
    const { router } = await render(<Page start={{ date: "2026-06-01" }} machine={chart(asked)} />)
    await screen.findByRole("region", { name: "mardi 2 juin" })
    expect(asked[0]?.all).toBeUndefined()
    expect(screen.queryByRole("region", { name: "mercredi 3 juin" })).toBeNull()
    expect(screen.queryByText("Refusée ou annulée")).toBeNull()
    fireEvent.click(screen.getByRole("button", { name: "Filtres" }))
    const sheet = await screen.findByRole("dialog", { name: "Filtres" })
    const toggle = within(sheet).getByRole("switch", {
      name: "Afficher les réservations annulées ou refusées",
    }) as HTMLInputElement
    expect(toggle.checked).toBe(false)
    fireEvent.click(toggle)
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]).toMatchObject({ cluster: prés.id, all: true })
    const wednesday = await screen.findByRole("region", { name: "mercredi 3 juin" })
    const item = within(wednesday).getByRole("button", { name: /^Tracteur 1/ })
    expect(item.getAttribute("data-status")).toBe("refused")
    expect(within(item).getByText("Refusée")).toBeTruthy()
    expect(getComputedStyle(within(item).getByText("Tracteur 1")).textDecoration).toContain("line-through")
    expect((item.querySelector("[aria-hidden]") as HTMLElement).style.background).toContain(
      "--mantine-color-gray",
    )
    expect(screen.getByRole("button", { name: "Filtres (1)" })).toBeTruthy()
    expect(
      within(screen.getByRole("group", { name: "Légende" })).getByText("Refusée ou annulée"),
    ).toBeTruthy()
    fireEvent.click(item)
    await waitFor(() => expect(router.state.location.href).toBe(`/ActionBooking?booking=${refused.id}`))
  })
})
