// The fields a booking names (SPEC §3 Booking: fields), on PGlite and PostgreSQL.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"
import {
  bookingBody,
  bookingForbidden,
  bookingNotFound,
  machineRef,
  planning,
  refusal,
} from "../test/bookings"
import { send } from "../test/clusters"
import { beauce, fieldCalls, polygon, square } from "../test/fields"

const bad = (code: string, message: string) => ({ status: 400, body: refusal("BadRequest", code, message) })

describe.each(backends)("fields of bookings on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { fixture, put, get, list } = planning(() => app)
  const { putField } = fieldCalls(() => app)
  const options = (who: Parameters<typeof put>[0], clusterId: string) =>
    send(app, who, "GET", `/api/v2/clusters/${clusterId}/fields`)

  /** Paul's two fields and Eve's one (members), Olga's (outside the structure). */
  const withFields = async () => {
    const f = await fixture()
    const field = async (who: typeof f.paul, name: string, dx: number) => {
      const r = await putField(who, { name, geometry: polygon(square(beauce.lng + dx, beauce.lat, 100)) })
      expect(r.status).toBe(200)
      return r.id
    }
    return {
      ...f,
      prés: await field(f.paul, "Les Prés", 0),
      bois: await field(f.paul, "Le Bois", 0.002),
      mare: await field(f.eve, "La Mare", 0.004),
      olgas: await field(f.olga, "Chez Olga", 0.006),
    }
  }

  it("offers the members' fields, named, measured and drawn, to a member who sees the machines", async () => {
    const f = await withFields()
    const r = await options(f.paul, f.cluster)
    expect(r.status).toBe(200)
    const got = r.body as Array<{
      id: string
      name: string
      areaHa: number
      owner: { id: string }
      geometry: { type: string }
    }>
    expect(got.map((o) => o.name)).toEqual(["La Mare", "Le Bois", "Les Prés"])
    expect(got.find((o) => o.id === f.mare)?.owner.id).toBe(f.eve.id)
    for (const o of got) {
      expect(o.areaHa).toBeGreaterThan(0.9)
      expect(o.areaHa).toBeLessThan(1.1)
      expect(o.geometry.type).toBe("Polygon")
    }
    expect(got.some((o) => o.id === f.olgas)).toBe(false)
  })

  it("keeps the list to members: 404 outside the structure, 403 without 'Voir les machines', 401 signed out", async () => {
    const f = await withFields()
    expect(await options(f.olga, f.cluster)).toEqual({ status: 404, body: bookingNotFound })
    const noSight = await fixture([])
    expect(await options(noSight.paul, noSight.cluster)).toEqual({ status: 403, body: bookingForbidden })
    expect((await options(undefined, f.cluster)).status).toBe(401)
  })

  it("saves the fields in the order chosen, shows them to whoever sees the booking, and a retry changes nothing", async () => {
    const f = await withFields()
    const body = { ...bookingBody(f.paul.id, [machineRef(f.t1)]), fields: [f.mare, f.prés] }
    const saved = await put(f.paul, f.t1, body)
    expect(saved.status).toBe(200)
    const fields = (saved.body as { fields: Array<{ id: string; name: string; areaHa: number }> }).fields
    expect(fields.map((x) => x.name)).toEqual(["La Mare", "Les Prés"])
    expect(fields[0].areaHa).toBeGreaterThan(0.9)
    const again = await put(f.paul, f.t1, body)
    expect(again).toEqual(saved)
    const seen = await get(f.marc, body.id)
    expect((seen.body as { fields: Array<{ id: string }> }).fields.map((x) => x.id)).toEqual([f.mare, f.prés])
    const listed = await list(f.anne, `?cluster=${f.cluster}`)
    const one = (listed.body as Array<{ id: string; fields: Array<{ id: string }> }>).find(
      (b) => b.id === body.id,
    )
    expect(one?.fields.map((x) => x.id)).toEqual([f.mare, f.prés])
  })

  it("edits the list: reordered, one removed, one added", async () => {
    const f = await withFields()
    const body = { ...bookingBody(f.paul.id, [machineRef(f.t1)]), fields: [f.prés, f.bois] }
    expect((await put(f.paul, f.t1, body)).status).toBe(200)
    const edited = await put(f.paul, f.t1, { ...body, fields: [f.mare, f.prés] })
    expect(edited.status).toBe(200)
    expect((edited.body as { fields: Array<{ id: string }> }).fields.map((x) => x.id)).toEqual([
      f.mare,
      f.prés,
    ])
    const cleared = await put(f.paul, f.t1, { ...body, fields: [] })
    expect((cleared.body as { fields: unknown[] }).fields).toEqual([])
  })

  it("refuses a field of no member, an unknown one, a field twice, and saves nothing", async () => {
    const f = await withFields()
    const unknown = bad("bookingFieldUnknown", "Cette parcelle n'appartient à aucun membre de la structure")
    const body = bookingBody(f.paul.id, [machineRef(f.t1)])
    expect(await put(f.paul, f.t1, { ...body, fields: [f.prés, f.olgas] })).toEqual(unknown)
    expect(await put(f.paul, f.t1, { ...body, fields: [randomUUID()] })).toEqual(unknown)
    expect(await put(f.paul, f.t1, { ...body, fields: [f.prés, f.prés] })).toEqual(
      bad("duplicateField", "Une parcelle ne peut figurer qu'une fois dans la réservation"),
    )
    expect((await put(f.paul, f.t1, { ...body, fields: ["not-a-uuid"] })).status).toBe(400)
    expect((await get(f.paul, body.id)).status).toBe(404)
  })

  it("a field deleted later leaves the booking; a booking may keep a field whose owner left", async () => {
    const f = await withFields()
    const body = { ...bookingBody(f.paul.id, [machineRef(f.t1)]), fields: [f.prés, f.mare] }
    expect((await put(f.paul, f.t1, body)).status).toBe(200)
    expect((await send(app, f.paul, "DELETE", `/api/v2/fields/${f.prés}`)).status).toBe(204)
    const after = await get(f.paul, body.id)
    expect((after.body as { fields: Array<{ id: string }> }).fields.map((x) => x.id)).toEqual([f.mare])
    await app.sql(
      (sql) => sql`DELETE FROM memberships WHERE user_id = ${f.eve.id} AND cluster_id = ${f.cluster}`,
    )
    const kept = await put(f.paul, f.t1, { ...body, fields: [f.mare], comments: "toujours la mare" })
    expect(kept.status).toBe(200)
    expect((await put(f.paul, f.t1, { ...body, fields: [f.mare, f.bois] })).status).toBe(200)
    const other = { ...bookingBody(f.paul.id, [machineRef(f.t2)]), fields: [f.mare] }
    expect(await put(f.paul, f.t2, other)).toMatchObject({
      status: 400,
      body: { code: "bookingFieldUnknown" },
    })
  })
})
