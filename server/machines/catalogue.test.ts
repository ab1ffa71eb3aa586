import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { send } from "../test/clusters"
import { type Catalogue, fleet, loadCatalogue } from "../test/machines"

describe.each(backends)("machines of the fleet on %s", (backend) => {
  let app: TestApp
  let brands: Catalogue["brands"]
  let categories: Catalogue["categories"]
  beforeAll(async () => {
    app = await startTestApp(backend)
    ;({ brands, categories } = await loadCatalogue(app))
  })
  afterAll(() => app?.close())
  const { category, fixture, tractor } = fleet(
    () => app,
    () => ({ brands, categories }),
  )

  it("lists the catalogue: brands by name, categories in order with their types, filter entries", async () => {
    const someone = await signup(app)
    expect(brands.map((b) => b.name)).toEqual([
      "Amazone",
      "Case IH",
      "Claas",
      "Fendt",
      "John Deere",
      "Kuhn",
      "Kverneland",
      "Lemken",
      "Massey Ferguson",
      "New Holland",
    ])
    expect(categories.map((c) => c.name.default)).toEqual([
      "Tracteur",
      "Moissonneuse-batteuse",
      "Semoir",
      "Pulvérisateur",
      "Épandeur",
      "Outil de travail du sol",
      "Remorque",
      "Presse",
    ])
    for (const c of categories) {
      expect(c.types.length).toBeGreaterThanOrEqual(2)
      expect(c.types.length).toBeLessThanOrEqual(4)
    }
    expect(category("Tracteur").name).toEqual({
      default: "Tracteur",
      texts: [
        { lang: "fr", text: "Tracteur" },
        { lang: "en", text: "Tractor" },
        { lang: "pl", text: "Ciągnik" },
        { lang: "de", text: "Traktor" },
      ],
    })
    const entries = (await send(app, someone, "GET", "/api/v2/filterEntries")).body as Array<{
      id: string
      type: string
    }>
    const typeCount = categories.reduce((n, c) => n + c.types.length, 0)
    // The machine entries, then the product types (server/properties/productTypes.test.ts).
    const machineEntries = entries.filter((e) => e.type !== "productType")
    expect(entries.slice(0, machineEntries.length)).toEqual(machineEntries)
    expect(machineEntries.map((e) => e.type)).toEqual([
      ...categories.map(() => "machineCategory"),
      ...Array(typeCount).fill("machineType"),
    ])
    expect(machineEntries.map((e) => e.id)).toEqual([
      ...categories.map((c) => c.id),
      ...categories.flatMap((c) => c.types.map((t) => t.id)),
    ])
    for (const path of ["/properties/machines/brands", "/properties/machines/categories", "/filterEntries"])
      expect((await send(app, undefined, "GET", `/api/v2${path}`)).status).toBe(401)
  })

  it("inserts the catalogue once: a second start on the same database adds nothing", async () => {
    const count = () =>
      app.sql(
        (sql) => sql<{ b: number; f: number }>`SELECT (SELECT count(*)::int FROM brands) AS b,
          (SELECT count(*)::int FROM filter_entries) AS f`,
      )
    const before = await count()
    const { ensureCatalogue } = await import("../properties/catalogue")
    await app.sql((sql) => Effect.provideService(ensureCatalogue, SqlClient.SqlClient, sql))
    expect(await count()).toEqual(before)
    expect(before[0].b).toBe(10)
  })

  it("shows the sticker's public view without sign-in: id, name, structure name and the box on it now", async () => {
    const f = await fixture()
    const { body: m } = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    const view = () => send(app, undefined, "GET", `/api/v2/public/machines/${m.id}`)
    expect(await view()).toEqual({
      status: 200,
      body: { id: m.id, name: "Tracteur 6155R", clusterName: "CUMA des Blés", counter: null },
    })
    const box = (suffix: string) => `P${suffix}-${m.id.slice(0, 8)}`.toUpperCase()
    for (const s of ["PAST", "NOW", "NEXT"])
      await app.sql((sql) => sql`INSERT INTO counters (id, cluster_id) VALUES (${box(s)}, ${f.cluster})`)
    const associate = (s: string, start: string, end: string | null) =>
      app.sql(
        (
          sql,
        ) => sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date, end_date)
          VALUES (${box(s)}, ${m.id}, ${f.cluster}, now() + ${start}::interval,
                  CASE WHEN ${end}::text IS NULL THEN NULL ELSE now() + ${end}::interval END)`,
      )
    // Neither an ended box nor a coming one is the box the page would remove.
    await associate("PAST", "-30 days", "-10 days")
    await associate("NEXT", "10 days", null)
    expect((await view()).body.counter).toBeNull()
    await associate("NOW", "-5 days", null)
    expect(await view()).toEqual({
      status: 200,
      body: { id: m.id, name: "Tracteur 6155R", clusterName: "CUMA des Blés", counter: box("NOW") },
    })
    // Taken off (pickoff): the page has no box to name any more.
    expect((await send(app, f.anne, "POST", `/api/v2/machines/${m.id}/pickoff`)).status).toBe(200)
    expect((await view()).body.counter).toBeNull()
    const unknown = await send(
      app,
      undefined,
      "GET",
      "/api/v2/public/machines/00000000-0000-4000-8000-000000000000",
    )
    expect(unknown.status).toBe(404)
  })
})
