/**
 * The polygon unions the activity engine's bench measures the coverage sweep against, each run in
 * a child process that the bench kills after its time limit (they may run for minutes, or fail).
 * The child makes the bench's day again (pure and seeded: the very same steps) and prints one JSON
 * line per result: `npx tsx scripts/bench/activitiesUnions.ts <kind>` runs one by hand. The engine's
 * own timing runs in a child too: a fresh process, as the server's, not one whose heap is full of
 * the unions and fine sweeps the bench measured before.
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { area } from "@turf/area"
import { buffer } from "@turf/buffer"
import { union } from "@turf/union"
import type { Feature, MultiPolygon, Polygon, Position } from "geojson"
import { detectActivities } from "../../server/activities/engine"
import { exactUnionAreaM2, planarArea } from "../../server/activities/engine/coverageReference"
import { type BenchDay, benchDay, benchInput, halfWidth } from "./activitiesDay"
import { percentile } from "./report"

/** Turf's metres per degree on its sphere (earthRadius 6,371,008.8 m). */
const metresPerDegree = (6_371_008.8 * Math.PI) / 180
/** The first chunk of the day the exact union is tried on (then twice as many steps, and so on). */
const exactFirstSteps = 125

/** What a child prints, one JSON line per result. */
export interface UnionResult {
  readonly what: string
  readonly ms: number
  readonly areaM2: number
  readonly note?: string
}

