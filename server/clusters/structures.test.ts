// Size: the API cases of structures, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rights as allRights, initialDefaultRights } from "../../src/schema/rights"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import {
  addMember,
  clusterAddress,
  clusterInput,
  clusterRows,
  createCluster,
  forbidden,
  notAllowed,
  send,
} from "../test/clusters"

describe.each(backends)("structures on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { rightsOf, snapshot } = clusterRows(() => app)

  it("creates a structure whose creator is a member holding all 19 rights, with the initial defaults", async () => {
    const creator = await signup(app)
    const res = await send(
      app,
      creator,
      "POST",
      "/api/v2/clusters",
      clusterInput({ name: "  CUMA du Perche " }),
    )
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "CUMA du Perche",
      type: "sharing",
      kind: "cuma",
      vatNumber: null,
      description: null,
      address: clusterAddress,
      defaultRights: initialDefaultRights,
      memberCount: 1,
      myRole: "member",
      myRights: allRights,
    })
    expect((await send(app, creator, "GET", `/api/v2/clusters/${res.body.id}`)).body).toEqual(res.body)
    const members = (await send(app, creator, "GET", `/api/v2/clusters/${res.body.id}/members`)).body
    expect(members).toEqual([
      {
        user: { id: creator.id, email: creator.email, firstname: "Anne", lastname: "Petit", name: null },
        role: "member",
        rights: allRights,
        joinedAt: expect.any(String),
      },
    ])
  })

  it("refuses a kind of another type with invalidKind, creating nothing", async () => {
    const creator = await signup(app)
    const res = await send(
      app,
      creator,
      "POST",
      "/api/v2/clusters",
      clusterInput({ type: "farm", kind: "cuma" }),
    )
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: "invalidKind" })
    expect((await send(app, creator, "GET", "/api/v2/clusters")).body).toEqual([])
  })

  it("lists only the caller's structures, sorted by name ignoring case and accents, with role, rights and count", async () => {
    const anne = await signup(app)
    const other = await signup(app)
    const b = await createCluster(app, anne, { name: "bergerie" })
    const e = await createCluster(app, anne, { name: "Élevage", type: "enterprise", kind: "farm" })
    const a = await createCluster(app, anne, { name: "Avoine" })
    const theirs = await createCluster(app, other, { name: "Aaa d'un autre" })
    await addMember(app, b, other.id, ["seeMachines"], "client")
    const list = (await send(app, anne, "GET", "/api/v2/clusters")).body
    expect(list.map((c: { id: string }) => c.id)).toEqual([a, b, e])
    expect(list[1]).toMatchObject({ memberCount: 2, myRole: "member" })
    const otherList = (await send(app, other, "GET", "/api/v2/clusters")).body
    expect(otherList.map((c: { id: string }) => c.id)).toEqual([theirs, b])
    expect(otherList[1]).toMatchObject({ myRole: "client", myRights: ["seeMachines"], memberCount: 2 })
  })

  it("shows a structure to its members only: 404 for anyone else or an unknown id, 401 without a token", async () => {
    const anne = await signup(app)
    const outsider = await signup(app)
    const id = await createCluster(app, anne)
    expect((await send(app, outsider, "GET", `/api/v2/clusters/${id}`)).status).toBe(404)
    expect((await send(app, outsider, "GET", `/api/v2/clusters/${id}/members`)).status).toBe(404)
    expect((await send(app, anne, "GET", `/api/v2/clusters/${crypto.randomUUID()}`)).status).toBe(404)
    expect((await send(app, undefined, "GET", `/api/v2/clusters/${id}`)).status).toBe(401)
    expect((await send(app, undefined, "GET", "/api/v2/clusters")).status).toBe(401)
  })

  it("edits a structure with editCluster; 403 forbidden without it; type and kind go together", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const id = await createCluster(app, anne)
    await addMember(
      app,
      id,
      paul.id,
      allRights.filter((r) => r !== "editCluster"),
    )
    const refused = await send(app, paul, "PATCH", `/api/v2/clusters/${id}`, { name: "Renommée" })
    expect(refused).toEqual({ status: 403, body: forbidden })
    const edited = await send(app, anne, "PATCH", `/api/v2/clusters/${id}`, {
      name: "CUMA renommée",
      description: "Matériel partagé",
      type: "farm",
      kind: "service",
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      name: "CUMA renommée",
      description: "Matériel partagé",
      type: "farm",
      kind: "service",
      vatNumber: null,
      address: clusterAddress,
    })
    const lonely = await send(app, anne, "PATCH", `/api/v2/clusters/${id}`, { type: "sharing" })
    expect(lonely.status).toBe(400)
    expect(lonely.body).toMatchObject({ code: "invalidKind" })
    const cleared = await send(app, anne, "PATCH", `/api/v2/clusters/${id}`, { description: null })
    expect(cleared.body).toMatchObject({ description: null, name: "CUMA renommée", kind: "service" })
  })

  it("deletes a structure with deleteCluster, with its members, invitations, requests, notifications, machines and grants", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const luc = await signup(app)
    const id = await createCluster(app, anne)
    const kept = await createCluster(app, anne, { name: "Gardée" })
    await addMember(
      app,
      id,
      paul.id,
      allRights.filter((r) => r !== "deleteCluster"),
    )
    expect(await send(app, paul, "DELETE", `/api/v2/clusters/${id}`)).toEqual({
      status: 403,
      body: forbidden,
    })
    await app.sql(
      (sql) => sql`
        WITH m AS (INSERT INTO machines (cluster_id, name) VALUES (${id}, 'Tracteur') RETURNING id),
             g AS (INSERT INTO machine_grants (machine_id, user_id, grants) SELECT id, ${luc.id}, '{booking}' FROM m),
             i AS (INSERT INTO invitations (cluster_id, user_id, email, role, invited_by)
                   VALUES (${id}, ${luc.id}, ${luc.email}, 'member', ${anne.id}) RETURNING id),
             r AS (INSERT INTO membership_requests (cluster_id, user_id, role) VALUES (${id}, ${luc.id}, 'client'))
        INSERT INTO notifications (user_id, kind, cluster_id, actor_id, invitation_id)
          SELECT ${luc.id}, 'invitationReceived', ${id}, ${anne.id}, id FROM i`,
    )
    expect((await send(app, anne, "DELETE", `/api/v2/clusters/${id}`)).status).toBe(204)
    const left = await app.sql(
      (sql) => sql<{ n: number }>`SELECT
        (SELECT count(*)::int FROM memberships WHERE cluster_id = ${id}) +
        (SELECT count(*)::int FROM invitations WHERE cluster_id = ${id}) +
        (SELECT count(*)::int FROM membership_requests WHERE cluster_id = ${id}) +
        (SELECT count(*)::int FROM notifications WHERE cluster_id = ${id}) +
        (SELECT count(*)::int FROM machines WHERE cluster_id = ${id}) +
        (SELECT count(*)::int FROM machine_grants WHERE user_id = ${luc.id}) AS n`,
    )
    expect(left[0].n).toBe(0)
    expect((await send(app, anne, "GET", `/api/v2/clusters/${id}`)).status).toBe(404)
    expect((await send(app, anne, "GET", "/api/v2/clusters")).body.map((c: { id: string }) => c.id)).toEqual([
      kept,
    ])
  })

  it("changes the defaults without touching members; applyToMembers gives them to every other member, the caller keeping their own", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const luc = await signup(app)
    const id = await createCluster(app, anne)
    await addMember(app, id, paul.id, ["seeMachines"])
    await addMember(app, id, luc.id, ["seeMachines", "addMember", "editCounters"])
    const kept = await send(app, anne, "PUT", `/api/v2/clusters/${id}/defaultRights`, {
      rights: ["bookMachine", "seeMachines", "seeMachines"],
    })
    expect(kept.status).toBe(200)
    expect(kept.body.defaultRights).toEqual(["seeMachines", "bookMachine"])
    expect(await rightsOf(id)).toEqual({
      [anne.id]: allRights,
      [paul.id]: ["seeMachines"],
      [luc.id]: ["addMember", "seeMachines", "editCounters"],
    })
    const applied = await send(app, anne, "PUT", `/api/v2/clusters/${id}/defaultRights`, {
      rights: ["editCluster", "seeMachines"],
      applyToMembers: true,
    })
    expect(applied.status).toBe(200)
    expect(applied.body).toMatchObject({ defaultRights: ["editCluster", "seeMachines"], myRights: allRights })
    expect(await rightsOf(id)).toEqual({
      [anne.id]: allRights,
      [paul.id]: ["editCluster", "seeMachines"],
      [luc.id]: ["editCluster", "seeMachines"],
    })
  })

  it("refuses defaults that add or remove a right the caller lacks, in the defaults or (applied) on another member, changing nothing", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const luc = await signup(app)
    const id = await createCluster(app, anne)
    await addMember(app, id, paul.id, ["editCluster", ...initialDefaultRights])
    await addMember(app, id, luc.id, ["addMember", ...initialDefaultRights])
    const before = await snapshot(id)
    const put = (rights: ReadonlyArray<string>, applyToMembers = false) =>
      send(app, paul, "PUT", `/api/v2/clusters/${id}/defaultRights`, { rights, applyToMembers })
    // Adding deleteCluster to the defaults, which Paul lacks.
    expect(await put([...initialDefaultRights, "deleteCluster"])).toEqual({ status: 403, body: notAllowed })
    // Applying the current defaults: Luc would lose addMember and Anne many rights, which Paul lacks.
    expect(await put(initialDefaultRights, true)).toEqual({ status: 403, body: notAllowed })
    expect(await snapshot(id)).toEqual(before)
    // Taking out of the defaults rights Paul holds is fine, and so is adding one he holds.
    const kept = await put(["seeMachines", "bookMachine"])
    expect(kept.status).toBe(200)
    expect(kept.body.defaultRights).toEqual(["seeMachines", "bookMachine"])
    const added = await put(["seeMachines", "bookMachine", "editCluster"])
    expect(added.body.defaultRights).toEqual(["editCluster", "seeMachines", "bookMachine"])
    // Removing from the defaults a right Paul lacks (Anne put it there) is refused.
    await send(app, anne, "PUT", `/api/v2/clusters/${id}/defaultRights`, {
      rights: ["seeMachines", "editCounters"],
    })
    expect(await put(["seeMachines"])).toEqual({ status: 403, body: notAllowed })
    expect((await send(app, anne, "GET", `/api/v2/clusters/${id}`)).body.defaultRights).toEqual([
      "seeMachines",
      "editCounters",
    ])
  })
})
