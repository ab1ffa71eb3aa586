// Size: one measurement (a fleet's month recomputed after a settings change), with the cached database it needs.
/**
 * Activities recomputed after a settings change (issue 16): BENCH_MACHINES machines (100) with
 * BENCH_DAYS days (30) of simulated work each, all of them given a new setting through the API at
 * once; the wall time until the job queue has recomputed every machine-day, against one machine's
 * month in the same run (the baseline). On the PostgreSQL server of TEST_DATABASE_URL, in a
 * database kept between runs (`sillon_bench_act_<machines>x<days>`): the fixes are generated and
 * bulk-loaded once (seven simulated days, reused shifted in time), and computed once, the first
 * time. The server runs in this process with the app's own worker (4 jobs at a time).
 *
 * `npx tsx scripts/bench/activitiesRecompute.ts` runs it alone (BENCH_MACHINES, BENCH_DAYS).
 */
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"
import type { Polygon } from "geojson"
import { queueDays } from "../../server/activities/dirty"
import { demoFields } from "../../server/seed/fields"
import { yardFor } from "../../server/simulator/fleet"
import { simulateDay } from "../../server/simulator/generate"
import { signup, startTestApp, type TestApp } from "../../server/test/app"
import { testDatabaseUrl } from "../../server/test/databases"
import { type Figure, printFigures } from "./report"

const day = 86_400_000
const templates = 7

const fields = demoFields()
  .slice(0, 6)
  .map((f, i) => ({
    id: `field-${i}`,
    name: f.name,
    geometry: { type: "Polygon", coordinates: f.rings.map((ring) => ring.map((p) => [...p])) } as Polygon,
  }))

/** A working day of a tractor with a 6 m tool, as stored columns, times relative to its midnight (ms). */
const template = (seed: number) => {
  const date = "2026-06-01"
  const midnight = Date.parse(`${date}T00:00:00Z`)
  return simulateDay({
    day: date,
    machine: { name: "Tracteur", toolWidthM: 6, maxWorkingSpeedKmh: 12, roadSpeedKmh: 25, vibration: true },
    yard: yardFor(fields),
    fields: [fields[seed % fields.length], fields[(seed + 1) % fields.length]],
    seed,
    battery: 90,
    options: { workedSurfaces: false },
  }).fixes.map((f) => ({
    ...f,
    // Stored as its rank (0 none … 3 high), as the ingest stores it.
    vib: f.vib === undefined ? null : ["none", "low", "medium", "high"].indexOf(f.vib),
    dt: Date.parse(f.t) - midnight,
  }))
}

const admin = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
  Effect.runPromise(
    Effect.provide(effect, PgClient.layer({ url: Redacted.make(testDatabaseUrl), maxConnections: 1 })),
  )

/** Waits until no machine-day waits for its recomputation; the wall time it took from `since`. */
const settled = async (app: TestApp, since: number) => {
  for (;;) {
    const [row] = await app.sql(
      (sql) => sql<{ n: number }>`SELECT ((SELECT count(*) FROM activity_dirty_days)
        + (SELECT count(*) FROM jobs WHERE kind = 'activities.recompute' AND dead_at IS NULL))::int AS n`,
    )
    if (row?.n === 0) return performance.now() - since
    await new Promise((r) => setTimeout(r, 100))
  }
}

