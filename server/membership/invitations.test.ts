// Size: the API cases of invitations, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { initialDefaultRights } from "../../src/schema/rights"
import { backends, publicUrl, signup, startTestApp, type TestApp } from "../test/app"
import {
  addMember,
  countRows,
  createCluster,
  invite,
  linkIn,
  mailTo,
  membershipOf,
  notificationsOf,
  send,
  setDefaultRights,
} from "../test/membership"

describe.each(backends)("invitations on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  /** A structure created by a fresh admin, and a fresh signed-up person to invite. */
  const setting = async (name = "CUMA des Trois Vallées") => {
    const admin = await signup(app, { firstname: "Paul", lastname: "Martin" })
    const clusterId = await createCluster(app, admin, { name })
    const guest = await signup(app, { firstname: "Julie", lastname: "Roux" })
    return { admin, clusterId, guest }
  }

  it("invites a signed-up person: the invitation, a notification and a mail linking to /notifications", async () => {
    const { admin, clusterId, guest } = await setting()
    const res = await invite(app, admin, clusterId, ` ${guest.email.toUpperCase()} `, "partner")
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      cluster: { id: clusterId, name: "CUMA des Trois Vallées" },
      email: guest.email,
      role: "partner",
      status: "sent",
      answeredAt: null,
    })
    expect(res.body.invitedBy).toEqual({ firstname: "Paul", lastname: "Martin", name: null })
    const mine = await send(app, guest, "GET", "/api/v2/me/invitations")
    expect(mine.body.map((i: { id: string }) => i.id)).toEqual([res.body.id])
    const [received] = await notificationsOf(app, guest)
    expect(received).toMatchObject({
      kind: "invitationReceived",
      invitationId: res.body.id,
      actor: { firstname: "Paul", lastname: "Martin", name: null },
      cluster: { id: clusterId },
      read: { user: guest.id, read_date: null },
    })
    const mail = await mailTo(app, guest.email, "Subject: Invitation à rejoindre")
    expect(mail).toContain("Subject: Invitation à rejoindre CUMA des Trois Vallées sur Sillon")
    expect(mail).toContain("Martin Paul vous invite")
    expect(linkIn(mail).href).toBe(`${publicUrl}/notifications`)
    const listed = await send(app, admin, "GET", `/api/v2/clusters/${clusterId}/invitations`)
    expect(listed.body.map((i: { id: string }) => i.id)).toEqual([res.body.id])
  })

  it("writes the invitation mail in the invitee's language", async () => {
    const { admin, clusterId, guest } = await setting("Ferme du Pré")
    await send(app, guest, "PUT", "/api/v2/me", { edit: { language: "de" } })
    expect((await invite(app, admin, clusterId, guest.email)).status).toBe(201)
    expect(await mailTo(app, guest.email, "Einladung")).toContain(
      "Subject: Einladung zu Ferme du Pré auf Sillon",
    )
  })

  it("accepting makes a member with the invitation's role and the structure's current defaults; the inviter is told", async () => {
    const { admin, clusterId, guest } = await setting()
    const { body: invitation } = await invite(app, admin, clusterId, guest.email, "client")
    await setDefaultRights(app, clusterId, ["seeMachines", "editCounters"])
    const res = await send(app, guest, "POST", `/api/v2/invitations/${invitation.id}/accept`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: invitation.id, status: "accepted", answeredAt: expect.any(String) })
    expect(await membershipOf(app, clusterId, guest.id)).toEqual({
      role: "client",
      rights: ["seeMachines", "editCounters"],
    })
    const cluster = await send(app, guest, "GET", `/api/v2/clusters/${clusterId}`)
    expect(cluster.body).toMatchObject({ myRole: "client", myRights: ["seeMachines", "editCounters"] })
    const [answered] = await notificationsOf(app, admin)
    expect(answered).toMatchObject({
      kind: "invitationAnswered",
      answer: "accepted",
      actor: { firstname: "Julie", lastname: "Roux", name: null },
      invitationId: invitation.id,
      read: { read_date: null },
    })
    const [received] = await notificationsOf(app, guest)
    expect(received.read.read_date).not.toBeNull()
    expect((await send(app, guest, "GET", "/api/v2/me/invitations")).body).toEqual([])
  })

  it("declining leaves the person outside; the inviter is told it was declined", async () => {
    const { admin, clusterId, guest } = await setting()
    const { body: invitation } = await invite(app, admin, clusterId, guest.email)
    const res = await send(app, guest, "POST", `/api/v2/invitations/${invitation.id}/decline`)
    expect(res.status).toBe(200)
    expect(res.body.status).toBe("declined")
    expect(await membershipOf(app, clusterId, guest.id)).toBeUndefined()
    expect((await send(app, guest, "GET", `/api/v2/clusters/${clusterId}`)).status).toBe(404)
    const [answered] = await notificationsOf(app, admin)
    expect(answered).toMatchObject({
      kind: "invitationAnswered",
      answer: "declined",
      actor: { firstname: "Julie", lastname: "Roux", name: null },
    })
  })

  it("an answered invitation never moves again: 409 invitationClosed with its message, nothing changes", async () => {
    const { admin, clusterId, guest } = await setting()
    const { body: invitation } = await invite(app, admin, clusterId, guest.email)
    expect((await send(app, guest, "POST", `/api/v2/invitations/${invitation.id}/accept`)).status).toBe(200)
    const notificationsBefore = await countRows(app, "notifications", clusterId)
    for (const [who, move] of [
      [guest, "decline"],
      [guest, "accept"],
      [admin, "cancel"],
    ] as const) {
      const res = await send(app, who, "POST", `/api/v2/invitations/${invitation.id}/${move}`)
      expect(res.status).toBe(409)
      expect(res.body).toEqual({
        _tag: "Conflict",
        code: "invitationClosed",
        message: "Cette invitation n'est plus valable",
      })
    }
    const [listed] = (await send(app, admin, "GET", `/api/v2/clusters/${clusterId}/invitations`)).body
    expect(listed.status).toBe("accepted")
    expect(await membershipOf(app, clusterId, guest.id)).toMatchObject({ role: "member" })
    expect(await countRows(app, "notifications", clusterId)).toBe(notificationsBefore)
  })

  it("only the invitee answers: anyone else, the inviter included, gets 404", async () => {
    const { admin, clusterId, guest } = await setting()
    const stranger = await signup(app)
    const { body: invitation } = await invite(app, admin, clusterId, guest.email)
    for (const who of [admin, stranger])
      for (const move of ["accept", "decline"]) {
        const res = await send(app, who, "POST", `/api/v2/invitations/${invitation.id}/${move}`)
        expect(res.status).toBe(404)
        expect(res.body).toMatchObject({ code: "notFound" })
      }
    const unknown = await send(app, guest, "POST", `/api/v2/invitations/${crypto.randomUUID()}/accept`)
    expect(unknown.status).toBe(404)
    expect((await send(app, guest, "GET", "/api/v2/me/invitations")).body[0].status).toBe("sent")
  })

  it("cancelling needs addMember in the structure (outsiders 404, members without it 403); the invitee can no longer accept", async () => {
    const { admin, clusterId, guest } = await setting()
    const stranger = await signup(app)
    const plain = await signup(app)
    await addMember(app, clusterId, plain.id, ["seeMachines"])
    const { body: invitation } = await invite(app, admin, clusterId, guest.email)
    const outsider = await send(app, stranger, "POST", `/api/v2/invitations/${invitation.id}/cancel`)
    expect(outsider.status).toBe(404)
    const lacking = await send(app, plain, "POST", `/api/v2/invitations/${invitation.id}/cancel`)
    expect(lacking.status).toBe(403)
    expect(lacking.body).toEqual({
      _tag: "Forbidden",
      code: "forbidden",
      message: "Vous ne possédez pas les droits pour effectuer ceci.",
    })
    const cancelled = await send(app, admin, "POST", `/api/v2/invitations/${invitation.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe("cancelled")
    const late = await send(app, guest, "POST", `/api/v2/invitations/${invitation.id}/accept`)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("invitationClosed")
    expect(await membershipOf(app, clusterId, guest.id)).toBeUndefined()
    expect((await send(app, guest, "GET", "/api/v2/me/invitations")).body).toEqual([])
  })

  it("refuses inviting a member (alreadyMember) or someone already invited (alreadyInvited), changing nothing", async () => {
    const { admin, clusterId, guest } = await setting()
    const self = await invite(app, admin, clusterId, admin.email)
    expect(self.status).toBe(409)
    expect(self.body).toEqual({
      _tag: "Conflict",
      code: "alreadyMember",
      message: "Cette personne est déjà membre de la structure",
    })
    const first = await invite(app, admin, clusterId, guest.email)
    expect(first.status).toBe(201)
    const second = await invite(app, admin, clusterId, guest.email, "employee")
    expect(second.status).toBe(409)
    expect(second.body).toEqual({
      _tag: "Conflict",
      code: "alreadyInvited",
      message: "Une invitation est déjà en attente pour cette adresse",
    })
    expect(await countRows(app, "invitations", clusterId)).toBe(1)
    expect((await notificationsOf(app, guest)).length).toBe(1)
    // Once answered, the person can be invited again.
    await send(app, guest, "POST", `/api/v2/invitations/${first.body.id}/decline`)
    expect((await invite(app, admin, clusterId, guest.email)).status).toBe(201)
  })

  it("inviting needs addMember: 403 for a member without it, 404 for outsiders, 400 for bad input; nothing is created", async () => {
    const { admin, clusterId } = await setting()
    const plain = await signup(app)
    const stranger = await signup(app)
    await addMember(app, clusterId, plain.id, [...initialDefaultRights])
    const newcomer = `newcomer-${crypto.randomUUID()}@example.org`
    const lacking = await invite(app, plain, clusterId, newcomer)
    expect(lacking.status).toBe(403)
    expect(lacking.body.code).toBe("forbidden")
    expect((await invite(app, stranger, clusterId, newcomer)).status).toBe(404)
    expect((await invite(app, admin, crypto.randomUUID(), newcomer)).status).toBe(404)
    const badEmail = await invite(app, admin, clusterId, "not-an-address")
    expect(badEmail.status).toBe(400)
    expect(badEmail.body).toMatchObject({
      code: "invalidEmail",
      message: "Merci de renseigner une adresse email valide",
    })
    const badRole = await send(app, admin, "POST", `/api/v2/clusters/${clusterId}/invitations`, {
      email: newcomer,
      role: "owner",
    })
    expect(badRole.status).toBe(400)
    expect(await countRows(app, "invitations", clusterId)).toBe(0)
    const accounts = await app.sql((sql) => sql`SELECT id FROM users WHERE email = ${newcomer}`)
    expect(accounts).toEqual([])
    expect((await send(app, plain, "GET", `/api/v2/clusters/${clusterId}/invitations`)).status).toBe(403)
    expect((await send(app, stranger, "GET", `/api/v2/clusters/${clusterId}/invitations`)).status).toBe(404)
  })

  it("lists a structure's invitations in every status, newest first", async () => {
    const { admin, clusterId, guest } = await setting()
    const other = await signup(app)
    const { body: first } = await invite(app, admin, clusterId, guest.email)
    await send(app, guest, "POST", `/api/v2/invitations/${first.id}/decline`)
    const { body: second } = await invite(app, admin, clusterId, other.email)
    const listed = await send(app, admin, "GET", `/api/v2/clusters/${clusterId}/invitations`)
    expect(listed.body.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [second.id, "sent"],
      [first.id, "declined"],
    ])
  })

  it("two answers at once: exactly one wins, the other gets 409 invitationClosed", async () => {
    const { admin, clusterId, guest } = await setting()
    const { body: invitation } = await invite(app, admin, clusterId, guest.email)
    const answers = await Promise.all([
      send(app, guest, "POST", `/api/v2/invitations/${invitation.id}/accept`),
      send(app, guest, "POST", `/api/v2/invitations/${invitation.id}/accept`),
      send(app, guest, "POST", `/api/v2/invitations/${invitation.id}/decline`),
    ])
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([200, 409, 409])
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.code).toBe("invitationClosed")
    const told = (await notificationsOf(app, admin)).filter((n) => n.kind === "invitationAnswered")
    expect(told.length).toBe(1)
    const won = answers.find((a) => a.status === 200)?.body.status
    expect(await membershipOf(app, clusterId, guest.id)).toEqual(
      won === "accepted" ? { role: "member", rights: [...initialDefaultRights] } : undefined,
    )
  })

  it("two invitations of one new address at once: one 201, one 409 alreadyInvited, one account", async () => {
    const { admin, clusterId } = await setting()
    const newcomer = `twice-${crypto.randomUUID()}@example.org`
    const results = await Promise.all([
      invite(app, admin, clusterId, newcomer),
      invite(app, admin, clusterId, newcomer, "employee"),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    expect(results.find((r) => r.status === 409)?.body.code).toBe("alreadyInvited")
    expect(await countRows(app, "invitations", clusterId)).toBe(1)
    const accounts = await app.sql((sql) => sql`SELECT status FROM users WHERE email = ${newcomer}`)
    expect(accounts).toEqual([{ status: "unconfigured" }])
  })

  it("refuses unauthenticated calls with 401", async () => {
    const id = crypto.randomUUID()
    for (const [method, path] of [
      ["GET", `/api/v2/clusters/${id}/invitations`],
      ["POST", `/api/v2/clusters/${id}/invitations`],
      ["GET", "/api/v2/me/invitations"],
      ["POST", `/api/v2/invitations/${id}/accept`],
      ["POST", `/api/v2/invitations/${id}/decline`],
      ["POST", `/api/v2/invitations/${id}/cancel`],
    ])
      expect((await send(app, undefined, method, path, method === "POST" ? {} : undefined)).status).toBe(401)
  })
})
