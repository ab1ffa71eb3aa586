// Size: the API cases of machines, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rights as allRights } from "../../src/schema/rights"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addGrants, addMachine, addMember, createCluster, delegate, send } from "../test/clusters"

const forbidden = {
  _tag: "Forbidden",
  code: "forbidden",
  message: "Vous ne possédez pas les droits pour effectuer ceci.",
}
const associationNotAllowed = {
  _tag: "Forbidden",
  code: "associationNotAllowed",
  message: "Cette association n'est pas autorisee",
}

const notAllowed = {
  _tag: "Forbidden",
  code: "modificationNotAllowed",
  message: "Cette modification n'est pas autorisée",
}

const ids = (list: ReadonlyArray<{ id: string }>) => list.map((x) => x.id)
const rowsOf = (list: ReadonlyArray<{ user: { id: string }; grants: string[] }>) =>
  list.map((r) => [r.user.id, r.grants])

describe.each(backends)("machines and grants on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  /** Every grant row on the machine, by user id. */
  const grantsOn = async (machineId: string) =>
    Object.fromEntries(
      (
        await app.sql(
          (sql) => sql<{ user_id: string; grants: string[] }>`SELECT user_id, grants FROM machine_grants
            WHERE machine_id = ${machineId}`,
        )
      ).map((r) => [r.user_id, [...r.grants].sort()]),
    )

  /** Anne creates a structure with two machines; Paul is a member with `paulRights`. */
  const fixture = async (paulRights: ReadonlyArray<(typeof allRights)[number]>) => {
    const anne = await signup(app, { firstname: "Anne", lastname: "Petit" })
    const paul = await signup(app, { firstname: "Paul", lastname: "Martin" })
    const outsider = await signup(app, { firstname: "Olga", lastname: "Zed" })
    const cluster = await createCluster(app, anne, { name: "CUMA des Blés" })
    await addMember(app, cluster, paul.id, paulRights)
    const tractor = await addMachine(app, cluster, "tracteur")
    const combine = await addMachine(app, cluster, "Moissonneuse")
    return { anne, paul, outsider, cluster, tractor, combine }
  }

  it("lists machines of structures where the caller holds seeMachines, plus granted ones, sorted by name", async () => {
    const f = await fixture(["bookMachine"])
    const elsewhere = await createCluster(app, f.outsider, { name: "Ailleurs" })
    const seeder = await addMachine(app, elsewhere, "Semoir")
    await addMachine(app, elsewhere, "Herse")
    await addGrants(app, seeder, f.paul.id, ["booking"])
    expect(ids((await send(app, f.anne, "GET", "/api/v2/machines")).body)).toEqual([f.combine, f.tractor])
    const paul = (await send(app, f.paul, "GET", "/api/v2/machines")).body
    expect(paul).toEqual([{ id: seeder, name: "Semoir", cluster: { id: elsewhere, name: "Ailleurs" } }])
    expect(ids((await send(app, f.paul, "GET", `/api/v2/machines?cluster=${f.cluster}`)).body)).toEqual([])
    expect(ids((await send(app, f.anne, "GET", `/api/v2/machines?cluster=${f.cluster}`)).body)).toEqual([
      f.combine,
      f.tractor,
    ])
    expect((await send(app, f.paul, "GET", `/api/v2/machines?cluster=${elsewhere}`)).status).toBe(404)
    expect((await send(app, undefined, "GET", "/api/v2/machines")).status).toBe(401)
  })

  it("hides a machine: 404 for a non-member without grant, 403 for a member without seeMachines", async () => {
    const f = await fixture(allRights.filter((r) => r !== "seeMachines"))
    expect((await send(app, f.outsider, "GET", `/api/v2/machines/${f.tractor}/users_access`)).status).toBe(
      404,
    )
    expect(await send(app, f.paul, "GET", `/api/v2/machines/${f.tractor}/users_access`)).toEqual({
      status: 403,
      body: forbidden,
    })
    expect(
      (await send(app, f.anne, "GET", `/api/v2/machines/${crypto.randomUUID()}/users_access`)).status,
    ).toBe(404)
    // A grant makes it visible to both.
    await addGrants(app, f.tractor, f.outsider.id, ["booking"])
    await addGrants(app, f.tractor, f.paul.id, ["realTimeView"])
    expect((await send(app, f.outsider, "GET", `/api/v2/machines/${f.tractor}/users_access`)).status).toBe(
      200,
    )
    expect((await send(app, f.paul, "GET", `/api/v2/machines/${f.tractor}/users_access`)).status).toBe(200)
  })

  it("shows a manager every member and their own delegated users; others only themselves and their delegates", async () => {
    const f = await fixture(["seeMachines"])
    const delegated = await signup(app, { firstname: "Bea", lastname: "Blanc" })
    await delegate(app, f.paul.id, delegated.id)
    await addGrants(app, f.tractor, f.paul.id, ["booking", "edit"])
    const asAnne = (await send(app, f.anne, "GET", `/api/v2/machines/${f.tractor}/users_access`)).body
    expect(rowsOf(asAnne)).toEqual([
      [f.paul.id, ["edit", "booking"]],
      [f.anne.id, []],
    ])
    expect(asAnne[0].user).toEqual({
      id: f.paul.id,
      email: f.paul.email,
      firstname: "Paul",
      lastname: "Martin",
      name: null,
    })
    const asPaul = (await send(app, f.paul, "GET", `/api/v2/machines/${f.tractor}/users_access`)).body
    expect(rowsOf(asPaul)).toEqual([
      [delegated.id, []],
      [f.paul.id, ["edit", "booking"]],
    ])
  })

  it("lets a holder of the management grant manage the machine without manageMachine", async () => {
    const f = await fixture(["seeMachines"])
    await addGrants(app, f.tractor, f.paul.id, ["management"])
    const rows = (await send(app, f.paul, "GET", `/api/v2/machines/${f.tractor}/users_access`)).body
    expect(rowsOf(rows)).toEqual([
      [f.paul.id, ["management"]],
      [f.anne.id, []],
    ])
    const set = await send(app, f.paul, "PUT", `/api/v2/machines/${f.tractor}/users_access/${f.anne.id}`, {
      grants: ["booking"],
    })
    expect(set.status).toBe(200)
    // The grant is on the tractor only.
    expect(
      await send(app, f.paul, "PUT", `/api/v2/machines/${f.combine}/users_access/${f.anne.id}`, {
        grants: [],
      }),
    ).toEqual({ status: 403, body: forbidden })
  })

  it("sets, replaces and removes grants for a manager; the answer is the row", async () => {
    const f = await fixture(["seeMachines"])
    const put = (grants: string[]) =>
      send(app, f.anne, "PUT", `/api/v2/machines/${f.tractor}/users_access/${f.paul.id}`, { grants })
    const set = await put(["booking", "edit", "booking"])
    expect(set.status).toBe(200)
    expect(set.body).toEqual({
      user: { id: f.paul.id, email: f.paul.email, firstname: "Paul", lastname: "Martin", name: null },
      grants: ["edit", "booking"],
    })
    expect((await put(["acceptBookings"])).body.grants).toEqual(["acceptBookings"])
    expect(ids((await send(app, f.paul, "GET", "/api/v2/machines")).body)).toContain(f.tractor)
    expect((await put([])).body.grants).toEqual([])
    const left = await app.sql(
      (sql) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM machine_grants WHERE machine_id = ${f.tractor}`,
    )
    expect(left[0].n).toBe(0)
    expect((await put(["nonsense"])).status).toBe(400)
  })

  it("refuses grants from a member who does not manage the machine with 403 forbidden", async () => {
    const f = await fixture(allRights.filter((r) => r !== "manageMachine"))
    const res = await send(app, f.paul, "PUT", `/api/v2/machines/${f.tractor}/users_access/${f.paul.id}`, {
      grants: ["booking"],
    })
    expect(res).toEqual({ status: 403, body: forbidden })
    expect(
      (
        await send(app, f.outsider, "PUT", `/api/v2/machines/${f.tractor}/users_access/${f.paul.id}`, {
          grants: ["booking"],
        })
      ).status,
    ).toBe(404)
  })

  it("grants only to members, the caller or the caller's delegated users: associationNotAllowed otherwise", async () => {
    const f = await fixture(["seeMachines"])
    const delegated = await signup(app)
    await delegate(app, f.anne.id, delegated.id)
    const put = (userId: string) =>
      send(app, f.anne, "PUT", `/api/v2/machines/${f.tractor}/users_access/${userId}`, {
        grants: ["booking"],
      })
    expect(await put(f.outsider.id)).toEqual({ status: 403, body: associationNotAllowed })
    expect(await put(crypto.randomUUID())).toEqual({ status: 403, body: associationNotAllowed })
    expect((await put(delegated.id)).status).toBe(200)
    expect((await put(f.anne.id)).status).toBe(200)
    expect((await put(f.paul.id)).status).toBe(200)
    const rows = (await send(app, f.anne, "GET", `/api/v2/machines/${f.tractor}/users_access`)).body
    expect(rows.map((r: { user: { id: string } }) => r.user.id)).toContain(delegated.id)
    expect(rows.map((r: { user: { id: string } }) => r.user.id)).not.toContain(f.outsider.id)
    // The delegated user (not a member) now sees the machine through the grant.
    expect(ids((await send(app, delegated, "GET", "/api/v2/machines")).body)).toEqual([f.tractor])
  })

  it("never lets a non-member grant holder write grants, even with the management grant: 403 forbidden, nothing changes", async () => {
    const f = await fixture(["seeMachines"])
    await addGrants(app, f.tractor, f.outsider.id, ["management", "booking"])
    const before = await grantsOn(f.tractor)
    for (const target of [f.outsider.id, f.paul.id, f.anne.id])
      expect(
        await send(app, f.outsider, "PUT", `/api/v2/machines/${f.tractor}/users_access/${target}`, {
          grants: ["booking"],
        }),
      ).toEqual({ status: 403, body: forbidden })
    expect(await grantsOn(f.tractor)).toEqual(before)
    // It still sees the machine and its own row, not the structure's members.
    const rows = await send(app, f.outsider, "GET", `/api/v2/machines/${f.tractor}/users_access`)
    expect(rows.status).toBe(200)
    expect(rowsOf(rows.body)).toEqual([[f.outsider.id, ["booking", "management"]]])
    expect(ids((await send(app, f.outsider, "GET", "/api/v2/machines")).body)).toEqual([f.tractor])
  })

  it("lets only a member holding manageMachine give or take away the management grant: modificationNotAllowed for a management-grant holder", async () => {
    const f = await fixture(["seeMachines"])
    const luc = await signup(app)
    await addMember(app, f.cluster, luc.id, [])
    await addGrants(app, f.tractor, f.paul.id, ["management"])
    await addGrants(app, f.tractor, f.anne.id, ["management", "booking"])
    const before = await grantsOn(f.tractor)
    const asPaul = (userId: string, grants: string[]) =>
      send(app, f.paul, "PUT", `/api/v2/machines/${f.tractor}/users_access/${userId}`, { grants })
    expect(await asPaul(luc.id, ["management"])).toEqual({ status: 403, body: notAllowed })
    expect(await asPaul(f.anne.id, ["booking"])).toEqual({ status: 403, body: notAllowed })
    expect(await asPaul(f.paul.id, [])).toEqual({ status: 403, body: notAllowed })
    expect(await grantsOn(f.tractor)).toEqual(before)
    // Other grants are his to write, the management grant left as it is.
    expect((await asPaul(luc.id, ["booking"])).body.grants).toEqual(["booking"])
    expect((await asPaul(f.anne.id, ["management", "edit"])).body.grants).toEqual(["edit", "management"])
    // Anne holds manageMachine: she may give and take it away.
    const put = (userId: string, grants: string[]) =>
      send(app, f.anne, "PUT", `/api/v2/machines/${f.tractor}/users_access/${userId}`, { grants })
    expect((await put(luc.id, ["management"])).body.grants).toEqual(["management"])
    expect((await put(f.paul.id, [])).body.grants).toEqual([])
  })
})
