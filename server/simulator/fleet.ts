import type { Position } from "geojson"
import type { SimField, SimMachine } from "./generate"

/** What Sillon knows of a machine (its page), enough to drive it. */
export interface FleetMachine {
  readonly name: string
  readonly toolWidthMeters: number | null
  readonly maxWorkingSpeedKmh: number | null
  readonly canPresent: boolean
  readonly engineHours: number | null
}

/** The implement a tractor pulls (a machine of the structure with a tool width and its own tag). */
export interface Implement {
  readonly tag: string | undefined
  readonly toolWidthMeters: number | null
  readonly maxWorkingSpeedKmh: number | null
}

/**
 * The simulated machine for a machine of the fleet. A machine with a tool width of its own is
 * self-propelled (a combine harvester, a sprayer): its width and speed, 22 km/h on the road, a big
 * tank. One without (a tractor) works at its implement's width and speed (3 m and 12 km/h when
 * none is known), 38 km/h on the road, the PTO turning in the field when it pulls one. CAN values
 * when the machine has CAN; a phone reports no vibration, no CAN, no tags.
 */
export const simMachineOf = (
  m: FleetMachine,
  options: { readonly implement?: Implement; readonly driverTag?: string; readonly phone?: boolean } = {},
): SimMachine => {
  const selfPropelled = m.toolWidthMeters !== null
  const implement = selfPropelled ? undefined : options.implement
  const width = m.toolWidthMeters ?? implement?.toolWidthMeters ?? 3
  const speed = (selfPropelled ? m.maxWorkingSpeedKmh : implement?.maxWorkingSpeedKmh) ?? 12
  const base = {
    name: m.name,
    toolWidthM: width,
    maxWorkingSpeedKmh: Math.max(4, speed),
    roadSpeedKmh: selfPropelled ? 25 : 38,
  }
  if (options.phone) return { ...base, vibration: false }
  const tags = {
    ...(options.driverTag ? { driver: options.driverTag } : {}),
    ...(implement?.tag ? { implement: implement.tag } : {}),
  }
  return {
    ...base,
    vibration: true,
    ...(Object.keys(tags).length > 0 ? { tags } : {}),
    ...(m.canPresent
      ? {
          can: {
            engineHours: m.engineHours ?? 1000,
            fuelLevel: 85,
            tankLitres: selfPropelled ? 800 : 250,
            fuelRates: selfPropelled
              ? { fieldWork: 38, turn: 22, road: 18, idle: 5 }
              : { fieldWork: 22, turn: 12, road: 14, idle: 3 },
            workingRpm: selfPropelled ? 2000 : 1850,
            ...(implement ? { pto: 1000 } : {}),
          },
        }
      : {}),
  }
}

/** Where the machines are kept: a farmyard 300 m south of the middle of the fields' southern edge. */
export const yardFor = (fields: ReadonlyArray<SimField>): Position => {
  const points = fields.flatMap((f) =>
    f.geometry.type === "Polygon"
      ? (f.geometry.coordinates[0] ?? [])
      : f.geometry.coordinates.flatMap((p) => p[0] ?? []),
  )
  if (points.length === 0) return [1.262, 48.318]
  const lngs = points.map((p) => p[0] ?? 0)
  const lats = points.map((p) => p[1] ?? 0)
  const south = Math.min(...lats)
  return [(Math.min(...lngs) + Math.max(...lngs)) / 2, south - 300 / 111_132]
}
