// Size: the API cases of members, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rights as allRights } from "../../src/schema/rights"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, clusterRows, createCluster, forbidden, notAllowed, send } from "../test/clusters"

describe.each(backends)("structures on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { rightsOf, snapshot, setRights } = clusterRows(() => app)

  it("lists members sorted by the name people read (name, else lastname firstname), for any member", async () => {
    const anne = await signup(app, { firstname: "Anne", lastname: "petit" })
    const zoe = await signup(app, { firstname: "Zoé", lastname: "Adam" })
    const eric = await signup(app, { firstname: "Éric", lastname: "Martin" })
    const id = await createCluster(app, anne)
    await addMember(app, id, zoe.id, [])
    await addMember(app, id, eric.id, ["seeMachines"], "employee")
    await app.sql((sql) => sql`UPDATE users SET name = 'Ferme du Bois' WHERE id = ${eric.id}`)
    const list = await send(app, zoe, "GET", `/api/v2/clusters/${id}/members`)
    expect(list.status).toBe(200)
    expect(list.body.map((m: { user: { id: string } }) => m.user.id)).toEqual([zoe.id, eric.id, anne.id])
    expect(list.body[1]).toMatchObject({
      role: "employee",
      rights: ["seeMachines"],
      user: { name: "Ferme du Bois" },
    })
  })

  it("edits a member's role and rights with editCluster; removing rights is fine, 404 for a non-member target", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const luc = await signup(app)
    const id = await createCluster(app, anne)
    await addMember(app, id, paul.id, ["seeMachines", "bookMachine"])
    const edited = await send(app, anne, "PATCH", `/api/v2/clusters/${id}/members/${paul.id}`, {
      role: "partner",
      rights: ["addMember", "seeMachines"],
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      user: { id: paul.id },
      role: "partner",
      rights: ["addMember", "seeMachines"],
    })
    const roleOnly = await send(app, anne, "PATCH", `/api/v2/clusters/${id}/members/${paul.id}`, {
      role: "client",
    })
    expect(roleOnly.body).toMatchObject({ role: "client", rights: ["addMember", "seeMachines"] })
    expect(
      (await send(app, anne, "PATCH", `/api/v2/clusters/${id}/members/${luc.id}`, { role: "client" })).status,
    ).toBe(404)
    expect(
      await send(app, paul, "PATCH", `/api/v2/clusters/${id}/members/${paul.id}`, { rights: [] }),
    ).toEqual({
      status: 403,
      body: forbidden,
    })
    expect(
      (await send(app, luc, "PATCH", `/api/v2/clusters/${id}/members/${paul.id}`, { rights: [] })).status,
    ).toBe(404)
  })

  it("refuses invalid member edits with 400, changing nothing", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const id = await createCluster(app, anne)
    await addMember(app, id, paul.id, ["seeMachines"])
    const path = `/api/v2/clusters/${id}/members/${paul.id}`
    expect((await send(app, anne, "PATCH", path, { rights: ["seeMachines", "flyPlanes"] })).status).toBe(400)
    expect((await send(app, anne, "PATCH", path, { role: "boss", rights: [] })).status).toBe(400)
    expect(
      (await send(app, anne, "PATCH", `/api/v2/clusters/${id}/members/not-a-uuid`, { rights: [] })).status,
    ).toBe(400)
    const members = (await send(app, anne, "GET", `/api/v2/clusters/${id}/members`)).body
    expect(members.find((m: { user: { id: string } }) => m.user.id === paul.id)).toMatchObject({
      role: "member",
      rights: ["seeMachines"],
    })
  })

  it("refuses to give or take away a right the caller does not hold, changing nothing", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const luc = await signup(app)
    const id = await createCluster(app, anne)
    await addMember(app, id, paul.id, ["editCluster", "seeMachines"])
    await addMember(app, id, luc.id, ["seeMachines", "deleteCluster"])
    const before = await snapshot(id)
    const edit = (userId: string, rights: ReadonlyArray<string>) =>
      send(app, paul, "PATCH", `/api/v2/clusters/${id}/members/${userId}`, { rights })
    expect(await edit(luc.id, ["seeMachines", "deleteCluster", "addMember"])).toEqual({
      status: 403,
      body: notAllowed,
    })
    expect(await edit(paul.id, ["editCluster", "seeMachines", "removeMember"])).toEqual({
      status: 403,
      body: notAllowed,
    })
    // Taking away deleteCluster (which Paul lacks) from Luc, or rights of Anne's he lacks: refused too.
    expect(await edit(luc.id, ["seeMachines"])).toEqual({ status: 403, body: notAllowed })
    expect(await edit(anne.id, ["editCluster", "seeMachines"])).toEqual({ status: 403, body: notAllowed })
    expect(await snapshot(id)).toEqual(before)
    // Luc's deleteCluster left untouched: Paul takes away seeMachines and gives editCluster, both his.
    const removal = await edit(luc.id, ["deleteCluster"])
    expect(removal.status).toBe(200)
    expect(removal.body.rights).toEqual(["deleteCluster"])
    const given = await edit(luc.id, ["deleteCluster", "editCluster"])
    expect(given.body.rights).toEqual(["editCluster", "deleteCluster"])
  })

  it("keeps every right held: its last holder cannot lose it by an edit, a removal, leaving or applied defaults", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const id = await createCluster(app, anne)
    // Paul holds everything but deleteCluster: Anne is its only holder.
    const allBut = (right: string) => allRights.filter((r) => r !== right)
    await addMember(app, id, paul.id, allBut("deleteCluster"))
    const before = await snapshot(id)
    expect(
      await send(app, anne, "PATCH", `/api/v2/clusters/${id}/members/${anne.id}`, {
        rights: allBut("deleteCluster"),
      }),
    ).toEqual({ status: 403, body: notAllowed })
    expect(await send(app, paul, "DELETE", `/api/v2/clusters/${id}/members/${anne.id}`)).toEqual({
      status: 403,
      body: notAllowed,
    })
    expect(await send(app, anne, "DELETE", `/api/v2/clusters/${id}/members/${anne.id}`)).toEqual({
      status: 403,
      body: notAllowed,
    })
    // Applied defaults would take it from Anne (she is not the caller, and Paul lacks it).
    expect(
      await send(app, paul, "PUT", `/api/v2/clusters/${id}/defaultRights`, {
        rights: allBut("deleteCluster"),
        applyToMembers: true,
      }),
    ).toEqual({ status: 403, body: notAllowed })
    expect(await snapshot(id)).toEqual(before)

    // Any right, not only editCluster: editCounters, now Paul's alone.
    await setRights(id, anne.id, allBut("editCounters"))
    await setRights(id, paul.id, ["editCluster", "removeMember", "editCounters"])
    const now = await snapshot(id)
    expect(
      await send(app, anne, "PATCH", `/api/v2/clusters/${id}/members/${paul.id}`, {
        rights: ["editCluster"],
      }),
    ).toEqual({ status: 403, body: notAllowed })
    expect(await send(app, anne, "DELETE", `/api/v2/clusters/${id}/members/${paul.id}`)).toEqual({
      status: 403,
      body: notAllowed,
    })
    expect(await send(app, paul, "DELETE", `/api/v2/clusters/${id}/members/${paul.id}`)).toEqual({
      status: 403,
      body: notAllowed,
    })
    expect(await snapshot(id)).toEqual(now)
    // Once Paul has given editCounters to Anne, he may leave.
    const shared = await send(app, paul, "PATCH", `/api/v2/clusters/${id}/members/${anne.id}`, {
      rights: allRights,
    })
    expect(shared.status).toBe(200)
    expect((await send(app, paul, "DELETE", `/api/v2/clusters/${id}/members/${paul.id}`)).status).toBe(204)
    expect(await rightsOf(id)).toEqual({ [anne.id]: allRights })
  })

  it("keeps every right held when the two holders of all rights take each other's at the same time", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const id = await createCluster(app, anne)
    await addMember(app, id, paul.id, allRights)
    const results = await Promise.all([
      send(app, anne, "PATCH", `/api/v2/clusters/${id}/members/${paul.id}`, { rights: [] }),
      send(app, paul, "PATCH", `/api/v2/clusters/${id}/members/${anne.id}`, { rights: [] }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 403])
    expect(Object.values(await rightsOf(id)).sort()).toEqual([[], allRights])
  })

  it("keeps every right held when its last two holders leave at the same time", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const luc = await signup(app)
    const id = await createCluster(app, anne)
    await addMember(app, id, paul.id, allRights)
    await addMember(app, id, luc.id, [])
    const results = await Promise.all([
      send(app, anne, "DELETE", `/api/v2/clusters/${id}/members/${anne.id}`),
      send(app, paul, "DELETE", `/api/v2/clusters/${id}/members/${paul.id}`),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([204, 403])
    const members = (await send(app, luc, "GET", `/api/v2/clusters/${id}/members`)).body
    expect(members).toHaveLength(2)
    expect(members.filter((m: { rights: string[] }) => m.rights.length === allRights.length)).toHaveLength(1)
  })

  it("removes a member with removeMember, or lets anyone leave, taking their grants on the structure's machines", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const luc = await signup(app)
    const id = await createCluster(app, anne)
    const other = await createCluster(app, anne, { name: "Autre" })
    await addMember(
      app,
      id,
      paul.id,
      allRights.filter((r) => r !== "removeMember"),
    )
    await addMember(app, id, luc.id, [])
    await addMember(app, other, luc.id, [])
    await app.sql(
      (sql) => sql`INSERT INTO machines (cluster_id, name) VALUES (${id}, 'Semoir'), (${other}, 'Herse')`,
    )
    await app.sql(
      (sql) => sql`INSERT INTO machine_grants (machine_id, user_id, grants)
        SELECT id, ${luc.id}, '{booking}' FROM machines WHERE cluster_id IN (${id}, ${other})`,
    )
    expect(await send(app, paul, "DELETE", `/api/v2/clusters/${id}/members/${luc.id}`)).toEqual({
      status: 403,
      body: forbidden,
    })
    expect((await send(app, anne, "DELETE", `/api/v2/clusters/${id}/members/${luc.id}`)).status).toBe(204)
    const grants = await app.sql(
      (sql) => sql<{
        cluster_id: string
      }>`SELECT m.cluster_id FROM machine_grants g JOIN machines m ON m.id = g.machine_id
        WHERE g.user_id = ${luc.id}`,
    )
    expect(grants.map((g) => g.cluster_id)).toEqual([other])
    expect((await send(app, anne, "DELETE", `/api/v2/clusters/${id}/members/${luc.id}`)).status).toBe(404)
    expect((await send(app, paul, "DELETE", `/api/v2/clusters/${id}/members/${paul.id}`)).status).toBe(204)
    expect((await send(app, paul, "DELETE", `/api/v2/clusters/${id}/members/${anne.id}`)).status).toBe(404)
    expect((await send(app, anne, "GET", `/api/v2/clusters/${id}`)).body.memberCount).toBe(1)
  })
})
