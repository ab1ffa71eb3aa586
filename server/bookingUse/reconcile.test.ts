import { describe, expect, it } from "vitest"
import { activitiesMachine, anActivity } from "../../src/machines/activities/samples"
import { BookingId, ClusterId, MachineId } from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"
import { daysOf, type HeldBooking, reconcile } from "./reconcile"

const paris = "Europe/Paris"
const at = (iso: string) => Date.parse(iso)
const hour = 3_600_000
const id = (n: number) => BookingId.make(`00000000-0000-4000-8000-${String(n).padStart(12, "0")}`)
/** A booking of the sample tractor: `from` (ISO) for `hours`. */
const booking = (n: number, from: string, hours: number, over: Partial<HeldBooking> = {}): HeldBooking => ({
  id: id(n),
  start: at(from),
  end: at(from) + hours * hour,
  machines: [activitiesMachine],
  status: "accepted",
  ...over,
})
const later = at("2030-01-01T00:00:00Z")

describe("a booking's days", () => {
  it("run from the midnight before its start to the midnight after its end, in the zone", () => {
    const d = daysOf(booking(1, "2026-06-10T06:00:00Z", 40), paris)
    expect(new Date(d.from).toISOString()).toBe("2026-06-09T22:00:00.000Z")
    expect(new Date(d.to).toISOString()).toBe("2026-06-11T22:00:00.000Z")
  })
  it("end at the next midnight when the booking ends at midnight itself", () => {
    const d = daysOf(booking(1, "2026-06-10T06:00:00Z", 16), paris)
    expect(new Date(d.to).toISOString()).toBe("2026-06-10T22:00:00.000Z")
  })
})

