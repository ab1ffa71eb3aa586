import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { expect } from "vitest"
import type { WireFix } from "../../src/schema/telemetry"
import { hashSecret, newSecret } from "../ingest/secrets"
import { type SimField, simulateDay } from "../simulator/generate"
import type { signup, TestApp } from "../test/app"
import { send } from "../test/clusters"
import { beauce, polygon, square } from "../test/fields"

type Person = Awaited<ReturnType<typeof signup>>

export const day = 86_400_000
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
export const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`

/** The day the tests work: three days ago (final, past the boxes' replay window), in UTC. */
export const testDate = isoDay(Date.now() - 3 * day)
/** A listing period around it, and the start of a 30-day window of association. */
export const testPeriod = {
  start_date: `${isoDay(Date.now() - 6 * day)}T00:00:00Z`,
  end_date: `${isoDay(Date.now() + day)}T00:00:00Z`,
}
export const testSince = new Date(Date.now() - 30 * day).toISOString()

/** A field of 400 m by 400 m near the demo's fields, its south-west corner `east` metres east of Beauce. */
export const fieldAt = (east: number, name = "La Grande Pièce"): SimField => {
  const lng = beauce.lng + east / (111_320 * Math.cos((beauce.lat * Math.PI) / 180))
  return { id: crypto.randomUUID(), name, geometry: polygon(square(lng, beauce.lat, 400)) }
}

/** A tractor's simulated day (UTC date `date`) over `fields`, fixes as a box sends them. */
export const tractorDay = (
  date: string,
  fields: ReadonlyArray<SimField>,
  seed = 7,
  tags?: { readonly driver?: string; readonly implement?: string },
) =>
  simulateDay({
    day: date,
    machine: {
      name: "Tracteur",
      toolWidthM: 6,
      maxWorkingSpeedKmh: 12,
      roadSpeedKmh: 25,
      vibration: true,
      tags,
    },
    yard: [beauce.lng - 0.01, beauce.lat - 0.005],
    fields,
    seed,
    battery: 90,
    options: { workedSurfaces: false },
  })

/** The activities side of a test: boxes that upload, waiting for the recomputations to settle. */
export const activitiesWorld = (app: () => TestApp) => {
  let n = 0
  return {
    /** A box registered 60 days ago with its secret, on `machine` of `cluster` from `since` (ISO) on. */
    boxOn: async (cluster: string, machine: string, since: string, owner: Person) => {
      const id = `ACT-${++n}-${Date.now() % 1_000_000}`
      const secret = newSecret()
      await app().sql(
        (sql) => sql`INSERT INTO counters (id, cluster_id, kind, secret_hash, secret_issued_at, created_at)
          VALUES (${id}, ${cluster}, 'box', ${hashSecret(secret)}, now(), now() - interval '60 days')`,
      )
      const res = await send(app(), owner, "POST", `/api/v2/counters/${id}/associations`, {
        cluster,
        machine,
        start_date: since,
        end_date: null,
      })
      expect(res.status).toBe(201)
      return { id, association: res.body.id as string, auth: { authorization: `Bearer ${secret}` } }
    },
    /** Uploads fixes through the ingest, as the box would. */
    upload: async (box: { id: string; auth: Record<string, string> }, fixes: ReadonlyArray<WireFix>) => {
      const res = await app().call("POST", `/api/v2/boxes/${box.id}/fixes`, {
        body: { fixes },
        headers: { "content-type": "application/json", ...box.auth },
      })
      expect(res.status).toBe(200)
    },
    /**
     * Waits until no machine-day waits for its recomputation (nor any recomputation runs): up to
     * three minutes, past a recomputation's lease, should a run be lost and taken again.
     */
    settled: async () => {
      const deadline = Date.now() + 180_000
      for (;;) {
        const [row] = await app().sql(
          (sql) => sql<{ n: number }>`SELECT ((SELECT count(*) FROM activity_dirty_days)
            + (SELECT count(*) FROM jobs WHERE kind = 'activities.recompute' AND dead_at IS NULL))::int AS n`,
        )
        if (row?.n === 0) return
        if (Date.now() > deadline) throw new Error(`${row?.n} machine-days still waiting after three minutes`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    /** Runs `effect` against the app's database. */
    run: <A>(effect: Effect.Effect<A, unknown, SqlClient.SqlClient>) =>
      app().sql((sql) => effect.pipe(Effect.provideService(SqlClient.SqlClient, sql))),
  }
}

/** What `storeActivity` writes; the rest of the row is a plain hour of work. */
export interface StoredActivity {
  readonly hoursAgo: number
  readonly member?: string
  readonly driver?: string
  readonly areaHa?: number | null
  readonly fuelL?: number | null
  readonly workS?: number
  readonly field?: string
  /** The fields worked, each with its part (instead of `field`, which takes 2,400 s and all the area). */
  readonly fields?: ReadonlyArray<{
    readonly id: string
    readonly workS: number
    readonly areaHa: number | null
  }>
  /** Its start, as an ISO instant (instead of `hoursAgo`). */
  readonly at?: string
  readonly productType?: string
  /** How long it lasts (1 hour unless said). */
  readonly hours?: number
  /** The booking the engine found it in. */
  readonly booking?: string
}

/**
 * An activity as the engine stores it, `hoursAgo` before now (or `at`), lasting an hour (or `hours`), for the tests of
 * what is read from stored activities (lists, pages, disputes) without simulating a day; its id.
 */
export const storeActivity = async (app: TestApp, machine: string, o: StoredActivity) => {
  const id = crypto.randomUUID()
  const hours = o.hours ?? 1
  await app.sql(
    (sql) => sql`INSERT INTO activities (machine_id, id, day, start_at, end_at, duration_s, road_distance_m,
      work_distance_m, pause_s, pause_count, area_ha, area_with_overlap_ha, fuel_l, fuel_source, max_speed_kmh,
      unknown_field_s, seconds, member_id, attribution, provisional, figures_fingerprint, product_type_id, booking_id)
    VALUES (${machine}, ${id}, current_date, coalesce(${o.at ?? null}::timestamptz, now() - ${`${o.hoursAgo} hours`}::interval),
      coalesce(${o.at ?? null}::timestamptz + ${`${hours} hours`}::interval, now() - ${`${o.hoursAgo - hours} hours`}::interval),
      ${hours * 3600}, 2000, 8000, 0, 0, ${o.areaHa ?? null},
      ${o.areaHa == null ? null : o.areaHa * 1.1}, ${o.fuelL ?? null}, ${o.fuelL == null ? null : "rate"}, 14, 0,
      ${JSON.stringify({ fieldWork: o.workS ?? 2400, road: 600, turn: 300, idle: 300, pause: 0 })}::jsonb,
      ${o.member ?? null}, ${o.member ? "booking" : "none"}, false, 'list', ${o.productType ?? null}, ${o.booking ?? null})`,
  )
  if (o.driver)
    await app.sql(
      (sql) => sql`INSERT INTO activity_drivers (machine_id, activity_id, user_id, position)
      VALUES (${machine}, ${id}, ${o.driver}, 0)`,
    )
  if (o.field)
    await app.sql(
      (sql) => sql`INSERT INTO activity_fields (machine_id, activity_id, field_id, position, work_s, area_ha)
      VALUES (${machine}, ${id}, ${o.field}, 0, 2400, ${o.areaHa ?? null})`,
    )
  for (const [position, part] of (o.fields ?? []).entries())
    await app.sql(
      (sql) => sql`INSERT INTO activity_fields (machine_id, activity_id, field_id, position, work_s, area_ha)
      VALUES (${machine}, ${id}, ${part.id}, ${position}, ${part.workS}, ${part.areaHa})`,
    )
  return id
}
