// Size: the cases of PlanningMainPage share one fixture set and render wrapper; one test file per screen or module.
// The calendar writes its dates with dayjs: its French (the app loads it with its frame, app/appFrame.ts).
import "dayjs/locale/fr"
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { useState } from "react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { planningMachine, type StructureData } from "../../machines/booking/planning"
import type { Booking, BookingQuery } from "../../schema/booking"
import type { Cluster } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import {
  aBooking,
  aStructure,
  forbiddenUse,
  jeanMember,
  planningChart,
  prés,
  sprayer,
  structureData,
  tractor,
  vals,
} from "../../testing/planning"
import { aUser, renderScreen, renderSignedIn, settledSession } from "../../testing/render"
import { PlanningMainPage } from "./PlanningMainPage"
import type { PlanningSearch } from "./search"

const requested = aBooking("requested")
const accepted = aBooking("accepted", {
  id: "00000000-0000-4000-8000-0000000000d2",
  start: "2026-06-03T08:00:00Z",
  end: "2026-06-03T10:00:00Z",
  withJean: false,
})

const cancelled = aBooking("cancelled", {
  id: "00000000-0000-4000-8000-0000000000d3",
  start: "2026-06-04T08:00:00Z",
  end: "2026-06-04T10:00:00Z",
  withJean: false,
})
/** The server's answer: refused and cancelled bookings only with `all=true`. */
const withClosed = (q: BookingQuery) => (q.all === true ? [requested, cancelled] : [requested])

const chart = (
  asked: BookingQuery[],
  answer: ReadonlyArray<Booking> | ((q: BookingQuery) => ReadonlyArray<Booking>) = [requested, accepted],
) => planningChart(asked, answer, [prés, vals])

const Page = ({ start, machine }: { start: PlanningSearch; machine: typeof planningMachine }) => {
  const [search, setSearch] = useState(start)
  return <PlanningMainPage search={search} onSearch={setSearch} machine={machine} use={forbiddenUse} />
}

const render = renderSignedIn
const week = { view: "week", date: "2026-06-02" } as const
/** A booking in the calendar: its resources, then its status in words (hidden, for screen readers). */
const eventNamed = (title: string) =>
  screen.getAllByRole("button").find((b) => b.textContent?.startsWith(`${title}, `)) as HTMLElement
const background = (el: HTMLElement) => el.style.getPropertyValue("--event-bg")
const days = (q: BookingQuery) =>
  q.from && q.to ? (DateTime.toEpochMillis(q.to) - DateTime.toEpochMillis(q.from)) / 86_400_000 : 0

