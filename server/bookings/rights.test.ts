import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import {
  bookingBody,
  bookingForbidden,
  bookingNotFound,
  employeeRef,
  machineRef,
  memberRights,
  planning,
} from "../test/bookings"
import { addGrants, addMember } from "../test/clusters"

describe.each(backends)("booking rights on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { fixture, put, move, get, rowsOf } = planning(() => app)
  const forbidden = { status: 403, body: bookingForbidden }
  const notFound = { status: 404, body: bookingNotFound }

  it("needs bookMachine (or the booking grant) for machines and bookEmployee for employees", async () => {
    const f = await fixture(["seeMachines", "seeEmployees"])
    const body = bookingBody(f.paul.id, [machineRef(f.t1)])
    expect(await put(f.paul, f.t1, body)).toEqual(forbidden)
    expect(await rowsOf(body.id)).toEqual({ bookings: 0, resources: [] })
    await addGrants(app, f.t1, f.paul.id, ["booking"])
    expect((await put(f.paul, f.t1, body)).status).toBe(200)
    const withEve = bookingBody(f.paul.id, [machineRef(f.t1), employeeRef(f.eve.id)], 30, 32)
    expect(await put(f.paul, f.t1, withEve)).toEqual(forbidden)
  })

  it("books for another member only with bookEmployeeForOther", async () => {
    const f = await fixture()
    expect(await put(f.paul, f.t1, bookingBody(f.eve.id, [machineRef(f.t1)]))).toEqual(forbidden)
    const byAnne = await put(f.anne, f.t1, bookingBody(f.eve.id, [machineRef(f.t1)]))
    expect(byAnne.body).toMatchObject({ user: { id: f.eve.id }, requestedBy: { id: f.anne.id } })
  })

  it("lets a non-member book a machine with the booking grant, for themselves only, without employees", async () => {
    const f = await fixture()
    expect(await put(f.olga, f.t1, bookingBody(f.olga.id, [machineRef(f.t1)]))).toEqual(notFound)
    await addGrants(app, f.t1, f.olga.id, ["booking"])
    const own = await put(f.olga, f.t1, bookingBody(f.olga.id, [machineRef(f.t1)]))
    expect(own.status).toBe(200)
    expect(own.body.can).toEqual({ accept: false, refuse: false, edit: true, cancel: true, seeUse: false })
    expect(
      await put(f.olga, f.t1, bookingBody(f.olga.id, [machineRef(f.t1), machineRef(f.t2)], 30, 32)),
    ).toEqual(forbidden)
    expect(await put(f.olga, f.t1, bookingBody(f.paul.id, [machineRef(f.t1)], 30, 32))).toEqual(forbidden)
    // Employees are not hers to book (she holds no bookEmployee there).
    expect(
      await put(f.olga, f.t1, bookingBody(f.olga.id, [machineRef(f.t1), employeeRef(f.eve.id)], 30, 32)),
    ).toEqual(forbidden)
    await addGrants(app, f.t2, f.olga.id, ["realTimeView"])
    expect(
      await put(f.olga, f.t1, bookingBody(f.olga.id, [machineRef(f.t1), machineRef(f.t2)], 30, 32)),
    ).toEqual(forbidden)
  })

  it("accepts and refuses only with the right for every resource (or the acceptBookings grant on machines)", async () => {
    const f = await fixture()
    const body = bookingBody(f.paul.id, [machineRef(f.t1), employeeRef(f.eve.id)])
    await put(f.paul, f.t1, body)
    expect(await move(f.paul, body.id, "accept")).toEqual(forbidden)
    expect(await move(f.eve, body.id, "refuse")).toEqual(forbidden)
    const carl = await signup(app, { firstname: "Carl", lastname: "Noir" })
    await addMember(app, f.cluster, carl.id, [...memberRights, "acceptMachineBooking"])
    expect(await move(carl, body.id, "accept")).toEqual(forbidden)
    const dora = await signup(app, { firstname: "Dora", lastname: "Blanc" })
    await addMember(app, f.cluster, dora.id, [...memberRights, "validateEmployeeBooking"])
    await addGrants(app, f.t1, dora.id, ["acceptBookings"])
    expect((await move(dora, body.id, "accept")).body.status).toBe("accepted")
    expect(await move(f.olga, body.id, "accept")).toEqual(notFound)
    expect(await move(f.marc, crypto.randomUUID(), "accept")).toEqual(notFound)
  })

  it("lets the requester, the person, or a manager cancel or edit; nobody else", async () => {
    const f = await fixture()
    const body = bookingBody(f.eve.id, [machineRef(f.t1), employeeRef(f.paul.id)])
    await put(f.anne, f.t1, body)
    expect(await move(f.paul, body.id, "cancel")).toEqual(forbidden)
    expect(await put(f.paul, f.t1, { ...body, comments: "non" })).toEqual(forbidden)
    const gus = await signup(app, { firstname: "Gus", lastname: "Vert" })
    await addMember(app, f.cluster, gus.id, ["seeMachines", "editEmployeeBooking"])
    await addGrants(app, f.t1, gus.id, ["management"])
    const managed = await put(gus, f.t1, { ...body, comments: "par Gus" })
    expect(managed.body).toMatchObject({
      comments: "par Gus",
      status: "requested",
      requestedBy: { id: f.anne.id },
    })
    expect(managed.body.can).toEqual({
      accept: false,
      refuse: false,
      edit: true,
      cancel: true,
      seeUse: false,
    })
    expect((await move(f.eve, body.id, "cancel")).body.status).toBe("cancelled")
  })

  it("hides a booking from those who may not see it: 404", async () => {
    const f = await fixture()
    const body = bookingBody(f.paul.id, [machineRef(f.t1)])
    await put(f.paul, f.t1, body)
    expect(await get(f.olga, body.id)).toEqual(notFound)
    expect(await get(f.olga, crypto.randomUUID())).toEqual(notFound)
    // Someone who cannot see it cannot take its id either, even on a machine they may book.
    await addGrants(app, f.t2, f.olga.id, ["booking"])
    expect(await put(f.olga, f.t2, { ...body, user: f.olga.id, resources: [machineRef(f.t2)] })).toEqual(
      notFound,
    )
    const blind = await signup(app)
    await addMember(app, f.cluster, blind.id, ["bookEmployee"])
    expect(await get(blind, body.id)).toEqual(notFound)
    await addGrants(app, f.t1, f.olga.id, ["realTimeView"])
    expect((await get(f.olga, body.id)).status).toBe(200)
    expect((await get(f.eve, body.id)).body.can).toEqual({
      accept: false,
      refuse: false,
      edit: false,
      cancel: false,
      seeUse: false,
    })
    for (const who of [undefined]) expect((await get(who, body.id)).status).toBe(401)
  })
})