/** The unions, each in a child process (they may run for minutes; the parent kills them). */
const children = {
  /**
   * The exact union of the same capsules: the day's first 125, 250, 500… steps, then all. On raw
   * coordinates the union may fail; it is then tried again with vertices snapped to a micrometre.
   */
  exact: (d: BenchDay, say: (r: UnionResult) => void) => {
    const steps = d.segments.length / 4
    for (let n = exactFirstSteps; ; n = Math.min(2 * n, steps)) {
      const began = performance.now()
      let areaM2: number
      let note: string | undefined
      try {
        areaM2 = exactUnionAreaM2(d.segments.subarray(0, 4 * n), halfWidth)
      } catch (error) {
        note = `failed on raw coordinates after ${((performance.now() - began) / 1000).toFixed(1)} s: ${String(error).slice(7, 44)}…; snapped to 1 µm`
        try {
          areaM2 = exactUnionAreaM2(d.segments.subarray(0, 4 * n), halfWidth, 32, 1e-6)
        } catch {
          areaM2 = Number.NaN
          note = `${note}, failed again`
        }
      }
      say({ what: String(n), ms: performance.now() - began, areaM2, ...(note ? { note } : {}) })
      if (n === steps) return
    }
  },
  /**
   * JSTS's union of the same capsules, through Turf's buffer of the whole track (a buffer of a line
   * with round caps and joins is the union of its steps' capsules), 64 points a quarter circle. The
   * planar metres are handed over as degrees at the equator, where Turf's own projection (azimuthal
   * equidistant about the track's centre) is then the identity within 1e-7 over a few kilometres.
   */
  jsts: (d: BenchDay, say: (r: UnionResult) => void) => {
    const began = performance.now()
    const lines: Array<Array<Position>> = []
    const s = d.segments
    for (let o = 0; o < s.length; o += 4) {
      const line = lines.at(-1)
      const last = line?.at(-1)
      if (line && last && last[0] === s[o] / metresPerDegree && last[1] === s[o + 1] / metresPerDegree) {
        line.push([s[o + 2] / metresPerDegree, s[o + 3] / metresPerDegree])
      } else {
        lines.push([
          [s[o] / metresPerDegree, s[o + 1] / metresPerDegree],
          [s[o + 2] / metresPerDegree, s[o + 3] / metresPerDegree],
        ])
      }
    }
    const b = buffer(
      { type: "Feature", properties: {}, geometry: { type: "MultiLineString", coordinates: lines } },
      halfWidth,
      { units: "meters", steps: 64 },
    )
    const g = b?.geometry
    const metres = (rings: ReadonlyArray<ReadonlyArray<Position>>) =>
      rings.map((ring) => ring.map(([x = 0, y = 0]) => [x * metresPerDegree, y * metresPerDegree]))
    const areaM2 = !g
      ? 0
      : planarArea(g.type === "Polygon" ? [metres(g.coordinates)] : g.coordinates.map((p) => metres(p)))
    say({ what: "day", ms: performance.now() - began, areaM2 })
  },
  /** Turf as a developer would reach for it: a buffer per step, then one union of them all. */
  turfSteps: (d: BenchDay, say: (r: UnionResult) => void) => {
    const began = performance.now()
    const swaths: Array<Feature<Polygon | MultiPolygon>> = []
    for (const run of d.runs) {
      for (let i = 1; i < run.length; i++) {
        const b = buffer(
          {
            type: "Feature",
            properties: {},
            geometry: { type: "LineString", coordinates: [run[i - 1], run[i]] },
          },
          halfWidth,
          { units: "meters" },
        )
        if (b) swaths.push(b as Feature<Polygon | MultiPolygon>)
      }
    }
    say({ what: "buffered", ms: performance.now() - began, areaM2: Number.NaN })
    const merged = union({ type: "FeatureCollection", features: swaths })
    say({ what: "day", ms: performance.now() - began, areaM2: merged ? area(merged) : 0 })
  },
  /** Turf's buffer of the whole track at once (JSTS nodes and merges the swaths itself). */
  turfTrack: (d: BenchDay, say: (r: UnionResult) => void) => {
    const began = performance.now()
    const b = buffer(
      {
        type: "Feature",
        properties: {},
        geometry: { type: "MultiLineString", coordinates: d.runs.map((r) => [...r]) },
      },
      halfWidth,
      { units: "meters" },
    )
    say({ what: "day", ms: performance.now() - began, areaM2: b ? area(b) : 0 })
  },
  /**
   * The whole engine on the day: `engineRuns` timed runs after a warm-up; wall-clock p50 and p95,
   * and the process's CPU time a run (on a shared machine the wall clock also waits for a core).
   */
  engine: (d: BenchDay, say: (r: UnionResult) => void) => {
    const input = benchInput(d)
    for (let i = 0; i < 20; i++) detectActivities(input)
    const times: Array<number> = []
    const cpu = process.cpuUsage()
    for (let i = 0; i < engineRuns; i++) {
      const began = performance.now()
      detectActivities(input)
      times.push(performance.now() - began)
    }
    const used = process.cpuUsage(cpu)
    say({ what: "p50", ms: percentile(times, 50), areaM2: Number.NaN })
    say({ what: "p95", ms: percentile(times, 95), areaM2: Number.NaN })
    say({ what: "cpu", ms: (used.user + used.system) / 1000 / engineRuns, areaM2: Number.NaN })
  },
} as const
export type ChildKind = keyof typeof children
/** Timed runs of the engine in each child. */
const engineRuns = Number(process.env.BENCH_ENGINE_RUNS ?? 100)

/** Runs `kind` in a child process; what it printed before it finished or was killed. */
export const inChild = (kind: ChildKind, seconds: number) =>
  new Promise<{ results: Array<UnionResult>; finished: boolean }>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), kind], {
      stdio: ["ignore", "pipe", "inherit"],
    })
    const results: Array<UnionResult> = []
    let pending = ""
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split("\n")
      pending = lines.pop() ?? ""
      for (const line of lines) if (line.startsWith("{")) results.push(JSON.parse(line) as UnionResult)
    })
    const timer = setTimeout(() => child.kill("SIGKILL"), seconds * 1000)
    child.on("error", reject)
    child.on("exit", (code) => {
      clearTimeout(timer)
      resolve({ results, finished: code === 0 })
    })
  })

if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = process.argv[2] as ChildKind
  children[kind](benchDay(), (r) => console.log(JSON.stringify(r)))
}
