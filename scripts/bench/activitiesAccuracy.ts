/**
 * How right the activity engine is, against the simulator's ground truth: machine-days of several
 * kinds of machines (tool widths 3–12 m, with and without vibration and CAN, a phone) over two
 * sets of fields (the demo's strips with a pond, and a plain of other shapes), each run with the
 * fields known, without them, and with 30 % of the fixes dropped in bursts. Prints the fixes
 * labelled right, the worked area's error against the true worked surface, how far the start and
 * end of each field's work are from the truth (in fixes), and the engine's time per machine-day.
 *
 *   npx tsx scripts/bench/activitiesAccuracy.ts            (BENCH_ACCURACY_DAYS=8 days per farm)
 */
import type { Polygon, Position } from "geojson"
import { detectActivities } from "../../server/activities/engine"
import type {
  EngineField,
  EngineFix,
  EngineInput,
  EngineOutput,
  EngineTag,
  VibrationIndex,
} from "../../server/activities/engine/types"
import { demoFields } from "../../server/seed/fields"
import { yardFor } from "../../server/simulator/fleet"
import type { GroundTruth, SimField, SimMachine, SimulatedDay } from "../../server/simulator/generate"
import { simulateDays } from "../../server/simulator/plan"
import { random } from "../../server/simulator/random"
import { defaultSettings, type MachineSettings } from "../../src/schema/machine"
import type { WireFix } from "../../src/schema/telemetry"
import { percentile } from "./report"

const vibIndex: Record<string, VibrationIndex> = { none: 0, low: 1, medium: 2, high: 3 }

export const engineFixOf = (f: WireFix): EngineFix => ({
  t: Date.parse(f.t),
  lng: f.lng,
  lat: f.lat,
  acc: f.acc ?? null,
  spd: f.spd ?? null,
  hdg: f.hdg ?? null,
  vib: f.vib === undefined ? null : (vibIndex[f.vib] ?? null),
  can: f.can ?? null,
  tags: (f.tags ?? []).map((t) => t.id),
})

const canProfile = (selfPropelled: boolean, pto: boolean) => ({
  engineHours: 2000,
  fuelLevel: 85,
  tankLitres: selfPropelled ? 800 : 250,
  fuelRates: selfPropelled
    ? { fieldWork: 38, turn: 22, road: 18, idle: 5 }
    : { fieldWork: 22, turn: 12, road: 14, idle: 3 },
  workingRpm: selfPropelled ? 2000 : 1850,
  ...(pto ? { pto: 1000 } : {}),
})

/** The kinds of machines measured: what a CUMA's fleet holds, boxes and a phone. */
export const machineKinds: ReadonlyArray<SimMachine> = [
  {
    name: "Seeder 3 m (CAN, vibration)",
    toolWidthM: 3,
    maxWorkingSpeedKmh: 15,
    roadSpeedKmh: 38,
    vibration: true,
    can: canProfile(false, true),
    tags: { driver: "BLE-D", implement: "BLE-I" },
  },
  {
    name: "Combine 9 m (CAN)",
    toolWidthM: 9,
    maxWorkingSpeedKmh: 7,
    roadSpeedKmh: 22,
    vibration: true,
    can: canProfile(true, false),
  },
  {
    name: "Sprayer 12 m (vibration)",
    toolWidthM: 12,
    maxWorkingSpeedKmh: 14,
    roadSpeedKmh: 30,
    vibration: true,
  },
  {
    name: "Harrow 6 m on a phone",
    toolWidthM: 6,
    maxWorkingSpeedKmh: 12,
    roadSpeedKmh: 35,
    vibration: false,
  },
  { name: "Mower 4 m (vibration)", toolWidthM: 4, maxWorkingSpeedKmh: 10, roadSpeedKmh: 32, vibration: true },
]

const demoSimFields = (): Array<SimField> =>
  demoFields().map((f, i) => ({
    id: `demo-${i}`,
    name: f.name,
    geometry: { type: "Polygon", coordinates: f.rings.map((r) => r.map((p) => [...p])) } as Polygon,
  }))

/** A plain of fields of other shapes: rotated quadrilaterals and pentagons, some narrow, some wide. */
export const plainFields = (seed: number): Array<SimField> => {
  const rnd = random(seed)
  const origin = { lng: 2.45, lat: 49.1 }
  const mx = 111_320 * Math.cos((origin.lat * Math.PI) / 180)
  const my = 111_132
  const out: Array<SimField> = []
  for (let gx = 0; gx < 5; gx++)
    for (let gy = 0; gy < 4; gy++) {
      const cx = gx * 700 + rnd.between(-60, 60)
      const cy = gy * 650 + rnd.between(-60, 60)
      const sides = rnd.chance(0.5) ? 4 : 5
      const r = rnd.between(120, 280)
      const stretch = rnd.between(1, 2.2)
      const turn = rnd.between(0, Math.PI)
      const ring: Array<Position> = []
      for (let k = 0; k < sides; k++) {
        const a = (2 * Math.PI * k) / sides + rnd.between(-0.25, 0.25)
        const px = Math.cos(a) * r * stretch
        const py = Math.sin(a) * r * rnd.between(0.8, 1.1)
        const ex = cx + px * Math.cos(turn) - py * Math.sin(turn)
        const ny = cy + px * Math.sin(turn) + py * Math.cos(turn)
        ring.push([origin.lng + ex / mx, origin.lat + ny / my])
      }
      ring.push(ring[0] as Position)
      out.push({
        id: `plain-${gx}-${gy}`,
        name: `Plain ${gx}-${gy}`,
        geometry: { type: "Polygon", coordinates: [ring] },
      })
    }
  return out
}

