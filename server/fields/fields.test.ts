import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, createCluster, delegate, forbidden } from "../test/clusters"
import { beauce, fieldCalls, importBody, polygon, square } from "../test/fields"

describe.each(backends)("fields on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { putField, list, get, preview, confirm, count } = fieldCalls(() => app)

  it("imports the Telepac shapefile: a preview first, then the ticked parcels, with Telepac's own areas", async () => {
    const anne = await signup(app)
    const shown = await preview(anne, importBody("telepac-parcelles.zip", "telepac"))
    expect(shown.status).toBe(200)
    expect(shown.body.format).toBe("telepacShapefile")
    expect(shown.body.candidates).toHaveLength(45)
    expect(await count(anne.id)).toBe(0)
    for (const c of shown.body.candidates) {
      expect(c.action).toBe("create")
      // Planar in Lambert-93, as Telepac measures: the .dbf's SURF (ha, 2 decimals) within 0.005 ha.
      expect(Math.abs(c.areaHa - c.pac.declaredAreaHa)).toBeLessThanOrEqual(0.005)
    }
    const kept = shown.body.candidates.slice(1).map((c: { key: number }) => c.key)
    const done = await confirm(anne, importBody("telepac-parcelles.zip", "telepac", { keys: kept }))
    expect(done).toEqual({ status: 200, body: { created: 44, updated: 0, unchanged: 0 } })
    const mine = await list(anne)
    expect(mine.body).toHaveLength(44)
    const names = mine.body.map((f: { name: string }) => f.name)
    expect(names).not.toContain(shown.body.candidates[0].name)
    expect(mine.body[0]).toMatchObject({
      source: "telepac",
      owner: { id: anne.id },
      can: { edit: true, delete: true },
    })
    expect(mine.body[0].pac).toMatchObject({ campaign: 2024 })

    // The same file again: what is there is recognised, only the unticked parcel would be new.
    const again = await preview(anne, importBody("telepac-parcelles.zip", "telepac"))
    const actions = again.body.candidates.map((c: { action: string }) => c.action)
    expect(actions.filter((a: string) => a === "unchanged")).toHaveLength(44)
    expect(actions.filter((a: string) => a === "create")).toHaveLength(1)
    const all = again.body.candidates.map((c: { key: number }) => c.key)
    expect((await confirm(anne, importBody("telepac-parcelles.zip", "telepac", { keys: all }))).body).toEqual(
      {
        created: 1,
        updated: 0,
        unchanged: 44,
      },
    )
    expect(await count(anne.id)).toBe(45)
  })

  it("recognises next year's outline of a parcel (same îlot and parcel) and updates it instead of adding one", async () => {
    const anne = await signup(app)
    const file = importBody("telepac-single-2024v4.xml", "telepac")
    const first = await preview(anne, file)
    const keys = first.body.candidates.map((c: { key: number }) => c.key)
    expect((await confirm(anne, { ...file, keys })).body.created).toBe(keys.length)
    // The v3 import file holds the same parcels, some redrawn: matched, never duplicated.
    const next = await preview(anne, importBody("telepac-single-2024v3.xml", "telepac"))
    for (const c of next.body.candidates) expect(["update", "unchanged"]).toContain(c.action)
    const nextKeys = next.body.candidates.map((c: { key: number }) => c.key)
    await confirm(anne, { ...importBody("telepac-single-2024v3.xml", "telepac"), keys: nextKeys })
    expect(await count(anne.id)).toBe(keys.length)
  })

  it.each([
    ["anygeo/anygeo-test.kml"],
    ["anygeo/anygeo-test.kmz"],
    ["anygeo/anygeo-test.geojson"],
    ["anygeo/anygeo-test.zip"],
    ["anygeo/anygeo-test.gpkg.zip"],
  ])("reads %s: the two fields CartoBio measures, the point skipped and counted", async (file) => {
    const anne = await signup(app)
    const shown = await preview(anne, importBody(file, "other"))
    expect(shown.status).toBe(200)
    const areas = shown.body.candidates
      .map((c: { areaHa: number }) => c.areaHa * 10_000)
      .sort((a: number, b: number) => b - a)
    // CartoBio's figures (spherical, turf): ours are planar or geodesic, within half a percent.
    expect(areas[0] / 457013.2).toBeCloseTo(1, 2)
    expect(areas[1] / 391240.7).toBeCloseTo(1, 2)
  })

  it.each([
    ["negative/anygeo-test.xlsx", "other", "importFormat"],
    ["negative/geofolia-parcelles.zip", "telepac", "notTelepacExport"],
    ["anygeo/anygeo-test.zip", "telepac", "notTelepacExport"],
  ] as const)("refuses %s sent as %s, in words, and saves nothing", async (file, kind, code) => {
    const anne = await signup(app)
    const refused = await preview(anne, importBody(file, kind))
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe(code)
    expect(refused.body.message).toMatch(/fichier/)
    expect((await confirm(anne, importBody(file, kind, { keys: [0] }))).status).toBe(400)
    expect(await count(anne.id)).toBe(0)
  })

  it("measures a drawn field with its hole, keeps the hole, and shows 45 m² as 0.0045 ha", async () => {
    const anne = await signup(app)
    const outer = square(beauce.lng, beauce.lat, 200)
    const hole = square(beauce.lng + 0.0005, beauce.lat + 0.0003, 50).reverse()
    const saved = await putField(anne, { name: "Les Grands Champs", geometry: polygon(outer, hole) })
    expect(saved.status).toBe(200)
    const whole = await putField(anne, { name: "Sans trou", geometry: polygon(outer) })
    expect(saved.body.field.geometry.coordinates).toHaveLength(2)
    expect(whole.body.field.areaHa - saved.body.field.areaHa).toBeCloseTo(0.25, 2)
    expect(saved.body.field.areaHa).toBeCloseTo(3.75, 1)
    const tiny = await putField(anne, {
      name: "Coin",
      geometry: polygon(square(beauce.lng, beauce.lat, Math.sqrt(45))),
    })
    expect(tiny.body.field.areaHa).toBeGreaterThan(0.004)
    expect(tiny.body.field.areaHa).toBeLessThan(0.005)
    expect(saved.body.owners).toEqual([
      { owner: expect.objectContaining({ id: anne.id }), since: saved.body.field.ownedSince, until: null },
    ])
  })

  it("measures planar in Lambert-93 in France and geodesic elsewhere", async () => {
    const anne = await signup(app)
    const rows = await app.sql(
      (sql) => sql<{ france: number; planar: number; quebec: number; geodesic: number }>`
        WITH f AS (SELECT ST_Transform(ST_GeomFromText('POLYGON((587000 6817000, 587100 6817000, 587100 6817100, 587000 6817100, 587000 6817000))', 2154), 4326) AS g),
             q AS (SELECT ST_GeomFromText('POLYGON((-71.2 46.8, -71.19 46.8, -71.19 46.81, -71.2 46.81, -71.2 46.8))', 4326) AS g)
        SELECT field_area_ha(f.g) AS france, 1.0::float8 AS planar, field_area_ha(q.g) AS quebec,
               ST_Area(q.g::geography) / 10000 AS geodesic FROM f, q`,
    )
    expect(rows[0]?.france).toBeCloseTo(1, 6)
    expect(rows[0]?.quebec).toBeCloseTo(rows[0]?.geodesic ?? 0, 9)
    expect(anne.id).toBeTruthy()
  })

  it("refuses an outline that crosses itself, naming the field, and saves nothing", async () => {
    const anne = await signup(app)
    const { lng, lat } = beauce
    const bowtie = polygon([
      [lng, lat],
      [lng + 0.002, lat + 0.002],
      [lng + 0.002, lat],
      [lng, lat + 0.002],
      [lng, lat],
    ])
    const refused = await putField(anne, { name: "Le Papillon", geometry: bowtie })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: "fieldGeometryInvalid" })
    expect(refused.body.message).toContain("Le Papillon")
    expect(await count(anne.id)).toBe(0)
  })

  it("stores several parts as one field, and answers which fields hold a point or meet a box", async () => {
    const anne = await signup(app)
    const { lng, lat } = beauce
    const two = await putField(anne, {
      name: "Deux morceaux",
      geometry: {
        type: "MultiPolygon",
        coordinates: [[square(lng, lat, 100)], [square(lng + 0.01, lat, 100)]],
      },
    })
    expect(two.body.field.geometry.type).toBe("MultiPolygon")
    await putField(anne, { name: "Loin", geometry: polygon(square(lng + 0.1, lat + 0.1, 100)) })
    const atPoint = await list(anne, `?point=${lng + 0.01 + 0.0005},${lat + 0.0005}`)
    expect(atPoint.body.map((f: { name: string }) => f.name)).toEqual(["Deux morceaux"])
    const inBox = await list(anne, `?bbox=${lng - 0.01},${lat - 0.01},${lng + 0.05},${lat + 0.05}`)
    expect(inBox.body.map((f: { name: string }) => f.name)).toEqual(["Deux morceaux"])
    expect((await list(anne, "?bbox=1,2,3")).status).toBe(400)
  })

  it("edits a field the same way twice (a retried PUT changes nothing) and deletes it", async () => {
    const anne = await signup(app)
    const first = await putField(anne, {
      name: "Pré",
      geometry: polygon(square(beauce.lng, beauce.lat, 100)),
    })
    const edit = { name: "Pré du bas", crop: "PPH", geometry: polygon(square(beauce.lng, beauce.lat, 120)) }
    const once = await putField(anne, edit, first.id)
    const twice = await putField(anne, edit, first.id)
    expect(twice.body).toEqual(once.body)
    expect(once.body.field).toMatchObject({ name: "Pré du bas", crop: "PPH" })
    expect((await app.call("DELETE", `/api/v2/fields/${first.id}`, { headers: anne.auth })).status).toBe(204)
    expect((await get(anne, first.id)).status).toBe(404)
  })
})

