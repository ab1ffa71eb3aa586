// Size: one measurement (a machine's month of fixes, then its history over a day and over the month), on each database.
/**
 * A machine's position history to the map (issue 15): `GET machinesGeolocation/history/{id}` over
 * 30 days of a tractor at work, against the same call over one of those days (the baseline, in
 * the same run on the same database): p95 latency, and the payload (JSON bytes, and gzipped as a
 * server or proxy compressing would send them). The month comes from the simulator (a working day
 * every day, a fix every 5 s while moving: about 7,000 a day), stored straight in the table. The
 * server runs in this process (PGlite cannot be shared between processes), requests one at a
 * time, alternating day and month.
 *
 * `npx tsx scripts/bench/history.ts` runs it alone (BENCH_SECONDS, BENCH_BACKENDS=pglite,postgres).
 */
import { gzipSync } from "node:zlib"
import type { Polygon } from "geojson"
import { demoFields } from "../../server/seed/fields"
import { simMachineOf, yardFor } from "../../server/simulator/fleet"
import { simulateDay } from "../../server/simulator/generate"
import { type Backend, signup, startTestApp, type TestApp } from "../../server/test/app"
import { addBox, type SeedFix, seedFixes } from "../../server/test/fixes"
import { benchBackends, type Figure, percentile, printFigures } from "./report"

const days = 30
const day = 86_400_000
/** Fixes per insert (one JSON document each). */
const batch = 20_000

const fields = demoFields()
  .slice(0, 6)
  .map((f, i) => ({
    id: `field-${i}`,
    name: f.name,
    geometry: { type: "Polygon", coordinates: f.rings.map((ring) => ring.map((p) => [...p])) } as Polygon,
  }))
const machine = simMachineOf({
  name: "Tracteur",
  toolWidthMeters: null,
  maxWorkingSpeedKmh: null,
  canPresent: false,
  engineHours: null,
})

/** The simulated working day `iso` (YYYY-MM-DD), as stored fixes. */
const workDay = (iso: string, seed: number): Array<SeedFix> =>
  simulateDay({
    day: iso,
    machine,
    yard: yardFor(fields),
    fields: [fields[seed % fields.length], fields[(seed + 1) % fields.length]].filter((f) => f !== undefined),
    seed,
    battery: 90,
    options: { workedSurfaces: false },
  }).fixes.map((f) => ({ t: f.t, lng: f.lng, lat: f.lat, spd: f.spd ?? undefined, acc: f.acc ?? undefined }))

interface Sample {
  readonly ms: number
  readonly bytes: number
  readonly gzip: number
  readonly points: number
}

const ask = async (app: TestApp, auth: Record<string, string>, id: string, start: number, end: number) => {
  const query = new URLSearchParams({
    startDate: new Date(start).toISOString(),
    endDate: new Date(end).toISOString(),
  })
  const began = performance.now()
  const res = await app.call("GET", `/api/v2/machinesGeolocation/history/${id}?${query}`, { headers: auth })
  const body = new Uint8Array(await res.arrayBuffer())
  const ms = performance.now() - began
  if (res.status !== 200) throw new Error(`history answered ${res.status}: ${new TextDecoder().decode(body)}`)
  const trace = JSON.parse(new TextDecoder().decode(body)) as { segments: Array<{ points: Array<unknown> }> }
  return {
    ms,
    bytes: body.byteLength,
    gzip: gzipSync(body).byteLength,
    points: trace.segments.reduce((n, s) => n + s.points.length, 0),
  }
}

