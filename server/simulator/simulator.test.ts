import { area } from "@turf/area"
import { booleanPointInPolygon } from "@turf/boolean-point-in-polygon"
import { distance } from "@turf/distance"
import type { Polygon } from "geojson"
import { describe, expect, it } from "vitest"
import type { WireFix } from "../../src/schema/telemetry"
import { workStates } from "../../src/schema/workStates"
import { demoFields } from "../seed/fields"
import { simMachineOf, yardFor } from "./fleet"
import { type SimMachine, simulateDay } from "./generate"
import { dot, frame, sub, unit } from "./geo"
import { osmandQuery } from "./osmand"
import { simulateDays } from "./plan"
import { planUploads } from "./uploads"

const fields = demoFields().map((f, i) => ({
  id: `field-${i}`,
  name: f.name,
  geometry: { type: "Polygon", coordinates: f.rings.map((ring) => ring.map((p) => [...p])) } as Polygon,
}))
const yard = [1.255, 48.312]

const tractor: SimMachine = {
  name: "Tracteur et semoir",
  toolWidthM: 3,
  maxWorkingSpeedKmh: 15,
  roadSpeedKmh: 38,
  vibration: true,
  can: {
    engineHours: 4385,
    fuelLevel: 80,
    tankLitres: 250,
    fuelRates: { fieldWork: 22, turn: 12, road: 14, idle: 3 },
    workingRpm: 1850,
    pto: 1000,
  },
  tags: { driver: "BLE-0002", implement: "BLE-0001" },
}
const combine: SimMachine = {
  name: "Moissonneuse",
  toolWidthM: 9,
  maxWorkingSpeedKmh: 8,
  roadSpeedKmh: 22,
  vibration: true,
  can: {
    engineHours: 3120,
    fuelLevel: 90,
    tankLitres: 800,
    fuelRates: { fieldWork: 40, turn: 25, road: 20, idle: 5 },
    workingRpm: 2000,
  },
}
const phone: SimMachine = {
  name: "Téléphone",
  toolWidthM: 6,
  maxWorkingSpeedKmh: 12,
  roadSpeedKmh: 30,
  vibration: false,
}

// The demo person's field with the pond (a hole), then its neighbour.
const tractorDay = simulateDay({
  day: "2026-11-20",
  machine: tractor,
  yard,
  fields: [fields[0], fields[1]] as never,
  seed: 7,
  battery: 87,
})
const combineDay = simulateDay({
  day: "2026-11-21",
  machine: combine,
  yard,
  fields: [fields[8], fields[9], fields[10]] as never,
  seed: 8,
  battery: 41,
})
const phoneDay = simulateDay({
  day: "2026-11-21",
  machine: phone,
  yard,
  fields: [fields[12]] as never,
  seed: 9,
  battery: 60,
  options: { workedSurfaces: false },
})
const days = [tractorDay, combineDay, phoneDay]
const ms = (t: string) => Date.parse(t)

