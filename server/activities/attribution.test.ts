// Size: the API cases of who the work is for and a person's correction, each run on PGlite and PostgreSQL, sharing one simulated day.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addGrants, addMachine, addMember, createCluster, send, storeBooking } from "../test/clusters"
import { activitiesWorld, fieldAt, q, testDate, testPeriod, testSince, tractorDay } from "./fixture"

type Person = Awaited<ReturnType<typeof signup>>
interface Shown {
  id: string
  start: string
  end: string
  member: { id: string } | null
  attribution: string
  productType: { id: string } | null
  edited: boolean
  differsFromEdit: boolean
  workDistanceM: number
}

const date = testDate
const period = testPeriod
const since = testSince

describe.each(backends)(
  "who the work is for, and a person's correction, on %s",
  (backend) => {
    let app: TestApp
    const world = activitiesWorld(() => app)
    let owner: Person
    let bob: Person
    let carol: Person
    let viewer: Person
    let cuma: string
    const field = fieldAt(0)

    const activities = async (machine: string, who: Person = owner) => {
      const res = await send(app, who, "GET", `/api/v2/machines/${machine}/activities${q(period)}`)
      expect(res.status).toBe(200)
      return res.body as Array<Shown>
    }
    /** A tractor of the structure with its box, its priority between booking, field and tag as given. */
    const tractor = async (name: string, priority: ReadonlyArray<string>) => {
      const machine = await addMachine(app, cuma, name)
      await app.sql(
        (sql) => sql`UPDATE machines SET tool_width_m = 6, max_working_speed_kmh = 12,
        settings = ${JSON.stringify({ priority })}::jsonb WHERE id = ${machine}`,
      )
      return { machine, box: await world.boxOn(cuma, machine, since, owner) }
    }

    beforeAll(async () => {
      app = await startTestApp(backend)
      owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
      bob = await signup(app, { firstname: "Bob", lastname: "Booker" })
      carol = await signup(app, { firstname: "Carole", lastname: "Champ" })
      viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
      cuma = await createCluster(app, owner, { name: "CUMA des Comptes" })
      await addMember(app, cuma, bob.id, [])
      await addMember(app, cuma, carol.id, [])
      await addMember(app, cuma, viewer.id, ["seeMachines"])
      // Carole's field, where the simulated tractor works.
      await app.sql(
        (sql) => sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, source)
        SELECT ${field.id}, ${carol.id}, DATE '2024-01-01', ${field.name}, g, field_area_ha(g), 'drawn'
        FROM (SELECT ST_Multi(ST_GeomFromGeoJSON(${JSON.stringify(field.geometry)})) AS g) x`,
      )
    })
    afterAll(() => app?.close())

    it("attributes the work by the machine's priority: the booking's member, the field's owner, the driver's tag", async () => {
      const booked = await tractor("Tracteur réservé", ["booking", "field", "tag"])
      await storeBooking(app, {
        cluster: cuma,
        user: bob.id,
        machines: [booked.machine],
        start: `${date}T00:00:00Z`,
        end: `${date}T23:59:00Z`,
      })
      const byField = await tractor("Tracteur des champs", ["field", "booking", "tag"])
      const byTag = await tractor("Tracteur du chauffeur", ["tag", "booking", "field"])
      const driverTag = `DRV-${backend}-${Date.now() % 100000}`
      await app.sql(
        (sql) =>
          sql`INSERT INTO ble_tags (id, type, cluster_id, user_id) VALUES (${driverTag}, 'user', ${cuma}, ${bob.id})`,
      )
      const fixes = tractorDay(date, [field], 5, { driver: driverTag }).fixes
      for (const b of [booked, byField, byTag]) await world.upload(b.box, fixes)
      await world.settled()
      const worked = (list: ReadonlyArray<Shown>) => list.filter((a) => a.workDistanceM > 0)
      const bookedList = worked(await activities(booked.machine))
      expect(bookedList.length).toBeGreaterThan(0)
      expect(bookedList.every((a) => a.attribution === "booking" && a.member?.id === bob.id)).toBe(true)
      const fieldList = worked(await activities(byField.machine))
      expect(fieldList.some((a) => a.attribution === "field" && a.member?.id === carol.id)).toBe(true)
      const tagList = worked(await activities(byTag.machine))
      expect(tagList.some((a) => a.attribution === "tag" && a.member?.id === bob.id)).toBe(true)
    })

    it("keeps the days a tag was heard for whoever held it then, when the tag is given to someone else and the days recomputed", async () => {
      const { machine, box } = await tractor("Tracteur au badge prêté", ["tag", "booking", "field"])
      const tag = `HLD-${backend.toUpperCase()}-${Date.now() % 100000}`
      await app.sql(
        (sql) =>
          sql`INSERT INTO ble_tags (id, type, cluster_id, user_id) VALUES (${tag}, 'user', ${cuma}, ${bob.id})`,
      )
      await world.upload(box, tractorDay(date, [field], 21, { driver: tag }).fixes)
      await world.settled()
      const byTag = async () =>
        (await activities(machine)).filter((a) => a.workDistanceM > 0 && a.attribution === "tag")
      const before = await byTag()
      expect(before.length).toBeGreaterThan(0)
      expect(before.every((a) => a.member?.id === bob.id)).toBe(true)
      // The tag goes to Carole from now on; a change of settings recomputes the machine's days.
      expect((await send(app, owner, "PUT", `/api/v2/ble_tag/${tag}`, { user: carol.id })).status).toBe(200)
      const changed = await send(app, owner, "PATCH", `/api/v2/machines/${machine}`, {
        editMachine: { settings: { minPauseMinutes: 4 } },
      })
      expect(changed.status).toBe(200)
      await world.settled()
      const after = await byTag()
      expect(after.map((a) => a.id)).toEqual(before.map((a) => a.id))
      expect(after.every((a) => a.member?.id === bob.id)).toBe(true)
      const [held] = await app.sql(
        (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM ble_tag_holdings WHERE tag_id = ${tag}`,
      )
      expect(held?.n).toBe(2)
    })

    it("keeps a person's correction across recomputations, and says when the figures moved since", async () => {
      const { machine, box } = await tractor("Tracteur corrigé", ["field", "booking", "tag"])
      const fixes = tractorDay(date, [field], 9).fixes
      // A quarter of an hour of the morning's work arrives late.
      const from = Date.parse(`${date}T09:00:00Z`)
      const late = fixes.filter((f) => Date.parse(f.t) >= from && Date.parse(f.t) < from + 15 * 60_000)
      await world.upload(
        box,
        fixes.filter((f) => !late.includes(f)),
      )
      await world.settled()
      const target = (await activities(machine)).find(
        (a) => Date.parse(a.start) < from && Date.parse(a.end) > from,
      )
      expect(target).toBeDefined()
      const id = target?.id ?? ""
      const [productType] = await app.sql(
        (sql) =>
          sql<{
            id: string
          }>`SELECT id FROM filter_entries WHERE type = 'productType' ORDER BY position LIMIT 1`,
      )
      // A viewer reads it, never corrects it; a member outside the structure is refused, nothing changed.
      expect((await send(app, viewer, "PATCH", `/api/v2/activities/${id}`, { member: bob.id })).status).toBe(
        403,
      )
      const stranger = await signup(app)
      const refused = await send(app, owner, "PATCH", `/api/v2/activities/${id}`, { member: stranger.id })
      expect(refused.status).toBe(422)
      expect(refused.body.code).toBe("associationNotAllowed")
      expect((await send(app, owner, "GET", `/api/v2/activities/${id}`)).body.edited).toBe(false)
      const edited = await send(app, owner, "PATCH", `/api/v2/activities/${id}`, {
        member: bob.id,
        productType: productType.id,
      })
      expect(edited.status).toBe(200)
      expect(edited.body).toMatchObject({
        member: { id: bob.id },
        attribution: "manual",
        productType: { id: productType.id },
        edited: true,
        differsFromEdit: false,
      })
      await world.upload(box, late)
      await world.settled()
      const after = await send(app, owner, "GET", `/api/v2/activities/${id}`)
      expect(after.status).toBe(200)
      expect(after.body).toMatchObject({
        member: { id: bob.id },
        attribution: "manual",
        productType: { id: productType.id },
        edited: true,
        differsFromEdit: true,
      })
      expect(after.body.workDistanceM).not.toBe(edited.body.workDistanceM)

      // The page: its trace, the tool width the area was measured with, who may correct it, and the
      // history of the corrections, which outlived the recomputation; the refused ones left no line.
      const detail = await send(app, owner, "GET", `/api/v2/activities/${id}/detail`)
      expect(detail.status).toBe(200)
      expect(detail.body).toMatchObject({
        activity: { id, member: { id: bob.id } },
        toolWidthM: 6,
        mayEdit: true,
      })
      expect(detail.body.points.length).toBeGreaterThan(10)
      expect(detail.body.points.some((p: { state: string }) => p.state === "fieldWork")).toBe(true)
      expect(detail.body.history).toHaveLength(2)
      expect(detail.body.history[0]).toMatchObject({
        by: { id: owner.id, firstname: "Odile" },
        change: { field: "member", from: target?.member ?? null, to: { id: bob.id, firstname: "Bob" } },
      })
      expect(detail.body.history[1]).toMatchObject({
        by: { id: owner.id },
        change: { field: "productType", from: null, to: { id: productType.id } },
      })
      // Set again to what it is: no line; changed again: a third line, from Bob to Carole.
      await send(app, owner, "PATCH", `/api/v2/activities/${id}`, { member: bob.id })
      expect((await send(app, owner, "GET", `/api/v2/activities/${id}/detail`)).body.history).toHaveLength(2)
      await send(app, owner, "PATCH", `/api/v2/activities/${id}`, { member: carol.id })
      const third = (await send(app, viewer, "GET", `/api/v2/activities/${id}/detail`)).body
      expect(third.mayEdit).toBe(false)
      expect(third.history).toHaveLength(3)
      expect(third.history[2]).toMatchObject({
        change: { field: "member", from: { id: bob.id }, to: { id: carol.id } },
      })
    })

    it("recomputes the days a booking covers when it is made or cancelled: the work goes to its member, then no longer", async () => {
      const { machine, box } = await tractor("Tracteur réservé après coup", ["booking", "tag", "field"])
      // Today's work, its last fix a minute ago.
      const simulated = tractorDay(date, [fieldAt(2400, "Le Clos")], 17).fixes
      const shift = Date.now() - 60_000 - Date.parse(simulated[simulated.length - 1].t)
      await world.upload(
        box,
        simulated.map((f) => ({ ...f, t: new Date(Date.parse(f.t) + shift).toISOString() })),
      )
      await world.settled()
      const booked = () => activities(machine).then((list) => list.filter((a) => a.attribution === "booking"))
      expect(await booked()).toEqual([])
      const start = new Date(Date.parse(simulated[0].t) + shift - 3_600_000).toISOString()
      const booking = {
        id: crypto.randomUUID(),
        resources: [{ kind: "machine", id: machine }],
        user: bob.id,
        start_date: start,
        end_date: new Date(Date.now() + 3_600_000).toISOString(),
      }
      const made = await send(app, owner, "PUT", `/api/v2/machines/${machine}/booking`, booking)
      expect(made.status).toBe(200)
      await world.settled()
      const forBob = await booked()
      expect(forBob.length).toBeGreaterThan(0)
      expect(forBob.every((a) => a.member?.id === bob.id)).toBe(true)
      expect((await send(app, owner, "POST", `/api/v2/booking/${booking.id}/cancel`)).status).toBe(200)
      await world.settled()
      expect(await booked()).toEqual([])
    })

    it("lets the machine's activity modification grant correct, whoever holds it", async () => {
      const { machine, box } = await tractor("Tracteur prêté", ["field", "booking", "tag"])
      await world.upload(box, tractorDay(date, [field], 13).fixes)
      await world.settled()
      const [first] = await activities(machine)
      const helper = await signup(app, { firstname: "Hélène", lastname: "Aide" })
      expect((await send(app, helper, "GET", `/api/v2/activities/${first.id}`)).status).toBe(404)
      await addGrants(app, machine, helper.id, ["activityModification"])
      const res = await send(app, helper, "PATCH", `/api/v2/activities/${first.id}`, { member: carol.id })
      expect(res.status).toBe(200)
      expect(res.body.member.id).toBe(carol.id)
      expect((await activities(machine, helper)).length).toBeGreaterThan(0)
    })
  },
  300_000,
)
