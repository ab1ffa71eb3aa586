// Size: the API cases of correcting an activity's fields, drivers and implements, each run on PGlite and PostgreSQL, sharing one simulated day.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { maxCorrectedItems } from "../../src/schema/activity"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, send } from "../test/clusters"
import { activitiesWorld, fieldAt, q, testDate, testPeriod, testSince, tractorDay } from "./fixture"

type Person = Awaited<ReturnType<typeof signup>>
interface Shown {
  id: string
  start: string
  end: string
  areaHa: number | null
  areaWithOverlapHa: number | null
  fields: Array<{ id: string; name: string; workSeconds: number; areaHa: number | null }>
  unknownFieldSeconds: number
  drivers: Array<{ id: string }>
  auxiliaries: Array<{ id: string; name: string }>
  edited: boolean
}

const sum = (xs: ReadonlyArray<number>) => xs.reduce((a, b) => a + b, 0)
const fieldWork = (a: Shown) => sum(a.fields.map((f) => f.workSeconds)) + a.unknownFieldSeconds

describe.each(backends)(
  "correcting an activity's fields, drivers and implements, on %s",
  (backend) => {
    let app: TestApp
    const world = activitiesWorld(() => app)
    let owner: Person
    let bob: Person
    let carol: Person
    let viewer: Person
    let stranger: Person
    let cuma: string
    let harrow: string
    let foreignMachine: string
    const worked = fieldAt(0)
    const noue = fieldAt(3000, "La Noue")
    const elsewhere = fieldAt(6000, "Chez un autre")

    const insertField = (f: typeof worked, ownerId: string) =>
      app.sql(
        (sql) => sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, source)
        SELECT ${f.id}, ${ownerId}, DATE '2024-01-01', ${f.name}, g, field_area_ha(g), 'drawn'
        FROM (SELECT ST_Multi(ST_GeomFromGeoJSON(${JSON.stringify(f.geometry)})) AS g) x`,
      )
    const one = async (id: string, who: Person = owner) => {
      const res = await send(app, who, "GET", `/api/v2/activities/${id}`)
      expect(res.status).toBe(200)
      return res.body as Shown
    }
    const listed = async (params: Record<string, string>) => {
      const res = await send(app, owner, "GET", `/api/v2/activities${q({ ...testPeriod, ...params })}`)
      expect(res.status).toBe(200)
      return (res.body.activities as Array<Shown>).map((a) => a.id)
    }

    beforeAll(async () => {
      app = await startTestApp(backend)
      owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
      bob = await signup(app, { firstname: "Bob", lastname: "Booker" })
      carol = await signup(app, { firstname: "Carole", lastname: "Champ" })
      viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
      stranger = await signup(app, { firstname: "Sam", lastname: "Stranger" })
      cuma = await createCluster(app, owner, { name: "CUMA des Corrections" })
      await addMember(app, cuma, bob.id, [])
      await addMember(app, cuma, carol.id, [])
      await addMember(app, cuma, viewer.id, ["seeMachines"])
      await insertField(worked, carol.id)
      await insertField(noue, bob.id)
      await insertField(elsewhere, stranger.id)
      harrow = await addMachine(app, cuma, "Herse 3 m")
      await app.sql((sql) => sql`UPDATE machines SET tool_width_m = 3 WHERE id = ${harrow}`)
      const other = await createCluster(app, stranger, { name: "Ferme voisine" })
      foreignMachine = await addMachine(app, other, "Semoir voisin")
    })
    afterAll(() => app?.close())

    it("moves the work to the fields, drivers and implements a manager names, keeps them across recomputations, and writes the history", async () => {
      const tractor = await addMachine(app, cuma, "Tracteur à corriger")
      await app.sql(
        (sql) => sql`UPDATE machines SET tool_width_m = 6, max_working_speed_kmh = 12 WHERE id = ${tractor}`,
      )
      const box = await world.boxOn(cuma, tractor, testSince, owner)
      await world.upload(box, tractorDay(testDate, [worked], 11).fixes)
      await world.settled()
      const res = await send(app, owner, "GET", `/api/v2/machines/${tractor}/activities${q(testPeriod)}`)
      const found = (res.body as Array<Shown>).find((a) => a.fields.some((f) => f.id === worked.id))
      if (!found) throw new Error("the simulated day worked no field")
      const id = found.id
      const before = await one(id)
      expect(before.areaHa).toBeGreaterThan(0)

      // What it may be corrected to: the structure's members' fields, its people, its other machines.
      const choices = await send(app, owner, "GET", `/api/v2/activities/${id}/choices`)
      expect(choices.status).toBe(200)
      const fieldIds = choices.body.fields.map((f: { id: string }) => f.id)
      expect(fieldIds).toEqual(expect.arrayContaining([worked.id, noue.id]))
      expect(fieldIds).not.toContain(elsewhere.id)
      expect(choices.body.fields.find((f: { id: string }) => f.id === noue.id)).toMatchObject({
        name: "La Noue",
        owner: { id: bob.id, firstname: "Bob" },
      })
      expect(choices.body.drivers.map((d: { id: string }) => d.id).sort()).toEqual(
        [owner.id, bob.id, carol.id, viewer.id].sort(),
      )
      expect(choices.body.implements).toEqual([{ id: harrow, name: "Herse 3 m", toolWidthM: 3 }])
      expect((await send(app, viewer, "GET", `/api/v2/activities/${id}/choices`)).status).toBe(403)

      // Refused, and nothing changed: a field of no member, the machine as its own implement, a
      // stranger driving, another structure's machine, too many at once.
      for (const [body, code, status] of [
        [{ fields: [elsewhere.id] }, "selectionUnknown", 422],
        [{ auxiliaries: [tractor] }, "selectionUnknown", 422],
        [{ auxiliaries: [foreignMachine] }, "selectionUnknown", 422],
        [{ drivers: [stranger.id] }, "selectionUnknown", 422],
        [{ fields: [noue.id, elsewhere.id] }, "selectionUnknown", 422],
        [{ drivers: Array.from({ length: maxCorrectedItems + 1 }, () => bob.id) }, "tooManyItems", 400],
      ] as const) {
        const refused = await send(app, owner, "PATCH", `/api/v2/activities/${id}`, body)
        expect(refused, JSON.stringify(body)).toMatchObject({ status, body: { code } })
      }
      expect(await one(id)).toEqual(before)

      // The field: all of the activity's field work and its area go to La Noue.
      const moved = await send(app, owner, "PATCH", `/api/v2/activities/${id}`, { fields: [noue.id] })
      expect(moved.status).toBe(200)
      expect(moved.body).toMatchObject({
        fields: [{ id: noue.id, name: "La Noue", areaHa: before.areaHa }],
        unknownFieldSeconds: 0,
        edited: true,
      })
      expect(moved.body.fields[0].workSeconds).toBeCloseTo(fieldWork(before), 6)
      // Every reader follows: the list filtered by field, the field's own activities.
      expect(await listed({ field: noue.id })).toContain(id)
      expect(await listed({ field: worked.id })).not.toContain(id)

      // Drivers and implement: Bob drove it with the 3 m harrow.
      const crew = await send(app, owner, "PATCH", `/api/v2/activities/${id}`, {
        drivers: [bob.id],
        auxiliaries: [harrow],
      })
      expect(crew.status).toBe(200)
      expect(crew.body).toMatchObject({
        drivers: [{ id: bob.id }],
        auxiliaries: [{ id: harrow, name: "Herse 3 m" }],
      })
      expect(await listed({ driver: bob.id })).toContain(id)
      // Bob now sees it as its driver, without seeing the machine.
      expect((await send(app, bob, "GET", `/api/v2/activities/${id}`)).status).toBe(200)

      // The day is measured again at the harrow's width: half the swaths of the 6 m tractor; the
      // corrections hold through the recomputation.
      await world.settled()
      const after = await one(id)
      expect(after.areaWithOverlapHa).toBeCloseTo((before.areaWithOverlapHa ?? 0) / 2, 3)
      expect(after.areaHa).toBeLessThan(before.areaHa ?? 0)
      expect(after.fields).toEqual([
        {
          id: noue.id,
          name: "La Noue",
          workSeconds: expect.closeTo(fieldWork(before), 6),
          areaHa: after.areaHa,
        },
      ])
      expect(after.drivers.map((d) => d.id)).toEqual([bob.id])
      expect(after.auxiliaries.map((x) => x.id)).toEqual([harrow])
      const detail = await send(app, owner, "GET", `/api/v2/activities/${id}/detail`)
      expect(detail.body.toolWidthM).toBe(3)
      // The map outlines the field it is now in.
      expect(
        detail.body.outlines.map((o: { id: string; geometry: { type: string } }) => [o.id, o.geometry.type]),
      ).toEqual([[noue.id, "MultiPolygon"]])

      // The history: each list as it was and as it became, with names; setting a list to what it
      // is leaves no line.
      await send(app, owner, "PATCH", `/api/v2/activities/${id}`, { drivers: [bob.id] })
      const history = (await send(app, owner, "GET", `/api/v2/activities/${id}/detail`)).body.history
      expect(history.map((h: { change: { field: string } }) => h.change.field)).toEqual([
        "fields",
        "drivers",
        "auxiliaries",
      ])
      expect(history[0]).toMatchObject({
        by: { id: owner.id },
        change: { from: [{ id: worked.id, name: worked.name }], to: [{ id: noue.id, name: "La Noue" }] },
      })
      expect(history[1].change.to).toEqual([expect.objectContaining({ id: bob.id, firstname: "Bob" })])
      expect(history[2].change).toEqual({
        field: "auxiliaries",
        from: before.auxiliaries,
        to: [{ id: harrow, name: "Herse 3 m" }],
      })

      // Back to no field: the work is outside every known field again, nothing lost.
      const none = await send(app, owner, "PATCH", `/api/v2/activities/${id}`, { fields: [] })
      expect(none.body.fields).toEqual([])
      expect(none.body.unknownFieldSeconds).toBeCloseTo(fieldWork(before), 6)
    })
  },
  240_000,
)