describe("a simulated working day", () => {
  it("works the fields it is given: passes, headland laps, a worked surface close to each field's", () => {
    expect(tractorDay.truth.fields.map((f) => f.id)).toEqual(["field-0", "field-1"])
    for (const day of [tractorDay, combineDay]) {
      const given = new Map(fields.map((f) => [f.id, f]))
      expect(day.truth.fields.length).toBeGreaterThan(0)
      for (const worked of day.truth.fields) {
        const field = given.get(worked.id)?.geometry as Polygon
        expect(worked.passes.length).toBeGreaterThan(10)
        expect(worked.headlandLaps).toBe(1)
        // Every pass starts and ends inside the field.
        for (const pass of worked.passes) {
          expect(booleanPointInPolygon(pass.from, field)).toBe(true)
          expect(booleanPointInPolygon(pass.to, field)).toBe(true)
        }
        // Swaths cover the field, a little beyond its edge (round ends of the swaths), not more.
        const ratio = worked.workedHa / (area(field) / 10_000)
        expect(ratio).toBeGreaterThan(0.95)
        expect(ratio).toBeLessThan(1.06)
      }
    }
  })

  it("spaces the passes by the tool width, less a small overlap", () => {
    for (const day of [tractorDay, combineDay]) {
      const width = day.truth.machine.toolWidthM
      for (const worked of day.truth.fields) {
        const f = frame(worked.passes[0]?.from ?? yard)
        const along = unit(sub(f.toXY(worked.passes[0]?.to ?? yard), f.toXY(worked.passes[0]?.from ?? yard)))
        const across: readonly [number, number] = [-along[1], along[0]]
        const offsets = new Map<number, number>()
        for (const pass of worked.passes) offsets.set(pass.line, dot(f.toXY(pass.from), across))
        const lines = [...offsets.entries()].sort((a, b) => a[0] - b[0]).map(([, o]) => o)
        for (let i = 1; i < lines.length; i++) {
          const spacing = Math.abs((lines[i] as number) - (lines[i - 1] as number))
          expect(spacing).toBeGreaterThanOrEqual(width * 0.93)
          expect(spacing).toBeLessThanOrEqual(width * 0.99)
        }
      }
    }
  })

  it("never reports a working speed above the machine's maximum, and drives 20–40 km/h on the road", () => {
    for (const day of days) {
      const max = day.truth.machine.maxWorkingSpeedKmh
      const states = day.truth.fixes.map((f) => f.state)
      const inField = day.fixes.filter((_, i) => states[i] === "fieldWork")
      expect(inField.length).toBeGreaterThan(100)
      for (const fix of inField) expect(fix.spd).toBeLessThanOrEqual(max)
      // Typical working speed: most of the maximum.
      const speeds = inField.map((f) => f.spd ?? 0).sort((a, b) => a - b)
      expect(speeds[Math.floor(speeds.length / 2)]).toBeGreaterThan(max * 0.75)
      const road = day.fixes.filter((_, i) => states[i] === "road").map((f) => f.spd ?? 0)
      expect(Math.max(...road)).toBeGreaterThanOrEqual(20)
      expect(Math.max(...road)).toBeLessThanOrEqual(40)
    }
  })

  it("has every fix within its stated accuracy of the true position, with 6–14 satellites when good", () => {
    for (const day of days) {
      let poor = 0
      const beyond = day.fixes.filter((fix, i) => {
        const truth = day.truth.fixes[i]
        const error = distance([fix.lng, fix.lat], [truth?.lng ?? 0, truth?.lat ?? 0], { units: "meters" })
        return error > (fix.acc ?? 0) + 0.05
      })
      expect(beyond).toEqual([])
      for (const fix of day.fixes)
        if ((fix.acc ?? 0) <= 5) {
          expect(fix.acc).toBeGreaterThanOrEqual(1)
          expect(fix.sat).toBeGreaterThanOrEqual(6)
          expect(fix.sat).toBeLessThanOrEqual(14)
        } else poor++
      // Now and then a poor fix, as real receivers give.
      expect(poor).toBeGreaterThan(0)
      expect(poor / day.fixes.length).toBeLessThan(0.03)
    }
  })

  it("keeps every fix inside the day, in order, every 5 s while moving and at most a minute apart", () => {
    for (const day of days) {
      const dayStart = ms(`${day.truth.day}T00:00:00Z`)
      const times = day.fixes.map((f) => ms(f.t))
      expect(times[0]).toBe(ms(day.truth.start))
      const outside = times.filter(
        (t) => t < dayStart || t >= ms(day.truth.end) || t >= dayStart + 86_400_000,
      )
      expect(outside).toEqual([])
      const badGaps = times.flatMap((t, i) => {
        if (i === 0) return []
        const gap = t - (times[i - 1] as number)
        const state = day.truth.fixes[i - 1]?.state
        const moving = state === "fieldWork" || state === "road"
        return gap <= 0 || gap > 60_000 || (moving && gap > 5_000)
          ? [{ at: day.fixes[i]?.t, gap, state }]
          : []
      })
      expect(badGaps).toEqual([])
    }
  })

  it("has ground-truth durations that sum to the day, per field within it", () => {
    for (const day of days) {
      const total = workStates.reduce((sum, s) => sum + day.truth.durations[s], 0)
      expect(total).toBe((ms(day.truth.end) - ms(day.truth.start)) / 1000)
      for (const worked of day.truth.fields) {
        const inField = workStates.reduce((sum, s) => sum + worked.durations[s], 0)
        expect(inField).toBe((ms(worked.end) - ms(worked.start)) / 1000)
        expect(worked.durations.road).toBe(0)
      }
      // Distances: nothing while stopped, most of it in the field.
      expect(day.truth.distances.pause).toBe(0)
      expect(day.truth.distances.idle).toBe(0)
      expect(day.truth.distances.fieldWork).toBeGreaterThan(day.truth.distances.road)
    }
  })

  it("goes yard → road → field → … → road → yard, with an hour's lunch at noon and a refuelling", () => {
    for (const day of [tractorDay, combineDay]) {
      const states = day.truth.fixes.map((f) => f.state)
      expect(states[0]).toBe("idle")
      expect(states.at(-1)).toBe("idle")
      expect(states.find((s) => s !== "idle")).toBe("road")
      const runs: Array<{ state: string; from: number; to: number }> = []
      day.truth.fixes.forEach((f, i) => {
        const last = runs.at(-1)
        const at = ms(f.t)
        if (last && last.state === f.state) last.to = ms(day.truth.fixes[i + 1]?.t ?? day.truth.end)
        else runs.push({ state: f.state, from: at, to: ms(day.truth.fixes[i + 1]?.t ?? day.truth.end) })
      })
      const pauses = runs
        .filter((r) => r.state === "pause")
        .map((r) => ({ ...r, minutes: (r.to - r.from) / 60_000 }))
      const lunch = pauses.find((p) => p.minutes >= 50)
      expect(lunch?.minutes).toBeLessThanOrEqual(66)
      // Noon, local (UTC+1 in November): starts between 11:00 and 11:40 UTC.
      expect(new Date(lunch?.from ?? 0).getUTCHours()).toBe(11)
      expect(pauses.some((p) => p.minutes >= 11 && p.minutes <= 19)).toBe(true)
      expect(runs.filter((r) => r.state === "turn").length).toBeGreaterThan(10)
      // Back in the yard at the end.
      const last = day.truth.fixes.at(-1)
      expect(distance([last?.lng ?? 0, last?.lat ?? 0], yard, { units: "meters" })).toBeLessThan(1)
    }
  })

  it("reports vibration by state, CAN values on CAN machines, and the BLE tags heard", () => {
    const vib = (day: typeof tractorDay, state: string) =>
      new Set(day.fixes.filter((_, i) => day.truth.fixes[i]?.state === state).map((f) => f.vib))
    expect(vib(tractorDay, "fieldWork")).toEqual(new Set(["high", "medium"]))
    expect(vib(tractorDay, "road")).toEqual(new Set(["medium"]))
    expect(vib(tractorDay, "idle")).toEqual(new Set(["low"]))
    expect(vib(tractorDay, "pause")).toEqual(new Set(["none"]))
    // Engine hours only grow, fuel only falls except when refuelled, PTO turns only in the field.
    const can = tractorDay.fixes.flatMap((f) =>
      f.can ? [{ engineHours: f.can.engineHours ?? 0, fuelLevel: f.can.fuelLevel ?? 0 }] : [],
    )
    for (let i = 1; i < can.length; i++)
      expect(can[i]?.engineHours).toBeGreaterThanOrEqual(can[i - 1]?.engineHours as number)
    const rises = can.filter((c, i) => i > 0 && c.fuelLevel > (can[i - 1]?.fuelLevel ?? 0))
    expect(rises).toHaveLength(1)
    const withPto = tractorDay.fixes.filter((f) => (f.can?.pto ?? 0) > 0)
    expect(withPto.length).toBeGreaterThan(100)
    for (const f of withPto)
      expect(tractorDay.truth.fixes[tractorDay.fixes.indexOf(f)]?.state).toBe("fieldWork")
    // Engine off during pauses: no CAN values.
    tractorDay.fixes.forEach((f, i) => {
      if (tractorDay.truth.fixes[i]?.state === "pause") expect(f.can).toBeUndefined()
    })
    expect(combineDay.fixes.some((f) => f.can?.pto !== undefined)).toBe(false)
    // The implement's tag all day, the driver's except at lunch.
    expect(tractorDay.fixes.every((f) => f.tags?.some((t) => t.id === "BLE-0001"))).toBe(true)
    const withoutDriver = tractorDay.fixes.filter((f) => !f.tags?.some((t) => t.id === "BLE-0002"))
    expect(withoutDriver.length).toBeGreaterThan(40)
    for (const f of withoutDriver)
      expect(tractorDay.truth.fixes[tractorDay.fixes.indexOf(f)]?.state).toBe("pause")
    // A phone: no vibration, no CAN, no tags.
    expect(phoneDay.fixes.some((f) => f.vib || f.can || f.tags)).toBe(false)
    // The battery drains slowly.
    const battery = tractorDay.fixes.map((f) => f.bat ?? 0)
    expect(battery[0]).toBe(87)
    expect(Math.min(...battery)).toBeGreaterThanOrEqual(86)
  })

  it("gives the same day for the same seed, another for another seed", () => {
    const again = simulateDay({
      day: "2026-11-21",
      machine: phone,
      yard,
      fields: [fields[12]] as never,
      seed: 9,
      battery: 60,
      options: { workedSurfaces: false },
    })
    expect(again).toEqual(phoneDay)
    const other = simulateDay({
      day: "2026-11-21",
      machine: phone,
      yard,
      fields: [fields[12]] as never,
      seed: 10,
      battery: 60,
      options: { workedSurfaces: false },
    })
    expect(other.fixes).not.toEqual(phoneDay.fixes)
  })
})

