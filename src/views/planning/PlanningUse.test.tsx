// Size: bookings reconciled with use in the planning — the calendar and the phone's agenda, with and without the acceptor's answer.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { useState } from "react"
import { describe, expect, it } from "vitest"
import type { UseAsk } from "../../machines/booking/bookingUse"
import type { planningMachine } from "../../machines/booking/planning"
import { PlanningUse, type UseItem } from "../../schema/bookingUse"
import { ActivityId, BookingId, MachineId } from "../../schema/ids"
import {
  aBooking,
  at,
  bookingUseChart,
  forbiddenUse,
  planningChart,
  prés,
  tractor,
} from "../../testing/planning"
import { renderSignedIn } from "../../testing/render"
import { PlanningMainPage } from "./PlanningMainPage"
import { PlanningMobilePage } from "./PlanningMobilePage"
import type { PlanningSearch } from "./search"
import { byMachineAndDay } from "./UnbookedList"

const requested = aBooking("requested")
const accepted = aBooking("accepted", {
  id: "00000000-0000-4000-8000-0000000000d2",
  start: "2026-06-03T08:00:00Z",
  end: "2026-06-03T10:00:00Z",
  withJean: false,
})
const activity = ActivityId.make("00000000-0000-4000-8000-0000000000e1")
const unbooked: UseItem = {
  activity,
  machine: { id: MachineId.make(tractor.id), name: tractor.name },
  start: at("2026-06-04T07:00:00Z"),
  end: at("2026-06-04T09:00:00Z"),
  durationSeconds: 7200,
  workSeconds: 5400,
  areaHa: 4.2,
  fields: ["Les Grands Champs"],
  member: { id: requested.user.id, firstname: "Anne", lastname: "Martin", name: null },
  outsideSeconds: 7200,
}
const late: UseItem = {
  ...unbooked,
  activity: ActivityId.make("00000000-0000-4000-8000-0000000000e2"),
  start: at("2026-06-02T12:00:00Z"),
  end: at("2026-06-02T13:00:00Z"),
}
const answer = new PlanningUse({
  bookings: [
    { booking: BookingId.make(requested.id), state: "beyond", beyondSeconds: 3600, beyond: [late] },
    { booking: BookingId.make(accepted.id), state: "noUse", beyondSeconds: 0, beyond: [] },
  ],
  unbooked: [unbooked],
})

const Main = ({ start, use }: { start: PlanningSearch; use: ReturnType<typeof bookingUseChart> }) => {
  const [search, setSearch] = useState(start)
  const machine: typeof planningMachine = planningChart([], [requested, accepted])
  return <PlanningMainPage search={search} onSearch={setSearch} machine={machine} use={use} />
}
const Mobile = ({ start, use }: { start: PlanningSearch; use: ReturnType<typeof bookingUseChart> }) => {
  const [search, setSearch] = useState(start)
  const machine: typeof planningMachine = planningChart([], [requested, accepted])
  return <PlanningMobilePage search={search} onSearch={setSearch} machine={machine} use={use} />
}
const week = { view: "week", date: "2026-06-02" } as const

describe("the machines' use in the planning, for an acceptor", () => {
  it("asks for the structure's week, marks each booking's use and shows the work beyond it and without booking", async () => {
    const asked: UseAsk[] = []
    const { router } = await renderSignedIn(<Main start={week} use={bookingUseChart(answer, asked)} />)
    const overrun = await screen.findByText("Dépassement ·")
    expect(overrun.closest("button")?.textContent).toContain("Tracteur 1 → Jean Dupont")
    expect(screen.getByText("Non utilisée ·").closest("button")?.textContent).toContain("Tracteur 1")
    expect(asked[0]).toMatchObject({ kind: "planning", cluster: prés.id })
    const ask = asked[0] as Extract<UseAsk, { kind: "planning" }>
    expect((Date.parse(ask.to) - Date.parse(ask.from)) / 86_400_000).toBe(7)
    expect(
      within(screen.getByRole("group", { name: "Légende" })).getByText("Utilisation hors réservation"),
    ).toBeTruthy()
    expect(screen.getByRole("button", { name: /^Tracteur 1 · au-delà de la réservation/ })).toBeTruthy()
    const event = screen.getByRole("button", { name: /^Tracteur 1 · sans réservation/ })
    fireEvent.click(event)
    await waitFor(() => expect(router.state.location.pathname).toBe(`/Activitys/${activity}`))
  })

  it("asks again for the next week", async () => {
    const asked: UseAsk[] = []
    await renderSignedIn(<Main start={week} use={bookingUseChart(answer, asked)} />)
    await screen.findByText("Dépassement ·")
    fireEvent.click(screen.getByRole("button", { name: "Suivant" }))
    await waitFor(() => expect(asked).toHaveLength(2))
    const [first, second] = asked as Array<Extract<UseAsk, { kind: "planning" }>>
    expect(Date.parse(second?.from ?? "") - Date.parse(first?.from ?? "")).toBe(7 * 86_400_000)
  })

  it("asks again when the person comes back to the tab", async () => {
    const asked: UseAsk[] = []
    await renderSignedIn(<Main start={week} use={bookingUseChart(answer, asked)} />)
    await screen.findByText("Dépassement ·")
    document.dispatchEvent(new Event("visibilitychange"))
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]).toEqual(asked[0])
  })

  it("on a phone's agenda: the use beside each booking's status, and the work without booking after it", async () => {
    await renderSignedIn(<Mobile start={{ date: "2026-06-01" }} use={bookingUseChart(answer)} />)
    const tuesday = await screen.findByRole("region", { name: "mardi 2 juin" })
    await within(tuesday).findByText("Dépassement")
    const section = screen.getByRole("region", { name: "Utilisation sans réservation" })
    expect(section.textContent).toContain("Tracteur 1")
    expect(section.textContent).toContain("jeudi 4 juin · Heures de travail : 1 h 30")
    expect(section.textContent).toContain("Martin Anne")
    expect(within(section).getByRole("link").getAttribute("href")).toBe(`/Activitys/${activity}`)
  })
})

describe("the planning of a member who accepts no machine's bookings", () => {
  it("shows the bookings as always, without use nor its legend", async () => {
    await renderSignedIn(<Main start={week} use={forbiddenUse} />)
    await screen.findByText("Tracteur 1 → Jean Dupont")
    expect(screen.queryByText("Dépassement ·")).toBeNull()
    expect(screen.queryByText("Utilisation hors réservation")).toBeNull()
  })
})

describe("the work without booking on a phone", () => {
  it("is grouped by day, then machine, each group's activities in order", () => {
    const sprayerWork = {
      ...unbooked,
      activity: ActivityId.make("00000000-0000-4000-8000-0000000000e3"),
      machine: { id: MachineId.make("00000000-0000-4000-8000-0000000000a9"), name: "Pulvérisateur" },
    }
    const laterSameDay = {
      ...unbooked,
      activity: ActivityId.make("00000000-0000-4000-8000-0000000000e4"),
      start: at("2026-06-04T13:00:00Z"),
      end: at("2026-06-04T14:00:00Z"),
    }
    const groups = byMachineAndDay([laterSameDay, late, sprayerWork, unbooked])
    expect(groups.map((g) => [g.day, g.machine, g.items.map((i) => i.activity)])).toEqual([
      ["2026-06-02", "Tracteur 1", [late.activity]],
      ["2026-06-04", "Pulvérisateur", [sprayerWork.activity]],
      ["2026-06-04", "Tracteur 1", [unbooked.activity, laterSameDay.activity]],
    ])
  })
})
