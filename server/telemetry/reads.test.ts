// Size: the API cases of reading what boxes sent, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addGrants, addMachine, addMember, createCluster, send } from "../test/clusters"
import { addBox, seedFixes, track } from "../test/fixes"

type Person = Awaited<ReturnType<typeof signup>>

const hour = 3_600_000
const base = Date.parse("2026-11-20T08:00:00Z")
const t = (hours: number) => new Date(base + hours * hour).toISOString()
const q = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`

describe.each(backends)("reading what boxes sent on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let viewer: Person
  let blind: Person
  let granted: Person
  let outsider: Person
  let admin: Person
  let cuma: string
  let tractor: string
  let sprayer: string
  let n = 0
  const newBox = () => addBox(app, `RD${backend[0].toUpperCase()}${++n}X${Date.now() % 100000}`, cuma)
  const associate = async (box: string, machine: string, start: string, end: string | null = null) => {
    const res = await send(app, owner, "POST", `/api/v2/counters/${box}/associations`, {
      cluster: cuma,
      machine,
      start_date: start,
      end_date: end,
    })
    expect(res.status).toBe(201)
    return res.body.id as string
  }
  const history = (who: Person | undefined, machine: string, params: Record<string, string | number>) =>
    send(app, who, "GET", `/api/v2/expert/machines/${machine}/history_locs${q(params)}`)
  const times = (body: { fixes: Array<{ at: string }> }) => body.fixes.map((f) => f.at)

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
    blind = await signup(app, { firstname: "Bea", lastname: "Blind" })
    granted = await signup(app, { firstname: "Gus", lastname: "Granted" })
    outsider = await signup(app, { firstname: "Oscar", lastname: "Outsider" })
    admin = await signup(app, { firstname: "Ada", lastname: "Admin" })
    await app.sql((sql) => sql`UPDATE users SET is_admin = true WHERE id = ${admin.id}`)
    cuma = await createCluster(app, owner, { name: "CUMA des Traces" })
    await createCluster(app, outsider, { name: "CUMA Voisine" })
    await addMember(app, cuma, viewer.id, ["seeMachines"])
    await addMember(app, cuma, blind.id, [])
    tractor = await addMachine(app, cuma, "Tracteur")
    sprayer = await addMachine(app, cuma, "Pulvérisateur")
    await addGrants(app, sprayer, granted.id, ["seeMachine"])
  })
  afterAll(() => app?.close())

  it("gives a machine's raw fixes over a UTC period with every value, paged, only within its associations", async () => {
    const box = await newBox()
    await associate(box, tractor, t(0), t(2))
    await seedFixes(app, box, [
      { t: t(-1) }, // before the association: the box's, not the machine's
      {
        t: t(0.5),
        lng: 4.1,
        lat: 45.2,
        acc: 2.5,
        spd: 11.5,
        hdg: 90,
        alt: 310,
        sat: 12,
        vib: 2,
        vibRaw: 0.42,
        bat: 76,
        can: { engineSpeed: 1850, fuelRate: 14.2 },
        tags: [{ id: "TAG-1", rssi: -61 }],
      },
      ...track(t(1), 4, 60),
      { t: t(3) }, // after it ended
    ])
    const res = await history(viewer, tractor, { start_date: t(-5), end_date: t(5), limit: 2 })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ total: 5, page: 1, limit: 2 })
    expect(res.body.fixes[0]).toEqual({
      counter: box,
      at: new Date(t(0.5)).toISOString(),
      lng: 4.1,
      lat: 45.2,
      accuracy: 2.5,
      speed: 11.5,
      heading: 90,
      altitude: 310,
      satellites: 12,
      vibration: "medium",
      vibrationRaw: expect.closeTo(0.42, 5),
      battery: 76,
      can: { engineSpeed: 1850, fuelRate: expect.closeTo(14.2, 5) },
      tags: [{ id: "TAG-1", rssi: -61 }],
      receivedAt: expect.any(String),
      // Stored straight in the table, its day never computed: no label yet.
      state: null,
      activity: null,
    })
    // A fix without the optional values gives nulls, never made-up ones.
    expect(res.body.fixes[1]).toMatchObject({
      vibration: null,
      battery: null,
      can: null,
      tags: null,
      speed: null,
    })
    const page3 = await history(viewer, tractor, { start_date: t(-5), end_date: t(5), limit: 2, page: 3 })
    expect(times(page3.body)).toEqual([new Date(base + hour + 180_000).toISOString()])
    // The period bounds the answer: [start, end).
    const inner = await history(viewer, tractor, {
      start_date: t(1),
      end_date: t(1).replace("09:00", "09:02"),
    })
    expect(inner.body.total).toBe(2)
  })

  it("re-attributes by the association's dates when they are edited", async () => {
    const box = await newBox()
    const future = new Date(Date.now() + 10 * 24 * hour).toISOString()
    const id = await associate(box, sprayer, t(10), future)
    await seedFixes(app, box, [{ t: t(9) }, { t: t(10.5) }, { t: t(11.5) }])
    const period = { start_date: t(0), end_date: t(20) }
    const iso = (...hours: Array<number>) => hours.map((h) => new Date(t(h)).toISOString())
    expect(times((await history(granted, sprayer, period)).body)).toEqual(iso(10.5, 11.5))
    const edit = (start: string) =>
      send(app, owner, "PATCH", `/api/v2/associations/${id}`, { start_date: start }).then((r) => r.status)
    // An earlier start brings in the fixes it now covers; a later one lets go of the others.
    expect(await edit(t(8.5))).toBe(200)
    expect(times((await history(granted, sprayer, period)).body)).toEqual(iso(9, 10.5, 11.5))
    expect(await edit(t(11))).toBe(200)
    expect(times((await history(granted, sprayer, period)).body)).toEqual(iso(11.5))
    // The box keeps every fix (admin counterdata), attributed or not.
    const all = await send(app, admin, "GET", `/api/v2/admin/counters/${box}/fixes${q(period)}`)
    expect(all.body).toMatchObject({ total: 3, unattributed: 2 })
    expect(all.body.fixes.map((f: { machine: { id: string } | null }) => f.machine?.id ?? null)).toEqual([
      null,
      null,
      sprayer,
    ])
  })

  it("deleting an association deletes the box's fixes of its period, and only those", async () => {
    const box = await newBox()
    const first = await associate(box, tractor, t(20), t(22))
    await associate(box, sprayer, t(22), null)
    await seedFixes(app, box, [{ t: t(19) }, { t: t(20) }, { t: t(21.9) }, { t: t(22) }, { t: t(30) }])
    // Ending the open one (pickoff) deletes nothing.
    expect((await send(app, owner, "POST", `/api/v2/machines/${sprayer}/pickoff`)).status).toBe(200)
    const boxFixes = async () =>
      times(
        (
          await send(
            app,
            admin,
            "GET",
            `/api/v2/admin/counters/${box}/fixes${q({ start_date: t(0), end_date: t(40) })}`,
          )
        ).body,
      )
    expect(await boxFixes()).toHaveLength(5)
    expect((await send(app, viewer, "DELETE", `/api/v2/associations/${first}`)).status).toBe(403)
    expect((await send(app, owner, "DELETE", `/api/v2/associations/${first}`)).status).toBe(204)
    expect(await boxFixes()).toEqual([t(19), t(22), t(30)].map((x) => new Date(x).toISOString()))
    expect((await history(viewer, tractor, { start_date: t(19), end_date: t(23) })).body.total).toBe(0)
  })

  it("exports the same period as CSV, every value in its column", async () => {
    const box = await newBox()
    await associate(box, tractor, t(40), t(41))
    await seedFixes(app, box, [
      { t: t(40.1), bat: 55, vib: 3, can: { pto: 540 }, tags: [{ id: "T,1", rssi: -70 }] },
      { t: t(40.2) },
    ])
    const res = await app.call(
      "GET",
      `/api/v2/expert/machines/${tractor}/history_locs.csv${q({ start_date: t(40), end_date: t(41) })}`,
      { headers: viewer.auth },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toContain("text/csv")
    const lines = (await res.text()).trim().split("\n")
    expect(lines[0]).toBe(
      "counter,at,lng,lat,accuracy_m,speed_kmh,heading_deg,altitude_m,satellites,vibration,vibration_raw,battery,can,tags,received_at,state,activity",
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(
      `${box},${new Date(t(40.1)).toISOString()},2.35,48.85,,,,,,high,,55,"{""pto"":540}","[{""id"":""T,1"",""rssi"":-70}]",`,
    )
    const tooLong = await app.call(
      "GET",
      `/api/v2/expert/machines/${tractor}/history_locs.csv${q({ start_date: t(0), end_date: t(24 * 40) })}`,
      { headers: viewer.auth },
    )
    expect(tooLong.status).toBe(400)
  })

  it("tells who may read: the machine's viewers and grantees, never others", async () => {
    const period = { start_date: t(0), end_date: t(1) }
    expect((await history(undefined, tractor, period)).status).toBe(401)
    expect((await history(outsider, tractor, period)).status).toBe(404)
    expect((await history(blind, tractor, period)).status).toBe(403)
    expect((await history(granted, tractor, period)).status).toBe(404)
    expect((await history(granted, sprayer, period)).status).toBe(200)
    expect((await history(viewer, tractor, { start_date: t(1), end_date: t(0) })).status).toBe(400)
    expect((await history(viewer, tractor, { start_date: "yesterday", end_date: t(0) })).status).toBe(400)
    expect((await history(viewer, tractor, { ...period, limit: 5000 })).status).toBe(400)
    expect((await send(app, viewer, "GET", `/api/v2/admin/counters/ANY/fixes${q(period)}`)).status).toBe(403)
  })

  it("describes the boxes of a machine: firmware, battery, last contact, fixes, last position, sensors", async () => {
    const machine = await addMachine(app, cuma, "Moissonneuse")
    const old = await newBox()
    const box = await newBox()
    await app.sql(
      (
        sql,
      ) => sql`UPDATE counters SET firmware = '2.4.1', battery = 64, last_communication = ${t(51)}::timestamptz
        WHERE id = ${box}`,
    )
    await associate(old, machine, t(44), t(45))
    await associate(box, machine, t(46), null)
    const now = new Date().toISOString()
    await seedFixes(app, box, [
      {
        t: now.replace(/T.*/, "T00:00:00.000Z"),
        vib: 1,
        can: { engineSpeed: 900 },
        tags: [{ id: "DRV-1", rssi: -80 }],
      },
      { t: now.replace(/T.*/, "T00:00:05.000Z"), lng: 3.5, lat: 47.5, can: { fuelLevel: 71 } },
    ])
    await seedFixes(app, old, [{ t: t(44.5) }])
    const res = await send(app, viewer, "GET", `/api/v2/devicesInformations${q({ idMachine: machine })}`)
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(2)
    expect(res.body[0]).toEqual({
      counter: box,
      kind: "box",
      firmware: "2.4.1",
      battery: 64,
      lastCommunication: new Date(t(51)).toISOString(),
      fixes: 2,
      lastPosition: { at: now.replace(/T.*/, "T00:00:05.000Z"), lng: 3.5, lat: 47.5 },
      current: true,
      sensors: {
        vibration: "low",
        can: { fuelLevel: 71 },
        canSeen: ["engineSpeed", "fuelLevel"],
        tags: [{ id: "DRV-1", rssi: -80, at: now.replace(/T.*/, "T00:00:00.000Z") }],
      },
    })
    expect(res.body[1]).toMatchObject({
      counter: old,
      current: false,
      fixes: 1,
      sensors: { vibration: null, can: {}, canSeen: [], tags: [] },
    })
    expect(
      (await send(app, outsider, "GET", `/api/v2/devicesInformations${q({ idMachine: machine })}`)).status,
    ).toBe(404)
    expect(
      (await send(app, blind, "GET", `/api/v2/devicesInformations${q({ idMachine: machine })}`)).status,
    ).toBe(403)
  })

  it("gives a box's own series, newest first and paged, and its time per vibration level", async () => {
    const box = await newBox()
    await seedFixes(app, box, [
      { t: t(60), bat: 90, vib: 0, can: { engineSpeed: 800 } },
      { t: new Date(base + 60 * hour + 10_000).toISOString(), bat: 89, vib: 2 },
      { t: new Date(base + 60 * hour + 20_000).toISOString(), vib: 2 },
      { t: new Date(base + 60 * hour + 500_000).toISOString(), bat: 85, vib: 3 }, // after a long silence
    ])
    const battery = await send(
      app,
      viewer,
      "GET",
      `/api/v2/externalTemporalCounterDatas/${box}${q({ dataType: "battery", limit: 2 })}`,
    )
    expect(battery.status).toBe(200)
    expect(battery.body).toMatchObject({ dataType: "battery", total: 3, page: 1, limit: 2 })
    expect(battery.body.points.map((p: { value: number }) => p.value)).toEqual([85, 89])
    const can = await send(
      app,
      viewer,
      "GET",
      `/api/v2/externalTemporalCounterDatas/${box}${q({ dataType: "can.engineSpeed" })}`,
    )
    expect(can.body.points).toEqual([{ at: new Date(t(60)).toISOString(), value: 800 }])
    const categories = await send(
      app,
      viewer,
      "GET",
      `/api/v2/externalCategoriesCounterDatas/${box}${q({ dataType: "vibration" })}`,
    )
    expect(categories.status).toBe(200)
    // none 10 s, medium 10 s + 60 s (a silence counts for 60 s at most), high: the last fix, 0 s.
    expect(categories.body).toEqual({
      dataType: "vibration",
      categories: [
        { category: "none", seconds: 10, fixes: 1 },
        { category: "low", seconds: 0, fixes: 0 },
        { category: "medium", seconds: 70, fixes: 2 },
        { category: "high", seconds: 0, fixes: 1 },
      ],
    })
    expect(
      (
        await send(
          app,
          outsider,
          "GET",
          `/api/v2/externalTemporalCounterDatas/${box}${q({ dataType: "battery" })}`,
        )
      ).status,
    ).toBe(404)
    expect(
      (
        await send(
          app,
          viewer,
          "GET",
          `/api/v2/externalTemporalCounterDatas/${box}${q({ dataType: "password" })}`,
        )
      ).status,
    ).toBe(400)
    expect(
      (
        await send(
          app,
          outsider,
          "GET",
          `/api/v2/externalCategoriesCounterDatas/${box}${q({ dataType: "vibration" })}`,
        )
      ).status,
    ).toBe(404)
  })
})
