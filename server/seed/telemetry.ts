import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { MultiPolygon, Polygon } from "geojson"
import type { WireFix } from "../../src/schema/telemetry"
import { decodeAll, decodeFirst } from "../db/decode"
import { IngestRepo } from "../ingest/repository"
import { checkFixes } from "../ingest/validate"
import { simMachineOf, yardFor } from "../simulator/fleet"
import type { SimField } from "../simulator/generate"
import { simulateDays } from "../simulator/plan"

/** The seed of the demo's week: the same week, shifted to the days the database is created. */
const demoSeed = 14

const MachineRow = Schema.Struct({
  name: Schema.String,
  tool_width_m: Schema.NullOr(Schema.Number),
  max_working_speed_kmh: Schema.NullOr(Schema.Number),
  engine_hours: Schema.NullOr(Schema.Number),
})
const FieldRow = Schema.Struct({ id: Schema.String, name: Schema.String, geometry: Schema.String })

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The last `dayCount` days of the demo CUMA's boxed machines (docs/simulator.md): SIL-0001 on the tractor
 * pulling the seeder (its tag BLE-0001, the driver's BLE-0002), SIL-0003 on the combine harvester,
 * both with CAN, over the demo fields, today until `now` included. Each box's fixes go to `store`
 * (the ingest's checks and storage) a day at a time. Returns the number of fixes stored.
 */
export const seedTelemetry = <E, R>(
  machines: ReadonlyArray<string>,
  dayCount: number,
  now: Date,
  store: (counterId: string, fixes: ReadonlyArray<WireFix>) => Effect.Effect<number, E, R>,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [tractorId, combineId, seederId] = machines
    const machine = (id: string | undefined) =>
      sql`SELECT name, tool_width_m::float8 AS tool_width_m, max_working_speed_kmh::float8 AS max_working_speed_kmh,
            (maintenance->>'engineHours')::float8 AS engine_hours
          FROM machines WHERE id = ${id ?? null}`.pipe(decodeFirst(MachineRow), Effect.orDie)
    if (dayCount <= 0) return 0
    const [tractor, combine, seeder] = [
      yield* machine(tractorId),
      yield* machine(combineId),
      yield* machine(seederId),
    ]
    if (!tractor || !combine) return 0
    const fields: Array<SimField> = (yield* sql`SELECT id, name, ST_AsGeoJSON(geom, 7) AS geometry FROM fields
        WHERE source = 'demo' ORDER BY name, id`.pipe(decodeAll(FieldRow))).map((f) => ({
      id: f.id,
      name: f.name,
      geometry: JSON.parse(f.geometry) as Polygon | MultiPolygon,
    }))
    if (fields.length === 0) return 0
    const fleet = (m: typeof MachineRow.Type) => ({
      name: m.name,
      toolWidthMeters: m.tool_width_m,
      maxWorkingSpeedKmh: m.max_working_speed_kmh,
      canPresent: true,
      engineHours: m.engine_hours,
    })
    const today = Date.parse(`${isoDay(now.getTime())}T00:00:00Z`)
    const days = Array.from({ length: dayCount }, (_, i) => isoDay(today - (dayCount - 1 - i) * 86_400_000))
    const boxes = [
      {
        counter: "SIL-0001",
        machine: simMachineOf(fleet(tractor), {
          implement: seeder
            ? {
                tag: "BLE-0001",
                toolWidthMeters: seeder.tool_width_m,
                maxWorkingSpeedKmh: seeder.max_working_speed_kmh,
              }
            : undefined,
          driverTag: "BLE-0002",
        }),
        // The batteries end the week about where the demo's boxes show them (87 % and 41 %).
        battery: 95,
      },
      { counter: "SIL-0003", machine: simMachineOf(fleet(combine)), battery: 49 },
    ]
    const started = Date.now()
    const week = simulateDays({
      days,
      yard: yardFor(fields),
      fields,
      boxes: boxes.map((b) => ({ machine: b.machine, battery: b.battery, workRate: 0.85 })),
      seed: demoSeed,
      options: { workedSurfaces: false },
    })
    const simulated = Date.now()
    let stored = 0
    for (const [i, box] of boxes.entries())
      for (const day of week[i] ?? []) {
        // In uploads of up to 5,000 fixes (on PGlite, about twice as fast as a whole day at once).
        const fixes = day.fixes.filter((f) => Date.parse(f.t) <= now.getTime())
        for (let i = 0; i < fixes.length; i += 5000)
          stored += yield* store(box.counter, fixes.slice(i, i + 5000))
      }
    yield* Effect.logInfo(
      `Demo telemetry: ${stored} fixes over ${dayCount} days (simulated in ${simulated - started} ms, stored in ${Date.now() - simulated} ms)`,
    )
    return stored
  })

const Box = Schema.Struct({
  source_id: Schema.String,
  since_ms: Schema.Number,
  secret_hash: Schema.NullOr(Schema.String),
})

/**
 * Stores a box's fixes through the ingest's own checks and storage (what
 * `POST /api/v2/boxes/{id}/fixes` runs once the box is authenticated): each fix once, keyed by
 * the box's source and the time; the box's battery and last communication follow. How many were new.
 */
export const storeFixes = (counterId: string, fixes: ReadonlyArray<WireFix>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* IngestRepo
    const box =
      yield* sql`SELECT s.id AS source_id, (extract(epoch FROM c.created_at) * 1000)::float8 AS since_ms,
               c.secret_hash
        FROM counters c JOIN telemetry_sources s ON s.counter_id = c.id WHERE c.id = ${counterId}`.pipe(
        decodeFirst(Box),
      )
    if (!box) return 0
    const checked = checkFixes(fixes, box.since_ms, Date.now())
    if (checked.refused.length > 0)
      yield* Effect.logWarning(`Demo telemetry: ${checked.refused.length} fixes refused for ${counterId}`)
    const stored = yield* repo.store(
      { counterId, sourceId: box.source_id, secretHash: box.secret_hash },
      checked,
    )
    return stored.n
  })
