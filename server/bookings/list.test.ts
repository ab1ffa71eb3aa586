import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { bookingBody, bookingNotFound, employeeRef, inHours, machineRef, planning } from "../test/bookings"
import { addGrants, addMachine, addMember, createCluster } from "../test/clusters"

type Listed = ReadonlyArray<{ id: string; status: string; comments: string }>
const ids = (body: Listed) => body.map((b) => b.id)

describe.each(backends)("booking list on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { fixture, put, move, get, list } = planning(() => app)

  /** Three bookings: Paul on T1 then T2 (later), Eve with Paul as employee on T2 (earliest). */
  const three = async () => {
    const f = await fixture()
    const a = bookingBody(f.paul.id, [machineRef(f.t1)], 30, 32)
    const b = bookingBody(f.paul.id, [machineRef(f.t2)], 50, 52)
    const c = bookingBody(f.anne.id, [machineRef(f.t2), employeeRef(f.eve.id)], 10, 12)
    for (const [m, body] of [
      [f.t1, a],
      [f.t2, b],
      [f.t2, c],
    ] as const)
      expect((await put(f.anne, m, body)).status).toBe(200)
    return { ...f, a, b, c }
  }

  it("lists what the caller sees, oldest start first; filters by machine, employee and structure", async () => {
    const f = await three()
    expect(ids((await list(f.marc)).body)).toEqual([f.c.id, f.a.id, f.b.id])
    expect(ids((await list(f.marc, `?machine=${f.t2}`)).body)).toEqual([f.c.id, f.b.id])
    expect(ids((await list(f.marc, `?machine=${f.t1}&machine=${f.t2}`)).body)).toEqual([
      f.c.id,
      f.a.id,
      f.b.id,
    ])
    expect(ids((await list(f.marc, `?employee=${f.eve.id}`)).body)).toEqual([f.c.id])
    expect(ids((await list(f.marc, `?machine=${f.t1}&employee=${f.eve.id}`)).body)).toEqual([f.c.id, f.a.id])
    expect(ids((await list(f.marc, `?cluster=${f.cluster}`)).body)).toEqual([f.c.id, f.a.id, f.b.id])
    const [first] = (await list(f.marc)).body
    expect(first.can).toEqual({ accept: true, refuse: true, edit: true, cancel: true, seeUse: true })
  })

  it("shows refused and cancelled bookings only with all=true", async () => {
    const f = await three()
    await move(f.marc, f.a.id, "refuse")
    await move(f.anne, f.b.id, "cancel")
    expect(ids((await list(f.marc)).body)).toEqual([f.c.id])
    const all = (await list(f.marc, "?all=true")).body as Listed
    expect(all.map((b) => [b.id, b.status])).toEqual([
      [f.c.id, "requested"],
      [f.a.id, "refused"],
      [f.b.id, "cancelled"],
    ])
  })

  it("shows without seeMachines only one's own bookings, those one is booked in, and those of granted machines", async () => {
    const f = await three()
    const carl = await signup(app)
    await addMember(app, f.cluster, carl.id, ["bookEmployee"])
    expect((await list(carl)).body).toEqual([])
    expect(ids((await list(f.eve)).body)).toEqual([f.c.id, f.a.id, f.b.id])
    await app.sql((sql) => sql`UPDATE memberships SET rights = '{}' WHERE user_id = ${f.eve.id}`)
    expect(ids((await list(f.eve)).body)).toEqual([f.c.id])
    expect(ids((await list(f.paul)).body)).toEqual([f.c.id, f.a.id, f.b.id])
    await addGrants(app, f.t1, f.olga.id, ["realTimeView"])
    expect(ids((await list(f.olga)).body)).toEqual([f.a.id])
    expect(ids((await list(f.olga, `?machine=${f.t1}`)).body)).toEqual([f.a.id])
  })

  it("counts only known grants: one no version knows shows nothing, in the list as when opened", async () => {
    const f = await three()
    await addGrants(app, f.t1, f.olga.id, ["retiredGrant"])
    expect(await list(f.olga)).toEqual({ status: 200, body: [] })
    expect(await get(f.olga, f.a.id)).toEqual({ status: 404, body: bookingNotFound })
    await app.sql(
      (sql) =>
        sql`UPDATE machine_grants SET grants = '{retiredGrant,realTimeView}' WHERE user_id = ${f.olga.id}`,
    )
    expect(ids((await list(f.olga)).body)).toEqual([f.a.id])
    expect((await get(f.olga, f.a.id)).status).toBe(200)
  })

  it("answers 404 for a machine, employee or structure the caller cannot see", async () => {
    const f = await three()
    const notFound = { status: 404, body: bookingNotFound }
    const elsewhere = await createCluster(app, f.olga, { name: "GAEC Ailleurs" })
    const foreign = await addMachine(app, elsewhere, "Moissonneuse")
    expect(await list(f.marc, `?machine=${foreign}`)).toEqual(notFound)
    expect(await list(f.marc, `?machine=${crypto.randomUUID()}`)).toEqual(notFound)
    expect(await list(f.marc, `?employee=${f.olga.id}`)).toEqual(notFound)
    expect(await list(f.marc, `?cluster=${elsewhere}`)).toEqual(notFound)
    expect((await list(f.olga, `?employee=${f.olga.id}`)).status).toBe(200)
    expect((await list(undefined)).status).toBe(401)
  })

  it("covers 31 days back to 366 days ahead by default; a window is at most 400 days and ends after it starts", async () => {
    const f = await fixture()
    const far = bookingBody(f.paul.id, [machineRef(f.t1)], 24 * 380, 24 * 380 + 2)
    const near = bookingBody(f.paul.id, [machineRef(f.t1)], 24, 26)
    await put(f.paul, f.t1, far)
    await put(f.paul, f.t1, near)
    await app.sql(
      (
        sql,
      ) => sql`UPDATE bookings SET start_date = now() - interval '40 days', end_date = now() - interval '39 days'
        WHERE id = ${near.id}`,
    )
    expect((await list(f.paul)).body).toEqual([])
    const from = encodeURIComponent(inHours(-24 * 45))
    const to = encodeURIComponent(inHours(24 * 300))
    expect(ids((await list(f.paul, `?from=${from}&to=${to}`)).body)).toEqual([near.id])
    expect(ids((await list(f.paul, `?from=${encodeURIComponent(inHours(24 * 300))}`)).body)).toEqual([far.id])
    const badWindow = {
      status: 400,
      body: { _tag: "BadRequest", code: "badRequest", message: "La requête est invalide" },
    }
    expect(await list(f.paul, `?from=${to}&to=${from}`)).toEqual(badWindow)
    expect(await list(f.paul, `?from=${from}&to=${encodeURIComponent(inHours(24 * 400))}`)).toEqual(badWindow)
  })
})