describe("reconciling bookings with use", () => {
  it("matches the activities the engine put in the booking, and says it was used as booked", () => {
    const b = booking(1, "2026-06-10T06:00:00Z", 6)
    const a = anActivity(1, "2026-06-10T07:00:00Z", 3, { booking: b.id as BookingId })
    const { uses, unbooked } = reconcile([b], [a], paris, later)
    const use = uses.get(b.id)
    expect(use?.state).toBe("asBooked")
    expect(use?.matched.map((m) => m.activity)).toEqual([a.id])
    expect(use?.matched[0].outsideSeconds).toBe(0)
    expect(use?.totals.count).toBe(1)
    expect(use?.totals.durationSeconds).toBe(3 * 3600)
    expect(use?.bookedSeconds).toBe(6 * 3600)
    expect(unbooked).toEqual([])
  })

  it("counts the part of a matched activity outside the period as use beyond the booking", () => {
    const b = booking(1, "2026-06-10T06:00:00Z", 2)
    const a = anActivity(1, "2026-06-10T07:00:00Z", 2, { booking: b.id as BookingId })
    const use = reconcile([b], [a], paris, later).uses.get(b.id)
    expect(use?.state).toBe("beyond")
    expect(use?.beyondSeconds).toBe(3600)
    expect(use?.matched[0].outsideSeconds).toBe(3600)
  })

  it("does not call a few minutes past the end beyond the booking", () => {
    const b = booking(1, "2026-06-10T06:00:00Z", 2)
    const a = anActivity(1, "2026-06-10T07:00:00Z", 1.05, { booking: b.id as BookingId })
    const use = reconcile([b], [a], paris, later).uses.get(b.id)
    expect(use?.beyondSeconds).toBeCloseTo(180)
    expect(use?.state).toBe("asBooked")
  })

  it("puts work without a booking on the booking's days beyond it, the rest without booking", () => {
    const b = booking(1, "2026-06-10T06:00:00Z", 4)
    const sameDay = anActivity(1, "2026-06-10T15:00:00Z", 2)
    const nextDay = anActivity(2, "2026-06-11T08:00:00Z", 2)
    const { uses, unbooked } = reconcile([b], [sameDay, nextDay], paris, later)
    const use = uses.get(b.id)
    expect(use?.state).toBe("beyond")
    expect(use?.beyond.map((x) => x.activity)).toEqual([sameDay.id])
    expect(use?.beyondSeconds).toBe(2 * 3600)
    expect(unbooked.map((x) => x.activity)).toEqual([nextDay.id])
    expect(unbooked[0].outsideSeconds).toBe(2 * 3600)
  })

  it("gives work between two bookings of the day to the nearer one", () => {
    const morning = booking(1, "2026-06-10T05:00:00Z", 3)
    const evening = booking(2, "2026-06-10T15:00:00Z", 3)
    const a = anActivity(1, "2026-06-10T13:00:00Z", 1)
    const { uses } = reconcile([morning, evening], [a], paris, later)
    expect(uses.get(evening.id)?.beyond.map((x) => x.activity)).toEqual([a.id])
    expect(uses.get(morning.id)?.beyond).toEqual([])
  })

  it("leaves another machine's work out of a booking", () => {
    const b = booking(1, "2026-06-10T06:00:00Z", 4, { machines: ["00000000-0000-4000-8000-0000000000a9"] })
    const a = anActivity(1, "2026-06-10T07:00:00Z", 2)
    const { uses, unbooked } = reconcile([b], [a], paris, later)
    expect(uses.get(b.id)?.beyond).toEqual([])
    expect(unbooked).toHaveLength(1)
  })

  it("says a booking without use once it has ended, and nothing before", () => {
    const b = booking(1, "2026-06-10T06:00:00Z", 4)
    const state = (now: string) => reconcile([b], [], paris, at(now)).uses.get(b.id)?.state
    expect(state("2026-06-09T12:00:00Z")).toBe("upcoming")
    expect(state("2026-06-10T07:00:00Z")).toBe("inProgress")
    expect(state("2026-06-10T10:00:00Z")).toBe("noUse")
  })

  it("releases a refused or cancelled booking: its machines' work there is use without booking", () => {
    const b = booking(1, "2026-06-10T06:00:00Z", 4, { status: "cancelled" })
    const a = anActivity(1, "2026-06-10T07:00:00Z", 2, { booking: b.id as BookingId })
    const { uses, unbooked } = reconcile([b], [a], paris, later)
    expect(uses.get(b.id)?.state).toBe("released")
    expect(uses.get(b.id)?.matched).toEqual([])
    expect(unbooked.map((x) => x.activity)).toEqual([a.id])
  })

  describe("an implement booked on its own", () => {
    const seeder = new MachineSummary({
      id: MachineId.make("00000000-0000-4000-8000-0000000000a7"),
      name: "Semoir",
      cluster: { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA des Prés" },
    })
    const withSeeder = { auxiliaries: [seeder] }

    it("is used when a tractor works with it heard: the tractor's activity, told as the seeder's", () => {
      const b = booking(1, "2026-06-10T06:00:00Z", 6, { machines: [seeder.id] })
      const a = anActivity(1, "2026-06-10T07:00:00Z", 3, withSeeder)
      const { uses, unbooked } = reconcile([b], [a], paris, later)
      const use = uses.get(b.id)
      expect(use?.state).toBe("asBooked")
      expect(use?.matched.map((m) => [m.activity, m.machine.name])).toEqual([[a.id, "Semoir"]])
      // The tractor itself was not booked: its own part is use without booking.
      expect(unbooked.map((u) => [u.activity, u.machine.id])).toEqual([[a.id, activitiesMachine]])
    })

    it("counts an activity once in a booking of both the tractor and the seeder", () => {
      const b = booking(1, "2026-06-10T06:00:00Z", 6, { machines: [activitiesMachine, seeder.id] })
      const a = anActivity(1, "2026-06-10T07:00:00Z", 3, { ...withSeeder, booking: b.id as BookingId })
      const { uses, unbooked } = reconcile([b], [a], paris, later)
      expect(uses.get(b.id)?.matched.map((m) => m.machine.name)).toEqual(["Tracteur 1"])
      expect(uses.get(b.id)?.totals.count).toBe(1)
      expect(unbooked).toEqual([])
    })

    it("is used without booking when heard with no booking of its own", () => {
      const a = anActivity(1, "2026-06-10T07:00:00Z", 3, withSeeder)
      const { unbooked } = reconcile([], [a], paris, later)
      expect(unbooked.map((u) => u.machine.name).sort()).toEqual(["Semoir", "Tracteur 1"])
    })
  })
})
