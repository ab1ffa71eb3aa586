/**
 * The activity engine's speed on one machine-day, and its worked area against polygon unions.
 *
 * One simulated day of a 6 m sprayer (≈ 8,300 fixes at 5 s, five fields of the demo plain; the
 * truth's field-work steps, so that every method measures the same track):
 *   1. the coverage sweep (server/activities/engine/coverage.ts) at each resolution tried: time,
 *      and error against exact polygon unions of the same swaths: JSTS's for the whole day, and
 *      `@turf/union`'s (Martinez) for the first 125, 250, 500… steps, as far as it finishes in
 *      time; and against the sweep at 2 cm;
 *   2. Turf, as one would do it without Sillon's sweep: every step buffered (`@turf/buffer`) then
 *      all merged (`@turf/union`); and Turf's buffer of the whole track at once (JSTS merges the
 *      swaths itself, what the simulator's truth uses): time, whether it finishes, the area;
 *   3. the whole `detectActivities` (labelling, activities, both areas) on that day's fixes, p50 and
 *      p95 of 100 runs after 20 in each of 5 fresh processes (the median process is the figure, every
 *      process's p50 is printed), against (2): the time ratio and how the areas agree.
 * The unions run in child processes (activitiesUnions.ts) killed after BENCH_UNION_SECONDS
 * (default 60): "did not finish in N s" is then the figure.
 *
 *   npx tsx scripts/bench/activitiesEngine.ts
 *     (BENCH_UNION_SECONDS=60, BENCH_ENGINE_PROCESSES=5, BENCH_ENGINE_RUNS=100 in each)
 */
import { availableParallelism, loadavg } from "node:os"
import { detectActivities } from "../../server/activities/engine"
import { coverageAreaM2, coverageResolutionM, swathSumM2 } from "../../server/activities/engine/coverage"
import { benchDay, benchInput, halfWidth, sprayer } from "./activitiesDay"
import { inChild, type UnionResult } from "./activitiesUnions"
import { type Figure, medians, percentile, printFigures } from "./report"

const unionSeconds = Number(process.env.BENCH_UNION_SECONDS ?? 60)
/** Fresh processes the engine is timed in (each: 100 runs after 20, BENCH_ENGINE_RUNS). */
const engineProcesses = Number(process.env.BENCH_ENGINE_PROCESSES ?? 5)
const sweepRuns = 15
const resolutions = [2, 1, 0.5, 0.25, 0.1] as const
/** The converged sweep the day's error is read against when no exact union finishes. */
const finestResolution = 0.02

/**
 * Wall-clock p50 and p95 after a warm-up, and the process's CPU time per run: on a machine shared
 * with other work the wall clock waits for a core, the CPU time much less so.
 */
const p50Of = (runs: number, f: () => void) => {
  for (let i = 0; i < 3; i++) f()
  const times: Array<number> = []
  const cpu = process.cpuUsage()
  for (let i = 0; i < runs; i++) {
    const began = performance.now()
    f()
    times.push(performance.now() - began)
  }
  const used = process.cpuUsage(cpu)
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpu: (used.user + used.system) / 1000 / runs,
  }
}

const pct = (value: number, reference: number) => `${(((value - reference) / reference) * 100).toFixed(4)} %`
const ha = (m2: number) => `${(m2 / 10_000).toFixed(4)} ha`

