// Size: the API cases of lifecycle, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"
import { bookingBody, employeeRef, machineRef, planning, refusal } from "../test/bookings"

describe.each(backends)("booking lifecycle on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { fixture, put, move, get, bookingNotes, rowsOf } = planning(() => app)

  it("creates a requested booking (not accepted: red), resources in the order given, named", async () => {
    const f = await fixture()
    const body = bookingBody(f.paul.id, [employeeRef(f.eve.id), machineRef(f.t2), machineRef(f.t1)], 24, 26, {
      comments: "Moisson",
    })
    const res = await put(f.paul, f.t1, body)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: body.id,
      cluster: { id: f.cluster, name: "CUMA des Blés" },
      status: "requested",
      accepted: false,
      resources: [
        { kind: "employee", id: f.eve.id, name: "Roux Eve" },
        { kind: "machine", id: f.t2, name: "Tracteur 2" },
        { kind: "machine", id: f.t1, name: "Tracteur 1" },
      ],
      machine: { kind: "machine", id: f.t2, name: "Tracteur 2" },
      user: { id: f.paul.id, firstname: "Paul", lastname: "Martin" },
      requestedBy: { id: f.paul.id },
      comments: "Moisson",
      decidedBy: null,
      can: { accept: false, refuse: false, edit: true, cancel: true, seeUse: false },
    })
    expect(new Date(res.body.start_date).toISOString()).toBe(body.start_date)
    const again = await get(f.paul, body.id)
    expect(again.body.resources.map((r: { name: string }) => r.name)).toEqual([
      "Roux Eve",
      "Tracteur 2",
      "Tracteur 1",
    ])
    expect((await get(f.marc, body.id)).body.can).toEqual({
      accept: true,
      refuse: true,
      edit: true,
      cancel: true,
      seeUse: true,
    })
  })

  it("is created requested even by someone who may accept it; one click accepts it (green)", async () => {
    const f = await fixture()
    const body = bookingBody(f.marc.id, [machineRef(f.t1)])
    expect((await put(f.marc, f.t1, body)).body).toMatchObject({ status: "requested", accepted: false })
    const accepted = await move(f.marc, body.id, "accept")
    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({
      status: "accepted",
      accepted: true,
      decidedBy: { firstname: "Marc", lastname: "Durand" },
      can: { accept: false, refuse: false, edit: true, cancel: true, seeUse: true },
    })
  })

  it("refuses: the booking frees its resources and never moves again", async () => {
    const f = await fixture()
    const body = bookingBody(f.paul.id, [machineRef(f.t1)])
    await put(f.paul, f.t1, body)
    const refused = await move(f.marc, body.id, "refuse")
    expect(refused.body).toMatchObject({ status: "refused", accepted: false })
    expect((await rowsOf(body.id)).resources).toEqual([{ position: 0, active: false }])
    expect(await move(f.marc, body.id, "accept")).toEqual({
      status: 409,
      body: refusal(
        "Conflict",
        "bookingNotRequested",
        "Cette réservation n'est plus en attente de validation",
      ),
    })
    expect(await move(f.paul, body.id, "cancel")).toEqual({
      status: 409,
      body: refusal("Conflict", "bookingClosed", "Cette réservation a été annulée ou refusée"),
    })
    const edit = await put(f.paul, f.t1, { ...body, comments: "autre" })
    expect(edit.status).toBe(409)
    expect(edit.body.code).toBe("bookingClosed")
  })

  it("is cancelled by its requester, or by an acceptor once accepted", async () => {
    const f = await fixture()
    const mine = bookingBody(f.paul.id, [machineRef(f.t1)])
    await put(f.paul, f.t1, mine)
    expect((await move(f.paul, mine.id, "cancel")).body).toMatchObject({
      status: "cancelled",
      accepted: false,
    })
    const other = bookingBody(f.paul.id, [machineRef(f.t1)])
    await put(f.paul, f.t1, other)
    await move(f.marc, other.id, "accept")
    expect((await move(f.marc, other.id, "cancel")).body).toMatchObject({
      status: "cancelled",
      decidedBy: { firstname: "Marc" },
    })
    expect((await move(f.marc, other.id, "accept")).body.code).toBe("bookingNotRequested")
  })

  it("goes back to requested when the requester edits it once accepted; stays accepted when a manager does", async () => {
    const f = await fixture()
    const body = bookingBody(f.paul.id, [machineRef(f.t1)])
    await put(f.paul, f.t1, body)
    await move(f.marc, body.id, "accept")
    const edited = await put(f.paul, f.t1, { ...body, end_date: bookingBody("", [], 24, 27).end_date })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ status: "requested", accepted: false, decidedBy: null })
    await move(f.marc, body.id, "accept")
    const byManager = await put(f.marc, f.t1, { ...body, resources: [machineRef(f.t1), machineRef(f.t2)] })
    expect(byManager.body).toMatchObject({
      status: "accepted",
      accepted: true,
      requestedBy: { id: f.paul.id },
      decidedBy: { firstname: "Marc" },
    })
    expect(byManager.body.resources.map((r: { name: string }) => r.name)).toEqual([
      "Tracteur 1",
      "Tracteur 2",
    ])
    expect((await rowsOf(body.id)).resources).toEqual([
      { position: 0, active: true },
      { position: 1, active: true },
    ])
  })

  it("answers the same booking to the same PUT again, changing nothing and notifying nobody", async () => {
    const f = await fixture()
    const body = bookingBody(f.paul.id, [machineRef(f.t1)])
    const first = await put(f.paul, f.t1, body)
    const notes = await bookingNotes(f.marc.id)
    const second = await put(f.paul, f.t1, body)
    expect(second).toEqual(first)
    expect(await bookingNotes(f.marc.id)).toEqual(notes)
    await move(f.marc, body.id, "accept")
    const retried = await put(f.paul, f.t1, body)
    expect(retried.body).toMatchObject({ status: "accepted", updatedAt: expect.any(String) })
    expect(await rowsOf(body.id)).toMatchObject({ bookings: 1, resources: [{ position: 0, active: true }] })
  })

  it("treats a retry with a location and a drawn area as the same content (an accepted booking stays accepted)", async () => {
    const f = await fixture()
    const location = { label: "Champ du Moulin", point: { lng: 1.25, lat: 48.5 } }
    const geometry = {
      type: "Polygon",
      coordinates: [
        [
          [1, 48],
          [1.1, 48],
          [1.1, 48.1],
          [1, 48],
        ],
      ],
    }
    const body = bookingBody(f.paul.id, [machineRef(f.t1)], 24, 26, { location, geometry })
    await put(f.paul, f.t1, body)
    await move(f.marc, body.id, "accept")
    const retried = await put(f.paul, f.t1, body)
    expect(retried.body).toMatchObject({
      status: "accepted",
      location,
      geometry,
    })
    expect((await bookingNotes(f.marc.id)).length).toBe(1)
  })

  it("never moves once ended: 409 bookingEnded", async () => {
    const f = await fixture()
    const body = bookingBody(f.paul.id, [machineRef(f.t1)])
    await put(f.paul, f.t1, body)
    await app.sql(
      (
        sql,
      ) => sql`UPDATE bookings SET start_date = now() - interval '3 hours', end_date = now() - interval '1 hour'
        WHERE id = ${body.id}`,
    )
    const ended = refusal(
      "Conflict",
      "bookingEnded",
      "Cette réservation est terminée : elle ne peut plus changer",
    )
    expect(await move(f.marc, body.id, "accept")).toEqual({ status: 409, body: ended })
    expect(await move(f.paul, body.id, "cancel")).toEqual({ status: 409, body: ended })
    expect((await put(f.paul, f.t1, { ...body, comments: "plus tard" })).body).toEqual(ended)
    expect((await get(f.marc, body.id)).body.can).toEqual({
      accept: false,
      refuse: false,
      edit: false,
      cancel: false,
      seeUse: true,
    })
  })
})
