// Size: the API cases of splitting and merging activities, each run on PGlite and PostgreSQL, sharing one simulated day.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, send } from "../test/clusters"
import { queueMachine } from "./dirty"
import { activitiesWorld, fieldAt, q, testDate, testPeriod, testSince, tractorDay } from "./fixture"

type Person = Awaited<ReturnType<typeof signup>>
interface Shown {
  id: string
  start: string
  end: string
  durationSeconds: number
  fields: Array<{ id: string }>
}
const ms = (iso: string) => Date.parse(iso)

describe.each(backends)(
  "splitting and merging activities, on %s",
  (backend) => {
    let app: TestApp
    const world = activitiesWorld(() => app)
    let owner: Person
    let viewer: Person
    let cuma: string
    const north = fieldAt(0, "Le Nord")
    const south = fieldAt(1500, "Le Sud")

    beforeAll(async () => {
      app = await startTestApp(backend)
      owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
      viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
      cuma = await createCluster(app, owner, { name: "CUMA des Coupes" })
      await addMember(app, cuma, viewer.id, ["seeMachines"])
      for (const f of [north, south])
        await app.sql(
          (sql) => sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, source)
          SELECT ${f.id}, ${owner.id}, DATE '2024-01-01', ${f.name}, g, field_area_ha(g), 'drawn'
          FROM (SELECT ST_Multi(ST_GeomFromGeoJSON(${JSON.stringify(f.geometry)})) AS g) x`,
        )
    })
    afterAll(() => app?.close())

    it("cuts an activity in two at a time, keeps the cut through recomputations, and merges back or with the next one", async () => {
      const tractor = await addMachine(app, cuma, "Tracteur à couper")
      await app.sql(
        (sql) => sql`UPDATE machines SET tool_width_m = 6, max_working_speed_kmh = 12 WHERE id = ${tractor}`,
      )
      const box = await world.boxOn(cuma, tractor, testSince, owner)
      await world.upload(box, tractorDay(testDate, [north, south], 5).fixes)
      await world.settled()
      const list = async () => {
        const res = await send(app, owner, "GET", `/api/v2/machines/${tractor}/activities${q(testPeriod)}`)
        expect(res.status).toBe(200)
        return (res.body as Array<Shown>).sort((a, b) => ms(a.start) - ms(b.start))
      }
      const day = await list()
      expect(day.length).toBeGreaterThanOrEqual(2)
      const [a, b] = day as [Shown, Shown]
      const middle = new Date((ms(a.start) + ms(a.end)) / 2).toISOString()

      // Refused: someone who may not correct it; a time too near its start; nothing changed.
      expect(
        (await send(app, viewer, "POST", `/api/v2/activities/${a.id}/split`, { at: middle })).status,
      ).toBe(403)
      const near = new Date(ms(a.start) + 30_000).toISOString()
      expect(await send(app, owner, "POST", `/api/v2/activities/${a.id}/split`, { at: near })).toMatchObject({
        status: 422,
        body: { code: "splitOutside" },
      })
      expect((await list()).map((x) => x.id)).toEqual(day.map((x) => x.id))

      // Split at its middle: two parts either side, one keeping its id, and nothing else moved.
      const split = await send(app, owner, "POST", `/api/v2/activities/${a.id}/split`, { at: middle })
      expect(split.body).toEqual(expect.anything())
      expect(split.status, JSON.stringify(split.body)).toBe(200)
      const [p1, p2] = split.body as [Shown, Shown]
      expect(p1.start).toBe(a.start)
      expect(ms(p1.end)).toBeLessThanOrEqual(ms(middle))
      expect(ms(p2.start)).toBeGreaterThanOrEqual(ms(middle))
      expect(ms(a.end) - ms(p2.end)).toBeLessThan(60_000)
      expect([p1.id, p2.id]).toContain(a.id)
      expect((await list()).length).toBe(day.length + 1)
      const history = (await send(app, owner, "GET", `/api/v2/activities/${p2.id}/detail`)).body
      expect(history.history.at(-1)).toMatchObject({
        by: { id: owner.id },
        change: { field: "split", at: middle, other: p1.id },
      })
      expect(history.previous).toMatchObject({ id: p1.id })

      // The cut holds when the machine's days are computed again.
      await world.run(queueMachine(tractor))
      await world.settled()
      expect((await list()).length).toBe(day.length + 1)

      // Merged back: one activity again, the cut undone for good.
      const back = await send(app, owner, "POST", `/api/v2/activities/${p2.id}/merge`, { with: p1.id })
      expect(back.status).toBe(200)
      expect(back.body.start).toBe(a.start)
      expect(ms(back.body.end)).toBeGreaterThanOrEqual(ms(p2.end))
      await world.run(queueMachine(tractor))
      await world.settled()
      const again = await list()
      expect(again.length).toBe(day.length)

      // Merged with the next one, in the other field: one activity over both fields, said in its history.
      const first = again[0] as Shown
      const merged = await send(app, owner, "POST", `/api/v2/activities/${first.id}/merge`, { with: b.id })
      expect(merged.status).toBe(200)
      expect(merged.body.start).toBe(a.start)
      expect(ms(merged.body.end)).toBeGreaterThanOrEqual(ms(b.end) - 60_000)
      expect(merged.body.fields.map((f: { id: string }) => f.id).sort()).toEqual([north.id, south.id].sort())
      const detail = (await send(app, owner, "GET", `/api/v2/activities/${merged.body.id}/detail`)).body
      expect(detail.history.at(-1)).toMatchObject({ by: { id: owner.id }, change: { field: "merge" } })

      // Not with itself, nor with an activity that is not its neighbour or is unknown.
      expect(
        await send(app, owner, "POST", `/api/v2/activities/${merged.body.id}/merge`, {
          with: merged.body.id,
        }),
      ).toMatchObject({ status: 422, body: { code: "mergeNotAllowed" } })
      expect(
        (
          await send(app, owner, "POST", `/api/v2/activities/${merged.body.id}/merge`, {
            with: crypto.randomUUID(),
          })
        ).status,
      ).toBe(404)
    })

    it("keeps, on the merged activity, the correction, the dispute and the history of the one it absorbs", async () => {
      const tractor = await addMachine(app, cuma, "Tracteur à fusionner")
      await app.sql(
        (sql) => sql`UPDATE machines SET tool_width_m = 6, max_working_speed_kmh = 12 WHERE id = ${tractor}`,
      )
      const box = await world.boxOn(cuma, tractor, testSince, owner)
      await world.upload(box, tractorDay(testDate, [north, south], 5).fixes)
      await world.settled()
      const listed = await send(app, owner, "GET", `/api/v2/machines/${tractor}/activities${q(testPeriod)}`)
      const [a, b] = (listed.body as Array<Shown>).sort((x, y) => ms(x.start) - ms(y.start)) as [Shown, Shown]
      // Both halves corrected to one member, that member contests the second one.
      expect(
        (await send(app, owner, "PATCH", `/api/v2/activities/${b.id}`, { member: viewer.id })).status,
      ).toBe(200)
      const opened = await send(app, viewer, "POST", `/api/v2/activities/${b.id}/disputes`, {
        comment: "Je n'étais pas là l'après-midi",
      })
      expect(opened.status).toBe(201)
      const merged = await send(app, owner, "POST", `/api/v2/activities/${a.id}/merge`, { with: b.id })
      expect(merged.status).toBe(200)
      expect(merged.body.member).toMatchObject({ id: viewer.id })
      expect(merged.body.attribution).toBe("manual")
      const detail = (await send(app, owner, "GET", `/api/v2/activities/${merged.body.id}/detail`)).body
      expect(detail.history.map((h: { change: { field: string } }) => h.change.field)).toEqual(
        expect.arrayContaining(["member", "merge"]),
      )
      expect(detail.disputes.map((d: { comment: string }) => d.comment)).toEqual([
        "Je n'étais pas là l'après-midi",
      ])
      // And it holds when the day is computed again.
      await world.run(queueMachine(tractor))
      await world.settled()
      const again = (await send(app, owner, "GET", `/api/v2/activities/${merged.body.id}`)).body
      expect(again.member).toMatchObject({ id: viewer.id })
    })
  },
  240_000,
)
