// Size: the activities a person may see across machines and structures, filtered and totalled, on PGlite and PostgreSQL.
import { strFromU8, unzipSync } from "fflate"
import { readSheet } from "read-excel-file/node"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addGrants, addMachine, addMember, createCluster, send } from "../test/clusters"
import { fieldAt, q, type StoredActivity, storeActivity, testPeriod } from "./fixture"

type Person = Awaited<ReturnType<typeof signup>>
interface Listed {
  activities: Array<{
    id: string
    machine: { id: string }
    member: { id: string } | null
    areaHa: number | null
  }>
  totals: {
    count: number
    durationSeconds: number
    workSeconds: number
    areaHa: number
    fuelLitres: number
    workDistanceKm: number
    haPerHour: number | null
    litresPerHa: number | null
  }
}

describe.each(backends)(
  "the activities a person may see, on %s",
  (backend) => {
    let app: TestApp
    let owner: Person
    let viewer: Person
    let member: Person
    let driver: Person
    let boss: Person
    let stranger: Person
    let cuma: string
    let farm: string
    let tractor: string
    let sprayer: string
    let elsewhere: string
    const field = fieldAt(0)
    const ids: Record<string, string> = {}

    /** An activity as the engine stores it, `hoursAgo` before now, lasting an hour, named for the checks. */
    const activity = async (name: string, machine: string, o: StoredActivity) => {
      ids[name] = await storeActivity(app, machine, o)
      return ids[name]
    }
    const list = async (who: Person, params: Record<string, string> = {}) => {
      const res = await send(app, who, "GET", `/api/v2/activities${q({ ...testPeriod, ...params })}`)
      expect(res.status).toBe(200)
      return res.body as Listed
    }
    const names = (l: Listed) =>
      l.activities.map((a) => Object.keys(ids).find((k) => ids[k] === a.id) ?? a.id).sort()

    beforeAll(async () => {
      app = await startTestApp(backend)
      owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
      viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
      member = await signup(app, { firstname: "Marie", lastname: "Membre" })
      driver = await signup(app, { firstname: "Denis", lastname: "Driver" })
      boss = await signup(app, { firstname: "Bernard", lastname: "Boss" })
      stranger = await signup(app, { firstname: "Sam", lastname: "Stranger" })
      cuma = await createCluster(app, owner, { name: "CUMA des Listes" })
      farm = await createCluster(app, boss, { name: "EARL du Boss" })
      const other = await createCluster(app, stranger, { name: "CUMA d'Ailleurs" })
      await addMember(app, cuma, viewer.id, ["seeMachines"])
      await addMember(app, cuma, member.id, [])
      await addMember(app, cuma, driver.id, [])
      // Denis is the boss's employee on his farm; the boss sees his employees' activities there.
      await addMember(app, farm, driver.id, [], "employee")
      await app.sql(
        (sql) => sql`UPDATE memberships SET rights = array_append(rights, 'seeEmployeeActivities')
          WHERE cluster_id = ${farm} AND user_id = ${boss.id}`,
      )
      tractor = await addMachine(app, cuma, "Tracteur")
      sprayer = await addMachine(app, cuma, "Pulvérisateur")
      elsewhere = await addMachine(app, other, "Moissonneuse")
      await app.sql(
        (sql) => sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, source)
        SELECT ${field.id}, ${member.id}, DATE '2024-01-01', ${field.name}, g, field_area_ha(g), 'drawn'
        FROM (SELECT ST_Multi(ST_GeomFromGeoJSON(${JSON.stringify(field.geometry)})) AS g) x`,
      )
      await activity("ploughing", tractor, {
        hoursAgo: 30,
        member: member.id,
        areaHa: 4,
        fuelL: 60,
        field: field.id,
      })
      await activity("drilling", tractor, { hoursAgo: 20, driver: driver.id, areaHa: 6, fuelL: null })
      await activity("spraying", sprayer, { hoursAgo: 10, areaHa: null, fuelL: 12, workS: 1800 })
      await activity("harvest", elsewhere, { hoursAgo: 5, member: stranger.id, areaHa: 9, fuelL: 90 })
      await activity("lastYear", tractor, { hoursAgo: 24 * 300, member: member.id, areaHa: 3 })
    })
    afterAll(() => app?.close())

    it("lists the activities of every machine one sees, newest first, with their totals", async () => {
      const l = await list(owner)
      expect(l.activities.map((a) => a.id)).toEqual([ids.spraying, ids.drilling, ids.ploughing])
      expect(l.totals.count).toBe(3)
      expect(l.totals.durationSeconds).toBe(3 * 3600)
      expect(l.totals.workSeconds).toBe(2400 + 2400 + 1800)
      // Areas and fuel known are summed; ha/h over the field-work hours; L/ha over the activities with both.
      expect(l.totals.areaHa).toBeCloseTo(10)
      expect(l.totals.fuelLitres).toBeCloseTo(72)
      expect(l.totals.workDistanceKm).toBeCloseTo(24)
      expect(l.totals.haPerHour).toBeCloseTo(10 / (6600 / 3600))
      expect(l.totals.litresPerHa).toBeCloseTo(60 / 4)
      expect(names(await list(viewer))).toEqual(["drilling", "ploughing", "spraying"])
    })

    it("hands the list a page at a time, the totals always over every activity of the filters", async () => {
      const first = await list(owner, { limit: "2" })
      expect(first.activities.map((a) => a.id)).toEqual([ids.spraying, ids.drilling])
      expect(first.totals.count).toBe(3)
      expect(first.totals.areaHa).toBeCloseTo(10)
      const second = await list(owner, { limit: "2", page: "2" })
      expect(second.activities.map((a) => a.id)).toEqual([ids.ploughing])
      expect(second.totals.count).toBe(3)
      const beyond = await list(owner, { limit: "2", page: "3" })
      expect(beyond.activities).toEqual([])
      const tooMany = await send(
        app,
        owner,
        "GET",
        `/api/v2/activities${q({ ...testPeriod, limit: "5000" })}`,
      )
      expect(tooMany).toMatchObject({ status: 400, body: { code: "badRequest" } })
    })

    it("orders the list by the figure or name asked, missing figures last either way, across pages", async () => {
      const order = async (params: Record<string, string>) =>
        (await list(owner, params)).activities.map((a) => Object.keys(ids).find((k) => ids[k] === a.id))
      // Areas: ploughing 4, drilling 6, spraying none.
      expect(await order({ sort: "area", order: "asc" })).toEqual(["ploughing", "drilling", "spraying"])
      expect(await order({ sort: "area", order: "desc" })).toEqual(["drilling", "ploughing", "spraying"])
      // Fuel: ploughing 60, spraying 12, drilling none; the second page continues the same order.
      expect(await order({ sort: "fuel", limit: "1", page: "2" })).toEqual(["spraying"])
      expect(await order({ sort: "machine", order: "asc" })).toEqual(["spraying", "drilling", "ploughing"])
      expect(await order({ sort: "start", order: "asc" })).toEqual(["ploughing", "drilling", "spraying"])
      expect(await order({ sort: "workHours", order: "asc" })).toEqual(["spraying", "drilling", "ploughing"])
      const bad = await send(app, owner, "GET", `/api/v2/activities${q({ ...testPeriod, sort: "price" })}`)
      expect(bad.status).toBe(400)
      // The export follows the same order.
      const csv = await download(owner, "activities.csv", { sort: "area", order: "asc", lang: "en" })
      const machines = (await csv.text())
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .slice(1, 4)
        .map((l) => l.split(",")[2])
      expect(machines).toEqual(["Tracteur", "Tracteur", "Pulvérisateur"])
    })

    it("shows a member the work billed to them, a driver what they drove, a boss his employees' work, and nothing else", async () => {
      expect(names(await list(member))).toEqual(["ploughing"])
      expect(names(await list(driver))).toEqual(["drilling"])
      expect(names(await list(boss))).toEqual(["drilling"])
      expect(names(await list(stranger))).toEqual(["harvest"])
      // Without the right, the boss sees nothing of his employee's work elsewhere.
      await app.sql(
        (sql) => sql`UPDATE memberships SET rights = array_remove(rights, 'seeEmployeeActivities')
          WHERE cluster_id = ${farm} AND user_id = ${boss.id}`,
      )
      expect(names(await list(boss))).toEqual([])
      await app.sql(
        (sql) => sql`UPDATE memberships SET rights = array_append(rights, 'seeEmployeeActivities')
          WHERE cluster_id = ${farm} AND user_id = ${boss.id}`,
      )
    })

    it("shows a machine's activities to whoever holds a grant on it, without membership", async () => {
      const grantee = await signup(app, { firstname: "Gaston", lastname: "Grantee" })
      expect(names(await list(grantee))).toEqual([])
      await addGrants(app, sprayer, grantee.id, ["booking"])
      expect(names(await list(grantee))).toEqual(["spraying"])
    })

    it("narrows by structure, machine, field, driver and member billed, and totals what is shown", async () => {
      expect(names(await list(owner, { machine: tractor }))).toEqual(["drilling", "ploughing"])
      expect(names(await list(owner, { field: field.id }))).toEqual(["ploughing"])
      expect(names(await list(owner, { driver: driver.id }))).toEqual(["drilling"])
      expect(names(await list(owner, { member: member.id }))).toEqual(["ploughing"])
      expect(names(await list(owner, { cluster: cuma }))).toEqual(["drilling", "ploughing", "spraying"])
      // A filter names what one may not see: nothing more is shown.
      expect(names(await list(owner, { cluster: farm }))).toEqual([])
      expect(names(await list(owner, { machine: elsewhere }))).toEqual([])
      const narrowed = await list(owner, { machine: tractor })
      expect(narrowed.totals.count).toBe(2)
      expect(narrowed.totals.areaHa).toBeCloseTo(10)
      // A period of a year reaches work of ten months ago.
      const year = await list(owner, {
        start_date: new Date(Date.now() - 365 * 86_400_000).toISOString(),
        end_date: new Date(Date.now() + 3_600_000).toISOString(),
        machine: tractor,
      })
      expect(names(year)).toEqual(["drilling", "lastYear", "ploughing"])
    })

    const download = async (who: Person, path: string, params: Record<string, string>) => {
      const res = await app.call("GET", `/api/v2/${path}${q({ ...testPeriod, ...params })}`, {
        headers: who.auth,
      })
      return res
    }

    it("exports the list as CSV the way a French spreadsheet opens it, and an English one", async () => {
      const res = await download(owner, "activities.csv", {
        machine: tractor,
        lang: "fr",
        tz: "Europe/Paris",
      })
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toContain("text/csv")
      const bytes = new Uint8Array(await res.arrayBuffer())
      // UTF-8 with a byte-order mark: a spreadsheet then reads "Pièce" and "Début" right.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n")
      const header = lines[0]?.split(";") ?? []
      expect(header.slice(0, 5)).toEqual(["Début", "Fin", "Machine", "Structure", "Durée (h)"])
      expect(header).toContain("Surface travaillée (ha)")
      expect(header).toContain("Consommation (L)")
      // Newest first, as the list: the drilling (6 ha, no fuel), then the ploughing (4 ha, 60 L, for Marie).
      const rows = lines
        .slice(1)
        .filter((l) => l !== "")
        .map((l) => l.split(";"))
      expect(rows).toHaveLength(2)
      const column = (name: string) => header.indexOf(name)
      expect(rows.map((r) => r[column("Surface travaillée (ha)")])).toEqual(["6,00", "4,00"])
      expect(rows.map((r) => r[column("Consommation (L)")])).toEqual(["", "60,0"])
      expect(rows[1]?.[column("Pour")]).toBe("Marie Membre")
      expect(rows[1]?.[column("Parcelles")]).toBe(field.name)
      expect(rows[0]?.[column("Durée (h)")]).toBe("1,00")
      // The start in Paris's wall time, day first.
      const started = new Date(Date.now() - 20 * 3_600_000)
      const paris = new Intl.DateTimeFormat("fr-FR", {
        timeZone: "Europe/Paris",
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
      }).format(started)
      expect(rows[0]?.[column("Début")]).toMatch(
        new RegExp(`^${paris.replaceAll("/", "\\/")} \\d\\d:\\d\\d:\\d\\d$`),
      )

      const en = await download(owner, "activities.csv", { machine: tractor, lang: "en" })
      const enText = new TextDecoder().decode(new Uint8Array(await en.arrayBuffer()).slice(3))
      const enHeader = enText.split("\r\n")[0]?.split(",") ?? []
      expect(enHeader).toContain("Area worked (ha)")
      const enRow = enText.split("\r\n")[1]?.split(",") ?? []
      expect(enRow[enHeader.indexOf("Area worked (ha)")]).toBe("6.00")
      expect(enRow[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    })

    it("exports the list as a real XLSX workbook: typed numbers and dates, header frozen", async () => {
      const res = await download(owner, "activities.xlsx", { lang: "de", tz: "Europe/Berlin" })
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toContain("spreadsheetml")
      const bytes = new Uint8Array(await res.arrayBuffer())
      const rows = await readSheet(Buffer.from(bytes))
      const header = rows[0] as Array<unknown>
      expect(header[0]).toBe("Beginn")
      expect(header).toContain("Bearbeitete Fläche (ha)")
      expect(rows).toHaveLength(4)
      const area = header.indexOf("Bearbeitete Fläche (ha)")
      // Numbers stay numbers (the spreadsheet sums them), dates stay dates.
      expect(rows.slice(1).map((r) => r[area])).toEqual([null, 6, 4])
      expect(rows[1]?.[0]).toBeInstanceOf(Date)
      // The header row is frozen: the sheet holds a frozen pane below it.
      const sheet = strFromU8(unzipSync(bytes)["xl/worksheets/sheet1.xml"] as Uint8Array)
      expect(sheet).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/)
      // What one may not see is not exported either.
      const marie = await readSheet(
        Buffer.from(await (await download(member, "activities.xlsx", {})).arrayBuffer()),
      )
      expect(marie).toHaveLength(2)
    })

    it("refuses an unknown time zone with its message, and a stranger gets an empty sheet", async () => {
      const res = await download(owner, "activities.csv", { tz: "Mars/Olympus" })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: "unknownTimeZone" })
      const none = await download(
        await signup(app, { firstname: "Nina", lastname: "Nobody" }),
        "activities.csv",
        {},
      )
      expect(
        new TextDecoder()
          .decode(new Uint8Array(await none.arrayBuffer()).slice(3))
          .trim()
          .split("\r\n"),
      ).toHaveLength(1)
    })

    it("refuses a period that ends before it starts, or longer than a year, with its message code", async () => {
      const backwards = await send(
        app,
        owner,
        "GET",
        `/api/v2/activities${q({ start_date: testPeriod.end_date, end_date: testPeriod.start_date })}`,
      )
      expect(backwards).toMatchObject({ status: 400, body: { code: "endBeforeStart" } })
      const tooLong = await send(
        app,
        owner,
        "GET",
        `/api/v2/activities${q({ start_date: "2020-01-01T00:00:00Z", end_date: "2022-01-01T00:00:00Z" })}`,
      )
      expect(tooLong).toMatchObject({ status: 400, body: { code: "endBeforeStart" } })
      const anonymous = await app.call("GET", `/api/v2/activities${q(testPeriod)}`)
      expect(anonymous.status).toBe(401)
    })
  },
  300_000,
)
