import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Right } from "../../src/schema/rights"
import { backends, eventually, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, createCluster, invite, membershipOf, notificationsOf, send } from "../test/membership"

/** Joining by one path closes the other: an invitation and a request to the same structure. */
describe.each(backends)("joining closes the other path on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  /** A structure, a validator, and a person who both asked to join and was invited. */
  const bothPaths = async () => {
    const admin = await signup(app)
    const clusterId = await createCluster(app, admin, { name: "CUMA du Vexin" })
    const validator = await signup(app)
    await addMember(app, clusterId, validator.id, ["validateMembership"])
    const person = await signup(app)
    const { body: request } = await send(app, person, "POST", `/api/v2/clusters/${clusterId}/requests`, {
      role: "client",
    })
    const { body: invitation } = await invite(app, admin, clusterId, person.email, "partner")
    expect([request.status, invitation.status]).toEqual(["pending", "sent"])
    return { admin, clusterId, validator, person, request, invitation }
  }

  it("accepting the invitation marks the pending request accepted; validators have nothing left to decide", async () => {
    const { admin, clusterId, validator, person, request, invitation } = await bothPaths()
    expect((await send(app, person, "POST", `/api/v2/invitations/${invitation.id}/accept`)).status).toBe(200)
    expect(await membershipOf(app, clusterId, person.id)).toMatchObject({ role: "partner" })
    const mine = await send(app, person, "GET", "/api/v2/me/requests")
    expect(mine.body.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [request.id, "accepted"],
    ])
    expect((await send(app, validator, "GET", `/api/v2/clusters/${clusterId}/requests`)).body).toEqual([])
    for (const who of [admin, validator]) {
      const asked = (await notificationsOf(app, who)).filter((n) => n.kind === "membershipRequested")
      expect(asked.map((n) => n.read.read_date === null)).toEqual([false])
    }
    const late = await send(app, validator, "POST", `/api/v2/membershipRequests/${request.id}/accept`)
    expect(late).toMatchObject({ status: 409, body: { code: "requestClosed" } })
  })

  it("accepting the request marks the open invitation accepted; the invitee has nothing left to answer", async () => {
    const { admin, clusterId, validator, person, invitation } = await bothPaths()
    const { body: request } = await send(app, person, "GET", "/api/v2/me/requests")
    expect(
      (await send(app, validator, "POST", `/api/v2/membershipRequests/${request[0].id}/accept`)).status,
    ).toBe(200)
    expect(await membershipOf(app, clusterId, person.id)).toMatchObject({ role: "client" })
    expect((await send(app, person, "GET", "/api/v2/me/invitations")).body).toEqual([])
    const listed = await send(app, admin, "GET", `/api/v2/clusters/${clusterId}/invitations`)
    expect(listed.body.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [invitation.id, "accepted"],
    ])
    const received = (await notificationsOf(app, person)).filter((n) => n.kind === "invitationReceived")
    expect(received.map((n) => n.read.read_date === null)).toEqual([false])
    const late = await send(app, person, "POST", `/api/v2/invitations/${invitation.id}/accept`)
    expect(late).toMatchObject({ status: 409, body: { code: "invitationClosed" } })
  })

  it("declining the invitation or refusing the request leaves the other path open", async () => {
    const { clusterId, validator, person, request, invitation } = await bothPaths()
    expect((await send(app, person, "POST", `/api/v2/invitations/${invitation.id}/decline`)).status).toBe(200)
    expect((await send(app, validator, "GET", `/api/v2/clusters/${clusterId}/requests`)).body).toHaveLength(1)
    expect(
      (await send(app, validator, "POST", `/api/v2/membershipRequests/${request.id}/accept`)).status,
    ).toBe(200)
    expect(await membershipOf(app, clusterId, person.id)).toMatchObject({ role: "client" })
  })

  it.runIf(backend === "postgres")(
    "an acceptance waiting behind an 'apply the defaults to members' joins with the applied defaults",
    async () => {
      const admin = await signup(app)
      const clusterId = await createCluster(app, admin, { name: "CUMA concurrente" })
      const person = await signup(app)
      const { body: invitation } = await invite(app, admin, clusterId, person.email)
      const applied: ReadonlyArray<Right> = ["seeMachines", "bookMachine"]
      const waiting = () =>
        app.sql(
          (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      const waitFor = (n: number) => eventually(async () => ((await waiting())[0].n === n ? true : undefined))

      // Another transaction holds the structure row, so both calls queue behind it in a known order.
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let locked = () => {}
      const held = new Promise<void>((resolve) => {
        locked = resolve
      })
      const holder = app.sql((sql) =>
        sql.withTransaction(
          sql`SELECT id FROM clusters WHERE id = ${clusterId} FOR UPDATE`.pipe(
            Effect.tap(() => locked()),
            Effect.zipRight(Effect.promise(() => released)),
          ),
        ),
      )
      await held
      const apply = send(app, admin, "PUT", `/api/v2/clusters/${clusterId}/defaultRights`, {
        rights: applied,
        applyToMembers: true,
      })
      await waitFor(1)
      const accept = send(app, person, "POST", `/api/v2/invitations/${invitation.id}/accept`)
      await waitFor(2)
      release()
      await holder
      expect((await apply).status).toBe(200)
      expect((await accept).status).toBe(200)
      expect(await membershipOf(app, clusterId, person.id)).toEqual({ role: "member", rights: applied })
    },
  )
})
