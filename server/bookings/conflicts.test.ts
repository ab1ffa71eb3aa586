import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"
import { bookingBody, employeeRef, machineRef, planning } from "../test/bookings"

describe.each(backends)("booking conflicts on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { fixture, put, move, rowsOf, bookingNotes } = planning(() => app)

  it("refuses an overlapping booking of a held resource with 409 naming it, and writes nothing of it", async () => {
    const f = await fixture()
    expect((await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1)], 24, 28))).status).toBe(200)
    const notesBefore = await bookingNotes(f.marc.id)
    const late = bookingBody(f.eve.id, [machineRef(f.t2), machineRef(f.t1)], 26, 30)
    const res = await put(f.eve, f.t2, late)
    expect(res).toEqual({
      status: 409,
      body: {
        _tag: "ResourceUnavailable",
        code: "resourceUnavailable",
        message: "La ressource Tracteur 1 n'est plus disponible",
        resources: [{ kind: "machine", id: f.t1, name: "Tracteur 1" }],
      },
    })
    expect(await rowsOf(late.id)).toEqual({ bookings: 0, resources: [] })
    expect(await bookingNotes(f.marc.id)).toEqual(notesBefore)
  })

  it("names each resource held, employees by their label, in the order asked, in the plural for several", async () => {
    const f = await fixture()
    await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1), employeeRef(f.eve.id)], 24, 28))
    const res = await put(
      f.anne,
      f.t2,
      bookingBody(f.anne.id, [employeeRef(f.eve.id), machineRef(f.t2), machineRef(f.t1)], 27, 29),
    )
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({
      _tag: "ResourceUnavailable",
      code: "resourcesUnavailable",
      message: "Les ressources Roux Eve, Tracteur 1 ne sont plus disponibles",
    })
    expect(res.body.resources.map((r: { kind: string }) => r.kind)).toEqual(["employee", "machine"])
  })

  it("accepts adjacent bookings: one may start when the other ends", async () => {
    const f = await fixture()
    expect((await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1)], 24, 26))).status).toBe(200)
    expect((await put(f.eve, f.t1, bookingBody(f.eve.id, [machineRef(f.t1)], 26, 28))).status).toBe(200)
    expect((await put(f.eve, f.t1, bookingBody(f.eve.id, [machineRef(f.t1)], 22, 24))).status).toBe(200)
  })

  it("frees the slot of a cancelled or refused booking", async () => {
    const f = await fixture()
    const first = bookingBody(f.paul.id, [machineRef(f.t1)], 24, 26)
    await put(f.paul, f.t1, first)
    await move(f.paul, first.id, "cancel")
    const second = bookingBody(f.eve.id, [machineRef(f.t1)], 24, 26)
    expect((await put(f.eve, f.t1, second)).status).toBe(200)
    await move(f.marc, second.id, "refuse")
    expect((await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1)], 25, 26))).status).toBe(200)
  })

  it("refuses an edit that would overlap another booking, leaving the booking as it was", async () => {
    const f = await fixture()
    await put(f.paul, f.t2, bookingBody(f.paul.id, [machineRef(f.t2)], 24, 26))
    const mine = bookingBody(f.eve.id, [machineRef(f.t1)], 24, 26)
    await put(f.eve, f.t1, mine)
    const res = await put(f.eve, f.t1, { ...mine, resources: [machineRef(f.t1), machineRef(f.t2)] })
    expect(res.status).toBe(409)
    expect(res.body.resources).toEqual([{ kind: "machine", id: f.t2, name: "Tracteur 2" }])
    expect((await rowsOf(mine.id)).resources).toEqual([{ position: 0, active: true }])
    // Moving its own period over itself is no conflict.
    expect((await put(f.eve, f.t1, { ...mine, end_date: bookingBody("", [], 24, 27).end_date })).status).toBe(
      200,
    )
  })

  it("answers the same booking to simultaneous retries of one PUT, stored once", async () => {
    const f = await fixture()
    const body = bookingBody(f.paul.id, [machineRef(f.t1), employeeRef(f.eve.id)])
    const answers = await Promise.all(Array.from({ length: 5 }, () => put(f.paul, f.t1, body)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set([body.id]))
    expect(await rowsOf(body.id)).toEqual({
      bookings: 1,
      resources: [
        { position: 0, active: true },
        { position: 1, active: true },
      ],
    })
    expect((await bookingNotes(f.marc.id)).length).toBe(1)
  })

  // No timeout of its own (the api project's 60 s): PGlite runs the 200 transactions one after
  // another, slowly on a busy machine; how fast belongs to `npm run bench`.
  it("lets exactly one of 200 simultaneous overlapping requests win; the others are told the machine is taken", async () => {
    const f = await fixture()
    const people = [f.anne, f.marc, f.paul, f.eve]
    const bodies = Array.from({ length: 200 }, (_, i) => {
      const who = people[i % people.length]
      return { who, body: bookingBody(who.id, [machineRef(f.t1)], 24 + (i % 5), 30 + (i % 7)) }
    })
    const answers = await Promise.all(bodies.map(({ who, body }) => put(who, f.t1, body)))
    const winners = answers.filter((a) => a.status === 200)
    const losers = answers.filter((a) => a.status === 409)
    expect(winners.length).toBe(1)
    expect(losers.length).toBe(199)
    for (const l of losers)
      expect(l.body).toEqual({
        _tag: "ResourceUnavailable",
        code: "resourceUnavailable",
        message: "La ressource Tracteur 1 n'est plus disponible",
        resources: [{ kind: "machine", id: f.t1, name: "Tracteur 1" }],
      })
    const rows = await app.sql(
      (sql) => sql<{ bookings: number; resources: number; orphans: number; winner: string }>`
        SELECT (SELECT count(*)::int FROM bookings WHERE cluster_id = ${f.cluster}) AS bookings,
               (SELECT count(*)::int FROM booking_resources WHERE machine_id = ${f.t1}) AS resources,
               (SELECT count(*)::int FROM booking_resources r
                 WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE b.id = r.booking_id)) AS orphans,
               (SELECT id::text FROM bookings WHERE cluster_id = ${f.cluster}) AS winner`,
    )
    expect(rows).toEqual([{ bookings: 1, resources: 1, orphans: 0, winner: winners[0].body.id }])
  })
})
