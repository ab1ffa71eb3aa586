import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoSignIn } from "../seed"
import { backends, startTestApp, type TestApp } from "../test/app"
import { catalogueBrands, catalogueCategories, ensureCatalogue } from "./catalogue"

const counts = (app: TestApp) =>
  app.sql(
    (sql) => sql<{ brands: number; categories: number; types: number }>`SELECT
      (SELECT count(*)::int FROM brands) AS brands,
      (SELECT count(*)::int FROM filter_entries WHERE type = 'machineCategory') AS categories,
      (SELECT count(*)::int FROM filter_entries WHERE type = 'machineType') AS types`,
  )

const expected = {
  brands: catalogueBrands.length,
  categories: catalogueCategories.length,
  types: catalogueCategories.reduce((n, c) => n + c.types.length, 0),
}

describe.each(backends)("machine catalogue on %s", (backend) => {
  let demo: TestApp
  let bare: TestApp
  beforeAll(async () => {
    ;[demo, bare] = await Promise.all([startTestApp(backend, { seedDemo: true }), startTestApp(backend)])
  })
  afterAll(async () => {
    await demo?.close()
    await bare?.close()
  })

  it("is there without demo data, and inserted once when two starts race on an empty catalogue", async () => {
    // The in-process app builds its handlers on the first request (a listening server at start).
    await bare.call("GET", "/api/health")
    expect(await counts(bare)).toEqual([expected])
    await bare.sql((sql) => sql`DELETE FROM filter_entries`.pipe(Effect.zipRight(sql`DELETE FROM brands`)))
    expect(await counts(bare)).toEqual([{ brands: 0, categories: 0, types: 0 }])
    const ensure = () => bare.sql((sql) => Effect.provideService(ensureCatalogue, SqlClient.SqlClient, sql))
    await Promise.all([ensure(), ensure()])
    expect(await counts(bare)).toEqual([expected])
  })

  it("describes the three demo machines with brand, model, category, type, numbers and maintenance", async () => {
    expect(await counts(demo)).toEqual([expected])
    const res = await demo.call("POST", "/api/v2/auth/login", { body: demoSignIn })
    const auth = { authorization: `JWT ${((await res.json()) as { token: string }).token}` }
    const list = (await (await demo.call("GET", "/api/v2/machines", { headers: auth })).json()) as Array<{
      id: string
    }>
    const machines = await Promise.all(
      list.map(async (m) => (await demo.call("GET", `/api/v2/machines/${m.id}`, { headers: auth })).json()),
    )
    expect(
      machines.map((m) => [
        m.name,
        m.brand?.name,
        m.model,
        m.category?.name.default,
        m.type?.name.default,
        m.toolWidthMeters,
        m.maxWorkingSpeedKmh,
      ]),
    ).toEqual([
      [
        "Moissonneuse Claas Lexion 760",
        "Claas",
        "Lexion 760",
        "Moissonneuse-batteuse",
        "Batteuse conventionnelle",
        9,
        12,
      ],
      ["Semoir Kuhn Espro 3000", "Kuhn", "Espro 3000", "Semoir", "Semoir de semis direct", 3, 15],
      ["Tracteur John Deere 6155R", "John Deere", "6155R", "Tracteur", "Tracteur 4 roues motrices", null, 40],
    ])
    for (const m of machines) {
      expect(m.maintenance.dateOfIssue).toMatch(/^\d{4}-\d{2}-\d{2}T/)
      expect(m.maintenance.workingHours).toBeGreaterThan(0)
    }
  })
})
