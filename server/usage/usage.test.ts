// Size: a machine's use by day, week and month and a field's season, summed as the list sums them, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fieldAt, q, storeActivity } from "../activities/fixture"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, send } from "../test/clusters"

type Person = Awaited<ReturnType<typeof signup>>
interface Totals {
  count: number
  workSeconds: number
  durationSeconds: number
  areaHa: number | null
  fuelLitres: number | null
  workDistanceKm: number
  roadDistanceKm: number
}
interface Usage {
  bucket: string
  points: Array<{ day: string; totals: Totals }>
  members: Array<{ member: { firstname: string } | null; totals: Totals }>
  totals: Totals
}

/** Spring 2026 around the change to summer time in France (29 March, 02:00). */
const march = { start_date: "2026-03-22T23:00:00Z", end_date: "2026-04-05T22:00:00Z" }

describe.each(backends)(
  "how much, over what period, on %s",
  (backend) => {
    let app: TestApp
    let owner: Person
    let member: Person
    let blind: Person
    let stranger: Person
    let tractor: string
    let drill: string
    let elsewhere: string
    const field = fieldAt(0, "Les Longues Raies")
    const other = fieldAt(800, "Le Pré du Bas")

    const usage = async (who: Person, machine: string, params: Record<string, string>) =>
      send(app, who, "GET", `/api/v2/machines/${machine}/usages${q(params)}`)
    const analysis = async (who: Person, id: string, params: Record<string, string>) =>
      send(app, who, "GET", `/api/v2/fields/${id}/analyses${q(params)}`)

    beforeAll(async () => {
      app = await startTestApp(backend)
      owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
      member = await signup(app, { firstname: "Marie", lastname: "Membre" })
      blind = await signup(app, { firstname: "Bruno", lastname: "Aveugle" })
      stranger = await signup(app, { firstname: "Sam", lastname: "Stranger" })
      const cuma = await createCluster(app, owner, { name: "CUMA des Usages" })
      const away = await createCluster(app, stranger, { name: "CUMA d'Ailleurs" })
      await addMember(app, cuma, member.id, ["seeMachines"])
      await addMember(app, cuma, blind.id, [])
      tractor = await addMachine(app, cuma, "Tracteur")
      drill = await addMachine(app, cuma, "Semoir")
      elsewhere = await addMachine(app, away, "Moissonneuse")
      for (const f of [field, other])
        await app.sql(
          (sql) => sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, source)
          SELECT ${f.id}, ${member.id}, DATE '2024-01-01', ${f.name}, g, field_area_ha(g), 'drawn'
          FROM (SELECT ST_Multi(ST_GeomFromGeoJSON(${JSON.stringify(f.geometry)})) AS g) x`,
        )
      // Sunday 29 March 00:30 in Paris is still Saturday 28 March in UTC.
      await storeActivity(app, tractor, {
        hoursAgo: 0,
        at: "2026-03-28T23:30:00Z",
        member: member.id,
        areaHa: 4,
        fuelL: 60,
        fields: [
          { id: field.id, workS: 1800, areaHa: 3 },
          { id: other.id, workS: 600, areaHa: 1 },
        ],
      })
      await storeActivity(app, tractor, { hoursAgo: 0, at: "2026-03-24T08:00:00Z", areaHa: 6, fuelL: null })
      await storeActivity(app, tractor, { hoursAgo: 0, at: "2026-04-02T08:00:00Z", areaHa: null, fuelL: 12 })
      await storeActivity(app, drill, {
        hoursAgo: 0,
        at: "2026-03-30T09:00:00Z",
        areaHa: 8,
        fuelL: 20,
        fields: [{ id: field.id, workS: 2400, areaHa: 8 }],
      })
      // Another structure's harvester, billed to nobody: its work in the field is not Marie's to see.
      await storeActivity(app, elsewhere, {
        hoursAgo: 0,
        at: "2026-03-31T09:00:00Z",
        areaHa: 5,
        fields: [{ id: field.id, workS: 2400, areaHa: 5 }],
      })
    })
    afterAll(() => app?.close())

    it("gives every day of the period, read in the time zone asked, summing to the list's totals", async () => {
      const res = await usage(owner, tractor, { ...march, bucket: "day", tz: "Europe/Paris" })
      expect(res.status).toBe(200)
      const u = res.body as Usage
      expect(u.points.map((p) => p.day)).toHaveLength(14)
      expect(u.points[0]?.day).toBe("2026-03-23")
      expect(u.points.at(-1)?.day).toBe("2026-04-05")
      const worked = u.points.filter((p) => p.totals.count > 0).map((p) => [p.day, p.totals.areaHa])
      expect(worked).toEqual([
        ["2026-03-24", 6],
        ["2026-03-29", 4],
        // Its only activity has no tool width: its area is unknown, not zero.
        ["2026-04-02", null],
      ])
      // The days add up to the period, and the period is what the list of activities says.
      const sum = (k: keyof Totals) => u.points.reduce((s, p) => s + (p.totals[k] ?? 0), 0)
      for (const k of ["count", "workSeconds", "areaHa", "fuelLitres", "workDistanceKm"] as const)
        expect(sum(k)).toBeCloseTo(u.totals[k] ?? 0)
      const list = await send(app, owner, "GET", `/api/v2/activities${q({ ...march, machine: tractor })}`)
      expect(u.totals).toEqual(list.body.totals)
      // Per member it worked for, most hours first: nobody known (two activities), then Marie.
      expect(u.members.map((m) => [m.member?.firstname ?? null, m.totals.count, m.totals.areaHa])).toEqual([
        [null, 2, 6],
        ["Marie", 1, 4],
      ])
      // In UTC the night's work falls on the Saturday.
      const utc = (await usage(owner, tractor, { ...march, bucket: "day", tz: "UTC" })).body as Usage
      expect(utc.points.find((p) => p.day === "2026-03-28")?.totals.count).toBe(1)
    })

    it("cuts weeks on Mondays and months on the 1st", async () => {
      // From Thursday 26 March: its week is named by its Monday, the 23rd.
      const fromThursday = { ...march, start_date: "2026-03-25T23:00:00Z", bucket: "week" }
      const weeks = (await usage(owner, tractor, fromThursday)).body as Usage
      expect(weeks.points.map((p) => [p.day, p.totals.count])).toEqual([
        ["2026-03-23", 1],
        ["2026-03-30", 1],
      ])
      const months = (await usage(owner, tractor, { ...march, bucket: "month" })).body as Usage
      expect(months.points.map((p) => [p.day, p.totals.count])).toEqual([
        ["2026-03-01", 2],
        ["2026-04-01", 1],
      ])
    })

    it("shows a machine's use to whoever sees it, and to nobody else", async () => {
      expect((await usage(member, tractor, march)).status).toBe(200)
      expect((await usage(blind, tractor, march)).status).toBe(403)
      expect((await usage(stranger, tractor, march)).status).toBe(404)
      expect((await app.call("GET", `/api/v2/machines/${tractor}/usages${q(march)}`)).status).toBe(401)
    })

    it("refuses a bucket, a time zone or a period it does not know, with its message", async () => {
      expect(await usage(owner, tractor, { ...march, bucket: "year" })).toMatchObject({ status: 400 })
      expect(await usage(owner, tractor, { ...march, tz: "Mars/Olympus" })).toMatchObject({
        status: 400,
        body: { code: "unknownTimeZone" },
      })
      const backwards = { start_date: march.end_date, end_date: march.start_date }
      expect(await usage(owner, tractor, backwards)).toMatchObject({
        status: 400,
        body: { code: "endBeforeStart" },
      })
    })

    it("sums a field's season from each activity's part in it, with passes, machines and months", async () => {
      const res = await analysis(member, field.id, march)
      expect(res.status).toBe(200)
      const a = res.body
      expect(a.field).toMatchObject({ id: field.id, name: "Les Longues Raies" })
      expect(a.field.areaHa).toBeCloseTo(16, 1)
      // 3 ha of the tractor's 4 and the drill's 8; the harvester of another structure is not Marie's to see.
      expect(a.passes).toBe(2)
      expect(a.totals.areaHa).toBeCloseTo(11)
      expect(a.totals.workSeconds).toBe(1800 + 2400)
      expect(a.coverage).toBeCloseTo(11 / a.field.areaHa)
      // The tractor's fuel goes to its fields in the share of its field work: 60 L × 1800 / 2400.
      expect(a.totals.fuelLitres).toBeCloseTo(45 + 20)
      expect(a.totals.roadDistanceKm).toBe(0)
      expect(a.machines.map((m: { machine: { name: string } }) => m.machine.name)).toEqual([
        "Semoir",
        "Tracteur",
      ])
      expect(a.machines[1].totals).toMatchObject({ count: 1, areaHa: 3, workSeconds: 1800 })
      expect(a.machines[1].last).toBe("2026-03-29T00:30:00.000Z")
      expect(a.months.map((m: { day: string; totals: Totals }) => [m.day, m.totals.count])).toEqual([
        ["2026-03-01", 2],
        ["2026-04-01", 0],
      ])
      // The other field gets the tractor's remaining hectare.
      const rest = (await analysis(member, other.id, march)).body
      expect(rest).toMatchObject({ passes: 1, totals: { areaHa: 1, workSeconds: 600 } })
    })

    it("analyses a machine's period against the year before, per field, and against the structure's machines of its category", async () => {
      const [category] = await app.sql(
        (sql) =>
          sql<{
            id: string
          }>`SELECT id FROM filter_entries WHERE type = 'machineCategory' ORDER BY position LIMIT 1`,
      )
      await app.sql(
        (sql) => sql`UPDATE machines SET category_id = ${category.id} WHERE id IN (${tractor}, ${drill})`,
      )
      const res = await send(
        app,
        member,
        "GET",
        `/api/v2/analysisMachines/${tractor}${q({ ...march, tz: "Europe/Paris" })}`,
      )
      expect(res.status).toBe(200)
      const listed = (await usage(member, tractor, { ...march, bucket: "month", tz: "Europe/Paris" }))
        .body as Usage
      // The same totals as the usages and the list; nothing the year before.
      expect(res.body.current.totals).toEqual(listed.totals)
      expect(res.body.previous.totals.count).toBe(0)
      // No box sent anything: no engine time, so no utilisation (never a made-up ratio).
      expect(res.body.current.engineSeconds).toBe(0)
      expect(res.body.current.utilisation).toBeNull()
      expect(res.body.current.litresPerKm).toBeCloseTo(
        (listed.totals.fuelLitres ?? 0) / (listed.totals.workDistanceKm + listed.totals.roadDistanceKm),
        9,
      )
      expect(
        res.body.fields.map((f: { field: { name: string }; workSeconds: number; areaHa: number }) => [
          f.field.name,
          f.workSeconds,
          f.areaHa,
        ]),
      ).toEqual([
        ["Les Longues Raies", 1800, 3],
        ["Le Pré du Bas", 600, 1],
      ])
      expect(res.body.fields[0].haPerHour).toBeCloseTo(6, 9)
      // The drill shares the category; the other structure's harvester is not a peer.
      expect(res.body.peers.map((p: { machine: { name: string } }) => p.machine.name)).toEqual(["Semoir"])
      expect(res.body.peers[0].figures.totals.areaHa).toBe(8)
      expect((await send(app, blind, "GET", `/api/v2/analysisMachines/${tractor}${q(march)}`)).status).toBe(
        403,
      )
      expect(
        (await send(app, stranger, "GET", `/api/v2/analysisMachines/${tractor}${q(march)}`)).status,
      ).toBe(404)
    })

    it("shows a field's season to whoever sees the field, and refuses what it does not know", async () => {
      expect((await analysis(stranger, field.id, march)).status).toBe(404)
      expect((await analysis(owner, crypto.randomUUID(), march)).status).toBe(404)
      expect(await analysis(member, field.id, { ...march, tz: "Nowhere/Else" })).toMatchObject({
        status: 400,
        body: { code: "unknownTimeZone" },
      })
    })
  },
  300_000,
)