describe.each(backends)("field rights on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { putField, list, get } = fieldCalls(() => app)

  const world = async () => {
    const [anne, paul, eve, olga, dan] = await Promise.all([1, 2, 3, 4, 5].map(() => signup(app)))
    const cuma = await createCluster(app, anne)
    await addMember(app, cuma, paul.id, ["seeMachines"])
    await addMember(app, cuma, eve.id, ["bookMachine"])
    // Dan acts for Anne (Anne is one of his delegated users).
    await delegate(app, dan.id, anne.id)
    const field = await putField(anne, {
      name: "La Mare",
      geometry: polygon(square(beauce.lng, beauce.lat, 100)),
    })
    return { anne, paul, eve, olga, dan, cuma, field: field.id }
  }

  it("is seen by structure members holding 'Voir les machines', managed by its owner and whoever acts for them", async () => {
    const w = await world()
    expect((await get(w.paul, w.field)).body.field.can).toEqual({ edit: false, delete: false })
    expect((await get(w.dan, w.field)).body.field.can).toEqual({ edit: true, delete: true })
    // The structures through which one sees it: the ones shared with its owner (none for Dan).
    const named = await app.sql(
      (sql) => sql<{ name: string }>`SELECT name FROM clusters WHERE id = ${w.cuma}`,
    )
    expect((await get(w.paul, w.field)).body.structures).toEqual([{ id: w.cuma, name: named[0]?.name }])
    expect((await get(w.anne, w.field)).body.structures).toEqual([{ id: w.cuma, name: named[0]?.name }])
    expect((await get(w.dan, w.field)).body.structures).toEqual([])
    expect((await get(w.eve, w.field)).status).toBe(404)
    expect((await get(w.olga, w.field)).status).toBe(404)
    expect((await list(w.olga)).body).toEqual([])
    expect((await list(w.paul, `?user=${w.anne.id}`)).body).toHaveLength(1)
    const edit = { name: "Renommée", geometry: polygon(square(beauce.lng, beauce.lat, 100)) }
    expect(await putField(w.paul, edit, w.field)).toMatchObject({ status: 403, body: forbidden })
    expect((await putField(w.olga, edit, w.field)).status).toBe(404)
    expect((await putField(w.dan, edit, w.field)).status).toBe(200)
    expect((await app.call("DELETE", `/api/v2/fields/${w.field}`, { headers: w.paul.auth })).status).toBe(403)
  })

  it("creates fields only for oneself or one's delegated users", async () => {
    const w = await world()
    const body = { name: "Pour Anne", geometry: polygon(square(beauce.lng, beauce.lat, 80)) }
    expect((await putField(w.dan, { ...body, owner: w.anne.id })).status).toBe(200)
    expect((await putField(w.paul, { ...body, owner: w.anne.id })).status).toBe(403)
  })

  it("changes owner from a later day on, keeping who owned it before", async () => {
    const w = await world()
    const since = (await get(w.anne, w.field)).body.field.ownedSince as string
    const later = new Date(Date.parse(`${since}T00:00:00Z`) + 86_400_000 * 30).toISOString().slice(0, 10)
    const early = await app.call("PUT", `/api/v2/fields/${w.field}/owner`, {
      body: { owner: w.paul.id, since },
      headers: w.anne.auth,
    })
    expect(early.status).toBe(400)
    expect(((await early.json()) as { code: string }).code).toBe("ownedSinceTooEarly")
    const stranger = await app.call("PUT", `/api/v2/fields/${w.field}/owner`, {
      body: { owner: w.olga.id, since: later },
      headers: w.anne.auth,
    })
    expect(stranger.status).toBe(403)
    const changed = await app.call("PUT", `/api/v2/fields/${w.field}/owner`, {
      body: { owner: w.paul.id, since: later },
      headers: w.anne.auth,
    })
    expect(changed.status).toBe(200)
    const detail = (await get(w.paul, w.field)).body
    expect(detail.field).toMatchObject({ owner: { id: w.paul.id }, ownedSince: later, can: { edit: true } })
    expect(
      detail.owners.map((o: { owner: { id: string }; since: string; until: string | null }) => [
        o.owner.id,
        o.since,
        o.until,
      ]),
    ).toEqual([
      [w.anne.id, since, later],
      [w.paul.id, later, null],
    ])
  })
})
