import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rights as allRights, initialDefaultRights } from "../../src/schema/rights"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, clusterAddress, clusterInput, createCluster, send } from "../test/clusters"

const forbidden = {
  _tag: "Forbidden",
  code: "forbidden",
  message: "Vous ne possédez pas les droits pour effectuer ceci.",
}
const notAllowed = {
  _tag: "Forbidden",
  code: "modificationNotAllowed",
  message: "Cette modification n'est pas autorisée",
}

describe.each(backends)("structures on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  /** Each member's rights, by user id. */
  const rightsOf = async (id: string): Promise<Record<string, ReadonlyArray<string>>> =>
    Object.fromEntries(
      (
        await app.sql(
          (sql) => sql<{ user_id: string; rights: string[] }>`SELECT user_id, rights FROM memberships
            WHERE cluster_id = ${id}`,
        )
      ).map((r) => [r.user_id, allRights.filter((x) => r.rights.includes(x))]),
    )
  /** The rows a refusal must leave as they were: the structure's defaults and every membership. */
  const snapshot = async (id: string) => ({
    defaults: (
      await app.sql((sql) => sql<{ d: string[] }>`SELECT default_rights AS d FROM clusters WHERE id = ${id}`)
    )[0].d,
    members: await app.sql(
      (sql) => sql`SELECT user_id, role, rights FROM memberships WHERE cluster_id = ${id} ORDER BY user_id`,
    ),
  })
  const setRights = (id: string, userId: string, rights: ReadonlyArray<string>) =>
    app.sql(
      (sql) => sql`UPDATE memberships SET rights = ${`{${rights.join(",")}}`}::text[]
        WHERE cluster_id = ${id} AND user_id = ${userId}`,
    )

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

  it("finds structures by name for anyone signed in, showing only public fields and the caller's standing", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const tag = `Zq${Date.now().toString(36)}`
    const a = await createCluster(app, anne, {
      name: `CUMA ${tag} Nord`,
      vatNumber: "FR123",
      description: "secret",
    })
    const b = await createCluster(app, anne, { name: `cuma ${tag.toLowerCase()} Sud` })
    const c = await createCluster(app, anne, { name: `EARL ${tag}`, type: "enterprise", kind: "farm" })
    await createCluster(app, anne, { name: "Sans rapport" })
    await addMember(app, c, paul.id, [])
    await app.sql(
      (sql) =>
        sql`INSERT INTO membership_requests (cluster_id, user_id, role) VALUES (${b}, ${paul.id}, 'member')`,
    )
    const found = await send(
      app,
      paul,
      "GET",
      `/api/v2/clusterDirectory?q=${encodeURIComponent(`  ${tag.toUpperCase()} `)}`,
    )
    expect(found.status).toBe(200)
    expect(found.body).toEqual([
      {
        id: a,
        name: `CUMA ${tag} Nord`,
        type: "sharing",
        kind: "cuma",
        city: "Illiers-Combray",
        mine: "none",
      },
      {
        id: b,
        name: `cuma ${tag.toLowerCase()} Sud`,
        type: "sharing",
        kind: "cuma",
        city: "Illiers-Combray",
        mine: "requested",
      },
      {
        id: c,
        name: `EARL ${tag}`,
        type: "enterprise",
        kind: "farm",
        city: "Illiers-Combray",
        mine: "member",
      },
    ])
    expect((await send(app, paul, "GET", "/api/v2/clusterDirectory?q=%25%25")).body).toEqual([])
  })

  it("answers at most 20 structures, and refuses a search shorter than 2 characters with searchTooShort", async () => {
    const anne = await signup(app)
    const tag = `Yq${Date.now().toString(36)}`
    for (let i = 0; i < 22; i++)
      await createCluster(app, anne, { name: `${tag} ${String(i).padStart(2, "0")}` })
    const found = (await send(app, anne, "GET", `/api/v2/clusterDirectory?q=${tag}`)).body
    expect(found).toHaveLength(20)
    expect(found[0].name).toBe(`${tag} 00`)
    expect(found[19].name).toBe(`${tag} 19`)
    const short = await send(app, anne, "GET", "/api/v2/clusterDirectory?q=%20a%20")
    expect(short.status).toBe(400)
    expect(short.body).toEqual({
      _tag: "BadRequest",
      code: "searchTooShort",
      message: "Saisissez au moins 2 caractères",
    })
    expect((await send(app, undefined, "GET", `/api/v2/clusterDirectory?q=${tag}`)).status).toBe(401)
  })

  it("finds a structure whatever the case and accents typed", async () => {
    const anne = await signup(app)
    const tag = `Xq${Date.now().toString(36)}`
    const id = await createCluster(app, anne, { name: `Élevage de la Vallée ${tag}` })
    for (const q of [`VALLEE ${tag}`, `élevage de la vallée ${tag.toUpperCase()}`, `Elevage`]) {
      const found = (await send(app, anne, "GET", `/api/v2/clusterDirectory?q=${encodeURIComponent(q)}`)).body
      expect(
        found.map((c: { id: string }) => c.id),
        q,
      ).toContain(id)
    }
  })
})
