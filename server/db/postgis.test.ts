import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"

/** The spatial platform the work areas stand on: PostGIS answers the same on both backends. */
describe.each(backends)("PostGIS on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  it("is installed, at 3.3 or later", async () => {
    const [row] = await app.sql((sql) => sql<{ v: string }>`SELECT postgis_lib_version() AS v`)
    const [major, minor] = row.v.split(".").map(Number)
    expect(major * 100 + minor).toBeGreaterThanOrEqual(303)
  })

  it("measures a hectare planar in Lambert-93 and geodesic from WGS 84, and transforms between them", async () => {
    // A 100 m × 100 m square near Chartres in Lambert-93 (EPSG:2154).
    const square = "POLYGON((587000 6817000, 587100 6817000, 587100 6817100, 587000 6817100, 587000 6817000))"
    const [row] = await app.sql(
      (sql) => sql<{ planar: number; geodesic: number; lon: number; lat: number }>`
        WITH sq AS (SELECT ST_GeomFromText(${square}, 2154) AS g)
        SELECT ST_Area(g) / 10000 AS planar,
               ST_Area(ST_Transform(g, 4326)::geography) / 10000 AS geodesic,
               ST_X(ST_Transform(ST_Centroid(g), 4326)) AS lon,
               ST_Y(ST_Transform(ST_Centroid(g), 4326)) AS lat
        FROM sq`,
    )
    expect(row.planar).toBeCloseTo(1, 6)
    // Lambert-93's scale factor near Chartres makes the ground area differ by well under 0.5 %.
    expect(Math.abs(row.geodesic - 1)).toBeLessThan(0.005)
    expect(row.lon).toBeCloseTo(1.48, 1)
    expect(row.lat).toBeCloseTo(48.44, 1)
  })

  it("answers a spatial question through a GiST index", async () => {
    await app.sql(
      (sql) => sql`CREATE TEMP TABLE shapes AS
        SELECT i, ST_Buffer(ST_SetSRID(ST_MakePoint(i % 100, i / 100), 2154), 0.4) AS g
        FROM generate_series(0, 9999) AS i`,
    )
    await app.sql((sql) => sql`CREATE INDEX ON shapes USING gist (g)`)
    const [row] = await app.sql(
      (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM shapes
        WHERE ST_Intersects(g, ST_MakeEnvelope(10, 10, 12.5, 12.5, 2154))`,
    )
    expect(row.n).toBe(9)
  })
})