describe("a simulated week", () => {
  const week = simulateDays({
    days: ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"],
    yard,
    fields,
    boxes: [
      { machine: tractor, battery: 90, workRate: 1 },
      { machine: combine, battery: 50, workRate: 1 },
    ],
    seed: 3,
    options: { workedSurfaces: false },
  })

  it("works every day but Sunday, never two machines on one field the same day, every field in turn", () => {
    const weekdays = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]
    for (const days of week) expect(days.map((d) => d.truth.day)).toEqual(weekdays)
    for (const day of weekdays) {
      const worked = week
        .flat()
        .filter((d) => d.truth.day === day)
        .flatMap((d) => d.truth.fields.map((f) => f.id))
      expect(new Set(worked).size).toBe(worked.length)
    }
    // No field worked again before every field was.
    const order = week
      .flat()
      .sort((a, b) => a.truth.start.localeCompare(b.truth.start))
      .flatMap((d) => d.truth.fields.map((f) => f.id))
    const firstRound = order.slice(0, fields.length)
    expect(new Set(order).size).toBe(fields.length)
    expect(new Set(firstRound.slice(0, 20)).size).toBe(20)
  })

  it("carries engine hours and battery from one day to the next", () => {
    const [tractorWeek = []] = week
    for (let i = 1; i < tractorWeek.length; i++) {
      const before = tractorWeek[i - 1]?.fixes.at(-1)
      const first = tractorWeek[i]?.fixes[0]
      expect(first?.can?.engineHours).toBeGreaterThanOrEqual(before?.can?.engineHours as number)
      expect(first?.bat).toBeLessThanOrEqual(before?.bat as number)
    }
  })
})