describe("PlanningMain", () => {
  it("titles each booking with its resources in order, requested red and accepted green", async () => {
    await render(<Page start={week} machine={chart([])} />)
    await screen.findByText("Tracteur 1 → Jean Dupont")
    const red = eventNamed("Tracteur 1 → Jean Dupont")
    const green = eventNamed("Tracteur 1")
    expect(background(red)).toContain("--mantine-color-red")
    expect(red.textContent).toBe("Tracteur 1 → Jean Dupont, En attente de validation")
    expect(background(green)).toContain("--mantine-color-green")
    expect(green.textContent).toBe("Tracteur 1, Acceptée")
    expect(screen.getByText("En attente de validation")).toBeTruthy()
    expect(screen.getByText("Acceptée")).toBeTruthy()
  })

  it("asks for the week shown in the first structure, then the next week", async () => {
    const asked: BookingQuery[] = []
    await render(<Page start={week} machine={chart(asked)} />)
    await screen.findByText("Tracteur 1 → Jean Dupont")
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({ cluster: prés.id, machine: undefined, employee: undefined })
    expect(days(asked[0] as BookingQuery)).toBe(7)
    fireEvent.click(screen.getByRole("button", { name: "Suivant" }))
    await waitFor(() => expect(asked).toHaveLength(2))
    const shift =
      DateTime.toEpochMillis(asked[1]?.from as DateTime.Utc) -
      DateTime.toEpochMillis(asked[0]?.from as DateTime.Utc)
    expect(shift).toBe(7 * 86_400_000)
  })

  it("sends the machine filter from the address and an employee chosen in the list", async () => {
    const asked: BookingQuery[] = []
    await render(<Page start={{ ...week, cluster: prés.id, machine: [tractor.id] }} machine={chart(asked)} />)
    await screen.findByText("Tracteur 1 → Jean Dupont")
    expect(asked[0]).toMatchObject({ cluster: prés.id, machine: [tractor.id] })
    const input = screen.getAllByLabelText("Salariés").find((el) => el.tagName === "INPUT") as HTMLElement
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: "Dup" } })
    fireEvent.click(await screen.findByText("Dupont Jean", { selector: "[role=option], [role=option] *" }))
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]).toMatchObject({
      cluster: prés.id,
      machine: [tractor.id],
      employee: [jeanMember.user.id],
    })
  })

  it("opens the booking clicked", async () => {
    const { router } = await render(
      <Page start={{ ...week, cluster: prés.id, machine: [sprayer.id] }} machine={chart([])} />,
    )
    await screen.findByText("Tracteur 1 → Jean Dupont")
    fireEvent.click(eventNamed("Tracteur 1 → Jean Dupont"))
    await waitFor(() => expect(router.state.location.href).toBe(`/ActionBooking?booking=${requested.id}`))
  })

  it("starts a booking over a free slot with the structure and the filtered machine", async () => {
    const { router } = await render(
      <Page start={{ ...week, cluster: prés.id, machine: [sprayer.id] }} machine={chart([])} />,
    )
    await screen.findByText("Tracteur 1 → Jean Dupont")
    const slot = screen
      .getAllByRole("button")
      .find((b) => b.getAttribute("aria-label")?.startsWith("Créneau 2026-06-02 09:00"))
    fireEvent.click(slot as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe("/ActionBooking"))
    const params = new URLSearchParams(router.state.location.searchStr)
    expect(params.get("cluster")).toBe(prés.id)
    expect(params.get("machine")).toBe(sprayer.id)
    const start = new Date(params.get("start") as string)
    const end = new Date(params.get("end") as string)
    expect([start.getHours(), start.getMinutes()]).toEqual([9, 0])
    // One click books an hour, not the calendar's quarter of an hour.
    expect(end.getTime() - start.getTime()).toBe(3_600_000)
  })

  it("by resource, the week is fourteen half days with the week's bookings in them; a click books the working part of a half day", async () => {
    const { router } = await render(
      <Page start={{ ...week, by: "resource", cluster: prés.id }} machine={chart([])} />,
    )
    await screen.findAllByText("Tracteur 1 → Jean Dupont")
    expect(eventNamed("Tracteur 1")).toBeTruthy()
    // A row per resource, half-day columns: the whole week fits a screen, no scrolling 24 × 7 hours.
    const tractorSlots = screen
      .getAllByRole("button")
      .filter((b) => b.getAttribute("aria-label")?.startsWith("Créneau de la ressource Tracteur 1 "))
    expect(tractorSlots).toHaveLength(14)
    const wednesdayMorning = tractorSlots.find((b) =>
      b.getAttribute("aria-label")?.endsWith("2026-06-03 00:00:00 00:00:00 - 12:00:00"),
    )
    fireEvent.click(wednesdayMorning as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe("/ActionBooking"))
    const params = new URLSearchParams(router.state.location.searchStr)
    const start = new Date(params.get("start") as string)
    const end = new Date(params.get("end") as string)
    expect([start.getDate(), start.getHours(), end.getDate(), end.getHours()]).toEqual([3, 8, 3, 12])
    expect(params.get("machine")).toBe(tractor.id)
  })

  it("in the day calendar, one click on a quarter of an hour books an hour from there", async () => {
    const { router } = await render(<Page start={{ view: "day", date: "2026-06-02" }} machine={chart([])} />)
    await screen.findByText("Tracteur 1 → Jean Dupont")
    fireEvent.click(screen.getByRole("button", { name: "Créneau 14:15:00 - 14:30:00" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/ActionBooking"))
    const params = new URLSearchParams(router.state.location.searchStr)
    const start = new Date(params.get("start") as string)
    const end = new Date(params.get("end") as string)
    expect([start.getHours(), start.getMinutes(), end.getHours(), end.getMinutes()]).toEqual([14, 15, 15, 15])
  })

  it("by resource, the day starts with the working hours, one click books an hour", async () => {
    const { router } = await render(
      <Page start={{ view: "day", date: "2026-06-02", by: "resource" }} machine={chart([])} />,
    )
    await screen.findAllByText("Tracteur 1 → Jean Dupont")
    const slot = screen
      .getAllByRole("button")
      .find((b) => /Tracteur 1 2026-06-02.* 14:00:00 - 15:00:00$/.test(b.getAttribute("aria-label") ?? ""))
    fireEvent.click(slot as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe("/ActionBooking"))
    const params = new URLSearchParams(router.state.location.searchStr)
    const start = new Date(params.get("start") as string)
    const end = new Date(params.get("end") as string)
    expect([start.getHours(), end.getHours()]).toEqual([14, 15])
  })

  it("reads by resource: a row per machine and booked employee, each with its bookings", async () => {
    await render(<Page start={{ ...week, by: "resource" }} machine={chart([])} />)
    await screen.findAllByText("Tracteur 1 → Jean Dupont")
    expect(screen.getAllByText("Tracteur 1 → Jean Dupont")).toHaveLength(2)
    for (const name of ["Pulvérisateur", "Dupont Jean"])
      expect(screen.getAllByText(name).length).toBeGreaterThan(0)
  })

  it("says when the planning cannot load, and tries again", async () => {
    let calls = 0
    const flaky = planningMachine.provide({
      actors: {
        loadClusters: fromPromise(async (): Promise<ReadonlyArray<Cluster>> => {
          calls += 1
          if (calls === 1) throw new Error("down")
          return [aStructure(prés)]
        }),
        loadStructure: fromPromise<StructureData, ClusterId>(async () => structureData),
        loadBookings: fromPromise(async (): Promise<ReadonlyArray<Booking>> => [accepted]),
      },
    })
    await render(<Page start={week} machine={flaky} />)
    const alert = await screen.findByRole("alert")
    fireEvent.click(within(alert).getByRole("button", { name: "Réessayer" }))
    expect(await screen.findByText("Tracteur 1")).toBeTruthy()
  })

  it("in a month, a click on a day starts a working-day booking; coming back to the tab reloads", async () => {
    const asked: BookingQuery[] = []
    const { router } = await render(
      <Page start={{ view: "month", date: "2026-06-02", cluster: prés.id }} machine={chart(asked)} />,
    )
    await screen.findByText("Tracteur 1 → Jean Dupont")
    expect(Math.round(days(asked[0] as BookingQuery))).toBe(35)
    document.dispatchEvent(new Event("visibilitychange"))
    await waitFor(() => expect(asked).toHaveLength(2))
    fireEvent.click(screen.getByRole("button", { name: "mercredi 10 juin 2026" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/ActionBooking"))
    const params = new URLSearchParams(router.state.location.searchStr)
    const start = new Date(params.get("start") as string)
    const end = new Date(params.get("end") as string)
    expect([start.getDate(), start.getHours(), end.getHours()]).toEqual([10, 8, 18])
    expect(params.get("cluster")).toBe(prés.id)
  })

  /** The date in the calendar's header, as written on screen (no capitalising style). */
  const header = async (text: string) => {
    const el = await screen.findByText(text)
    expect(getComputedStyle(el).textTransform).toBe("none")
    return el
  }

  it("writes every date label as French does: day, week and month, in the calendar and by resource", async () => {
    const page = (start: PlanningSearch) => render(<Page start={start} machine={chart([])} />)
    const cases: Array<[PlanningSearch, string]> = [
      [{ view: "day", date: "2026-06-03" }, "mercredi 3 juin 2026"],
      [{ view: "day", date: "2026-06-03", by: "resource" }, "mercredi 3 juin 2026"],
      [week, "1–7 juin 2026"],
      [{ ...week, by: "resource" }, "1–7 juin 2026"],
      [{ view: "month", date: "2026-06-03" }, "juin 2026"],
      [{ view: "month", date: "2026-06-03", by: "resource" }, "juin 2026"],
    ]
    for (const [start, label] of cases) {
      const { unmount } = await page(start)
      await header(label)
      unmount()
    }
  })

  it("keeps English order in English", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<Page start={{ ...week, date: "2026-11-25" }} machine={chart([])} />, {
      session,
      locale: "en",
    })
    await header("Nov 23 – 29, 2026")
  })

  it("names the calendar's header buttons with what they show (day headers, view tabs)", async () => {
    await render(<Page start={week} machine={chart([])} />)
    await screen.findByText("Tracteur 1 → Jean Dupont")
    const tuesday = screen.getByRole("button", { name: "mardi 2 juin 2026" })
    expect(tuesday.textContent).toBe("mardi 2")
    for (const [name, shown] of [
      ["Afficher le jour", "Jour"],
      ["Afficher la semaine", "Semaine"],
      ["Afficher le mois", "Mois"],
    ])
      expect(screen.getByRole("tab", { name }).textContent).toBe(shown)
  })

  const closedSwitch = () =>
    screen.getByRole("switch", { name: "Afficher les réservations annulées ou refusées" }) as HTMLInputElement

  it("leaves refused and cancelled bookings out by default: not asked for, no grey in the legend", async () => {
    const asked: BookingQuery[] = []
    await render(<Page start={week} machine={chart(asked, withClosed)} />)
    await screen.findByText("Tracteur 1 → Jean Dupont")
    expect(closedSwitch().checked).toBe(false)
    expect(asked[0]?.all).toBeUndefined()
    expect(eventNamed("Tracteur 1")).toBeUndefined()
    expect(screen.queryByText("Refusée ou annulée")).toBeNull()
  })

  it("the switch asks with all=true and shows a cancelled booking grey, struck through, with its status; it still opens", async () => {
    const asked: BookingQuery[] = []
    const { router } = await render(<Page start={week} machine={chart(asked, withClosed)} />)
    await screen.findByText("Tracteur 1 → Jean Dupont")
    fireEvent.click(closedSwitch())
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]).toMatchObject({ cluster: prés.id, all: true })
    const grey = await waitFor(() => eventNamed("Tracteur 1"))
    expect(background(grey)).toContain("--mantine-color-gray")
    expect(grey.textContent).toBe("Tracteur 1, Annulée")
    expect(getComputedStyle(within(grey).getByText("Tracteur 1")).textDecoration).toContain("line-through")
    expect(within(grey).getByText(", Annulée")).toBeTruthy()
    expect(closedSwitch().checked).toBe(true)
    expect(
      within(screen.getByRole("group", { name: "Légende" })).getByText("Refusée ou annulée"),
    ).toBeTruthy()
    fireEvent.click(grey)
    await waitFor(() => expect(router.state.location.href).toBe(`/ActionBooking?booking=${cancelled.id}`))
  })

  it("by resource, a cancelled booking asked from the address is grey and struck through on its row", async () => {
    const asked: BookingQuery[] = []
    await render(<Page start={{ ...week, by: "resource", all: true }} machine={chart(asked, withClosed)} />)
    await screen.findAllByText("Tracteur 1 → Jean Dupont")
    expect(asked[0]?.all).toBe(true)
    const grey = eventNamed("Tracteur 1")
    expect(background(grey)).toContain("--mantine-color-gray")
    expect(grey.textContent).toBe("Tracteur 1, Annulée")
    expect(getComputedStyle(within(grey).getByText("Tracteur 1")).textDecoration).toContain("line-through")
  })
})
