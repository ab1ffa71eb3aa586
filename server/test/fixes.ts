import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { rebuild } from "../rollups/sql"
import type { TestApp } from "./app"

/** A fix as the tests seed it: the stored columns, by their wire names where they have one. */
export interface SeedFix {
  readonly t: string
  readonly lng?: number
  readonly lat?: number
  readonly acc?: number
  readonly spd?: number
  readonly hdg?: number
  readonly alt?: number
  readonly sat?: number
  /** 0 none, 1 low, 2 medium, 3 high. */
  readonly vib?: number
  readonly vibRaw?: number
  readonly bat?: number
  readonly can?: Record<string, number>
  readonly tags?: ReadonlyArray<{ id: string; rssi?: number }>
}

/** A box registered straight in the table (its telemetry source comes with it), in `cluster` or none. */
export const addBox = async (
  app: TestApp,
  id: string,
  cluster: string | null,
  battery: number | null = 80,
) => {
  await app.sql(
    (sql) => sql`INSERT INTO counters (id, cluster_id, battery) VALUES (${id}, ${cluster}, ${battery})`,
  )
  return id
}

/**
 * Stores fixes of the box straight in `fixes`, as if it had uploaded them (known ones kept once),
 * and sums them into the rollups as the ingest does.
 */
export const seedFixes = async (app: TestApp, counterId: string, fixes: ReadonlyArray<SeedFix>) => {
  const [source] = await app.sql(
    (sql) => sql<{
      id: string
    }>`WITH put AS (INSERT INTO fixes (source_id, at, lng, lat, accuracy_m, speed_kmh,
        heading_deg, altitude_m, satellites, vibration, vibration_raw, battery, can, tags)
      SELECT s.id, f.t::timestamptz, coalesce(f.lng, 2.35), coalesce(f.lat, 48.85), f.acc, f.spd, f.hdg, f.alt,
        f.sat, f.vib, f."vibRaw", f.bat, f.can, f.tags
      FROM telemetry_sources s,
        jsonb_to_recordset(${JSON.stringify(fixes)}::jsonb) AS f(t text, lng float8, lat float8, acc real,
          spd real, hdg real, alt real, sat smallint, vib smallint, "vibRaw" real, bat real, can jsonb, tags jsonb)
      WHERE s.counter_id = ${counterId}
      ON CONFLICT DO NOTHING RETURNING source_id)
      SELECT id FROM telemetry_sources WHERE counter_id = ${counterId}`,
  )
  const times = fixes.map((f) => Date.parse(f.t))
  if (source === undefined || times.length === 0) return
  await app.sql((sql) =>
    Effect.provideService(
      rebuild(
        source.id,
        times.reduce((a, b) => Math.min(a, b)),
        times.reduce((a, b) => Math.max(a, b)) + 1,
      ),
      SqlClient.SqlClient,
      sql,
    ),
  )
}

/** `n` fixes of the box every `stepSeconds` from `from` (ISO), moving east a little each time. */
export const track = (from: string, n: number, stepSeconds = 5, extra: Partial<SeedFix> = {}) =>
  Array.from({ length: n }, (_, i) => ({
    t: new Date(Date.parse(from) + i * stepSeconds * 1000).toISOString(),
    lng: 2.35 + i * 0.0001,
    lat: 48.85,
    ...extra,
  }))

/**
 * `n` fixes as a box sends them (wire form) from `from` (ms): one every 5 to 40 s with some silences
 * over a minute, moving or not, CAN values (negative ones too) and vibration; the same for a seed.
 */
export const randomTrace = (from: number, n: number, seed: number) => {
  let t = from
  let rnd = seed
  const next = () => {
    rnd = (rnd * 16807) % 2147483647
    return rnd / 2147483647
  }
  return Array.from({ length: n }, (_, i) => {
    t += next() < 0.05 ? 90_000 + Math.floor(next() * 200_000) : 5000 + Math.floor(next() * 35_000)
    const moving = next() < 0.7
    return {
      t: new Date(t).toISOString(),
      lng: 1.4 + i * 0.0002,
      lat: 43.6 + (next() - 0.5) * 0.001,
      ...(i % 7 === 3 ? {} : { spd: moving ? Math.round(next() * 300) / 10 : 0 }),
      vib: (["none", "low", "medium", "high"] as const)[Math.floor(next() * 4)],
      bat: Math.round(100 - i / 10),
      ...(i % 5 === 0
        ? {}
        : { can: { engineSpeed: moving ? 1200 + Math.round(next() * 800) : 0, fuelRate: -3 + next() * 20 } }),
    }
  })
}