describe("uploads", () => {
  const { uploads, deadZones } = planUploads(tractorDay.fixes, 11)
  const key = (f: WireFix) => f.t

  it("sends every fix, only after it was taken, at most 20,000 at a time, every 15 minutes outside dead zones", () => {
    const sent = new Set(uploads.flatMap((u) => u.fixes.map(key)))
    expect(sent.size).toBe(tractorDay.fixes.length)
    for (const u of uploads) {
      expect(u.fixes.length).toBeLessThanOrEqual(20_000)
      for (const f of u.fixes) expect(ms(f.t)).toBeLessThanOrEqual(ms(u.at))
    }
    const regular = uploads.filter((u) => !u.replay)
    expect(regular.length).toBeGreaterThan(20)
    expect(deadZones).toHaveLength(2)
    for (const u of uploads)
      for (const z of deadZones) expect(ms(u.at) >= ms(z.from) && ms(u.at) < ms(z.to)).toBe(false)
  })

  it("replays a dead zone's fixes late, out of order, and part of them twice", () => {
    const replays = uploads.filter((u) => u.replay)
    expect(replays.length).toBeGreaterThan(0)
    const late = replays.flatMap((u) => u.fixes.map((f) => ms(u.at) - ms(f.t)))
    expect(Math.max(...late)).toBeGreaterThan(20 * 60_000)
    const outOfOrder = replays.some((u) =>
      u.fixes.some((f, i) => i > 0 && ms(f.t) < ms(u.fixes[i - 1]?.t ?? "")),
    )
    expect(outOfOrder).toBe(true)
    const all = uploads.flatMap((u) => u.fixes.map(key))
    const twice = all.length - new Set(all).size
    expect(twice).toBeGreaterThan(0)
    expect(twice).toBeLessThan(all.length / 2)
  })

  it("is the same for the same seed", () => {
    expect(planUploads(tractorDay.fixes, 11)).toEqual({ uploads, deadZones })
  })
})

