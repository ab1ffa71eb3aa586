// Size: the API cases of finalisation, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { initialDefaultRights } from "../../src/schema/rights"
import { backends, fromAddress, publicUrl, signup, startTestApp, type TestApp } from "../test/app"
import {
  createCluster,
  finaliseTokenFor,
  invite,
  linkIn,
  mailTo,
  membershipOf,
  notificationsOf,
  send,
} from "../test/membership"

const invalidLink = {
  _tag: "BadRequest",
  code: "invalidFinaliseLink",
  message: "Ce lien de création de compte est invalide ou a expiré",
}

describe.each(backends)("account finalisation on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  const newAddress = () => `new-${crypto.randomUUID()}@example.org`
  const info = (token: string) =>
    send(app, undefined, "GET", `/api/v2/auth/finalise?token=${encodeURIComponent(token)}`)
  const finalise = (token: string, fields: Record<string, string> = {}, headers = fromAddress()) =>
    app.call("POST", "/api/v2/auth/finalise", {
      body: { token, firstname: "Léa", lastname: "Durand", password: "a long secret", ...fields },
      headers,
    })
  const account = async (email: string) =>
    (
      await app.sql(
        (sql) =>
          sql<{
            id: string
            status: string
            firstname: string
            lastname: string
            password_hash: string | null
            verified: boolean
          }>`SELECT id, status, firstname, lastname, password_hash, email_verified_at IS NOT NULL AS verified
            FROM users WHERE email = ${email}`,
      )
    )[0]
  const login = (email: string, password: string) =>
    app.call("POST", "/api/v2/auth/login", { body: { email, password }, headers: fromAddress() })

  /** An admin's structure and an invitation of a new address into it. */
  const invited = async (name = "CUMA de la Beauce") => {
    const admin = await signup(app, { firstname: "Paul", lastname: "Martin" })
    const clusterId = await createCluster(app, admin, { name })
    const email = newAddress()
    const res = await invite(app, admin, clusterId, email, "employee")
    expect(res.status).toBe(201)
    return { admin, clusterId, email, invitation: res.body }
  }

  it("an unknown address: unconfigured account, a /signup?invitation= link, then finalising signs in as a member", async () => {
    const { admin, clusterId, email, invitation } = await invited()
    expect(await account(email)).toMatchObject({
      status: "unconfigured",
      firstname: "",
      password_hash: null,
      verified: false,
    })
    const mail = await mailTo(app, email)
    expect(mail).toContain("Subject: Invitation à rejoindre CUMA de la Beauce sur Sillon")
    const link = linkIn(mail)
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl}/signup`)
    const token = link.searchParams.get("invitation") ?? ""
    expect(token.length).toBeGreaterThan(20)

    const shown = await info(token)
    expect(shown.status).toBe(200)
    // The inviter by name only: neither their e-mail nor their id reaches a person outside the structure.
    expect(shown.body).toEqual({
      email,
      cluster: { id: clusterId, name: "CUMA de la Beauce" },
      invitedBy: { firstname: "Paul", lastname: "Martin", name: null },
    })
    expect(JSON.stringify(shown.body)).not.toContain(admin.email)
    expect(JSON.stringify(shown.body)).not.toContain(admin.id)

    const res = await finalise(token)
    expect(res.status).toBe(200)
    const tokens = await res.json()
    const me = await send(
      app,
      { auth: { authorization: `JWT ${tokens.token}` } } as never,
      "GET",
      "/api/v2/me",
    )
    expect(me.body).toMatchObject({ email, firstname: "Léa", lastname: "Durand" })
    // The link was mailed to the address: finalising through it proves the address.
    expect(await account(email)).toMatchObject({ status: "finalised", verified: true })
    expect(await membershipOf(app, clusterId, me.body.id)).toEqual({
      role: "employee",
      rights: [...initialDefaultRights],
    })
    const invitations = await send(app, admin, "GET", `/api/v2/clusters/${clusterId}/invitations`)
    expect(invitations.body[0]).toMatchObject({ id: invitation.id, status: "accepted" })
    const [told] = await notificationsOf(app, admin)
    expect(told).toMatchObject({
      kind: "invitationAnswered",
      answer: "accepted",
      actor: { firstname: "Léa", lastname: "Durand", name: null },
    })
    expect((await login(email, "a long secret")).status).toBe(200)

    // Single use: the same link again is refused, and changes nothing.
    expect(await info(token)).toEqual({ status: 400, body: invalidLink })
    const again = await finalise(token, { firstname: "Autre", password: "another secret" })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual(invalidLink)
    expect(await account(email)).toMatchObject({ firstname: "Léa" })
    expect((await login(email, "a long secret")).status).toBe(200)
  })

  it("refuses unknown and expired links with invalidFinaliseLink, changing nothing", async () => {
    const { email } = await invited()
    const token = await finaliseTokenFor(app, email)
    expect(await info("no-such-token")).toEqual({ status: 400, body: invalidLink })
    expect((await finalise("no-such-token")).status).toBe(400)
    await app.sql(
      (sql) => sql`UPDATE finalise_tokens SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE email = ${email})`,
    )
    expect(await info(token)).toEqual({ status: 400, body: invalidLink })
    const res = await finalise(token)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(invalidLink)
    expect(await account(email)).toMatchObject({ status: "unconfigured", firstname: "", password_hash: null })
  })

  it("refuses a weak password or missing names and keeps the link usable", async () => {
    const { email } = await invited()
    const token = await finaliseTokenFor(app, email)
    const weak = await finalise(token, { password: "short" })
    expect(weak.status).toBe(400)
    expect(await weak.json()).toMatchObject({ code: "weakPassword" })
    const unnamed = await finalise(token, { firstname: "  " })
    expect(unnamed.status).toBe(400)
    expect(await unnamed.json()).toMatchObject({ code: "required" })
    expect(await account(email)).toMatchObject({ status: "unconfigured" })
    expect((await finalise(token)).status).toBe(200)
  })

  it("an unconfigured account invited again gets a fresh link; finalising through one accepts its own invitation only", async () => {
    const { admin, clusterId, email } = await invited("CUMA Une")
    const firstToken = await finaliseTokenFor(app, email)
    const otherCluster = await createCluster(app, admin, { name: "CUMA Deux" })
    expect((await invite(app, admin, otherCluster, email)).status).toBe(201)
    const secondMail = await mailTo(app, email, "CUMA Deux")
    const secondToken = linkIn(secondMail).searchParams.get("invitation") ?? ""
    expect(secondToken).not.toBe(firstToken)
    // Only the newest link works: issuing it used up the first.
    expect(await info(firstToken)).toEqual({ status: 400, body: invalidLink })
    expect((await finalise(firstToken)).status).toBe(400)
    expect((await info(secondToken)).body.cluster.name).toBe("CUMA Deux")

    const res = await finalise(secondToken)
    expect(res.status).toBe(200)
    const auth = { authorization: `JWT ${(await res.json()).token}` }
    const user = await account(email)
    expect(await membershipOf(app, otherCluster, user.id)).toMatchObject({ role: "member" })
    expect(await membershipOf(app, clusterId, user.id)).toBeUndefined()
    // The account is finalised; the first structure's invitation waits to be answered.
    const open = await app.call("GET", "/api/v2/me/invitations", { headers: auth })
    expect((await open.json()).map((i: { cluster: { name: string } }) => i.cluster.name)).toEqual([
      "CUMA Une",
    ])
  })

  it("finalising after the invitation was cancelled gives an account but no membership", async () => {
    const { admin, clusterId, email, invitation } = await invited()
    const token = await finaliseTokenFor(app, email)
    expect((await send(app, admin, "POST", `/api/v2/invitations/${invitation.id}/cancel`)).status).toBe(200)
    // The link no longer speaks of an invitation that is gone, but still creates the account.
    expect(await info(token)).toEqual({ status: 200, body: { email, cluster: null, invitedBy: null } })
    expect((await finalise(token)).status).toBe(200)
    const user = await account(email)
    expect(user.status).toBe("finalised")
    expect(await membershipOf(app, clusterId, user.id)).toBeUndefined()
  })

  it("sign-up on a pending address: 409 accountPendingFinalisation and a fresh link by mail", async () => {
    const { email } = await invited("CUMA du Perche")
    const firstToken = await finaliseTokenFor(app, email)
    const res = await app.call("POST", "/api/v1/signup", {
      body: { newUser: { email, password: "my own secret", firstname: "Léa", lastname: "Durand" } },
      headers: fromAddress(),
    })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      _tag: "Conflict",
      code: "accountPendingFinalisation",
      message:
        "Une invitation a été envoyée à cette adresse : suivez le lien reçu par e-mail pour créer votre compte",
    })
    expect(await account(email)).toMatchObject({ status: "unconfigured", password_hash: null })
    const fresh = await app.waitForMail(
      (m) => m.startsWith(`To: ${email}\n`) && m.includes("/signup?invitation=") && !m.includes(firstToken),
    )
    const freshToken = linkIn(fresh).searchParams.get("invitation") ?? ""
    expect((await info(freshToken)).body.cluster.name).toBe("CUMA du Perche")
    expect((await finalise(freshToken)).status).toBe(200)
    // A finalised address is simply taken.
    const taken = await app.call("POST", "/api/v1/signup", {
      body: { newUser: { email, password: "my own secret", firstname: "L", lastname: "D" } },
      headers: fromAddress(),
    })
    expect(taken.status).toBe(409)
    expect(await taken.json()).toMatchObject({ code: "emailTaken" })
  })

  it("an unconfigured account cannot sign in by password and gets no login code; a password reset finalises it", async () => {
    const { email } = await invited()
    await finaliseTokenFor(app, email)
    expect((await login(email, "anything at all")).status).toBe(401)
    const asked = await app.call("POST", "/api/v2/auth/askLoginCode", {
      body: { email },
      headers: fromAddress(),
    })
    expect(asked.status).toBe(202)
    const codes = await app.sql(
      (sql) => sql`SELECT 1 FROM login_codes c JOIN users u ON u.id = c.user_id WHERE u.email = ${email}`,
    )
    expect(codes).toEqual([])

    const reset = await app.call("POST", "/api/v2/auth/askResetPassword", {
      body: { email },
      headers: fromAddress(),
    })
    expect(reset.status).toBe(202)
    const resetMail = await mailTo(app, email, "/resetPassword")
    expect(
      (await app.outbox()).filter((m) => m.startsWith(`To: ${email}\n`) && m.includes("/loginCode")),
    ).toEqual([])
    const token = linkIn(resetMail).searchParams.get("token") ?? ""
    const done = await app.call("POST", "/api/v2/auth/resetPassword", {
      body: { email, token, password: "chosen by reset" },
      headers: fromAddress(),
    })
    expect(done.status).toBeLessThan(300)
    expect(await account(email)).toMatchObject({ status: "finalised", verified: true })
    expect((await login(email, "chosen by reset")).status).toBe(200)
  })

  it("one link used twice at once: one sign-in, one invalidFinaliseLink", async () => {
    const { clusterId, email } = await invited()
    const token = await finaliseTokenFor(app, email)
    const results = await Promise.all([
      finalise(token, { firstname: "Une" }),
      finalise(token, { firstname: "Deux" }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
    const user = await account(email)
    expect(["Une", "Deux"]).toContain(user.firstname)
    expect(await membershipOf(app, clusterId, user.id)).toMatchObject({ role: "employee" })
  })

  it("throttles finalisation attempts per address", async () => {
    const headers = fromAddress()
    for (let i = 0; i < 10; i++) expect((await finalise(`wrong-${i}`, {}, headers)).status).toBe(400)
    const res = await finalise("wrong-again", {}, headers)
    expect(res.status).toBe(429)
    expect(await res.json()).toMatchObject({ _tag: "TooManyRequests", code: "tooManyAttempts" })
  })
})
