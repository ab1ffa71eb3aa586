// Product types (SPEC §3 Activity: product type): the catalogue, a machine tag's and a booking's.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seededProductTypes } from "../db/migrations/0018_product_types"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { bookingBody, machineRef, planning, refusal } from "../test/bookings"
import { forbidden, send } from "../test/clusters"

interface Entry {
  id: string
  type: string
  name: { default: string; texts: Array<{ lang: string; text: string }> }
}

const selectionUnknown = refusal("BadRequest", "selectionUnknown", "Cette selection n'existe pas")
const associationNotAllowed = refusal(
  "Forbidden",
  "associationNotAllowed",
  "Cette association n'est pas autorisee",
)

describe.each(backends)("product types on %s", (backend) => {
  let app: TestApp
  let entries: Array<Entry>
  const product = (fr: string) => entries.find((e) => e.type === "productType" && e.name.default === fr)?.id
  beforeAll(async () => {
    app = await startTestApp(backend)
    entries = (await send(app, await signup(app), "GET", "/api/v2/filterEntries")).body
  })
  afterAll(() => app?.close())
  const { fixture, put, get } = planning(() => app)

  it("come with the filter entries, after the machine ones, named in four languages; never as machine categories", async () => {
    const products = entries.filter((e) => e.type === "productType")
    expect(products.map((p) => p.name.default)).toEqual(seededProductTypes.map(([fr]) => fr))
    expect(entries.slice(-products.length)).toEqual(products)
    const slurry = products.find((p) => p.name.default === "Lisier")
    expect(slurry?.name.texts).toEqual([
      { lang: "fr", text: "Lisier" },
      { lang: "en", text: "Slurry" },
      { lang: "pl", text: "Gnojowica" },
      { lang: "de", text: "Gülle" },
    ])
    for (const p of products) expect(p.name.texts.map((t) => t.lang)).toEqual(["fr", "en", "pl", "de"])
    const categories = (await send(app, await signup(app), "GET", "/api/v2/properties/machines/categories"))
      .body
    const listed = JSON.stringify(categories)
    for (const p of products) expect(listed).not.toContain(p.id)
  })

  it("a machine tag says what its implement spreads; a user tag, a machine category or an unknown id are refused", async () => {
    const f = await fixture()
    const tag = async (id: string, type: "machine" | "user") => {
      await app.sql(
        (sql) => sql`INSERT INTO ble_tags (id, type, cluster_id) VALUES (${id}, ${type}, ${f.cluster})`,
      )
      return id
    }
    const suffix = backend[0].toUpperCase()
    const implement = await tag(`PT-M${suffix}`, "machine")
    const driver = await tag(`PT-U${suffix}`, "user")
    const attribute = (who: typeof f.anne, id: string, body: unknown) =>
      send(app, who, "PUT", `/api/v2/ble_tag/${id}`, body)
    const slurry = product("Lisier")
    const set = await attribute(f.anne, implement, { machine: f.t1, productType: slurry })
    expect(set.status).toBe(200)
    expect(set.body.productType).toMatchObject({ id: slurry, name: { default: "Lisier" } })
    const listed = (await send(app, f.paul, "GET", "/api/v2/ble_tag")).body.find(
      (t: { id: string }) => t.id === implement,
    )
    expect(listed.productType.id).toBe(slurry)
    // Taking the tag off its machine keeps what it spreads; null takes the product off.
    expect((await attribute(f.anne, implement, { machine: null })).body.productType.id).toBe(slurry)
    const category = entries.find((e) => e.type === "machineCategory")?.id
    for (const productType of [category, crypto.randomUUID()])
      expect(await attribute(f.anne, implement, { productType })).toEqual({
        status: 400,
        body: selectionUnknown,
      })
    expect((await attribute(f.anne, implement, { productType: "lisier" })).status).toBe(400)
    expect(await attribute(f.anne, driver, { productType: slurry })).toEqual({
      status: 403,
      body: associationNotAllowed,
    })
    // Paul sees the machines but may not edit them.
    expect(await attribute(f.paul, implement, { productType: product("Fumier") })).toEqual({
      status: 403,
      body: forbidden,
    })
    expect((await attribute(f.olga, implement, { productType: product("Fumier") })).status).toBe(404)
    const stored = await app.sql(
      (sql) => sql<{ id: string; p: string | null }>`SELECT id, product_type_id AS p FROM ble_tags
        WHERE id IN (${implement}, ${driver}) ORDER BY id`,
    )
    expect(stored).toEqual([
      { id: implement, p: slurry },
      { id: driver, p: null },
    ])
    expect((await attribute(f.anne, implement, { productType: null })).body.productType).toBeNull()
  })

  it("a booking may say its product type: kept, changed, cleared; an unknown one is refused and nothing written", async () => {
    const f = await fixture()
    const seed = product("Semences de céréales")
    const body = bookingBody(f.paul.id, [machineRef(f.t1)], 24, 26, { productType: seed })
    const made = await put(f.paul, f.t1, body)
    expect(made.status).toBe(200)
    expect(made.body.productType).toMatchObject({ id: seed, name: { default: "Semences de céréales" } })
    expect((await get(f.paul, body.id)).body.productType.id).toBe(seed)
    // The same content again changes nothing.
    expect((await put(f.paul, f.t1, body)).body).toEqual(made.body)
    const changed = await put(f.paul, f.t1, { ...body, productType: product("Herbicide") })
    expect(changed.body.productType.name.default).toBe("Herbicide")
    for (const productType of [entries.find((e) => e.type === "machineType")?.id, crypto.randomUUID()])
      expect(await put(f.paul, f.t1, { ...body, productType })).toEqual({
        status: 400,
        body: selectionUnknown,
      })
    expect((await get(f.paul, body.id)).body).toEqual(changed.body)
    const cleared = await put(f.paul, f.t1, { ...body, productType: null })
    expect(cleared.body.productType).toBeNull()
    const fresh = bookingBody(f.paul.id, [machineRef(f.t2)], 30, 32, { productType: crypto.randomUUID() })
    expect(await put(f.paul, f.t2, fresh)).toEqual({ status: 400, body: selectionUnknown })
    expect((await get(f.paul, fresh.id)).status).toBe(404)
    // Without one said, none.
    const plain = bookingBody(f.paul.id, [machineRef(f.t2)], 30, 32)
    expect((await put(f.paul, f.t2, plain)).body.productType).toBeNull()
  })
})