export const measureActivitiesEngine = async (seconds = unionSeconds) => {
  const d = benchDay(true)
  const steps = d.segments.length / 4
  const workFixes = d.day.truth.fixes.filter((f) => f.state === "fieldWork").length
  console.log(
    `\n(one machine-day: ${d.day.fixes.length} fixes, ${workFixes} in field work, ${steps} work steps in ${d.byField.length} fields, a ${sprayer.toolWidthM} m tool; the truth's worked surface ${d.day.truth.fields.reduce((s, f) => s + f.workedHa, 0).toFixed(4)} ha; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
  )
  // The unions first, one at a time (the sweep's timings below then run without them).
  const exact = await inChild("exact", seconds)
  const turfSteps = await inChild("turfSteps", seconds)
  const turfTrack = await inChild("turfTrack", seconds)
  const jsts = (await inChild("jsts", seconds)).results.find((r) => r.what === "day")
  // A failed union printed NaN, which JSON carries as null.
  const largest = exact.results
    .filter((r) => typeof r.areaM2 === "number" && Number.isFinite(r.areaM2))
    .at(-1)
  const turfDay = turfSteps.results.find((r) => r.what === "day")
  const trackDay = turfTrack.results.find((r) => r.what === "day")
  const finished = (r: UnionResult | undefined) =>
    r ? `${(r.ms / 1000).toFixed(1)} s` : `did not finish in ${seconds} s`
  const chunk = (n: number) => d.segments.subarray(0, 4 * n)
  const sweepDefault = coverageAreaM2(d.segments, halfWidth)

  // 1. The sweep at each resolution, on the day and on the largest chunk the exact union finished.
  const finest = coverageAreaM2(d.segments, halfWidth, finestResolution)
  const baselineMs = turfDay?.ms ?? trackDay?.ms ?? seconds * 1000
  const baselineName = turfDay ? "Turf buffer + union" : "Turf buffer of the whole track"
  const defaultResolution = coverageResolutionM(d.segments, halfWidth)
  const tried = (resolutions as ReadonlyArray<number>).includes(defaultResolution)
    ? resolutions
    : [...resolutions, defaultResolution]
  const sweep: Array<Figure> = tried.map((resolution) => {
    const areaM2 = coverageAreaM2(d.segments, halfWidth, resolution)
    const time = p50Of(sweepRuns, () => coverageAreaM2(d.segments, halfWidth, resolution))
    const againstExact = largest
      ? `vs exact union of the first ${largest.what} steps ${pct(coverageAreaM2(chunk(Number(largest.what)), halfWidth, resolution), largest.areaM2)}`
      : "no exact union finished"
    return {
      name: `sweep at ${resolution} m${resolution === defaultResolution ? " (the default for this day)" : ""}, p50`,
      value: time.p50,
      baseline: baselineMs,
      unit: "ms",
      baselineName,
      note: `CPU ${time.cpu.toFixed(2)} ms a run; ${ha(areaM2)}; ${jsts ? `vs JSTS union of the day ${pct(areaM2, jsts.areaM2)}; ` : ""}${againstExact}; vs the sweep at ${finestResolution} m ${pct(areaM2, finest)}`,
    }
  })
  printFigures(
    `Worked area without overlap, one machine-day (${steps} steps): the sweep at each resolution (p50 of ${sweepRuns}) against Turf`,
    sweep,
  )

  // 2. The unions.
  console.log(
    "Exact union of the same capsules (@turf/union, 32 points a half circle), the day's first steps:",
  )
  for (const r of exact.results) {
    if (typeof r.areaM2 !== "number" || !Number.isFinite(r.areaM2)) {
      console.log(`  ${r.what} steps: ${r.note ?? "failed"} after ${(r.ms / 1000).toFixed(1)} s in all`)
      continue
    }
    const own = chunk(Number(r.what))
    const time = p50Of(sweepRuns, () => coverageAreaM2(own, halfWidth))
    const errors = tried.map((h) => `${h} m ${pct(coverageAreaM2(own, halfWidth, h), r.areaM2)}`).join(", ")
    console.log(
      `  ${r.what} steps: union ${(r.ms / 1000).toFixed(2)} s${r.note ? ` (${r.note})` : ""}, sweep ${time.p50.toFixed(2)} ms (ratio ${(time.p50 / r.ms).toExponential(1)}), ${ha(r.areaM2)}; sweep's error at ${errors}`,
    )
  }
  if (!exact.finished) console.log(`  the next chunk: did not finish in what was left of ${seconds} s`)
  console.log(
    `Turf buffer per step + union: ${finished(turfDay)}${turfDay ? `, ${ha(turfDay.areaM2)} (the sweep ${pct(sweepDefault, turfDay.areaM2)})` : ""}${turfSteps.results[0]?.what === "buffered" ? ` (the ${steps} buffers alone: ${(turfSteps.results[0].ms / 1000).toFixed(1)} s)` : ""}`,
  )
  console.log(
    `Turf buffer of the whole track (JSTS): ${finished(trackDay)}${trackDay ? `, ${ha(trackDay.areaM2)} (the sweep ${pct(sweepDefault, trackDay.areaM2)}: Turf draws round ends with 8 points a quarter circle and measures on the sphere)` : ""}`,
  )
  console.log(
    `JSTS union of the day's capsules (Turf's buffer of the track in an undistorted frame, 64 points a quarter circle): ${finished(jsts)}${jsts ? `, ${ha(jsts.areaM2)} (the sweep at its default ${pct(sweepDefault, jsts.areaM2)})` : ""}`,
  )
  console.log(`Area with overlap (swath sum): ${ha(swathSumM2(d.segments, halfWidth))}`)

  // 3. The whole engine, timed in fresh processes one after the other (the median of their p50s):
  // this process's heap, full of the unions' results and the fine sweeps, would time the bench's
  // garbage collection with it; and on a shared machine one process may get a slower core.
  const input = benchInput(d)
  const out = detectActivities(input)
  const timings: Array<{ p50: number; p95: number; cpu: number }> = []
  for (let i = 0; i < engineProcesses; i++) {
    const { results } = await inChild("engine", 120)
    const read = (what: string) => results.find((r) => r.what === what)?.ms ?? Number.NaN
    timings.push({ p50: read("p50"), p95: read("p95"), cpu: read("cpu") })
  }
  const engineTime = medians(timings, ["p50", "p95", "cpu"])
  const engineArea = out.activities.reduce((s, a) => s + (a.areaHa ?? 0), 0) * 10_000
  const agreement = [
    turfDay ? `Turf buffer + union ${pct(engineArea, turfDay.areaM2)}` : null,
    trackDay ? `Turf buffer of the track ${pct(engineArea, trackDay.areaM2)}` : null,
    jsts ? `JSTS union of the true field work ${pct(engineArea, jsts.areaM2)}` : null,
    `the sweep of the true field work ${pct(engineArea, sweepDefault)}`,
  ]
    .filter((s) => s !== null)
    .join(", ")
  printFigures(
    `The whole engine on that day (${d.day.fixes.length} fixes; in ${engineProcesses} fresh processes, each p50/p95 of 100 runs after 20 to warm up: the median process; aim ≤ 10 ms)`,
    [
      {
        name: "detectActivities p50",
        value: engineTime.p50,
        baseline: baselineMs,
        unit: "ms",
        baselineName: turfDay ? baselineName : `${baselineName}; buffer + union ${finished(turfDay)}`,
        note: `each process's p50 ${timings.map((t) => t.p50.toFixed(1)).join(", ")} ms; CPU ${engineTime.cpu.toFixed(2)} ms a run; ${out.activities.length} activities, ${ha(engineArea)} worked; area vs ${agreement}`,
      },
      { name: "detectActivities p95", value: engineTime.p95, baseline: baselineMs, unit: "ms", baselineName },
    ],
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  measureActivitiesEngine().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
