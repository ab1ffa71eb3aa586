import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { bookingBody, employeeRef, machineRef, memberRights, planning } from "../test/bookings"
import { addGrants, addMember } from "../test/clusters"
import { notificationsOf } from "../test/membership"

describe.each(backends)("booking notifications on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { fixture, put, move, bookingNotes } = planning(() => app)

  it("tells each member who may accept it (not the caller, nobody else) that a booking is requested", async () => {
    const f = await fixture()
    const granted = await signup(app, { firstname: "Gina", lastname: "Vert" })
    await addGrants(app, f.t1, granted.id, ["acceptBookings"])
    const body = bookingBody(f.paul.id, [machineRef(f.t1)])
    await put(f.paul, f.t1, body)
    const requested = [{ kind: "bookingRequested", booking: body.id, read: false }]
    expect(await bookingNotes(f.anne.id)).toEqual(requested)
    expect(await bookingNotes(f.marc.id)).toEqual(requested)
    expect(await bookingNotes(granted.id)).toEqual(requested)
    for (const who of [f.paul, f.eve, f.olga]) expect(await bookingNotes(who.id)).toEqual([])
    const [note] = await notificationsOf(app, f.marc)
    expect(note).toMatchObject({
      kind: "bookingRequested",
      cluster: { name: "CUMA des Blés" },
      actor: { firstname: "Paul", lastname: "Martin" },
      booking: { id: body.id, resources: ["Tracteur 1"] },
    })
  })

  it("asks only those who may accept every resource; a grant holder outside never for an employee", async () => {
    const f = await fixture()
    const granted = await signup(app)
    await addGrants(app, f.t1, granted.id, ["acceptBookings"])
    const machinesOnly = await signup(app)
    await addMember(app, f.cluster, machinesOnly.id, [...memberRights, "acceptMachineBooking"])
    const body = bookingBody(f.paul.id, [machineRef(f.t1), employeeRef(f.eve.id)])
    await put(f.paul, f.t1, body)
    expect((await bookingNotes(f.marc.id)).length).toBe(1)
    expect(await bookingNotes(granted.id)).toEqual([])
    expect(await bookingNotes(machinesOnly.id)).toEqual([])
  })

  it("tells the requester and the person once each when someone else accepts, and settles the requests", async () => {
    const f = await fixture()
    const body = bookingBody(f.eve.id, [machineRef(f.t1)])
    await put(f.anne, f.t1, body)
    await move(f.marc, body.id, "accept")
    expect(await bookingNotes(f.anne.id)).toEqual([
      { kind: "bookingAccepted", booking: body.id, read: false },
    ])
    expect(await bookingNotes(f.eve.id)).toEqual([{ kind: "bookingAccepted", booking: body.id, read: false }])
    expect(await bookingNotes(f.marc.id)).toEqual([
      { kind: "bookingRequested", booking: body.id, read: true },
    ])
  })

  it("tells of refusals and cancellations by someone else, never the caller of their own move", async () => {
    const f = await fixture()
    const refused = bookingBody(f.paul.id, [machineRef(f.t1)])
    await put(f.paul, f.t1, refused)
    await move(f.marc, refused.id, "refuse")
    expect(await bookingNotes(f.paul.id)).toEqual([
      { kind: "bookingRefused", booking: refused.id, read: false },
    ])
    const cancelled = bookingBody(f.paul.id, [machineRef(f.t2)])
    await put(f.paul, f.t2, cancelled)
    await move(f.paul, cancelled.id, "cancel")
    expect((await bookingNotes(f.paul.id)).length).toBe(1)
    expect((await bookingNotes(f.marc.id)).filter((n) => n.booking === cancelled.id)).toEqual([
      { kind: "bookingRequested", booking: cancelled.id, read: true },
    ])
    const byOther = bookingBody(f.paul.id, [machineRef(f.t2)], 40, 42)
    await put(f.paul, f.t2, byOther)
    await move(f.marc, byOther.id, "cancel")
    expect((await bookingNotes(f.paul.id)).at(-1)).toEqual({
      kind: "bookingCancelled",
      booking: byOther.id,
      read: false,
    })
  })

  it("tells of an edit by someone else; acceptors are asked again when it goes back to requested", async () => {
    const f = await fixture()
    const body = bookingBody(f.paul.id, [machineRef(f.t1)])
    await put(f.paul, f.t1, body)
    await move(f.marc, body.id, "accept")
    await put(f.anne, f.t1, { ...body, comments: "par Anne" })
    expect((await bookingNotes(f.paul.id)).map((n) => n.kind)).toEqual(["bookingAccepted", "bookingEdited"])
    await put(f.paul, f.t1, { ...body, comments: "par Paul" })
    expect((await bookingNotes(f.paul.id)).length).toBe(2)
    expect(await bookingNotes(f.marc.id)).toEqual([
      { kind: "bookingRequested", booking: body.id, read: true },
      { kind: "bookingRequested", booking: body.id, read: false },
    ])
  })
})