const measureOn = async (backend: Backend, seconds: number): Promise<ReadonlyArray<Figure>> => {
  const app = await startTestApp(backend)
  try {
    const owner = await signup(app, { firstname: "Bench", lastname: "Historique" })
    const cluster = await app.call("POST", "/api/v2/clusters", {
      headers: owner.auth,
      body: {
        name: "CUMA du Banc d'essai",
        type: "sharing",
        kind: "cuma",
        description: null,
        address: {
          street: "1 rue du Four",
          complement: null,
          postalCode: "28000",
          city: "Chartres",
          country: "France",
        },
      },
    })
    if (cluster.status !== 201) throw new Error(`cluster: ${cluster.status} ${await cluster.text()}`)
    const clusterId = ((await cluster.json()) as { id: string }).id
    const machineRes = await app.call("POST", "/api/v2/machines", {
      headers: owner.auth,
      body: { cluster: clusterId, name: "Tracteur" },
    })
    if (machineRes.status !== 201) throw new Error(`machine: ${machineRes.status} ${await machineRes.text()}`)
    const machineId = ((await machineRes.json()) as { id: string }).id
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)
    const first = today - days * day
    const box = await addBox(app, `HIST${backend === "pglite" ? "P" : "G"}${Date.now() % 100000}`, clusterId)
    await app.sql(
      (sql) => sql`UPDATE counters SET created_at = ${new Date(first - day).toISOString()} WHERE id = ${box}`,
    )
    const associated = await app.call("POST", `/api/v2/counters/${box}/associations`, {
      headers: owner.auth,
      body: {
        cluster: clusterId,
        machine: machineId,
        start_date: new Date(first - day).toISOString(),
        end_date: null,
      },
    })
    if (associated.status !== 201)
      throw new Error(`association: ${associated.status} ${await associated.text()}`)

    const seeding = performance.now()
    let stored = 0
    let pending: Array<SeedFix> = []
    for (let d = 0; d < days; d++) {
      pending.push(...workDay(new Date(first + d * day).toISOString().slice(0, 10), d + 1))
      if (pending.length >= batch || d === days - 1) {
        await seedFixes(app, box, pending)
        stored += pending.length
        pending = []
      }
    }
    const seeded = performance.now() - seeding

    // One of the days (the busiest is any: every day is worked), and the whole month.
    const dayStart = today - 2 * day
    const samples = { day: [] as Array<Sample>, month: [] as Array<Sample> }
    const until = performance.now() + seconds * 1000
    while (performance.now() < until || samples.month.length < 3) {
      samples.day.push(await ask(app, owner.auth, machineId, dayStart, dayStart + day))
      samples.month.push(await ask(app, owner.auth, machineId, first, today))
    }
    const p95 = (s: ReadonlyArray<Sample>) =>
      percentile(
        s.map((x) => x.ms),
        95,
      )
    const last = (s: ReadonlyArray<Sample>) => s.at(-1) as Sample
    const [d1, m1] = [last(samples.day), last(samples.month)]
    const label = backend === "pglite" ? "PGlite" : "PostgreSQL"
    return [
      {
        name: `${label}: history of ${days} days, p95`,
        value: p95(samples.month),
        baseline: p95(samples.day),
        unit: "ms",
        baselineName: "one day",
        note: `${samples.month.length} + ${samples.day.length} requests; ${stored} fixes stored in ${Math.round(seeded)} ms`,
      },
      {
        name: `${label}: history of ${days} days, payload`,
        value: m1.bytes / 1024,
        baseline: d1.bytes / 1024,
        unit: "kB",
        baselineName: "one day",
        note: `gzip ${(m1.gzip / 1024).toFixed(1)} kB against ${(d1.gzip / 1024).toFixed(1)} kB; ${m1.points} points against ${d1.points}`,
      },
    ]
  } finally {
    await app.close()
  }
}

/** The figures on each backend asked for (BENCH_BACKENDS, by default both). */
export const measureHistory = async (
  seconds: number,
  backends: ReadonlyArray<Backend> = benchBackends(),
): Promise<ReadonlyArray<Figure>> => {
  const figures: Array<Figure> = []
  for (const backend of backends) figures.push(...(await measureOn(backend, seconds)))
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)
  measureHistory(seconds)
    .then((figures) => printFigures(`Position history (${seconds} s each)`, figures))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
