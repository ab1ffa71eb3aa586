import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { prés } from "../testing/booking"
import {
  busyMorning,
  dispute,
  lowBox,
  quietMorning,
  silentBox,
  todays,
  tomorrows,
  tractor,
  working,
} from "../testing/overview"
import { Counter } from "./counter"
import { CounterId } from "./ids"
import { daysAround, isQuiet, overviewOf } from "./overview"

/** Thursday 27 November 2026, 07:30 in Paris. */
const now = Date.parse("2026-11-27T06:30:00Z")

describe("the home page's overview", () => {
  it("keeps the machines moving now, today's and tomorrow's live bookings by start, the unread disputes, the boxes to check", () => {
    const o = overviewOf(busyMorning, now, "Europe/Paris")
    expect(o.working).toEqual([working])
    expect(o.today).toEqual([todays])
    expect(o.tomorrow).toEqual([tomorrows])
    expect(o.disputes).toEqual([{ notification: dispute, activity: dispute.activity }])
    expect(o.boxes).toEqual([
      { counter: lowBox, silent: false, lowBattery: true },
      { counter: silentBox, silent: true, lowBattery: false },
    ])
    expect(isQuiet(o)).toBe(false)
    expect(isQuiet(overviewOf(quietMorning, now, "Europe/Paris"))).toBe(true)
  })

  it("cuts the days at the person's midnights, across a change of time", () => {
    expect(daysAround(now, "Europe/Paris")).toEqual({
      today: Date.parse("2026-11-26T23:00:00Z"),
      tomorrow: Date.parse("2026-11-27T23:00:00Z"),
      after: Date.parse("2026-11-28T23:00:00Z"),
    })
    // Saturday 28 March 2026 in Paris: tomorrow has 23 hours.
    const spring = daysAround(Date.parse("2026-03-28T10:00:00Z"), "Europe/Paris")
    expect(spring.after - spring.tomorrow).toBe(23 * 3_600_000)
    // The same instant is still Wednesday evening in California: Paris's today is tomorrow there.
    const california = overviewOf(busyMorning, now, "America/Los_Angeles")
    expect(california.today).toEqual([])
    expect(california.tomorrow).toEqual([todays])
  })

  it("counts a machine as working only on a fresh fix over 2 km/h, and a box as silent after a day", () => {
    const later = now + 11 * 60_000
    expect(overviewOf(busyMorning, later, "Europe/Paris").working).toEqual([])
    const box = (lastCommunication: string, battery: number | null) =>
      new Counter({
        id: CounterId.make("BOX-X"),
        battery,
        lastCommunication: DateTime.unsafeMake(lastCommunication),
        cluster: prés,
        machine: tractor,
      })
    const within = overviewOf(
      { ...quietMorning, counters: [box("2026-11-26T06:31:00Z", 20), box("2026-11-26T06:29:00Z", 19.5)] },
      now,
      "Europe/Paris",
    )
    expect(within.boxes.map((b) => [b.silent, b.lowBattery])).toEqual([[true, true]])
  })
})
