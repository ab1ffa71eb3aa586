import { gunzipSync } from "node:zlib"
import { VectorTile } from "@mapbox/vector-tile"
import { Schema } from "effect"
import { PbfReader } from "pbf"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FieldIndex } from "../../src/schema/field"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, createCluster, send } from "../test/clusters"
import { beauce, fieldCalls, polygon, square } from "../test/fields"

type Person = Awaited<ReturnType<typeof signup>>

/** The Web Mercator tile of zoom `z` holding the point. */
const tileOf = (lng: number, lat: number, z: number) => ({
  z,
  x: Math.floor(((lng + 180) / 360) * 2 ** z),
  y: Math.floor(((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * 2 ** z),
})

describe.each(backends)("FieldsMain's index and map tiles on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { putField } = fieldCalls(() => app)

  const index = async (who: Person) => {
    const answer = await send(app, who, "GET", "/api/v2/fields/index")
    expect(answer.status).toBe(200)
    return Schema.decodeUnknownSync(FieldIndex)(answer.body)
  }
  const tile = async (who: Person | undefined, path: string) => {
    const res = await app.call("GET", `/api/v2/fields/tiles/${path}`, { headers: who?.auth ?? {} })
    const bytes = new Uint8Array(await res.arrayBuffer())
    const layer = res.ok ? new VectorTile(new PbfReader(bytes)).layers.fields : undefined
    const features = Array.from({ length: layer?.length ?? 0 }, (_, i) => layer?.feature(i))
    return {
      status: res.status,
      headers: res.headers,
      bytes,
      ids: features.map((f) => String(f?.properties.id)).sort(),
      owners: features.map((f) => String(f?.properties.owner)),
      types: features.map((f) => f?.type),
    }
  }

  /**
   * Anne's CUMA: Paul sees its fields ('Voir les machines'), Eve is a member without it. Olga,
   * elsewhere, has a field right beside Anne's: in the same tiles.
   */
  const world = async () => {
    const [anne, paul, eve, olga] = await Promise.all([1, 2, 3, 4].map(() => signup(app)))
    const cuma = await createCluster(app, anne, { name: "CUMA des Plaines" })
    await addMember(app, cuma, paul.id, ["seeMachines"])
    await addMember(app, cuma, eve.id, [])
    const field = (who: Person, name: string, lng: number, side = 120) =>
      putField(who, { name, crop: "BTH", geometry: polygon(square(lng, beauce.lat, side)) }).then((r) => {
        expect(r.status).toBe(200)
        return r.id
      })
    const mare = await field(anne, "La Mare", beauce.lng)
    const croix = await field(anne, "la Croix", beauce.lng + 0.002, 80)
    const theirs = await field(olga, "Chez Olga", beauce.lng + 0.004)
    return { anne, paul, eve, olga, cuma, mare, croix, theirs }
  }

  it("lists every field the caller sees without outlines, by name, with owners, structures and the box around them", async () => {
    const w = await world()
    const seen = await index(w.paul)
    expect(seen.fields.id).toEqual([w.croix, w.mare])
    expect(seen.fields.name).toEqual(["la Croix", "La Mare"])
    expect(seen.fields.crop).toEqual(["BTH", "BTH"])
    expect(seen.fields.areaHa[1]).toBeCloseTo(1.44, 1)
    expect(seen.fields.bbox).toHaveLength(8)
    expect(seen.fields.bbox[0]).toBeCloseTo(beauce.lng + 0.002, 5)
    expect(seen.owners).toEqual([expect.objectContaining({ id: w.anne.id, structures: [w.cuma] })])
    expect(seen.fields.owner).toEqual([0, 0])
    expect(seen.structures).toEqual([{ id: w.cuma, name: "CUMA des Plaines" }])
    const [west = 0, south = 0, east = 0] = seen.bounds ?? []
    expect(west).toBeCloseTo(beauce.lng, 5)
    expect(south).toBeCloseTo(beauce.lat, 5)
    expect(east).toBeGreaterThan(beauce.lng + 0.002)

    // A member without 'Voir les machines' sees none of them; Olga sees her own alone.
    const eve = await index(w.eve)
    expect(eve.fields.id).toEqual([])
    expect(eve.bounds).toBeNull()
    expect(eve.structures.map((s) => s.id)).toEqual([w.cuma])
    expect((await index(w.olga)).fields.id).toEqual([w.theirs])
    expect((await app.call("GET", "/api/v2/fields/index")).status).toBe(401)
  })

  it("keeps every column of a field at the same position, by name, however many", async () => {
    const w = await world()
    // Created out of name order, each its own size and place.
    for (const [i, name] of [
      "Oseraie",
      "Bas Pré",
      "Étang",
      "Zone 9",
      "arpent",
      "Clos",
      "Moulin",
      "Érable",
    ].entries())
      await putField(w.anne, {
        name,
        crop: `C${i}`,
        geometry: polygon(square(beauce.lng - 0.01 * (i + 1), beauce.lat, 50 + 10 * i)),
      })
    const seen = await index(w.paul)
    const listed = (await send(app, w.paul, "GET", "/api/v2/fields")).body as Array<{
      id: string
      name: string
      areaHa: number
      crop: string | null
      bbox: [number, number, number, number]
    }>
    expect(seen.fields.id).toEqual(listed.map((f) => f.id))
    listed.forEach((f, i) => {
      expect(seen.fields.name[i]).toBe(f.name)
      expect(seen.fields.crop[i]).toBe(f.crop)
      expect(seen.fields.areaHa[i]).toBeCloseTo(f.areaHa, 3)
      for (const [k, v] of f.bbox.entries()) expect(seen.fields.bbox[4 * i + k]).toBeCloseTo(v, 5)
    })
  })

  it("changes its version when a field seen changes, and only then", async () => {
    const w = await world()
    const before = (await index(w.paul)).version
    expect((await index(w.paul)).version).toBe(before)
    await putField(w.olga, { name: "Ailleurs", geometry: polygon(square(2, 47, 50)) })
    expect((await index(w.paul)).version).toBe(before)
    await putField(
      w.anne,
      { name: "Renommée", geometry: polygon(square(beauce.lng, beauce.lat, 120)) },
      w.mare,
    )
    expect((await index(w.paul)).version).not.toBe(before)
  })

  it("tags its answer and answers 304 while nothing it shows changed, for the caller alone", async () => {
    const w = await world()
    const ask = (who: Person, tag?: string) =>
      app.call("GET", "/api/v2/fields/index", {
        headers: { ...who.auth, ...(tag ? { "if-none-match": tag } : {}) },
      })
    const first = await ask(w.paul)
    const tag = first.headers.get("etag") ?? ""
    expect(first.status).toBe(200)
    expect(tag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(first.headers.get("cache-control")).toBe("private, no-cache")
    expect(`"${((await first.json()) as { tag: string }).tag}"`).toBe(tag)
    const again = await ask(w.paul, tag)
    expect(again.status).toBe(304)
    expect(await again.text()).toBe("")
    expect((await ask(w.paul, `W/${tag}`)).status).toBe(304)
    // Another person never gets a 304 for Paul's tag: their answer is not his.
    expect((await ask(w.anne, tag)).status).toBe(200)
    expect((await ask(w.paul, '"0123456789abcdef0123456789abcdef"')).status).toBe(200)

    // A field he does not see changes nothing; each thing the answer shows does.
    await putField(w.olga, { name: "Ailleurs", geometry: polygon(square(2, 47, 50)) })
    expect((await ask(w.paul, tag)).status).toBe(304)
    const changes: Array<() => Promise<unknown>> = [
      () =>
        putField(
          w.anne,
          { name: "Renommée", geometry: polygon(square(beauce.lng, beauce.lat, 120)) },
          w.mare,
        ),
      () =>
        send(app, w.anne, "PUT", "/api/v2/me", { edit: { firstname: "Annette" } }).then((r) =>
          expect(r.status).toBe(200),
        ),
      () =>
        send(app, w.anne, "PATCH", `/api/v2/clusters/${w.cuma}`, { name: "CUMA des Grandes Plaines" }).then(
          (r) => expect(r.status).toBe(200),
        ),
    ]
    let current = tag
    for (const change of changes) {
      await change()
      const answer = await ask(w.paul, current)
      expect(answer.status).toBe(200)
      const next = answer.headers.get("etag") ?? ""
      expect(next).not.toBe(current)
      current = next
    }
    const seen = Schema.decodeUnknownSync(FieldIndex)(await (await ask(w.paul)).json())
    expect(seen.fields.name).toContain("Renommée")
    expect(seen.owners[0]?.firstname).toBe("Annette")
    expect(seen.structures[0]?.name).toBe("CUMA des Grandes Plaines")
  })

  it("sends the index gzipped to whoever accepts it (beyond a kilobyte), the same JSON inside", async () => {
    const w = await world()
    for (let i = 1; i <= 8; i++)
      await putField(w.anne, {
        name: `Pièce ${i}`,
        geometry: polygon(square(beauce.lng - 0.003 * i, beauce.lat, 60)),
      })
    const plain = await app.call("GET", "/api/v2/fields/index", { headers: w.paul.auth })
    expect(plain.headers.get("content-encoding")).toBeNull()
    const zipped = await app.call("GET", "/api/v2/fields/index", {
      headers: { ...w.paul.auth, "accept-encoding": "gzip, deflate, br" },
    })
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get("content-encoding")).toBe("gzip")
    const inside = gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString("utf8")
    expect(JSON.parse(inside)).toEqual(await plain.json())
  })

  it("draws in a tile exactly the fields the caller sees there, and nothing of others'", async () => {
    const w = await world()
    for (const z of [10, 14]) {
      const { x, y } = tileOf(beauce.lng + 0.002, beauce.lat + 0.0005, z)
      const paul = await tile(w.paul, `${z}/${x}/${y}`)
      expect(paul.status).toBe(200)
      expect(paul.headers.get("content-type")).toBe("application/vnd.mapbox-vector-tile")
      expect(paul.ids).toEqual([w.mare, w.croix].sort())
      expect(paul.owners).toEqual([w.anne.id, w.anne.id])
      expect(paul.types).toEqual([3, 3]) // polygons
      const olga = await tile(w.olga, `${z}/${x}/${y}`)
      expect(olga.ids).toEqual([w.theirs])
      const eve = await tile(w.eve, `${z}/${x}/${y}`)
      expect(eve).toMatchObject({ status: 200, ids: [] })
      expect(eve.bytes).toHaveLength(0)
    }
    // A tile elsewhere holds none of them.
    const far = tileOf(5, 45, 14)
    expect((await tile(w.paul, `14/${far.x}/${far.y}`)).ids).toEqual([])
  })

  it("lets the browser keep a tile, privately, for a day when its address names the index's version", async () => {
    const w = await world()
    const { x, y } = tileOf(beauce.lng, beauce.lat, 12)
    const plain = await tile(w.paul, `12/${x}/${y}`)
    expect(plain.headers.get("cache-control")).toBe("private, no-cache")
    const version = (await index(w.paul)).version
    const versioned = await tile(w.paul, `12/${x}/${y}?v=${version}`)
    expect(versioned.headers.get("cache-control")).toBe("private, max-age=86400")
    expect(versioned.headers.get("vary")).toBe("authorization")
  })

  it("refuses a tile that is not on the grid, and anyone signed out", async () => {
    const w = await world()
    for (const path of ["23/0/0", "3/8/0", "3/0/8", "a/0/0", "3/-1/0", "3/1.5/0"])
      expect((await tile(w.paul, path)).status, path).toBe(400)
    expect((await tile(undefined, "3/0/0")).status).toBe(401)
  })
})