describe("a phone speaking OsmAnd", () => {
  it("sends the id, position, Unix time, speed in knots, heading, altitude, accuracy and battery", () => {
    const fix = phoneDay.fixes.find((f) => (f.spd ?? 0) > 5) as WireFix
    const q = osmandQuery("s3cret", fix)
    expect(q.get("id")).toBe("s3cret")
    expect(Number(q.get("lat"))).toBe(fix.lat)
    expect(Number(q.get("lon"))).toBe(fix.lng)
    expect(Number(q.get("timestamp")) * 1000).toBe(ms(fix.t))
    expect(Number(q.get("speed")) * 1.852).toBeCloseTo(fix.spd as number, 1)
    expect(Number(q.get("accuracy"))).toBe(fix.acc)
    expect(Number(q.get("batt"))).toBe(fix.bat)
  })
})

describe("the fleet's machines, as the simulator drives them", () => {
  const tractorRow = {
    name: "Tracteur",
    toolWidthMeters: null,
    maxWorkingSpeedKmh: 40,
    canPresent: true,
    engineHours: 4385,
  }
  it("drives a tractor at its implement's width and speed, the PTO turning, the tags heard", () => {
    const m = simMachineOf(tractorRow, {
      implement: { tag: "BLE-0001", toolWidthMeters: 3, maxWorkingSpeedKmh: 15 },
      driverTag: "BLE-0002",
    })
    expect(m).toMatchObject({ toolWidthM: 3, maxWorkingSpeedKmh: 15, roadSpeedKmh: 38, vibration: true })
    expect(m.tags).toEqual({ driver: "BLE-0002", implement: "BLE-0001" })
    expect(m.can).toMatchObject({ engineHours: 4385, pto: 1000 })
  })
  it("drives a self-propelled machine at its own width, without CAN when it has none; a phone reports neither", () => {
    const combineRow = {
      name: "Moissonneuse",
      toolWidthMeters: 9,
      maxWorkingSpeedKmh: 12,
      canPresent: false,
      engineHours: null,
    }
    const m = simMachineOf(combineRow, {
      implement: { tag: "BLE-0001", toolWidthMeters: 3, maxWorkingSpeedKmh: 15 },
    })
    expect(m).toMatchObject({ toolWidthM: 9, maxWorkingSpeedKmh: 12, roadSpeedKmh: 25 })
    expect(m.can).toBeUndefined()
    expect(m.tags).toBeUndefined()
    const p = simMachineOf(tractorRow, { phone: true, driverTag: "BLE-0002" })
    expect(p).toEqual({
      name: "Tracteur",
      toolWidthM: 3,
      maxWorkingSpeedKmh: 12,
      roadSpeedKmh: 38,
      vibration: false,
    })
  })
  it("keeps the yard south of the fields", () => {
    const [lng, lat] = yardFor(fields)
    const lats = fields.flatMap((f) => f.geometry.coordinates[0]?.map((p) => p[1] ?? 0) ?? [])
    expect(lat).toBeLessThan(Math.min(...lats))
    expect(lng).toBeGreaterThan(1.2)
  })
})