const tags: ReadonlyArray<EngineTag> = [
  { id: "BLE-D", kind: "user", userId: "driver" },
  { id: "BLE-I", kind: "machine", machineId: "implement", productTypeId: null },
]

export const engineInputOf = (
  day: SimulatedDay,
  machine: SimMachine,
  fields: ReadonlyArray<EngineField>,
  fixes: ReadonlyArray<EngineFix>,
  settings: MachineSettings = defaultSettings,
): EngineInput => {
  const start = Date.parse(`${day.truth.day}T00:00:00Z`)
  return {
    machine: {
      id: "machine",
      toolWidthM: machine.toolWidthM,
      maxWorkingSpeedKmh: machine.maxWorkingSpeedKmh,
      canPresent: machine.can !== undefined,
      consumption: null,
      settings,
    },
    fixes,
    fields,
    tags,
    bookings: [],
    period: { start, end: start + 86_400_000 },
    cuts: [start, start + 86_400_000],
  }
}

/** Drops about `share` of the fixes in bursts of 5–60 consecutive ones (a box out of reach that lost them). */
export const dropInBursts = <A>(fixes: ReadonlyArray<A>, share: number, seed: number): Array<A> => {
  const rnd = random(seed)
  const dropped = new Uint8Array(fixes.length)
  let count = 0
  while (count < share * fixes.length) {
    const length = rnd.int(5, 60)
    const at = rnd.int(0, Math.max(0, fixes.length - length))
    for (let i = at; i < at + length && i < fixes.length; i++)
      if (!dropped[i]) {
        dropped[i] = 1
        count++
      }
  }
  return fixes.filter((_, i) => !dropped[i])
}

interface DayScore {
  right: number
  total: number
  areaTrue: number
  areaFound: number
  boundaryErrors: Array<number>
  ms: number
}

/** Compares the engine's labels and areas with the truth, over the fixes it was given. */
const score = (
  truth: GroundTruth,
  kept: ReadonlyArray<number>,
  out: EngineOutput,
  parcels: boolean,
  ms: number,
): DayScore => {
  let right = 0
  kept.forEach((ti, k) => {
    if (out.labels[k]?.state === truth.fixes[ti]?.state) right++
  })
  const areaTrue = truth.fields.reduce((s, f) => s + f.workedHa, 0)
  const areaFound = out.activities.reduce((s, a) => s + (a.areaHa ?? 0), 0)
  const boundaryErrors: Array<number> = []
  // Each field's work: from its first to its last field-work fix in the truth, against the
  // engine's first and last field-work fix in its share of the day. With fields known, that is
  // the engine's work in that field between the previous field's work and the next's. Without,
  // the fixes between two fields' work go to the nearer one: a fix the engine wrongly calls work
  // just after one field's end counts against that end, not against the start of the next field
  // an hour's drive away.
  const spans = truth.fields.map((f) => {
    const ks = kept
      .map((ti, k) => ({ k, t: truth.fixes[ti] }))
      .filter((e) => e.t?.field === f.id && e.t.state === "fieldWork")
    return { id: f.id, first: ks[0]?.k, last: ks.at(-1)?.k }
  })
  spans.forEach((span, n) => {
    if (span.first === undefined || span.last === undefined) return
    const before = spans[n - 1]?.last
    const after = spans[n + 1]?.first
    const from = before === undefined ? 0 : parcels ? before + 1 : Math.floor((before + span.first) / 2) + 1
    const to =
      after === undefined ? kept.length - 1 : parcels ? after - 1 : Math.floor((span.last + after) / 2)
    let first = -1
    let last = -1
    for (let k = from; k <= to; k++) {
      const l = out.labels[k]
      if (l?.state !== "fieldWork" || l.activity === null || (parcels && l.field !== span.id)) continue
      if (first < 0) first = k
      last = k
    }
    if (first < 0) boundaryErrors.push(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)
    else boundaryErrors.push(Math.abs(first - span.first), Math.abs(last - span.last))
  })
  return { right, total: kept.length, areaTrue, areaFound, boundaryErrors, ms }
}

/**
 * A maximum working speed as people often fill it in: the machine's top speed on the road. Work can
 * then no longer be told from road travel by speed alone.
 */
const topSpeedKmh = 40

