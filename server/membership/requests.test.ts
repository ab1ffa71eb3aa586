// Size: the API cases of requests, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import {
  addMember,
  countRows,
  createCluster,
  membershipOf,
  notificationsOf,
  send,
  setDefaultRights,
} from "../test/membership"

describe.each(backends)("requests to join on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  /** A structure with its creator (every right), a validator, a plain member, and a person asking to join. */
  const setting = async () => {
    const admin = await signup(app, { firstname: "Paul", lastname: "Martin" })
    const clusterId = await createCluster(app, admin, { name: "CUMA de l'Eure" })
    const validator = await signup(app)
    await addMember(app, clusterId, validator.id, ["validateMembership"])
    const plain = await signup(app)
    await addMember(app, clusterId, plain.id, ["seeMachines"])
    const asker = await signup(app, { firstname: "Hugo", lastname: "Blanc" })
    return { admin, clusterId, validator, plain, asker }
  }
  const ask = (who: Parameters<typeof send>[1], clusterId: string, role = "partner") =>
    send(app, who, "POST", `/api/v2/clusters/${clusterId}/requests`, { role })

  it("a request notifies every member holding validateMembership, and only them", async () => {
    const { admin, clusterId, validator, plain, asker } = await setting()
    const res = await ask(asker, clusterId)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      cluster: { id: clusterId, name: "CUMA de l'Eure" },
      user: { id: asker.id, firstname: "Hugo", lastname: "Blanc" },
      role: "partner",
      status: "pending",
      decidedAt: null,
    })
    for (const who of [admin, validator]) {
      const [n] = await notificationsOf(app, who)
      expect(n).toMatchObject({
        kind: "membershipRequested",
        requestId: res.body.id,
      })
      expect(n.actor).toEqual({ firstname: "Hugo", lastname: "Blanc", name: null })
    }
    expect(await notificationsOf(app, plain)).toEqual([])
    const mine = await send(app, asker, "GET", "/api/v2/me/requests")
    expect(mine.body.map((r: { id: string }) => r.id)).toEqual([res.body.id])
  })

  it("validators list pending requests oldest first", async () => {
    const { clusterId, validator, asker } = await setting()
    const other = await signup(app)
    const first = await ask(asker, clusterId)
    const second = await ask(other, clusterId, "client")
    const listed = await send(app, validator, "GET", `/api/v2/clusters/${clusterId}/requests`)
    expect(listed.status).toBe(200)
    expect(listed.body.map((r: { id: string }) => r.id)).toEqual([first.body.id, second.body.id])
    await send(app, validator, "POST", `/api/v2/membershipRequests/${first.body.id}/refuse`)
    const after = await send(app, validator, "GET", `/api/v2/clusters/${clusterId}/requests`)
    expect(after.body.map((r: { id: string }) => r.id)).toEqual([second.body.id])
  })

  it("accepting makes a member with the requested role and current defaults; the requester is told, validators' notices read", async () => {
    const { admin, clusterId, validator, asker } = await setting()
    const { body: request } = await ask(asker, clusterId, "employee")
    await setDefaultRights(app, clusterId, ["bookMachine"])
    const res = await send(app, validator, "POST", `/api/v2/membershipRequests/${request.id}/accept`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: request.id, status: "accepted", decidedAt: expect.any(String) })
    expect(await membershipOf(app, clusterId, asker.id)).toEqual({
      role: "employee",
      rights: ["bookMachine"],
    })
    const [answered] = await notificationsOf(app, asker)
    expect(answered).toMatchObject({
      kind: "membershipAnswered",
      answer: "accepted",
      requestId: request.id,
      read: { read_date: null },
    })
    // The structure answers: no validator is named to someone who may stay outside.
    expect(answered.actor).toBeNull()
    for (const who of [admin, validator]) {
      const [n] = await notificationsOf(app, who)
      expect(n.read.read_date).not.toBeNull()
    }
  })

  it("refusing leaves the person outside; a decided request never moves again (409 requestClosed)", async () => {
    const { admin, clusterId, validator, asker } = await setting()
    const { body: request } = await ask(asker, clusterId)
    const refused = await send(app, validator, "POST", `/api/v2/membershipRequests/${request.id}/refuse`)
    expect(refused.status).toBe(200)
    expect(refused.body.status).toBe("refused")
    expect(await membershipOf(app, clusterId, asker.id)).toBeUndefined()
    expect((await notificationsOf(app, asker))[0]).toMatchObject({
      kind: "membershipAnswered",
      answer: "refused",
    })
    for (const move of ["accept", "refuse"]) {
      const res = await send(app, admin, "POST", `/api/v2/membershipRequests/${request.id}/${move}`)
      expect(res.status).toBe(409)
      expect(res.body).toEqual({
        _tag: "Conflict",
        code: "requestClosed",
        message: "Cette demande a déjà été traitée",
      })
    }
    expect(await membershipOf(app, clusterId, asker.id)).toBeUndefined()
    // Once refused, the person may ask again.
    expect((await ask(asker, clusterId)).status).toBe(201)
  })

  it("deciding and listing need validateMembership: 403 for members without it, 404 for outsiders", async () => {
    const { clusterId, plain, asker } = await setting()
    const stranger = await signup(app)
    const { body: request } = await ask(asker, clusterId)
    for (const path of [
      `/api/v2/membershipRequests/${request.id}/accept`,
      `/api/v2/membershipRequests/${request.id}/refuse`,
    ]) {
      const lacking = await send(app, plain, "POST", path)
      expect(lacking.status).toBe(403)
      expect(lacking.body.message).toBe("Vous ne possédez pas les droits pour effectuer ceci.")
      expect((await send(app, stranger, "POST", path)).status).toBe(404)
      // The requester cannot decide their own request either.
      expect((await send(app, asker, "POST", path)).status).toBe(404)
    }
    expect((await send(app, plain, "GET", `/api/v2/clusters/${clusterId}/requests`)).status).toBe(403)
    expect((await send(app, stranger, "GET", `/api/v2/clusters/${clusterId}/requests`)).status).toBe(404)
    const unknown = await send(app, plain, "POST", `/api/v2/membershipRequests/${crypto.randomUUID()}/accept`)
    expect(unknown.status).toBe(404)
    expect((await send(app, asker, "GET", "/api/v2/me/requests")).body[0].status).toBe("pending")
  })

  it("refuses a request to an unknown structure (404), from a member (alreadyMember) or a second pending one (alreadyRequested)", async () => {
    const { clusterId, plain, asker } = await setting()
    expect((await ask(asker, crypto.randomUUID())).status).toBe(404)
    const member = await ask(plain, clusterId)
    expect(member.status).toBe(409)
    expect(member.body.code).toBe("alreadyMember")
    expect((await ask(asker, clusterId)).status).toBe(201)
    const again = await ask(asker, clusterId, "client")
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      _tag: "Conflict",
      code: "alreadyRequested",
      message: "Votre demande d'adhésion est déjà en attente",
    })
    const badRole = await send(app, asker, "POST", `/api/v2/clusters/${clusterId}/requests`, { role: "boss" })
    expect(badRole.status).toBe(400)
    expect(await countRows(app, "membership_requests", clusterId)).toBe(1)
  })

  it("concurrent requests and decisions: one wins, the other gets 409", async () => {
    const { admin, clusterId, validator, asker } = await setting()
    const asks = await Promise.all([ask(asker, clusterId), ask(asker, clusterId)])
    expect(asks.map((a) => a.status).sort()).toEqual([201, 409])
    expect(asks.find((a) => a.status === 409)?.body.code).toBe("alreadyRequested")
    const id = asks.find((a) => a.status === 201)?.body.id
    const decisions = await Promise.all([
      send(app, admin, "POST", `/api/v2/membershipRequests/${id}/accept`),
      send(app, validator, "POST", `/api/v2/membershipRequests/${id}/refuse`),
    ])
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409])
    expect(decisions.find((d) => d.status === 409)?.body.code).toBe("requestClosed")
    const answers = (await notificationsOf(app, asker)).filter((n) => n.kind === "membershipAnswered")
    expect(answers.length).toBe(1)
    expect((await membershipOf(app, clusterId, asker.id)) !== undefined).toBe(
      answers[0].answer === "accepted",
    )
  })

  it("refuses unauthenticated calls with 401", async () => {
    const id = crypto.randomUUID()
    for (const [method, path] of [
      ["POST", `/api/v2/clusters/${id}/requests`],
      ["GET", `/api/v2/clusters/${id}/requests`],
      ["GET", "/api/v2/me/requests"],
      ["POST", `/api/v2/membershipRequests/${id}/accept`],
      ["POST", `/api/v2/membershipRequests/${id}/refuse`],
    ])
      expect(
        (await send(app, undefined, method, path, method === "POST" ? { role: "member" } : undefined)).status,
      ).toBe(401)
  })
})
