import type { Position } from "geojson"
import { type DayOptions, type SimField, type SimMachine, type SimulatedDay, simulateDay } from "./generate"
import { dist, frame, type XY } from "./geo"
import { random } from "./random"

/** One box on one machine, driven over several days. */
export interface BoxDays {
  readonly machine: SimMachine
  /** Battery at the start of the first day, percent. */
  readonly battery: number
  /** Chance the machine goes out on a weekday (never on Sundays). */
  readonly workRate: number
}

export interface DaysInput {
  /** UTC dates, YYYY-MM-DD, in order. */
  readonly days: ReadonlyArray<string>
  readonly yard: Position
  readonly fields: ReadonlyArray<SimField>
  readonly boxes: ReadonlyArray<BoxDays>
  readonly seed: number
  /** Whether machines stay in on Sundays (default: yes). */
  readonly restOnSundays?: boolean
  readonly options?: Partial<DayOptions>
}

const centre = (field: SimField): Position => {
  const ring =
    field.geometry.type === "Polygon" ? field.geometry.coordinates[0] : field.geometry.coordinates[0]?.[0]
  const points = ring ?? [[0, 0]]
  const sum = points.reduce((a, p) => [(a[0] ?? 0) + (p[0] ?? 0), (a[1] ?? 0) + (p[1] ?? 0)], [0, 0])
  return [(sum[0] ?? 0) / points.length, (sum[1] ?? 0) / points.length]
}

/**
 * Several boxes over several days, as a CUMA's week looks: each machine out most weekdays,
 * working fields not yet worked that week (no two machines on one field the same day), nearest
 * next; a day's battery, engine hours and fuel follow from the day before. Pure and seeded.
 * The result is per box, then per day worked (days off are absent).
 */
export const simulateDays = (input: DaysInput): Array<Array<SimulatedDay>> => {
  const rnd = random(input.seed)
  const f = frame(input.yard)
  const at = new Map(input.fields.map((field) => [field.id, f.toXY(centre(field))]))
  const worked = new Set<string>()
  const state = input.boxes.map((b) => ({
    battery: b.battery,
    engineHours: b.machine.can?.engineHours,
    fuelLevel: b.machine.can?.fuelLevel,
  }))
  const out: Array<Array<SimulatedDay>> = input.boxes.map(() => [])
  input.days.forEach((day, d) => {
    const sunday = input.restOnSundays !== false && new Date(`${day}T12:00:00Z`).getUTCDay() === 0
    const taken = new Set<string>()
    input.boxes.forEach((box, b) => {
      const dayRnd = rnd.fork(d * 1000 + b)
      const s = state[b] as (typeof state)[number]
      if (sunday || !dayRnd.chance(box.workRate)) {
        // A day in the shed: the box drains a little all the same.
        s.battery = Math.max(0, s.battery - 24 * 0.05)
        return
      }
      if (worked.size + taken.size >= input.fields.length) worked.clear()
      const free = input.fields.filter((field) => !worked.has(field.id) && !taken.has(field.id))
      const first = dayRnd.pick(free)
      const order: Array<SimField> = [first]
      while (order.length < 4) {
        const last = at.get((order.at(-1) as SimField).id) as XY
        const next = free
          .filter((field) => !order.includes(field))
          .sort((x, y) => dist(at.get(x.id) as XY, last) - dist(at.get(y.id) as XY, last))[0]
        if (!next) break
        order.push(next)
      }
      const can = box.machine.can
      const simulated = simulateDay({
        day,
        machine: can
          ? {
              ...box.machine,
              can: {
                ...can,
                engineHours: s.engineHours ?? can.engineHours,
                fuelLevel: s.fuelLevel ?? can.fuelLevel,
              },
            }
          : box.machine,
        yard: input.yard,
        fields: order,
        seed: dayRnd.int(0, 2 ** 31 - 1),
        battery: s.battery,
        options: input.options,
      })
      for (const field of simulated.truth.fields) {
        taken.add(field.id)
        worked.add(field.id)
      }
      s.battery = Math.max(0, simulated.after.battery - 14 * 0.05)
      s.engineHours = simulated.after.engineHours
      // Filled up at the end of the day when below a quarter.
      s.fuelLevel =
        simulated.after.fuelLevel !== undefined && simulated.after.fuelLevel < 25
          ? 98
          : simulated.after.fuelLevel
      out[b]?.push(simulated)
    })
  })
  return out
}