const run = (
  day: SimulatedDay,
  machine: SimMachine,
  fields: ReadonlyArray<EngineField>,
  dropSeed: number | null,
  /** The maximum working speed the engine is told, when not the machine's own (a person's entry). */
  toldMaxWorkingSpeedKmh?: number,
) => {
  const all = day.fixes.map(engineFixOf)
  const indices = all.map((_, i) => i)
  const kept = dropSeed === null ? indices : dropInBursts(indices, 0.3, dropSeed)
  const input = engineInputOf(
    day,
    toldMaxWorkingSpeedKmh === undefined
      ? machine
      : { ...machine, maxWorkingSpeedKmh: toldMaxWorkingSpeedKmh },
    fields,
    kept.map((i) => all[i] as EngineFix),
  )
  const started = performance.now()
  const out = detectActivities(input)
  const ms = performance.now() - started
  return score(day.truth, kept, out, fields.length > 0, ms)
}

const summarise = (name: string, scores: ReadonlyArray<DayScore>) => {
  const right = scores.reduce((s, d) => s + d.right, 0)
  const total = scores.reduce((s, d) => s + d.total, 0)
  const areaErrors = scores
    .filter((d) => d.areaTrue > 0)
    .map((d) => (100 * Math.abs(d.areaFound - d.areaTrue)) / d.areaTrue)
  const areaTrue = scores.reduce((s, d) => s + d.areaTrue, 0)
  const areaFound = scores.reduce((s, d) => s + d.areaFound, 0)
  const bounds = scores.flatMap((d) => d.boundaryErrors)
  const within = bounds.filter((e) => e <= 1).length
  const perDay = scores.map((d) => (100 * d.right) / d.total)
  console.log(
    `${name}: fixes labelled right ${((100 * right) / total).toFixed(2)} % (worst day ${Math.min(...perDay).toFixed(1)} %) | worked area ${((100 * (areaFound - areaTrue)) / areaTrue).toFixed(2)} % overall, per day median ${percentile(areaErrors, 50).toFixed(2)} % p95 ${percentile(areaErrors, 95).toFixed(2)} % | field work starts/ends within one fix ${((100 * within) / bounds.length).toFixed(1)} % (median ${percentile(bounds, 50)}, p95 ${percentile(bounds, 95)} fixes) | engine p50 ${percentile(
      scores.map((d) => d.ms),
      50,
    ).toFixed(1)} ms per machine-day`,
  )
}

export const measureActivitiesAccuracy = () => {
  const daysPerFarm = Number(process.env.BENCH_ACCURACY_DAYS ?? 8)
  const first = Date.parse("2027-04-05T00:00:00Z")
  const days = Array.from({ length: daysPerFarm }, (_, i) =>
    new Date(first + i * 86_400_000).toISOString().slice(0, 10),
  )
  const farms = [
    { name: "demo strips", fields: demoSimFields(), seed: 7919 },
    { name: "plain", fields: plainFields(104_729), seed: 15_485_863 },
  ]
  const results = {
    parcels: [] as Array<DayScore>,
    none: [] as Array<DayScore>,
    dropped: [] as Array<DayScore>,
    droppedNone: [] as Array<DayScore>,
    topSpeed: [] as Array<DayScore>,
  }
  const byKind = new Map<string, Array<DayScore>>()
  const byKindNone = new Map<string, Array<DayScore>>()
  let machineDays = 0
  let fixes = 0
  for (const farm of farms) {
    const simulated = simulateDays({
      days,
      yard: yardFor(farm.fields),
      fields: farm.fields,
      boxes: machineKinds.map((machine) => ({ machine, battery: 90, workRate: 0.9 })),
      seed: farm.seed,
    })
    const engineFields: Array<EngineField> = farm.fields.map((f) => ({
      id: f.id,
      ownerId: null,
      geometry: f.geometry,
    }))
    simulated.forEach((boxDays, b) => {
      const machine = machineKinds[b] as SimMachine
      for (const day of boxDays) {
        machineDays++
        fixes += day.fixes.length
        const withParcels = run(day, machine, engineFields, null)
        results.parcels.push(withParcels)
        byKind.set(machine.name, [...(byKind.get(machine.name) ?? []), withParcels])
        const without = run(day, machine, [], null)
        results.none.push(without)
        byKindNone.set(machine.name, [...(byKindNone.get(machine.name) ?? []), without])
        results.dropped.push(run(day, machine, engineFields, day.truth.seed))
        results.droppedNone.push(run(day, machine, [], day.truth.seed))
        results.topSpeed.push(run(day, machine, engineFields, null, topSpeedKmh))
      }
    })
  }
  console.log(
    `\n## Activity engine accuracy: ${machineDays} machine-days, ${fixes} fixes, ${machineKinds.length} kinds of machines, 2 sets of fields`,
  )
  summarise("with parcels", results.parcels)
  summarise("without parcels", results.none)
  summarise("with parcels, 30 % of fixes dropped in bursts", results.dropped)
  summarise("without parcels, 30 % dropped in bursts", results.droppedNone)
  summarise(
    `with parcels, the maximum working speed given as a tractor's top speed (${topSpeedKmh} km/h)`,
    results.topSpeed,
  )
  for (const [name, scores] of byKind) summarise(`  ${name}, with parcels`, scores)
  for (const [name, scores] of byKindNone) summarise(`  ${name}, without parcels`, scores)
}

if (import.meta.url === `file://${process.argv[1]}`) measureActivitiesAccuracy()