export const measureActivitiesRecompute = async (
  machines = Number(process.env.BENCH_MACHINES ?? 100),
  days = Number(process.env.BENCH_DAYS ?? 30),
): Promise<ReadonlyArray<Figure>> => {
  const name = `sillon_bench_act_${machines}x${days}`
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${name}`
  await admin(
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_database WHERE datname = ${name}`.pipe(
        Effect.flatMap(([r]) => (r?.n ? Effect.void : sql.unsafe(`CREATE DATABASE ${name}`))),
      ),
    ),
  )
  const app = await startTestApp("postgres", { databaseUrl: url.toString() })
  const notes: Array<string> = []
  try {
    await app.sql(
      (sql) =>
        sql`CREATE TABLE IF NOT EXISTS bench_fleet (cluster_id uuid, machine_ids uuid[], first_day date)`,
    )
    let [fleet] = await app.sql(
      (sql) => sql<{ cluster_id: string; machine_ids: Array<string>; first_day: string }>`SELECT cluster_id,
        machine_ids::text[] AS machine_ids, first_day::text AS first_day FROM bench_fleet`,
    )
    if (!fleet) {
      const loading = performance.now()
      // What an interrupted first run left (its boxes' fixes go with them).
      await app.sql((sql) => sql`DELETE FROM counters WHERE id LIKE 'BENCH-%'`)
      await app.sql((sql) => sql`DELETE FROM clusters WHERE name = 'CUMA du Banc'`)
      const [{ id: cluster }] = await app.sql(
        (sql) => sql<{ id: string }>`INSERT INTO clusters (name, type, kind, address, default_rights)
          VALUES ('CUMA du Banc', 'sharing', 'cuma', ${JSON.stringify({ street: "1 rue", complement: null, postalCode: "28000", city: "Chartres", country: "France" })}::jsonb,
            '{seeMachines}') RETURNING id`,
      )
      const firstDay = new Date(Date.now() - (days + 2) * day).toISOString().slice(0, 10)
      const ids: Array<string> = []
      const days7 = Array.from({ length: templates }, (_, i) => template(i + 1))
      for (let m = 0; m < machines; m++) {
        const [{ id }] = await app.sql(
          (sql) => sql<{
            id: string
          }>`INSERT INTO machines (cluster_id, name, tool_width_m, max_working_speed_kmh)
            VALUES (${cluster}, ${`Tracteur ${m + 1}`}, 6, 12) RETURNING id`,
        )
        ids.push(id)
        const box = `BENCH-${m + 1}`
        await app.sql(
          (sql) =>
            sql`INSERT INTO counters (id, cluster_id, created_at) VALUES (${box}, ${cluster}, ${firstDay}::date - 1)`,
        )
        await app.sql(
          (sql) => sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date)
            VALUES (${box}, ${id}, ${cluster}, ${firstDay}::date - 1)`,
        )
        // A few days per statement: one JSON document of ~50,000 fixes.
        for (let d0 = 0; d0 < days; d0 += 7) {
          const rows: Array<Record<string, unknown>> = []
          for (let d = d0; d < Math.min(days, d0 + 7); d++) {
            const midnight = Date.parse(`${firstDay}T00:00:00Z`) + d * day
            for (const f of days7[(m + d) % templates])
              rows.push({ ...f, t: new Date(midnight + f.dt).toISOString() })
          }
          await app.sql(
            (
              sql,
            ) => sql`INSERT INTO fixes (source_id, at, lng, lat, accuracy_m, speed_kmh, heading_deg, vibration, can, tags)
              SELECT s.id, f.t::timestamptz, f.lng, f.lat, f.acc, f.spd, f.hdg, f.vib, f.can, f.tags
              FROM telemetry_sources s, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                AS f(t text, lng float8, lat float8, acc real, spd real, hdg real, vib smallint, can jsonb, tags jsonb)
              WHERE s.counter_id = ${box} ON CONFLICT DO NOTHING`,
          )
        }
      }
      const loaded = performance.now() - loading
      // Every machine-day computed once, the first time.
      const computing = performance.now()
      await app.sql((sql) =>
        queueDays(sql`SELECT m.id AS machine_id, d::date AS day FROM machines m,
          generate_series(${firstDay}::date, ${firstDay}::date + ${days - 1}::int, interval '1 day') d
          WHERE m.cluster_id = ${cluster}`).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      )
      const computed = await settled(app, computing)
      notes.push(
        `generated and loaded once in ${Math.round(loaded / 1000)} s, first computed in ${Math.round(computed / 1000)} s`,
      )
      await app.sql(
        (sql) =>
          sql`INSERT INTO bench_fleet VALUES (${cluster}, ${`{${ids.join(",")}}`}::uuid[], ${firstDay}::date)`,
      )
      fleet = { cluster_id: cluster, machine_ids: ids, first_day: firstDay }
    }
    const owner = await signup(app, { firstname: "Bench", lastname: "Activités" })
    await app.sql(
      (sql) => sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
        VALUES (${fleet.cluster_id}, ${owner.id}, 'member', '{seeMachines,editMachine,manageMachine}')`,
    )
    const [{ n: fixes }] = await app.sql((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM fixes`)
    const change = (machine: string, minutes: number) =>
      app.call("PATCH", `/api/v2/machines/${machine}`, {
        headers: owner.auth,
        body: { editMachine: { settings: { minPauseMinutes: minutes } } },
      })
    // A new value each run, so each run changes something.
    const minutes = 2 + (Date.now() % 5)
    const oneStart = performance.now()
    const one = await change(fleet.machine_ids[0], minutes)
    if (one.status !== 200) throw new Error(`settings: ${one.status} ${await one.text()}`)
    const oneMachine = await settled(app, oneStart)
    const allStart = performance.now()
    for (const id of fleet.machine_ids) {
      const res = await change(id, minutes + 1)
      if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`)
    }
    const all = await settled(app, allStart)
    const machineDays = fleet.machine_ids.length * days
    return [
      {
        name: `PostgreSQL: ${fleet.machine_ids.length} machines' ${days} days recomputed after a settings change, wall time`,
        value: all / 1000,
        baseline: oneMachine / 1000,
        unit: "s",
        baselineName: `one machine's ${days} days`,
        note: `${machineDays} machine-days, ${Math.round(all / machineDays)} ms each; ${fixes} fixes${notes.length ? `; ${notes.join("; ")}` : ""}`,
      },
    ]
  } finally {
    await app.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  measureActivitiesRecompute()
    .then((figures) => printFigures("Activities recomputed after a settings change", figures))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
